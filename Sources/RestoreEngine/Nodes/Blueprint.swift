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
