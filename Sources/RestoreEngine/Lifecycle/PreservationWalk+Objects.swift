/// Registered `UIStateRestoring` objects (P8): preserved once each, at the path their
/// `restorationParent` scopes, when a preserved node or the app delegate references them.
extension PreservationWalk {
    /// A registered object met below a controller, and what to say if nothing preserves it.
    struct ObjectReference {
        var object: UIStateRestoringObject
        /// The locator of the controller it was met under.
        var owner: String
        var depth: Int
        var position: String
        /// Why it is skipped when nothing preserved references it; nil for a preserved owner.
        var skipReason: ReasonCode?
    }

    /// An object's archive key, from the live hierarchy: its parent's key and its identifier, or
    /// its identifier alone. Nil when it has no identifier.
    func objectKey(_ object: UIStateRestoringObject) -> String? {
        guard let id = object.restorationIdentifier, !id.isEmpty else { return nil }
        guard let parent = object.restorationParentPath else { return id }
        if let known = preservedKeys[parent] { return known.key + "/" + id }
        return engine.application.archiveKey(ofRestorationPath: parent).map { $0 + "/" + id } ?? parent + "/" + id
    }

    /// Encodes every referenced object once, after the controllers, then lists the ones nothing
    /// preserved references.
    mutating func visitObjects() {
        guard crash == nil else { return }
        var done = Set<String>()
        var listedUnidentified = Set<ObjectIdentifier>()
        let referenced = objectReferences.filter { reference in
            reference.skipReason == nil
                || (objectKey(reference.object).map(appReferences.contains) ?? false)
        }
        for reference in referenced {
            guard let path = reference.object.restorationPath else {
                if listedUnidentified.insert(ObjectIdentifier(reference.object)).inserted {
                    skipObject(reference, reason: .noRestorationIdentifier)
                }
                continue
            }
            guard done.insert(path).inserted else { continue }
            visitObject(reference, path: path)
            if crash != nil { return }
        }
        for reference in objectReferences where reference.skipReason != nil {
            let path = reference.object.restorationPath
            if let path, done.contains(path) { continue }
            if let path { done.insert(path) }
            skipObject(reference, reason: reference.skipReason!)
        }
    }

    private mutating func visitObject(_ reference: ObjectReference, path: String) {
        let object = reference.object
        var parentKey: String?
        var depth = reference.depth
        var parentLocator = reference.owner
        if let parentPath = object.restorationParentPath {
            guard let parent = preservedKeys[parentPath] else {
                // Its parent is not in the archive, so neither is its scoped path.
                var node = NodeOutcome(
                    path: nil, locator: path, key: nil, className: object.className, kind: .object, status: .skipped,
                    depth: reference.depth, parent: reference.owner)
                node.reason = .ancestorNotPreserved
                node.cause = parentPath
                node.position = reference.position
                nodes.append(node)
                return
            }
            parentKey = parent.key
            depth = parent.depth + 1
            parentLocator = parentPath
        }
        let key = parentKey.map { $0 + "/" + (object.restorationIdentifier ?? "") } ?? path
        var node = NodeOutcome(
            path: path, locator: path, key: key, className: object.className, kind: .object,
            status: .preserved, depth: depth, parent: parentLocator)
        node.position = reference.position
        nodes.append(node)
        let coder = RestorationCoder()
        engine.call(.encode(.object(object), coder: coder), receiver: object.className, path: path, key: key)
        if coder.appCrashed {
            crash = (path, key)
            return
        }
        engine.reportReservedKeys(coder, locator: path, path: path)
        entries.append(
            ArchiveEntry(
                key: key, pathString: path, kind: .object, className: object.className, parentKey: parentKey,
                relation: .object, coder: coder.entries, restorationClass: object.objectRestorationClass))
    }

    private mutating func skipObject(_ reference: ObjectReference, reason: ReasonCode) {
        listSkipped(
            reference.object, owner: NodeLocator(parsing: reference.owner), reason: reason,
            ownerIsCause: .objectNotReferenced, reference.depth, reference.position)
    }
}
