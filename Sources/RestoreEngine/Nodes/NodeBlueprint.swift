/// A view controller or view, described as data: what a scenario writes, what a trace carries,
/// and what the engine instantiates into live objects.
///
/// A value type whose fields live behind one reference, copied on the first write to a shared
/// copy. Inline, a blueprint was ~20 reference-counted fields (~330 bytes): every copy (iterating
/// `children`, passing a node, putting a hierarchy in an event) cost ~420 instructions, and
/// copies were ~6 % of the engine's instructions on the 200x200 grid. Now a copy is one retain.
///
/// The getters are `@inlinable` (the storage `@usableFromInline`) so that other modules read a
/// field in place: called across the module boundary, each getter was a call that retained and
/// released the storage, and the trace writer's node lines (some 20 getters per node) cost
/// ~3,200 instructions a node, mostly that.
public struct NodeBlueprint: Hashable, Sendable {
    public enum Role: String, Sendable { case viewController, view }

    /// The deepest a hierarchy nests, in nodes from the root: what a trace's node lines and a
    /// storyboard's containment may build. The engine, the drawing and a tree's release walk a
    /// hierarchy recursively; 20,000 nested node lines overflowed the stack (SIGSEGV) in every
    /// command, and 1,000 did in a debug build on a test's thread (a smaller stack than the
    /// main thread's). UIKit's hierarchies are a few dozen deep; a scenario's, at most 64.
    public static let maximumDepth = 256

    /// Every stored field, in the order the old inline struct had them (its `==` and hash).
    @usableFromInline
    struct Fields: Hashable, Sendable {
        @usableFromInline var role: Role
        @usableFromInline var className: String
        @usableFromInline var inherits: String?
        @usableFromInline var isCustomContainer = false
        @usableFromInline var restorationIdentifier: String?
        @usableFromInline var restorationClass: String?
        @usableFromInline var storyboard: StoryboardReference?
        @usableFromInline var origin: StoryboardOrigin?
        @usableFromInline var state: [CoderEntry] = []
        @usableFromInline var children: [NodeBlueprint] = []
        @usableFromInline var selectedIndex: Int?
        @usableFromInline var encodesChildren: Bool?
        @usableFromInline var viewLoaded: Bool?
        @usableFromInline var insecureKeys: [String] = []
        @usableFromInline var presented: NodeBlueprint?
        @usableFromInline var views: [NodeBlueprint] = []
        @usableFromInline var objects: [ObjectBlueprint] = []
        @usableFromInline var viewState = ViewState()
    }

    /// Never written while shared (`fields` below copies it first), so sending it is safe.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        // Unchecked: each read would otherwise pay a dynamic exclusivity check (a runtime call
        // and a thread-local lookup); a blueprint's storage is only ever written through
        // `NodeBlueprint.fields`, by the one value that owns it.
        @exclusivity(unchecked) @usableFromInline var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    @usableFromInline var storage: Storage

