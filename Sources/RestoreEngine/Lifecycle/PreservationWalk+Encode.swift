/// A preserved controller's encode (P4–P5): the app's call with a coder, then the keys UIKit
/// writes for it, then its archive entry.
extension PreservationWalk {
    /// The controller's encode with a coder of its own, UIKit's keys and its archive entry.
    /// Returns whether it encodes its children, read after the app's encode as UIKit does (the
    /// app may set `encodesChildren` there), and the keys it built for its children (see
    /// `writeSystemKeys`); nil when the app crashed.
    ///
    /// A function of its own so that the coder is let go before the views and children are
    /// walked, which then reuse it (`RestorationEngine.reusableCoder`): kept alive to the end of
    /// `preserve`, through the walk of the subtree below, it was still held when the controller's
    /// first view or child asked for one: about one coder allocated per preserved controller
    /// (~3,700 at `restoretrace-bench --engine-grid 60`; coders allocated and freed were ~4 % of
    /// `Scenario.run` in callgrind before they were reused).
    mutating func encode(
        _ vc: UIViewController, key: ArchiveKey, path: RestorationPath, locator: NodeLocator,
        cursor: PreservationCursor
    ) -> (encodesChildren: Bool, childKeys: [KnownChildKey?])? {
        let coder = engine.reusableCoder()
        engine.call(.encode(.viewController(vc), coder: coder), receiver: vc.className, path: path.text, key: key.text)
        if coder.appCrashed {
            crash = (path.text, key.text)
            return nil
        }
        engine.reportReservedKeys(coder, locator: locator.text, path: path.text)
        let encodesChildren = Self.encodesChildren(vc)
        // Each registered object's coder key and the archive key it is expected at.
        let coderKeys = Self.referenceKeys(of: vc)
        let objectReferences = zip(coderKeys, vc.restorableObjects).compactMap { coderKey, object in
            coderKey.flatMap { coderKey in objectKey(object, owner: locator.text).map { (coderKey, $0) } }
        }
        let childKeys = Self.writeSystemKeys(
            of: vc, key: key, encodesChildren: encodesChildren, objectReferences: objectReferences, to: coder)
        entries.append(
            ArchiveEntry(
                key: key.text, pathString: path.text, kind: .viewController, className: vc.className,
                parentKey: cursor.parentKey?.text, relation: cursor.relation, coder: coder.entries,
                restorationClass: vc.restorationClass, storyboard: vc.storyboard,
                insecureKeys: vc.insecureKeys.filter { k in coder.entries.contains { $0.key == k && !$0.isSystem } }))
        for (coderKey, object) in zip(coderKeys, vc.restorableObjects) {
            if let coderKey { objectReferenceSites.append((entries.count - 1, coderKey, object)) }
        }
        return (encodesChildren, childKeys)
    }

    /// P5: navigation, tab bar and split controllers encode their children; a custom container
    /// only when it says so.
    static func encodesChildren(_ vc: UIViewController) -> Bool {
        switch vc.containerKind {
        case .navigation, .tabBar, .split: true
        case .custom: vc.encodesChildren
        case .none: false
        }
    }

    /// The coder key a controller's encode references each of its registered objects under
    /// (nil without an identifier): its identifier; where two share one (scoped by different
    /// parents), each scoped one under its restoration path. Under one key, one reference
    /// replaced the other, and that object was restored, then dropped at the next background
    /// with nothing said. A key still taken gets `#2`, `#3`…
    static func referenceKeys(of vc: UIViewController) -> [String?] {
        let objects = vc.restorableObjects
        guard !objects.isEmpty else { return [] }
        var count: [String: Int] = [:]
        if objects.count > 1 {
            for object in objects { if let id = object.restorationIdentifier { count[id, default: 0] += 1 } }
        }
        var written = Set<String>()
        return objects.map { object in
            guard let id = object.restorationIdentifier, !id.isEmpty else { return nil }
            var key = (count[id] ?? 1) > 1 && object.restorationParentPath != nil ? object.restorationPath ?? id : id
            var n = 2
            let base = key
            while !written.insert(key).inserted {
                key = base + "#\(n)"
                n += 1
            }
            return key
        }
    }

    /// The keys UIKit writes for a controller: its storyboard, the children it references, the
    /// selected tab, the presented controller, registered objects (`objectReferences`: each one's coder key and archive key, in order), and
    /// whether its view was loaded. Returns the children's keys by child index (nil for a child
    /// it does not reference), for the children to reuse.
    static func writeSystemKeys(
        of vc: UIViewController, key: ArchiveKey, encodesChildren: Bool,
        objectReferences: [(coderKey: String, objectKey: String)],
        to coder: RestorationCoder
    ) -> [KnownChildKey?] {
        var known: [KnownChildKey?] = []
        var childKeys: [ArchiveKey] = []
        if encodesChildren, !vc.children.isEmpty {
            known.reserveCapacity(vc.children.count)
            for (i, child) in vc.children.enumerated() {
                guard let cid = child.restorationIdentifier, !cid.isEmpty else {
                    known.append(nil)
                    continue
                }
                let childKey = key.child(i, cid)
                known.append(KnownChildKey(id: cid, key: childKey))
                childKeys.append(childKey)
            }
        }
        coder.writeSystem { c in
            if let storyboard = vc.storyboard {
                c.encode(
                    .dictionary(["name": .string(storyboard.name), "identifier": .string(storyboard.identifier)]),
                    forKey: ReservedKeys.storyboard)
            }
            if !childKeys.isEmpty {
                c.encode(.array(childKeys.map { .reference($0.text) }), forKey: ReservedKeys.children)
            }
            if vc.containerKind == .tabBar, vc.children.indices.contains(vc.selectedIndex),
                let sid = vc.children[vc.selectedIndex].restorationIdentifier, !sid.isEmpty
            {
                c.encode(.reference(key.child(vc.selectedIndex, sid).text), forKey: ReservedKeys.tabSelected)
            }
            if let presented = vc.presentedViewController, let pid = presented.restorationIdentifier, !pid.isEmpty {
                c.encode(.reference(key.appending(pid).text), forKey: ReservedKeys.presented)
            }
            for (coderKey, objectKey) in objectReferences { c.encode(.reference(objectKey), forKey: coderKey) }
            c.encode(.bool(vc.isViewLoaded), forKey: ReservedKeys.viewWasLoaded)
        }
        return known
    }
}
