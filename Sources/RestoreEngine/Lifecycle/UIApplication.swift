/// The app's fixed facts, written into the app-level coder at preservation (P2).
public struct AppConfiguration: Hashable, Sendable {
    public enum Idiom: String, Sendable {
        case phone, pad
        /// `UIUserInterfaceIdiom`'s raw value, as the archive stores it.
        public var number: Int { self == .phone ? 0 : 1 }
    }
    public var bundleVersion: String
    public var systemVersion: String
    public var idiom: Idiom
    /// The app-based or the scene-based life cycle (SPEC §8, S1).
    public var lifecycle = Lifecycle.app
    /// `NSUserActivityTypes` in Info.plist: only these activity types are persisted (S2).
    public var userActivityTypes: [String] = []
    /// When UIKit asks a scene for its restoration activity (an open question; see `ActivitySaving`).
    public var activitySaving = ActivitySaving.background
    /// The view-controller-based opt-ins the app delegate still implements (`shouldSaveApplicationState`…),
    /// inert in a scene-based app (S1).
    public var legacyOptIns: [String] = []
    public init(bundleVersion: String = "1.0", systemVersion: String = "17.0", idiom: Idiom = .phone) {
        self.bundleVersion = bundleVersion
        self.systemVersion = systemVersion
        self.idiom = idiom
    }
}

/// `UIApplication` as far as restoration goes: the window, the class registry, snapshot control,
/// and lookups of objects that already exist at a restoration path.
public final class UIApplication {
    // Stored properties are `@exclusivity(unchecked)`: dynamic exclusivity checks (a runtime
    // call and a thread-local access set per read or write) were 15 % of the engine's
    // instructions on the 200x200 grid, and nothing here overlaps two accesses to one property.
    public let window = UIWindow()
    @exclusivity(unchecked) public var configuration: AppConfiguration
    @exclusivity(unchecked) public var classes = ClassHierarchy()
    @exclusivity(unchecked) public internal(set) var launchNumber = 1
    @exclusivity(unchecked) public internal(set) var launchOptions = LaunchOptions()
    @exclusivity(unchecked) var snapshotIgnored = false
    /// Controllers that exist now, by restoration path (launch UI, objects obtained this launch).
    @exclusivity(unchecked) var liveControllers = PathTable<UIViewController>()
    /// The reverse of `liveControllers` is kept on each controller (`LiveIndexMark`), stamped with
    /// this token, which `resetIndex` replaces: a second dictionary keyed by controller was two
    /// hash inserts per controller indexed (~3 % of the engine on the benchmark grid, with
    /// freeing it).
    @exclusivity(unchecked) private var indexToken = LiveIndexToken()
    @exclusivity(unchecked) var liveObjects: [String: UIStateRestoringObject] = [:]
    /// Every object registered at a path more than one has (siblings sharing a path each
    /// register theirs), in the tree's order; most paths have one, in `liveObjects` alone.
    @exclusivity(unchecked) var sharedObjectPaths: [String: [UIStateRestoringObject]] = [:]
    /// Controllers whose restoration path another live controller shares, by that path:
    /// `liveControllers` keeps one per path (see `SharedPathGroup`). Empty unless two share a path.
    @exclusivity(unchecked) private var sharedPaths: [String: SharedPathGroup] = [:]
    /// A controller indexed with an archive key was indexed again without one: it may sit in a
    /// group that does not list it among the unkeyed, so groups are then filtered whole.
    @exclusivity(unchecked) private var keyDroppedSinceReset = false
    /// The archive being restored in this launch; indexed by path only if someone asks.
    var restoringArchive: Archive? { didSet { archivedByPath = nil } }
    /// Restoration path → the first entry at it and how many entries share it.
    @exclusivity(unchecked) private var archivedByPath: [String: (first: Int, count: Int)]?
    /// The archive entry being obtained right now.
    @exclusivity(unchecked) var currentEntry: Int?
    /// The restoration path of the node whose encode crashes in this preservation, if any (T3).
    @exclusivity(unchecked) public internal(set) var crashWhileEncoding: String?

