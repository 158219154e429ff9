/// Where the walk is during preservation, handed from a node to its children.
struct PreservationCursor {
    var parentPreserved: Bool
    /// Why the node is skipped when the parent was not preserved, and who caused it (a locator).
    var inheritedReason: ReasonCode?
    var cause: String?
    var parentKey: ArchiveKey?
    var parentPath: RestorationPath?
    var parentLocator: NodeLocator?
    var relation: ArchiveRelation
    var depth: Int
    var parentPosition = ""
    /// Appended to the node's name in its locator when an earlier sibling reads the same.
    var nameSuffix = ""
    /// The key the parent already built for this child (its children's references).
    var knownKey: KnownChildKey?

    static let root = PreservationCursor(
        parentPreserved: true, inheritedReason: nil, cause: nil, parentKey: nil, parentPath: nil,
        parentLocator: nil, relation: .root, depth: 0)

    /// This node's structural position (see `NodeOutcome.position`).
    var position: String {
        switch relation {
        case .root: "0"
        case .child(let i): .joining(parentPosition, ".", i)
        case .presented: parentPosition + ".p"
        default: parentPosition
        }
    }
}

/// A child's archive key as its parent built it, and the identifier it was built from.
struct KnownChildKey {
    let id: String
    let key: ArchiveKey
}

/// One preservation pass over the hierarchy (P3–P8): builds the archive entries and the node
/// outcomes. A controller is preserved or skipped; either way the walk goes on below it, so
/// every node gets an outcome that says why.
struct PreservationWalk {
    let engine: RestorationEngine
    var entries: [ArchiveEntry] = []
    var nodes: [NodeOutcome] = []
    /// Archive keys the app delegate referenced in `willEncodeRestorableStateWithCoder:` (P8).
    var appReferences: Set<String> = []
    /// Registered objects the walk met, in order: encoded once each after the controllers (P8),
    /// since an object's path does not depend on who referenced it.
    var objectReferences: [ObjectReference] = []
    /// Objects already reported as sharing another object's path (R11), so each is listed once.
    var sharedObjectPaths = Set<ObjectIdentifier>()
    /// Where a preserved controller's coder references a registered object (its entry, the
    /// reference's key): written at its encode with the key the object is expected at, and made
    /// the key it was preserved at once the objects are visited (`patchObjectReferences`). An
    /// object is keyed by what scopes it, which a controller encoded before the rest cannot
    /// always know. No event has carried the reference yet: it is UIKit's key, in the archive only.
    var objectReferenceSites: [(entry: Int, key: String, object: UIStateRestoringObject)] = []
    /// The key each registered object was preserved at, by instance; an object met again (the
    /// same class and state at its path) has its first instance's.
    var preservedObjectKeys: [ObjectIdentifier: String] = [:]
    /// Preserved controllers' archive keys and depths by restoration path: where a registered
    /// object's parent is.
    let preservedKeys = PreservedKeys()
    /// The live tree's archive keys, worked out on first need (`objectKey`), once per walk.
    let liveKeys = LiveKeysCache()
    /// Set when the app crashed in an encode (T3): the walk stops there.
    var crash: (path: String, key: String)?

    /// `root`: the hierarchy about to be walked, counted first so the two arrays are allocated
    /// once at their size. Grown by doubling they kept up to twice the room they needed for the
    /// rest of the run (200x200 grid: 21 MB of entries and 17.8 MB of outcomes at the replay's
    /// memory peak, ~15 MB of it empty).
    init(engine: RestorationEngine, root: UIViewController? = nil) {
        self.engine = engine
        guard let root else { return }
        let count = Self.nodeCount(below: root)
        nodes.reserveCapacity(count)
        entries.reserveCapacity(count)
    }

    /// Every node the walk lists: controllers (children and presented ones), their views and their
    /// registered objects. The archive has at most one entry per node.
    static func nodeCount(below root: UIViewController) -> Int {
        var count = 0
        var pending = [root]
        while let vc = pending.popLast() {
            count += 1 + vc.views.count + vc.restorableObjects.count
            pending.append(contentsOf: vc.children)
            if let presented = vc.presentedViewController { pending.append(presented) }
        }
        return count
    }

