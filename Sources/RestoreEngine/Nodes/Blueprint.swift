/// Where a controller came from in a storyboard (`UIStateRestorationViewControllerStoryboardKey`).
public struct StoryboardReference: Hashable, Sendable {
    public var name: String
    public var identifier: String
    public init(name: String, identifier: String) {
        self.name = name
        self.identifier = identifier
    }

    /// The scene as `name/identifier`: how a trace records the instantiation's argument.
    public var qualifiedIdentifier: String { name + "/" + identifier }
}

/// Where a node was read from: a storyboard file, the scene, and the object's Interface Builder
/// id, so a report can name the scene. Only nodes built from a storyboard file have one.
public struct StoryboardOrigin: Hashable, Sendable {
    /// The file as the scenario names it (relative to the scenario).
    public var file: String
    public var sceneID: String
    /// The IB object id (`BYZ-38-t0r`).
    public var objectID: String
    public init(file: String, sceneID: String, objectID: String) {
        self.file = file
        self.sceneID = sceneID
        self.objectID = objectID
    }
}

/// Built-in view state (P6): the properties UIKit itself saves for its view classes.
public struct ViewState: Hashable, Sendable {
    public var contentOffset: [Double]?
    public var zoomScale: Double?
    public var contentInset: [Double]?
    /// Model identifiers of a table's or collection's rows, in display order.
    public var rows: [String]?
    public var selected: [String]?
    public var firstVisible: String?
    /// The data source adopts `UIDataSourceModelAssociation` (P7).
    public var modelAssociation: Bool?
    public var selectedRange: [Int]?
    public var editable: Bool?
    public init() {}
    public var isEmpty: Bool { self == ViewState() }
}

/// A registered `UIStateRestoring` object, described as data.
public struct ObjectBlueprint: Hashable, Sendable {
    public var restorationIdentifier: String?
    public var className: String
    public var objectRestorationClass: String?
    /// The restoration path of its `restorationParent`, if it has one (P8).
    public var restorationParent: String?
    public var state: [CoderEntry]
    public init(
        restorationIdentifier: String?, className: String = "NSObject",
        objectRestorationClass: String? = nil, restorationParent: String? = nil, state: [CoderEntry] = []
    ) {
        self.restorationIdentifier = restorationIdentifier
        self.className = className
        self.objectRestorationClass = objectRestorationClass
        self.restorationParent = restorationParent
        self.state = state
    }
}

/// A view controller or view, described as data: what a scenario writes, what a trace carries,
/// and what the engine instantiates into live objects.
public struct NodeBlueprint: Hashable, Sendable {
    public enum Role: String, Sendable { case viewController, view }

    public var role: Role
    public var className: String
    /// Superclass of a custom class (`inherits:`).
    public var inherits: String?
    /// `kind: container` — a custom container controller.
    public var isCustomContainer = false
    public var restorationIdentifier: String?
    public var restorationClass: String?
    public var storyboard: StoryboardReference?
    /// The storyboard file and scene it was built from, if any.
    public var origin: StoryboardOrigin?
    /// What its `encodeRestorableStateWithCoder:` writes.
    public var state: [CoderEntry] = []
    public var children: [NodeBlueprint] = []
    public var selectedIndex: Int?
    public var encodesChildren: Bool?
    /// `viewLoaded: false`: the view was never loaded (nil means loaded).
    public var viewLoaded: Bool?
    /// Keys of `state` whose objects do not adopt NSSecureCoding.
    public var insecureKeys: [String] = []
    private var presentedStorage = Indirect<NodeBlueprint>.none
    public var views: [NodeBlueprint] = []
    public var objects: [ObjectBlueprint] = []
    public var viewState = ViewState()

    public init(role: Role = .viewController, className: String, restorationIdentifier: String? = nil) {
        self.role = role
        self.className = className
        self.restorationIdentifier = restorationIdentifier
    }

    /// The modally presented controller.
    public var presented: NodeBlueprint? {
        get { presentedStorage.value }
        set { presentedStorage = Indirect(newValue) }
    }

    /// Every custom class named in this tree with its superclass, for `ClassHierarchy`.
    public func declareClasses(in hierarchy: inout ClassHierarchy) {
        var last: (name: String, superclass: String)?
        declareClasses(in: &hierarchy, last: &last)
    }

    /// `last` is the pair declared last: declaring it again changes nothing, and most nodes
    /// repeat their neighbour's class (two hashes of the name saved per node).
    private func declareClasses(in hierarchy: inout ClassHierarchy, last: inout (name: String, superclass: String)?) {
        let root = role == .view ? ClassHierarchy.viewRoot : ClassHierarchy.viewControllerRoot
        let superclass = inherits ?? root
        if last?.name != className || last?.superclass != superclass {
            hierarchy.declare(className, superclass: superclass)
            last = (className, superclass)
        }
        for i in children.indices { children[i].declareClasses(in: &hierarchy, last: &last) }
        presented?.declareClasses(in: &hierarchy, last: &last)
        for i in views.indices { views[i].declareClasses(in: &hierarchy, last: &last) }
        for object in objects { hierarchy.declare(object.className, superclass: ClassHierarchy.objectRoot) }
    }

    /// Number of nodes (controllers, views, objects) in this tree.
    public var nodeCount: Int {
        1 + children.reduce(0) { $0 + $1.nodeCount } + (presented?.nodeCount ?? 0)
            + views.reduce(0) { $0 + $1.nodeCount } + objects.count
    }
}