    /// The fields to write: the storage is copied first when another value shares it.
    private var fields: Fields {
        get { storage.fields }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
            yield &storage.fields
        }
    }

    public init(role: Role = .viewController, className: String, restorationIdentifier: String? = nil) {
        storage = Storage(Fields(role: role, className: className, restorationIdentifier: restorationIdentifier))
    }

    /// A blueprint of fields filled in first: one storage, without a uniqueness check per field
    /// set (what a live hierarchy's snapshot does for every node).
    init(fields: Fields) { storage = Storage(fields) }

    public static func == (lhs: NodeBlueprint, rhs: NodeBlueprint) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) { storage.fields.hash(into: &hasher) }

    /// True when both are the same tree without comparing a field: one is a copy of the other,
    /// not written since. A walk that visits several trees can skip a repeated one this way
    /// (a scenario's `ui` is often its `launchUI`), where `==` would compare a different tree
    /// node by node.
    public func isSameTree(as other: NodeBlueprint) -> Bool { storage === other.storage }

    public var role: Role {
        @inlinable get { storage.fields.role }
        set { fields.role = newValue }
    }
    public var className: String {
        @inlinable get { storage.fields.className }
        set { fields.className = newValue }
    }
    /// Superclass of a custom class (`inherits:`).
    public var inherits: String? {
        @inlinable get { storage.fields.inherits }
        set { fields.inherits = newValue }
    }
    /// `kind: container` — a custom container controller.
    public var isCustomContainer: Bool {
        @inlinable get { storage.fields.isCustomContainer }
        set { fields.isCustomContainer = newValue }
    }
    public var restorationIdentifier: String? {
        @inlinable get { storage.fields.restorationIdentifier }
        set { fields.restorationIdentifier = newValue }
    }
    public var restorationClass: String? {
        @inlinable get { storage.fields.restorationClass }
        set { fields.restorationClass = newValue }
    }
    public var storyboard: StoryboardReference? {
        @inlinable get { storage.fields.storyboard }
        set { fields.storyboard = newValue }
    }
    /// The storyboard file and scene it was built from, if any.
    public var origin: StoryboardOrigin? {
        @inlinable get { storage.fields.origin }
        set { fields.origin = newValue }
    }
    /// What its `encodeRestorableStateWithCoder:` writes.
    public var state: [CoderEntry] {
        @inlinable get { storage.fields.state }
        set { fields.state = newValue }
        _modify { yield &fields.state }
    }
    public var children: [NodeBlueprint] {
        @inlinable get { storage.fields.children }
        set { fields.children = newValue }
        _modify { yield &fields.children }
    }
    public var selectedIndex: Int? {
        @inlinable get { storage.fields.selectedIndex }
        set { fields.selectedIndex = newValue }
    }
    public var encodesChildren: Bool? {
        @inlinable get { storage.fields.encodesChildren }
        set { fields.encodesChildren = newValue }
    }
    /// `viewLoaded: false`: the view was never loaded (nil means loaded).
    public var viewLoaded: Bool? {
        @inlinable get { storage.fields.viewLoaded }
        set { fields.viewLoaded = newValue }
    }
    /// Keys of `state` whose objects do not adopt NSSecureCoding.
    public var insecureKeys: [String] {
        @inlinable get { storage.fields.insecureKeys }
        set { fields.insecureKeys = newValue }
        _modify { yield &fields.insecureKeys }
    }
    /// The modally presented controller.
    public var presented: NodeBlueprint? {
        @inlinable get { storage.fields.presented }
        set { fields.presented = newValue }
        _modify { yield &fields.presented }
    }
    public var views: [NodeBlueprint] {
        @inlinable get { storage.fields.views }
        set { fields.views = newValue }
        _modify { yield &fields.views }
    }
    public var objects: [ObjectBlueprint] {
        @inlinable get { storage.fields.objects }
        set { fields.objects = newValue }
        _modify { yield &fields.objects }
    }
    public var viewState: ViewState {
        @inlinable get { storage.fields.viewState }
        set { fields.viewState = newValue }
        _modify { yield &fields.viewState }
    }

    /// Every custom class named in this tree with its superclass, for `ClassHierarchy`.
    public func declareClasses(in hierarchy: inout ClassHierarchy) {
        var last = DeclaredLast()
        declareClasses(in: &hierarchy, last: &last)
    }

    /// The pair each role declared last: declaring a pair again changes nothing, and a node
    /// mostly repeats the class of the last node of its role (controllers and views alternate),
    /// which saves two hashes of the name per node.
    private struct DeclaredLast {
        var controller: (name: String, superclass: String)?
        var view: (name: String, superclass: String)?
    }

    private func declareClasses(in hierarchy: inout ClassHierarchy, last: inout DeclaredLast) {
        let isView = role == .view
        let className = self.className
        let superclass = inherits ?? (isView ? ClassHierarchy.viewRoot : ClassHierarchy.viewControllerRoot)
        // Compared in place: copying the last pair out first (to pick the role's) was two
        // retains and two releases per node.
        let declared =
            isView
            ? last.view?.name == className && last.view?.superclass == superclass
            : last.controller?.name == className && last.controller?.superclass == superclass
        if !declared {
            hierarchy.declare(className, superclass: superclass)
            if isView { last.view = (className, superclass) } else { last.controller = (className, superclass) }
        }
        for child in children { child.declareClasses(in: &hierarchy, last: &last) }
        presented?.declareClasses(in: &hierarchy, last: &last)
        for view in views { view.declareClasses(in: &hierarchy, last: &last) }
        for object in objects { hierarchy.declare(object.className, superclass: ClassHierarchy.objectRoot) }
    }

    /// Number of nodes (controllers, views, objects) in this tree.
    public var nodeCount: Int {
        1 + children.reduce(0) { $0 + $1.nodeCount } + (presented?.nodeCount ?? 0)
            + views.reduce(0) { $0 + $1.nodeCount } + objects.count
    }
}