    mutating func skipAll(_ root: UIViewController, reason: ReasonCode) {
        var cursor = PreservationCursor.root
        cursor.parentPreserved = false
        cursor.inheritedReason = reason
        visitController(root, cursor: cursor)
    }

    /// Siblings that would read the same (two unmarked navigation controllers in a tab bar, or
    /// children sharing an identifier) get `#i`, their index, so every node has its own locator.
    static func nameSuffixes(_ children: [UIViewController]) -> [String] {
        // An only child cannot repeat anyone (a stack's leaf has none).
        guard children.count > 1 else { return children.map { _ in "" } }
        var names: [String] = []
        names.reserveCapacity(children.count)
        for child in children {
            names.append(NodeLocator.name(identifier: child.restorationIdentifier, className: child.className))
        }
        var seen = SiblingNames(names)
        var suffixes: [String] = []
        suffixes.reserveCapacity(children.count)
        for i in names.indices { suffixes.append(seen.insert(i) ? "" : "#\(i)") }
        return suffixes
    }

    mutating func visitController(_ vc: UIViewController, cursor: PreservationCursor) {
        guard crash == nil else { return }
        let id = vc.restorationIdentifier.flatMap { $0.isEmpty ? nil : $0 }
        // P8: a child its container does not encode is preserved when the app delegate references it.
        if !cursor.parentPreserved, cursor.inheritedReason == .notEncodedByContainer, let id,
            case .child(let i) = cursor.relation, let parentKey = cursor.parentKey,
            appReferences.contains(parentKey.child(i, id).text)
        {
            var referenced = cursor
            referenced.parentPreserved = true
            referenced.inheritedReason = nil
            referenced.cause = nil
            return visitController(vc, id: id, cursor: referenced)
        }
        // The cursor is copied only in the case above: a copy is ten reference-counted fields
        // (~400 instructions with its destruction, for every controller).
        visitController(vc, id: id, cursor: cursor)
    }

    private mutating func visitController(_ vc: UIViewController, id: String?, cursor: PreservationCursor) {
        let path = id.flatMap { id in
            cursor.relation == .root ? RestorationPath(root: id) : cursor.parentPath?.appending(id)
        }
        let locator: NodeLocator
        if let path, cursor.nameSuffix.isEmpty, cursor.parentLocator?.text == cursor.parentPath?.text {
            // Identified all the way down, it is located by its path: one string for both (a
            // second copy of every path was an allocation per node).
            locator = NodeLocator(parsing: path.text)
        } else {
            let name = NodeLocator.name(identifier: id, className: vc.className) + cursor.nameSuffix
            locator = NodeLocator(name, below: cursor.parentLocator)
        }
        // Built once: the node, its views, its objects and its children all start from it.
        let position = cursor.position
        if cursor.parentPreserved, let id, let path {
            preserve(vc, id: id, path: path, locator: locator, position: position, cursor: cursor)
        } else {
            skip(vc, path: path, locator: locator, position: position, cursor: cursor)
        }
    }

