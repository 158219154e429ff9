/// The views of a controller (P6): preserved when their owner is, its view was loaded and they
/// have an identifier, listed as skipped otherwise. Registered objects: `PreservationWalk+Objects`.
extension PreservationWalk {
    /// The preserved controller that owns a view or a registered object.
    struct Owner {
        var className: String
        var path: RestorationPath
        var key: ArchiveKey
        var locator: NodeLocator
    }

    mutating func visit(_ view: UIView, owner: Owner, depth: Int, position: String) {
        guard crash == nil else { return }
        guard let id = view.restorationIdentifier, !id.isEmpty else {
            skip(view, owner: owner.locator, reason: .noRestorationIdentifier, depth: depth, position: position)
            return
        }
        let (path, key) = (owner.path.appending(id), owner.key.appending(id))
        // Below an owner located by its path, the view is too: one string for both.
        let locator =
            owner.locator.text == owner.path.text
            ? NodeLocator(parsing: path.text) : NodeLocator(id, below: owner.locator)
        nodes.append(
            NodeOutcome(
                path: path.text, locator: locator.text, key: key.text, className: view.className, kind: .view,
                status: .preserved, depth: depth, parent: owner.locator.text, position: position))
        // A registered object may name a view as its restorationParent (P8: any restorable node).
        preservedKeys.append(path: path.text, key: key.text, depth: depth, locator: locator.text)

        let coder = engine.reusableCoder()
        let selection = writeBuiltInState(of: view, to: coder, ownerClass: owner.className, path: path, key: key)
        engine.call(.encode(.view(view), coder: coder), receiver: view.className, path: path.text, key: key.text)
        if coder.appCrashed {
            crash = (path.text, key.text)
            return
        }
        engine.reportReservedKeys(coder, locator: locator.text, path: path.text)
        entries.append(
            ArchiveEntry(
                key: key.text, pathString: path.text, kind: .view, className: view.className,
                parentKey: owner.key.text, relation: .view, coder: coder.entries, preservedSelection: selection))
    }

    mutating func skip(
        _ view: UIView, owner: NodeLocator, reason: ReasonCode, depth: Int, position: String, path: String? = nil
    ) {
        // A view without an identifier is listed as skipped, like a controller (P6).
        listSkipped(
            view, owner: owner, reason: reason, ownerIsCause: .viewOwnerNotPreserved, depth, position, path: path)
    }

    /// Lists a view or a registered object as skipped; its owner is the cause when the reason is
    /// `ownerIsCause` (the owner not preserved, the object not referenced by it).
    mutating func listSkipped(
        _ leaf: any UIStateRestoring, owner: NodeLocator, reason: ReasonCode, ownerIsCause: ReasonCode,
        _ depth: Int, _ position: String, path: String? = nil, locator: String? = nil
    ) {
        nodes.append(
            NodeOutcome(
                path: path,
                locator: locator
                    ?? NodeLocator(
                        NodeLocator.name(identifier: leaf.restorationIdentifier, className: leaf.className),
                        below: owner
                    ).text,
                key: nil, className: leaf.className, kind: leaf.restorableNode.kind, status: .skipped, depth: depth,
                parent: owner.text, reason: reason, cause: reason == ownerIsCause ? owner.text : nil,
                position: position))
    }
}