    public init(configuration: AppConfiguration = AppConfiguration()) {
        self.configuration = configuration
    }

    /// `-[UIApplication ignoreSnapshotOnNextApplicationLaunch]` (P10).
    public func ignoreSnapshotOnNextApplicationLaunch() { snapshotIgnored = true }

    /// Whether the app asked to skip the snapshot in this preservation: what a recorder standing
    /// in for UIKit reads before and after a call to see that the call asked for it.
    public var isSnapshotIgnored: Bool { snapshotIgnored }

    /// `launchOptions.crashWhileDecoding` and `crashWhileEncoding`, for a boundary that asks at
    /// every decode or encode (`ScenarioBoundary`). Read from another module, a stored property
    /// of this class pays a dynamic exclusivity check (`swift_beginAccess`, ~75 instructions;
    /// `@exclusivity(unchecked)` holds only inside this module), and `launchOptions` was copied
    /// whole for one field; through these getters neither happens.
    public var pathCrashingWhileDecoding: String? { launchOptions.crashWhileDecoding }
    /// See `pathCrashingWhileDecoding`.
    public var pathCrashingWhileEncoding: String? { crashWhileEncoding }

    /// The restoration path this controller already exists at (launch UI, or obtained earlier in
    /// this launch), or nil when it is new: how an answer is told `existing` from `new`.
    public func existingPath(of vc: UIViewController) -> String? {
        guard let mark = vc.liveIndexMark, mark.token === indexToken else { return nil }
        if !sharedPaths.isEmpty, let shared = sharedPaths[mark.path] {
            return shared.contains(vc) ? mark.path : nil
        }
        return liveControllers.value(at: mark.path) === vc ? mark.path : nil
    }

    /// The controller that exists now at this restoration path, if any (R3 step 3). Where
    /// siblings share the path, the one at the archive key of the entry being obtained.
    public func viewController(atRestorationPath path: String) -> UIViewController? {
        guard let archive = restoringArchive, let i = currentEntry, archive.entries[i].pathString == path else {
            return liveControllers.value(at: path)
        }
        let entry = archive.entries[i]
        if !sharedPaths.isEmpty, sharedPaths[path] != nil { return sibling(at: path, for: entry) }
        guard let found = liveControllers.value(at: path) else { return nil }
        // The one controller at this path is another sibling's when the archive has two here:
        // `:[1]:` of a stack whose launch UI holds only `:[0]:` is not that controller again
        // (pushed twice, decoded twice). Obtained this launch, it is not under its parent yet
        // and its key says which sibling it is; else its place under its parent does. Alone at
        // its path, it is found wherever it sits now (tabs reordered by an update).
        if let mark = found.liveIndexMark, mark.token === indexToken, let key = mark.key {
            if key != entry.key, archivedEntryCount(atPath: path) > 1 { return nil }
        } else if case .child(let index) = entry.relation, let parent = found.parent,
            !(index < parent.children.count && parent.children[index] === found),
            archivedEntryCount(atPath: path) > 1
        {
            return nil
        }
        return found
    }

    /// The sibling at the entry's place: its own index (or presented), and where two cousins
    /// have that (two stacks sharing an identifier, each with a child at that index), the one
    /// whose whole archive key is the entry's. Its own index only, not its ancestors': a tab
    /// added before them moves every key above it, and they are still the same siblings.
    private func sibling(at path: String, for entry: ArchiveEntry) -> UIViewController? {
        let token = indexToken
        func isPlaced(_ vc: UIViewController) -> Bool {
            // Obtained this launch, it is not under its parent yet: its key says where it goes.
            if let mark = vc.liveIndexMark, mark.token === token, let key = mark.key { return key == entry.key }
            switch entry.relation {
            case .child(let index):
                guard let parent = vc.parent else { return false }
                return index < parent.children.count && parent.children[index] === vc
            case .presented: return vc.presentingViewController?.presentedViewController === vc
            default: return true
            }
        }
        var placed: [UIViewController] = []
        if keyDroppedSinceReset {
            for vc in sharedPaths[path]!.members where isPlaced(vc) { placed.append(vc) }
        } else {
            sharedPaths[path]!.forEachCandidate(
                forKey: entry.key,
                isKeyed: { vc in
                    guard let mark = vc.liveIndexMark else { return false }
                    return mark.token === token && mark.key != nil
                },
                { vc in if isPlaced(vc) { placed.append(vc) } })
        }
        guard placed.count > 1 else { return placed.first }
        return placed.first { liveKey(of: $0) == entry.key }
    }