    /// A controller that is not preserved, and why; nothing below it is preserved either.
    private mutating func skip(
        _ vc: UIViewController, path: RestorationPath?, locator: NodeLocator, position: String,
        cursor: PreservationCursor
    ) {
        let reason = cursor.parentPreserved ? ReasonCode.noRestorationIdentifier : cursor.inheritedReason!
        // A reason the whole phase has (the save declined, the crash that wrote nothing) is every node's.
        let wholePhase = reason == .saveDeclined || reason == .noArchive
        nodes.append(
            NodeOutcome(
                path: path?.text, locator: locator.text, key: nil, className: vc.className, kind: .viewController,
                status: .skipped, depth: cursor.depth, parent: cursor.parentLocator?.text, reason: reason,
                cause: cursor.parentPreserved ? nil : cursor.cause, position: position))
        var below = cursor
        below.parentPreserved = false
        below.inheritedReason = wholePhase ? reason : .ancestorNotPreserved
        below.cause = reason == .noRestorationIdentifier ? locator.text : cursor.cause
        below.parentLocator = locator
        // Not preserved, it still has its restoration path, and so do the identified nodes
        // below it (a path is null only where an identifier is missing).
        below.parentPath = path
        below.depth = cursor.depth + 1
        below.parentPosition = position
        for (j, view) in vc.views.enumerated() {
            let id = view.restorationIdentifier ?? ""
            skip(
                view, owner: locator, reason: wholePhase ? reason : .viewOwnerNotPreserved, depth: below.depth,
                position: .joining(position, ".v", j), path: id.isEmpty ? nil : path?.appending(id).text)
        }
        for (j, object) in vc.restorableObjects.enumerated() {
            objectReferences.append(
                ObjectReference(
                    object: object, owner: locator.text, depth: below.depth,
                    position: .joining(position, ".o", j),
                    skipReason: wholePhase ? reason : .objectNotReferenced))
        }
        visitChildren(of: vc, below: below, presentedInherits: true)
    }

    /// P4–P5: a preserved controller's key, its encode with a coder of its own, UIKit's keys,
    /// its archive entry; then its views, objects and children.
    private mutating func preserve(
        _ vc: UIViewController, id: String, path: RestorationPath, locator: NodeLocator, position: String,
        cursor: PreservationCursor
    ) {
        let key: ArchiveKey
        switch cursor.relation {
        case .child(let i):
            // The parent built this key for its children's references: reused while the
            // identifier it was built from is still the child's (~1.5 % of the engine).
            if let known = cursor.knownKey, known.id == id {
                key = known.key
            } else {
                key = cursor.parentKey!.child(i, id)
            }
        case .root: key = ArchiveKey(root: id)
        default: key = cursor.parentKey.map { $0.appending(id) } ?? ArchiveKey(root: id)
        }
        // Built in place in the array: a node outcome is ~10 reference-counted fields, and
        // copying one in then destroying the original was ~400 instructions per node.
        nodes.append(
            NodeOutcome(
                path: path.text, locator: locator.text, key: key.text, className: vc.className, kind: .viewController,
                status: .preserved, depth: cursor.depth, parent: cursor.parentLocator?.text, position: position))
        preservedKeys.append(path: path.text, key: key.text, depth: cursor.depth, locator: locator.text)

        // Whether it encodes its children is read after its encode, which may change it.
        guard let (encodesChildren, childKeys) = encode(vc, key: key, path: path, locator: locator, cursor: cursor)
        else { return }
        checkAmbiguity(vc, path: path, locator: locator, encodesChildren: encodesChildren)

        let owner = Owner(className: vc.className, path: path, key: key, locator: locator)
        let depth = cursor.depth + 1
        for (j, view) in vc.views.enumerated() {
            // P6: a view that was never loaded has no state to save.
            guard vc.isViewLoaded else {
                // Its owner is preserved: it has the path it would have been preserved at.
                let id = view.restorationIdentifier ?? ""
                listSkipped(
                    view, owner: locator, reason: .viewNotLoaded, ownerIsCause: .viewNotLoaded, depth,
                    .joining(position, ".v", j), path: id.isEmpty ? nil : path.appending(id).text)
                continue
            }
            visit(view, owner: owner, depth: depth, position: .joining(position, ".v", j))
        }
        for (j, object) in vc.restorableObjects.enumerated() {
            objectReferences.append(
                ObjectReference(
                    object: object, owner: locator.text, depth: depth, position: .joining(position, ".o", j),
                    skipReason: nil))
        }
        let below = PreservationCursor(
            parentPreserved: encodesChildren, inheritedReason: encodesChildren ? nil : .notEncodedByContainer,
            cause: encodesChildren ? nil : locator.text, parentKey: key, parentPath: path, parentLocator: locator,
            relation: .root, depth: depth, parentPosition: position)
        visitChildren(of: vc, below: below, presentedInherits: false, knownKeys: childKeys)
    }

