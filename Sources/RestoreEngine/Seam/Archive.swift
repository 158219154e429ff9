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
///
/// A value type whose fields live behind one reference, copied on the first write to a shared
/// copy (as `NodeBlueprint`). Inline, an entry was eleven fields, eight of them reference
/// counted: the engine copied each entry four times (appending it, reading it in both phases of
/// restoration) at 200–400 instructions a copy and as much to destroy it, ~5 % of the engine's
/// instructions (callgrind, `restoretrace-bench --engine-grid 60`). Now a copy is one retain.
public struct ArchiveEntry: Hashable, Sendable {
    /// Every stored field, in the order the old inline struct had them (its `==` and hash).
    fileprivate struct Fields: Hashable, Sendable {
        var key: String
        var restorationPath: RestorationPath
        var kind: NodeKind
        var className: String
        var restorationClass: String?
        var storyboard: StoryboardReference?
        var parentKey: String?
        var relation: ArchiveRelation
        var coder: [CoderEntry]
        var preservedSelection: [String]?
        var insecureKeys: [String] = []
    }

    /// Never written while shared (`fields` below copies it first), so sending it is safe.
    fileprivate final class Storage: @unchecked Sendable {
        // Unchecked: each read would otherwise pay a dynamic exclusivity check; the storage is
        // only ever written through `ArchiveEntry.fields`, by the one value that owns it.
        @exclusivity(unchecked) var fields: Fields
        /// Set by the engine for a coder it wrote itself (a `RestorationCoder`'s keys are unique),
        /// cleared by any write to `coder` and by a copy: a decode then skips looking for repeated
        /// keys (~1.4 % of the engine). Not part of the entry's value (`==`, hash).
        @exclusivity(unchecked) var coderKeysAreUnique = false
        init(_ fields: Fields) { self.fields = fields }
    }

    private var storage: Storage

    /// The fields to write: the storage is copied first when another value shares it.
    private var fields: Fields {
        get { storage.fields }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
            yield &storage.fields
        }
    }

    public static func == (lhs: ArchiveEntry, rhs: ArchiveEntry) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) { storage.fields.hash(into: &hasher) }

    public var key: String {
        get { storage.fields.key }
        set { fields.key = newValue }
    }
    /// The restoration path.
    public private(set) var restorationPath: RestorationPath {
        get { storage.fields.restorationPath }
        set { fields.restorationPath = newValue }
    }
    /// The restoration path as text, identifiers joined by `/`.
    public var pathString: String { storage.fields.restorationPath.text }
    /// Restoration identifiers, root first (`identifierComponents`).
    public var path: [String] {
        get { restorationPath.components }
        set { restorationPath = RestorationPath(components: newValue) }
    }
    /// The node's own identifier (the path's last component).
    public var identifier: Substring { restorationPath.identifier }
    public var kind: NodeKind {
        get { storage.fields.kind }
        set { fields.kind = newValue }
    }
    public var className: String {
        get { storage.fields.className }
        set { fields.className = newValue }
    }
    public var restorationClass: String? {
        get { storage.fields.restorationClass }
        set { fields.restorationClass = newValue }
    }
    public var storyboard: StoryboardReference? {
        get { storage.fields.storyboard }
        set { fields.storyboard = newValue }
    }
    public var parentKey: String? {
        get { storage.fields.parentKey }
        set { fields.parentKey = newValue }
    }
    public var relation: ArchiveRelation {
        get { storage.fields.relation }
        set { fields.relation = newValue }
    }
    /// Everything written for this object: UIKit's keys and the app's.
    public var coder: [CoderEntry] {
        get { storage.fields.coder }
        set {
            fields.coder = newValue
            storage.coderKeysAreUnique = false
        }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
            storage.coderKeysAreUnique = false
            yield &storage.fields.coder
        }
    }

    /// Whether `coder` is known to hold each key once (the engine wrote it and nothing changed it since).
    var coderKeysAreUnique: Bool { storage.coderKeysAreUnique }

    /// A coder for decoding this entry: the archived keys as they are.
    func makeCoder() -> RestorationCoder {
        coderKeysAreUnique ? RestorationCoder(uniqueEntries: coder) : RestorationCoder(entries: coder)
    }
    /// restoretrace's own bookkeeping, not UIKit's: the model identifiers a table had selected
    /// when it was preserved, so a raw index path that lands on another item can be reported
    /// (`selection-moved`).
    public var preservedSelection: [String]? {
        get { storage.fields.preservedSelection }
        set { fields.preservedSelection = newValue }
    }
    /// Keys of its coder whose objects' classes do not adopt NSSecureCoding (the node's
    /// `insecureKeys`): under secure coding this coder fails to decode (P1).
    public var insecureKeys: [String] {
        get { storage.fields.insecureKeys }
        set { fields.insecureKeys = newValue }
        _modify { yield &fields.insecureKeys }
    }

    /// For the engine: the joined path is at hand already, and so is every field UIKit sets on a
    /// preserved node (one storage, written once). `coder` is a `RestorationCoder`'s entries,
    /// whose keys are unique.
    init(
        key: String, pathString: String, kind: NodeKind, className: String, parentKey: String?,
        relation: ArchiveRelation, coder: [CoderEntry], restorationClass: String? = nil,
        storyboard: StoryboardReference? = nil, preservedSelection: [String]? = nil, insecureKeys: [String] = []
    ) {
        storage = Storage(
            Fields(
                key: key, restorationPath: RestorationPath(parsing: pathString), kind: kind, className: className,
                restorationClass: restorationClass, storyboard: storyboard, parentKey: parentKey, relation: relation,
                coder: coder, preservedSelection: preservedSelection, insecureKeys: insecureKeys))
        storage.coderKeysAreUnique = true
    }

    public init(
        key: String, path: [String], kind: NodeKind, className: String, parentKey: String?,
        relation: ArchiveRelation, coder: [CoderEntry] = []
    ) {
        storage = Storage(
            Fields(
                key: key, restorationPath: RestorationPath(components: path), kind: kind, className: className,
                parentKey: parentKey, relation: relation, coder: coder))
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