    /// How many entries of the archive being restored have this restoration path (siblings
    /// that share an identifier).
    private func archivedEntryCount(atPath path: String) -> Int { archivedPathIndex()?[path]?.count ?? 0 }

    /// `archivedByPath`, built on first need from the archive being restored.
    private func archivedPathIndex() -> [String: (first: Int, count: Int)]? {
        guard let archive = restoringArchive else { return nil }
        if archivedByPath == nil {
            var index: [String: (first: Int, count: Int)] = [:]
            index.reserveCapacity(archive.entries.count)
            for (i, e) in archive.entries.enumerated() { index[e.pathString, default: (i, 0)].count += 1 }
            archivedByPath = index
        }
        return archivedByPath
    }

    /// A live controller's archive key, from its place under its parents: `:[i]:` for a
    /// container's child, the identifier alone for a presented controller (see `archiveKey`).
    func liveKey(of vc: UIViewController) -> String {
        var parts: [String] = []
        var node = vc
        var steps = 0
        while steps < 10_000 {
            // A controller obtained this launch is indexed before its parent re-links it.
            if let mark = node.liveIndexMark, mark.token === indexToken, let key = mark.key {
                return key + parts.reversed().joined()
            }
            guard let parent = node.restorationParent else { break }
            let id = node.restorationIdentifier ?? ""
            if parent.presentedViewController === node {
                parts.append("/" + id)
            } else {
                let i = parent.children.firstIndex { $0 === node } ?? 0
                parts.append("/:[\(i)]:/" + id)
            }
            node = parent
            steps += 1
        }
        return (node.restorationIdentifier ?? "") + parts.reversed().joined()
    }

    /// The archived entry at this path in the archive being restored, if any: what a restoration
    /// class can learn about the node it is asked for (its archived class, its storyboard).
    public func archivedEntry(atPath path: String) -> ArchiveEntry? {
        guard let archive = restoringArchive else { return nil }
        // The engine is usually asking about the entry it is restoring right now.
        if let i = currentEntry, archive.entries[i].pathString == path { return archive.entries[i] }
        return archivedPathIndex()?[path].map { archive.entries[$0.first] }
    }

    /// The archive key the node at this restoration path would be preserved under (a controller
    /// on screen, or a registered object one of them references), or nil if there is none. For
    /// many paths, take `archiveKeys()` once: each call walks the whole tree.
    public func archiveKey(ofRestorationPath path: String) -> String? { archiveKeys().key(ofRestorationPath: path) }

