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
    /// `owner`: the locator of the controller that references it, which picks the parent among
    /// siblings sharing the parent's path (`PreservedKeys.parent(ofPath:below:)`). A parent not
    /// preserved yet (the controller's own views and objects come after its encode) is guessed
    /// from the live tree: a preserved object's references are made its key once the objects
    /// are visited (`patchObjectReferences`).
    func objectKey(_ object: UIStateRestoringObject, owner: String) -> String? {
        guard let id = object.restorationIdentifier, !id.isEmpty else { return nil }
        guard let parent = object.restorationParentPath else { return id }
        let scope = preservedKeys.parent(ofPath: parent, below: owner)
        // A path several preserved nodes share, none of them the owner's: the object is not
        // preserved (`visitObject`), and the reference is to the last one, as it was.
        if let known = scope.found ?? preservedKeys[parent] { return known.key + "/" + id }
        // Not preserved: its key from the live tree, walked once for every such object.
        if liveKeys.keys == nil { liveKeys.keys = engine.application.archiveKeys() }
        return liveKeys.keys?.key(ofRestorationPath: parent).map { $0 + "/" + id } ?? parent + "/" + id
    }

    /// Encodes every referenced object once, after the controllers, then lists the ones nothing
    /// preserved references.
    mutating func visitObjects() {
        guard crash == nil else { return }
        // Path → the object encoded there: one object met twice is encoded once (P8); an object
        // of another class at the same path is not encoded at all, and says so (R11).
        var done: [String: UIStateRestoringObject] = [:]
        var listedUnidentified = Set<ObjectIdentifier>()
        var pending = objectReferences.filter { reference in
            // A skipped object comes back only when the app delegate encoded its key: without
            // such references its key (a walk of the live tree when its parent was not
            // preserved) is not worked out at all.
            reference.skipReason == nil
                || (!appReferences.isEmpty
                    && (objectKey(reference.object, owner: reference.owner).map(appReferences.contains) ?? false))
        }
        var unplaced: [ObjectReference] = []
        // An object whose restorationParent is another referenced object waits for it: its
        // scoped key is its parent's key and its identifier.
        while !pending.isEmpty {
            let waitingPaths = Set(
                pending.compactMap { reference in
                    identity(reference).flatMap { done[$0] == nil ? reference.object.restorationPath : nil }
                })
            var deferred: [ObjectReference] = []
            for reference in pending {
                guard let identity = identity(reference), let path = reference.object.restorationPath else {
                    if listedUnidentified.insert(ObjectIdentifier(reference.object)).inserted {
                        skipObject(reference, reason: .noRestorationIdentifier)
                    }
                    continue
                }
                if let first = done[identity] {
                    // A scenario lists an object under each controller that references it:
                    // the same class and state at the same path is that one object met again.
                    if first !== reference.object,
                        first.className != reference.object.className || first.state != reference.object.state
                    {
                        skipSharedPath(reference, path: path, first: first)
                    } else {
                        metAgain(reference.object, as: first)
                    }
                    continue
                }
                // Waited for even when an object at that path was preserved already: siblings
                // sharing a path each have their own, and its own may not be among them yet.
                if let parent = reference.object.restorationParentPath, waitingPaths.contains(parent) {
                    deferred.append(reference)
                    continue
                }
                let placed = scope(reference)
                // Placed by no sibling: looked at after the rest, when the one object it may be
                // (met under the sibling that scopes it) is known.
                if placed.ambiguous {
                    unplaced.append(reference)
                    continue
                }
                // A controller or a view preserved at this path has its archive key or its
                // locator (R11). An object scoped by one of siblings sharing a path is located
                // below it, and collides only with a node of its key.
                if (!placed.shared && preservedKeys.hasControllerOrView(atPath: path))
                    || preservedKeys.contains(key: identity)
                {
                    skipSharedPath(reference, path: path, first: nil)
                    done[identity] = reference.object
                    continue
                }
                done[identity] = reference.object
                visitObject(reference, path: path, identity: identity, done: done)
                if crash != nil { return }
            }
            // A round that keys no waiting object ends the waiting: what is left is visited now and
            // says why it is not preserved (an object's path is longer than its parent's, so no cycle).
            if deferred.count == pending.count {
                visitOnce(deferred, &done)
                if crash != nil { return }
                break
            }
            pending = deferred
        }
        visitOnce(unplaced, &done)
        if crash != nil { return }
        patchObjectReferences()
        for reference in objectReferences where reference.skipReason != nil {
            let identity = identity(reference)
            if let identity, done[identity] != nil { continue }
            if let identity { done[identity] = reference.object }
            skipObject(reference, reason: reference.skipReason!)
        }
    }

    /// `object` is `first` met again: references to it are to where `first` is preserved.
    private mutating func metAgain(_ object: UIStateRestoringObject, as first: UIStateRestoringObject) {
        guard object !== first, let key = preservedObjectKeys[ObjectIdentifier(first)] else { return }
        preservedObjectKeys[ObjectIdentifier(object)] = key
    }

    /// Makes each controller's reference to a registered object the key that object was
    /// preserved at (see `objectReferenceSites`). A reference to an object that was not
    /// preserved stays as written: a reference to nothing, as UIKit's would be, and the object
    /// says why it is missing.
    private mutating func patchObjectReferences() {
        guard !objectReferenceSites.isEmpty, !preservedObjectKeys.isEmpty else { return }
        for site in objectReferenceSites {
            guard let key = preservedObjectKeys[ObjectIdentifier(site.object)],
                let i = entries[site.entry].coder.firstIndex(where: { $0.isSystem && $0.key == site.key }),
                entries[site.entry].coder[i].value != .reference(key)
            else { continue }
            entries[site.entry].coder[i].value = .reference(key)
        }
    }

    /// Visits each of `references` not met yet, in order, until the app crashes.
    private mutating func visitOnce(_ references: [ObjectReference], _ done: inout [String: UIStateRestoringObject]) {
        for reference in references {
            guard let identity = identity(reference), done[identity] == nil,
                let path = reference.object.restorationPath
            else { continue }
            done[identity] = reference.object
            visitObject(reference, path: path, identity: identity, done: done)
            if crash != nil { return }
        }
    }

    /// What makes two references one object: its archive key when its parent is preserved
    /// (siblings sharing a path each scope their own object), else its restoration path. Nil
    /// without an identifier.
    private func identity(_ reference: ObjectReference) -> String? {
        guard let path = reference.object.restorationPath else { return nil }
        guard let parent = reference.object.restorationParentPath,
            let found = preservedKeys.parent(ofPath: parent, below: reference.owner).found
        else { return path }
        return found.key + "/" + (reference.object.restorationIdentifier ?? "")
    }

    /// How the object's restorationParent path places it: among siblings sharing that path
    /// (`shared`: located below the one it is scoped by), or nowhere among them (`ambiguous`).
    private func scope(_ reference: ObjectReference) -> (shared: Bool, ambiguous: Bool) {
        guard let parent = reference.object.restorationParentPath else { return (false, false) }
        let scope = preservedKeys.parent(ofPath: parent, below: reference.owner)
        return (!scope.shared.isEmpty, !scope.shared.isEmpty && scope.found == nil)
    }

    /// R11 for registered objects: a second object at a path another one is encoded at.
    private mutating func skipSharedPath(_ reference: ObjectReference, path: String, first: UIStateRestoringObject?) {
        guard sharedObjectPaths.insert(ObjectIdentifier(reference.object)).inserted else { return }
        let locator = path + "#\(nodes.filter { $0.path == path }.count)"
        var node = NodeOutcome(
            path: path, locator: locator, key: nil, className: reference.object.className, kind: .object,
            status: .skipped, depth: reference.depth, parent: reference.owner)
        node.reason = .ambiguousPath
        node.position = reference.position
        nodes.append(node)
        let sharer =
            first.map {
                $0.className == reference.object.className
                    ? "registered objects of class `\($0.className)`, with different state, share the restoration path '\(path)'"
                    : "registered objects share the restoration path '\(path)' (`\($0.className)` and `\(reference.object.className)`)"
            }
            ?? "nodes share the restoration path '\(path)' (a controller or a view, and the registered object `\(reference.object.className)`)"
        engine.diagnose(
            .ambiguousPath, .error, path: path, locator: locator,
            "Two \(sharer): UIKit encodes one, and `\(reference.object.className)` is never preserved (R11). Fix: \(ReasonCode.ambiguousPath.fix)."
        )
    }

    /// `done`: the objects already met, by identity: one referenced again from a controller the
    /// shared parent path does not place (an ambiguous scope) is that object met again, not an
    /// error, when it is the same (the same instance, or the same class and state at its path).
    private mutating func visitObject(
        _ reference: ObjectReference, path: String, identity: String, done: [String: UIStateRestoringObject]
    ) {
        let object = reference.object
        var parentKey: String?
        var depth = reference.depth
        var parentLocator = reference.owner
        var locator = path
        if let parentPath = object.restorationParentPath {
            let scope = preservedKeys.parent(ofPath: parentPath, below: reference.owner)
            if scope.found == nil, !scope.shared.isEmpty {
                let object = reference.object
                // Scanned only here: most objects have one scope, and a scan for each was quadratic.
                // By sorted identity, not the dictionary's order, which differs from one process
                // to the next: the object met again (and so the key referenced) must not.
                let metBefore = done.keys.sorted().lazy.compactMap { met -> UIStateRestoringObject? in
                    guard met != identity, let value = done[met] else { return nil }
                    let same =
                        value === object
                        || (value.restorationPath == path && value.className == object.className
                            && value.state == object.state)
                    return same ? value : nil
                }.first
                if let metBefore {
                    metAgain(object, as: metBefore)
                    return
                }
                return skipAmbiguousParent(reference, path: path, parentPath: parentPath, candidates: scope.shared)
            }
            guard let parent = scope.found else {
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
            // Scoped by one of several siblings sharing a path: located below that one.
            if !scope.shared.isEmpty {
                parentLocator = parent.locator
                locator = parent.locator + "/" + (object.restorationIdentifier ?? "")
            }
        }
        let key = parentKey.map { $0 + "/" + (object.restorationIdentifier ?? "") } ?? path
        var node = NodeOutcome(
            path: path, locator: locator, key: key, className: object.className, kind: .object,
            status: .preserved, depth: depth, parent: parentLocator)
        node.position = reference.position
        nodes.append(node)
        // Another object may name this one as its restorationParent.
        preservedKeys.append(path: path, key: key, depth: depth, locator: locator, isObject: true)
        preservedObjectKeys[ObjectIdentifier(object)] = key
        let coder = RestorationCoder()
        engine.call(.encode(.object(object), coder: coder), receiver: object.className, path: path, key: key)
        if coder.appCrashed {
            crash = (path, key)
            return
        }
        engine.reportReservedKeys(coder, locator: locator, path: path)
        entries.append(
            ArchiveEntry(
                key: key, pathString: path, kind: .object, className: object.className, parentKey: parentKey,
                relation: .object, coder: coder.entries, restorationClass: object.objectRestorationClass))
    }

    /// An object whose restorationParent is a path several preserved siblings share, and whose
    /// referencing controller is none of them nor below one: the path does not say which one
    /// scopes it, so it has no one archive key (R11).
    private mutating func skipAmbiguousParent(
        _ reference: ObjectReference, path: String, parentPath: String, candidates: [PreservedKeys.Found]
    ) {
        let others = nodes.filter { $0.path == path }.count
        let locator = others == 0 ? path : path + "#\(others)"
        var node = NodeOutcome(
            path: path, locator: locator, key: nil, className: reference.object.className, kind: .object,
            status: .skipped, depth: reference.depth, parent: reference.owner)
        node.reason = .ambiguousPath
        node.cause = parentPath
        node.position = reference.position
        nodes.append(node)
        let keys = candidates.map(\.key).joined(separator: ", ")
        engine.diagnose(
            .ambiguousPath, .error, path: path, locator: locator,
            "The registered object `\(reference.object.className)` at '\(path)' is never preserved: its restorationParent '\(parentPath)' is the restoration path of \(candidates.count) preserved siblings (\(keys)), and the controller that references it (\(reference.owner)) is none of them nor below one, so nothing says which one scopes it (R11). Fix: give the siblings distinct restoration identifiers, or reference the object from the controller that is its restorationParent."
        )
    }

    private mutating func skipObject(_ reference: ObjectReference, reason: ReasonCode) {
        // Not preserved, it still has its restoration path: its restorationParent's and its
        // identifier, or its identifier alone (P8), whichever controller referenced it. One
        // that nothing preserved references is located by that path (unless a node already
        // is), not under the controller that did: that one is its cause, not its ancestor.
        let path = reason == .noRestorationIdentifier ? nil : reference.object.restorationPath
        let locator =
            reason == .objectNotReferenced ? path.flatMap { p in nodes.contains { $0.locator == p } ? nil : p } : nil
        listSkipped(
            reference.object, owner: NodeLocator(parsing: reference.owner), reason: reason,
            ownerIsCause: .objectNotReferenced, reference.depth, reference.position, path: path, locator: locator)
    }
}

/// `UIApplication.archiveKeys()`, kept by a walk that is a value type (`objectKey` does not mutate it).
final class LiveKeysCache {
    var keys: ArchiveKeys?
}