    /// The children, then the presented controller. A preserved controller always references what
    /// it presents, so unless `presentedInherits` (the presenter was skipped) that one is walked
    /// as if its parent were preserved, whether or not the children are encoded.
    /// `knownKeys`: the keys the controller built for its children, by child index.
    /// `below` is consumed: both callers hand over a cursor they no longer need, which is then
    /// changed in place for each child instead of copied first.
    private mutating func visitChildren(
        of vc: UIViewController, below: consuming PreservationCursor, presentedInherits: Bool,
        knownKeys: [KnownChildKey?] = []
    ) {
        let suffixes = Self.nameSuffixes(vc.children)
        for (i, child) in vc.children.enumerated() {
            below.relation = .child(i)
            below.nameSuffix = suffixes[i]
            below.knownKey = i < knownKeys.count ? knownKeys[i] : nil
            visitController(child, cursor: below)
        }
        guard let presented = vc.presentedViewController else { return }
        if !presentedInherits {
            below.parentPreserved = true
            below.inheritedReason = nil
            below.cause = nil
        }
        below.relation = .presented
        below.nameSuffix = ""
        below.knownKey = nil
        visitController(presented, cursor: below)
    }

    /// R11: siblings that would share one restoration path outside navigation/tab/split containers.
    func checkAmbiguity(_ vc: UIViewController, path: RestorationPath, locator: NodeLocator, encodesChildren: Bool) {
        // Nearly every controller has no group of two: answered without building the groups'
        // arrays (three allocations per preserved controller).
        let childGroup =
            (vc.containerKind == .custom || vc.containerKind == .none) && encodesChildren && vc.children.count > 1
        let presentedID = vc.presentedViewController?.restorationIdentifier
        let presentedAmongChildren = encodesChildren && presentedID != nil && !vc.children.isEmpty
        // Registered objects are scoped by their restorationParent, not by the controller that
        // references them: checked across the whole walk (`visitObjects`).
        // Views are preserved only from a loaded view (P6): unloaded, they collide with nothing.
        let views = vc.isViewLoaded ? vc.views : []
        guard childGroup || presentedAmongChildren || views.count > 1 || (presentedID != nil && !views.isEmpty)
        else {
            return
        }
        var groups: [(String, [String])] = []
        if vc.containerKind == .custom || vc.containerKind == .none, encodesChildren {
            groups.append(("child controllers", vc.children.compactMap(\.restorationIdentifier)))
        }
        // A presented controller's path is its presenter's plus its identifier, like a preserved child's.
        if encodesChildren, let pid = vc.presentedViewController?.restorationIdentifier,
            vc.children.contains(where: { $0.restorationIdentifier == pid })
        {
            groups.append(("controllers (a child and the presented one)", [pid, pid]))
        }
        groups.append(("views", views.compactMap(\.restorationIdentifier)))
        // A view's path is its owner's plus its identifier too: the archive keys collide, and the
        // presented controller is never re-linked (the view's entry answers its key).
        if let presentedID, views.contains(where: { $0.restorationIdentifier == presentedID }) {
            groups.append(("nodes (a view and the presented controller)", [presentedID, presentedID]))
        }
        // Nearly every group has fewer than two members: no set to build, nothing to compare.
        for (what, ids) in groups where ids.count > 1 {
            var seen = Set<String>()
            var reported = Set<String>()
            for id in ids where !id.isEmpty {
                if !seen.insert(id).inserted, reported.insert(id).inserted {
                    let shared = path.appending(id)
                    engine.diagnose(
                        .ambiguousPath, .error, path: shared.text, locator: NodeLocator(id, below: locator).text,
                        "Two \(what) of `\(locator)` share the restoration path '\(shared)': UIKit may restore the wrong one. Fix: \(ReasonCode.ambiguousPath.fix)."
                    )
                }
            }
        }
    }
}