    /// The archive key of every node on screen and of every registered object one of them
    /// references, by restoration path, from one walk of the tree. Asking `archiveKey` once per
    /// registered object or per app-delegate reference walked the tree each time: quadratic (the
    /// 200×200 grid with one registered object per stack took 39 s to record).
    public func archiveKeys() -> ArchiveKeys {
        var keys: [String: String] = [:]
        var objects: [UIStateRestoringObject] = []
        // An object's parent among the controller that registers it, its ancestors and its own
        // views: siblings sharing that path each scope their own object (keyed by path, the
        // last sibling's key answered for all).
        var scopedByOwner: [ObjectIdentifier: String] = [:]
        // The controllers the walk is in and their views, then the objects they registered that
        // were scoped so: the parents an object below may name, nearest last.
        var scopes: [(path: String, key: String)] = []
        var objectScopes: [(path: String, key: String)] = []
        // A controller without an identifier has no key, but the objects registered under it do
        // (P8: their path is their restorationParent's, or their identifier alone).
        func walk(_ vc: UIViewController, key: String?, path: String?) {
            let scopesBelow = scopes.count
            defer { scopes.removeSubrange(scopesBelow...) }
            if let key, let path {
                keys[path] = key
                scopes.append((path, key))
                // A view's key too: a registered object may name a view as its restorationParent
                // (a sheet's object, its presenter's view).
                for view in vc.views {
                    guard let id = view.restorationIdentifier, !id.isEmpty else { continue }
                    keys[path + "/" + id] = key + "/" + id
                    scopes.append((path + "/" + id, key + "/" + id))
                }
            }
            objects += vc.restorableObjects
            // Its objects, in rounds: one may name another (listed before or after it) as its
            // parent; an object's path is longer than its parent's, so the rounds end.
            var unscoped = vc.restorableObjects.filter { $0.restorationParentPath != nil && $0.restorationPath != nil }
            let objectScopesBelow = objectScopes.count
            defer { objectScopes.removeSubrange(objectScopesBelow...) }
            while !unscoped.isEmpty {
                var rest: [UIStateRestoringObject] = []
                for object in unscoped {
                    let parent = object.restorationParentPath!
                    let scope =
                        objectScopes.last(where: { $0.path == parent })?.key
                        ?? scopes.last(where: { $0.path == parent })?.key
                    guard let scope else {
                        rest.append(object)
                        continue
                    }
                    let scoped = scope + "/" + object.restorationIdentifier!
                    scopedByOwner[ObjectIdentifier(object)] = scoped
                    objectScopes.append((object.restorationPath!, scoped))
                }
                if rest.count == unscoped.count { break }
                unscoped = rest
            }
            for (i, child) in vc.children.enumerated() {
                let id = child.restorationIdentifier ?? ""
                walk(
                    child, key: id.isEmpty ? nil : key.map { $0 + "/:[\(i)]:/" + id },
                    path: id.isEmpty ? nil : path.map { $0 + "/" + id })
            }
            if let p = vc.presentedViewController {
                let id = p.restorationIdentifier ?? ""
                walk(
                    p, key: id.isEmpty ? nil : key.map { $0 + "/" + id },
                    path: id.isEmpty ? nil : path.map { $0 + "/" + id })
            }
        }
        if let root = window.rootViewController {
            let id = root.restorationIdentifier ?? ""
            walk(root, key: id.isEmpty ? nil : id, path: id.isEmpty ? nil : id)
        }
        // Objects scoped by other objects: an object's path is its parent's and one more
        // identifier, so in order of length every parent is keyed before its children. A
        // controller's or view's key is never replaced by an object's at the same path. Of
        // objects sharing a path, one its owner's scope placed answers for it before one it did
        // not (whose parent path, shared by siblings, names no one of them: that one is preserved
        // as the placed one met again, or not at all), then the first in the tree.
        let scoped = objects.compactMap { o in o.restorationPath.map { (o, $0) } }
        let byLength = scoped.sorted(by: { $0.1.utf8.count < $1.1.utf8.count })
        for (object, objectPath) in byLength where keys[objectPath] == nil {
            if let key = scopedByOwner[ObjectIdentifier(object)] { keys[objectPath] = key }
        }
        for (object, objectPath) in byLength where keys[objectPath] == nil {
            keys[objectPath] = Self.objectKey(object, parentKeys: keys)
        }
        return ArchiveKeys(byPath: keys)
    }

    /// A registered object's archive key: its parent's key and its identifier, or its identifier alone (P8).
    static func objectKey(_ object: UIStateRestoringObject, parentKeys: [String: String]) -> String? {
        guard let id = object.restorationIdentifier, !id.isEmpty else { return nil }
        guard let parent = object.restorationParentPath else { return id }
        return (parentKeys[parent] ?? parent) + "/" + id
    }

    /// Whether this controller is in the window's hierarchy (R14: which instance ends up on screen).
    public func isOnScreen(_ vc: UIViewController) -> Bool {
        var node: UIViewController? = vc
        var steps = 0
        while let n = node, steps < 10_000 {
            if n === window.rootViewController { return true }
            node = n.restorationParent
            steps += 1
        }
        return false
    }

