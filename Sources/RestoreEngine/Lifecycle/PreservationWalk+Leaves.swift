/// The views and registered objects of a controller (P6–P8): preserved when their owner is
/// and they have an identifier, listed as skipped otherwise.
extension PreservationWalk {
    /// The preserved controller that owns a view or a registered object.
    struct Owner {
        var className: String
        var path: RestorationPath
        var key: ArchiveKey
        var locator: NodeLocator
    }

    mutating func visit(_ view: UIView, owner: Owner, depth: Int, position: String) {
        guard let id = view.restorationIdentifier, !id.isEmpty else {
            skip(view, owner: owner.locator, reason: .noRestorationIdentifier, depth: depth, position: position)
            return
        }
        let (path, key, locator) = (
            owner.path.appending(id), owner.key.appending(id), NodeLocator(id, below: owner.locator)
        )
        var node = NodeOutcome(
            path: path.text, locator: locator.text, key: key.text, className: view.className, kind: .view,
            status: .preserved, depth: depth, parent: owner.locator.text)
        node.position = position
        nodes.append(node)

        let coder = RestorationCoder()
        let selection = writeBuiltInState(of: view, to: coder, ownerClass: owner.className, path: path, key: key)
        engine.call(.encode(.view(view), coder: coder), receiver: view.className, path: path.text, key: key.text)
        engine.reportReservedKeys(coder, locator: locator.text, path: path.text)
        var entry = ArchiveEntry(
            key: key.text, pathString: path.text, kind: .view, className: view.className, parentKey: owner.key.text,
            relation: .view, coder: coder.entries)
        entry.preservedSelection = selection
        entries.append(entry)
    }

    mutating func visit(_ object: UIStateRestoringObject, owner: Owner, depth: Int, position: String) {
        guard let id = object.restorationIdentifier, !id.isEmpty else {
            skip(object, owner: owner.locator, reason: .noRestorationIdentifier, depth: depth, position: position)
            return
        }
        let (path, key, locator) = (
            owner.path.appending(id), owner.key.appending(id), NodeLocator(id, below: owner.locator)
        )
        var node = NodeOutcome(
            path: path.text, locator: locator.text, key: key.text, className: object.className, kind: .object,
            status: .preserved, depth: depth, parent: owner.locator.text)
        node.position = position
        nodes.append(node)
        let coder = RestorationCoder()
        engine.call(.encode(.object(object), coder: coder), receiver: object.className, path: path.text, key: key.text)
        engine.reportReservedKeys(coder, locator: locator.text, path: path.text)
        var entry = ArchiveEntry(
            key: key.text, pathString: path.text, kind: .object, className: object.className,
            parentKey: owner.key.text, relation: .object, coder: coder.entries)
        entry.restorationClass = object.objectRestorationClass
        entries.append(entry)
    }

    mutating func skip(_ view: UIView, owner: NodeLocator, reason: ReasonCode, depth: Int, position: String) {
        // A view without an identifier is the norm, not a finding: only identified views are listed.
        let identified = view.restorationIdentifier.map { !$0.isEmpty } ?? false
        guard identified || reason != .noRestorationIdentifier else { return }
        var node = NodeOutcome(
            path: nil,
            locator: NodeLocator(
                NodeLocator.name(identifier: view.restorationIdentifier, className: view.className), below: owner
            ).text,
            key: nil, className: view.className, kind: .view, status: .skipped, depth: depth, parent: owner.text)
        node.reason = reason
        node.cause = reason == .viewOwnerNotPreserved ? owner.text : nil
        node.position = position
        nodes.append(node)
    }

    mutating func skip(
        _ object: UIStateRestoringObject, owner: NodeLocator, reason: ReasonCode, depth: Int, position: String
    ) {
        var node = NodeOutcome(
            path: nil,
            locator: NodeLocator(
                NodeLocator.name(identifier: object.restorationIdentifier, className: object.className), below: owner
            ).text,
            key: nil, className: object.className, kind: .object, status: .skipped, depth: depth, parent: owner.text)
        node.reason = reason
        node.cause = reason == .objectNotReferenced ? owner.text : nil
        node.position = position
        nodes.append(node)
    }
}
