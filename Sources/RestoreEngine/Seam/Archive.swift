/// How an archived node hangs from its parent.
public enum ArchiveRelation: Hashable, Sendable {
    /// The window's root view controller.
    case root
    /// The i-th child of a container (`/:[i]:/` in the key).
    case child(Int)
    /// Presented modally by its parent.
    case presented
    /// A view of the owning controller.
    case view
    /// A registered object referenced by its parent's encode.
    case object
}

/// One preserved object in the archive.
public struct ArchiveEntry: Hashable, Sendable {
    public var key: String
    /// The restoration path.
    public private(set) var restorationPath: RestorationPath
    /// The restoration path as text, identifiers joined by `/`.
    public var pathString: String { restorationPath.text }
    /// Restoration identifiers, root first (`identifierComponents`).
    public var path: [String] {
        get { restorationPath.components }
        set { restorationPath = RestorationPath(components: newValue) }
    }
    /// The node's own identifier (the path's last component).
    public var identifier: Substring { restorationPath.identifier }
    public var kind: NodeKind
    public var className: String
    public var restorationClass: String?
    public var storyboard: StoryboardReference?
    public var parentKey: String?
    public var relation: ArchiveRelation
    /// Everything written for this object: UIKit's keys and the app's.
    public var coder: [CoderEntry]
    /// restoretrace's own bookkeeping, not UIKit's: the model identifiers a table had selected
    /// when it was preserved, so a raw index path that lands on another item can be reported
    /// (`selection-moved`).
    public var preservedSelection: [String]?
    /// Keys of its coder whose objects' classes do not adopt NSSecureCoding (the node's
    /// `insecureKeys`): under secure coding this coder fails to decode (P1).
    public var insecureKeys: [String] = []

    /// For the engine: the joined path is at hand already.
    init(
        key: String, pathString: String, kind: NodeKind, className: String, parentKey: String?,
        relation: ArchiveRelation, coder: [CoderEntry]
    ) {
        self.key = key
        restorationPath = RestorationPath(parsing: pathString)
        self.kind = kind
        self.className = className
        self.parentKey = parentKey
        self.relation = relation
        self.coder = coder
    }

    public init(
        key: String, path: [String], kind: NodeKind, className: String, parentKey: String?,
        relation: ArchiveRelation, coder: [CoderEntry] = []
    ) {
        self.key = key
        restorationPath = RestorationPath(components: path)
        self.kind = kind
        self.className = className
        self.parentKey = parentKey
        self.relation = relation
        self.coder = coder
    }
}

/// The state restoration archive (`data.data`): app-level keys and the preserved objects, in
/// preservation order (parents before children).
public struct Archive: Hashable, Sendable {
    public var appLevel: [CoderEntry]
    public var entries: [ArchiveEntry]

    public init(appLevel: [CoderEntry] = [], entries: [ArchiveEntry] = []) {
        self.appLevel = appLevel
        self.entries = entries
    }

    /// The restoration class map: archive key → restoration class, for controllers that have one.
    public var restorationClassMap: [(key: String, className: String)] {
        entries.compactMap { e in e.restorationClass.map { (e.key, $0) } }
    }

    public func appLevelValue(_ key: String) -> CoderValue? { appLevel.first { $0.key == key }?.value }
}