    /// The object registered at this restoration path, if any (R6).
    public func registeredObject(atRestorationPath path: String) -> UIStateRestoringObject? { liveObjects[path] }

    /// Every object registered at this restoration path, in the tree's order: one, or one per
    /// sibling sharing the path of its restorationParent.
    func registeredObjects(atRestorationPath path: String) -> [UIStateRestoringObject] {
        sharedObjectPaths[path] ?? liveObjects[path].map { [$0] } ?? []
    }

    /// Indexes a controller and everything below it that has a full restoration path.
    /// `key`: its archive key, for a controller obtained in this launch (not yet under its parent).
    func index(_ vc: UIViewController, at path: String, key: String? = nil) {
        if !sharedPaths.isEmpty, key == nil, let mark = vc.liveIndexMark, mark.token === indexToken, mark.key != nil {
            keyDroppedSinceReset = true
        }
        vc.liveIndexMark = LiveIndexMark(token: indexToken, path: path, key: key)
        if let other = liveControllers.set(vc, at: path), other !== vc, sharedPaths[path] == nil {
            let otherMark = other.liveIndexMark
            sharedPaths[path] = SharedPathGroup(
                first: other, key: otherMark?.token === indexToken ? otherMark?.key : nil)
        }
        if !sharedPaths.isEmpty, sharedPaths[path] != nil {
            sharedPaths[path]!.add(vc, key: key)
        }
        let here = RestorationPath(parsing: path)
        for object in vc.restorableObjects {
            guard let objectPath = object.restorationPath else { continue }
            if let first = liveObjects[objectPath] {
                if first !== object, !(sharedObjectPaths[objectPath]?.contains { $0 === object } ?? false) {
                    sharedObjectPaths[objectPath, default: [first]].append(object)
                }
            } else {
                liveObjects[objectPath] = object
            }
        }
        for child in vc.children {
            if let id = child.restorationIdentifier, !id.isEmpty { index(child, at: here.appending(id).text) }
        }
        if let presented = vc.presentedViewController, let id = presented.restorationIdentifier, !id.isEmpty {
            index(presented, at: here.appending(id).text)
        }
    }

    /// The app was killed: drops the window's root and the index of what existed, the only
    /// references the engine holds to the dead app's controllers and registered objects.
    func releaseTerminatedApp() {
        window.rootViewController = nil
        liveControllers = PathTable()
        liveObjects = [:]
        sharedObjectPaths = [:]
        sharedPaths = [:]
        keyDroppedSinceReset = false
        indexToken = LiveIndexToken()
    }

    /// `expecting`: about how many controllers the tree holds (the archive's entries, when there
    /// is one), so the index is sized once instead of rehashed at every doubling.
    func resetIndex(expecting: Int = 0) {
        let expected = max(expecting, liveControllers.count)
        liveControllers = PathTable(minimumCapacity: expected)
        indexToken = LiveIndexToken()
        liveObjects = [:]
        sharedObjectPaths = [:]
        sharedPaths = [:]
        keyDroppedSinceReset = false
        if let root = window.rootViewController, let id = root.restorationIdentifier, !id.isEmpty {
            index(root, at: RestorationPath(root: id).text)
        }
    }
}

/// Identifies one `UIApplication` index (between two `resetIndex` calls).
final class LiveIndexToken {}

/// Where the index a controller was last put in has it: the reverse of `liveControllers`.
struct LiveIndexMark {
    let token: LiveIndexToken
    let path: String
    /// Given only where the controller's place under its parents cannot tell it (`index(_:at:key:)`).
    var key: String? = nil
}

/// Archive keys by restoration path, from one walk of the live tree (`UIApplication.archiveKeys()`).
public struct ArchiveKeys: Sendable {
    let byPath: [String: String]

    /// The key the node or registered object at this path would be preserved under, if any.
    public func key(ofRestorationPath path: String) -> String? { byPath[path] }
}
