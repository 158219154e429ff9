extension RestorationEngine {
    // MARK: Phase two (R5, R6): decode every restored node, parents first.

    /// Returns true when the app crashed while decoding (T3).
    func decodeAll(_ archive: Archive, _ run: inout RestorationRun) -> Bool {
        // Index access: copying every entry just to test one field showed up in profiles.
        for i in archive.entries.indices {
            guard run.outcomes[i].status == .restored, let item = run.restored[i] else { continue }
            let e = archive.entries[i]
            // A container that truncated its stack took this node's parent off screen (R5).
            if let p = run.parentIndex(of: i), run.outcomes[p].status != .restored {
                run.outcomes[i].status = .notRestored
                run.outcomes[i].reason = .parentNotRestored
                // The truncated controller is the ancestor that did not come back; its own
                // cause is a sibling in the stack, not an ancestor of this node.
                run.outcomes[i].cause =
                    run.outcomes[p].reason == .truncatedByContainer
                    ? run.outcomes[p].locator : run.outcomes[p].cause ?? run.outcomes[p].locator
                run.outcomes[i].decoded = nil
                continue
            }
            let coder = decodingCoder(e)
            var decodedController: UIViewController?
            switch item {
            case .view(let view):
                restoreBuiltInState(of: view, from: coder, entry: e, owner: run.parentController(of: i))
            case .viewController(let vc):
                // UIKit's own decode re-links the children before the app's override goes on (R5).
                relink(vc, entry: i, archive, &run)
                decodedController = vc
            case .object: break
            }
            // Consumed: the item is not needed after the call, and a copy of it (an outlined
            // copy and destroy of the optional enum, with their retain and release) was ~100
            // instructions per entry.
            call(.decode(consume item, coder: coder), receiver: e.className, path: e.pathString, key: e.key)
            if coder.appCrashed {
                crash(during: e, archive: archive, &run)
                return true
            }
            run.outcomes[i].decoded = true
            if let decodedController { keepReferencedObjects(decodedController, entry: e, run) }
        }
        return false
    }

    /// A controller whose coder references restored registered objects holds them again, as an
    /// app's decode sets its property from `decodeObjectForKey:`; its next encode then
    /// references them (P8). Without this, a restored object was neither preserved nor skipped
    /// at the next background, and lost with no reason.
    private func keepReferencedObjects(_ vc: UIViewController, entry e: ArchiveEntry, _ run: RestorationRun) {
        // The engine writes an object's reference as a UIKit key (`system`), the app's own
        // keys may hold one too: any reference to a restored object counts.
        for entry in e.coder {
            guard let ref = entry.value.referenceValue, let j = run.index(ref), run.outcomes[j].status == .restored,
                case .object(let object)? = run.restored[j]
            else { continue }
            vc.takeRestoredObject(object)
        }
    }

    private func crash(during e: ArchiveEntry, archive: Archive, _ run: inout RestorationRun) {
        var event = EngineEvent(launch: launch, phase: .restoration, event: .crash)
        event.path = e.pathString
        event.key = e.key
        event.reason = "crashed in decodeRestorableStateWithCoder:"
        emit(event)
        deleteArchive(reason: .archiveDeletedCrash, detail: "deleted after a crash during restoration (T3)")
        appState = .terminated
        for i in run.outcomes.indices {
            run.outcomes[i].status = .notRestored
            run.outcomes[i].reason = .archiveDeletedCrash
            run.outcomes[i].cause = run.outcomes[i].key == e.key ? nil : locator(e)
        }
        diagnose(
            .archiveDeletedCrash, .error, path: e.pathString, locator: locator(e),
            "The app crashed while `\(e.identifier)` (\(e.pathString)) decoded its state at launch \(launch): UIKit deletes the archive, so the next launch restores nothing (T3). Fix: \(ReasonCode.archiveDeletedCrash.fix)."
        )
    }

    /// What UIKit's own view classes restore before the app's decode runs (P6, P7, R5).
    private func restoreBuiltInState(
        of view: UIView, from coder: RestorationCoder, entry e: ArchiveEntry, owner: UIViewController?
    ) {
        let builtIn = coder.builtInViewValues()
        if let offset = builtIn.offset?.arrayValue {
            view.viewState.contentOffset = offset.map { if case .double(let d) = $0 { d } else { 0 } }
        }
        if case .double(let z)? = builtIn.zoom {
            view.viewState.zoomScale = z
        }
        if let range = builtIn.range?.arrayValue {
            view.viewState.selectedRange = range.compactMap(\.intValue)
        }
        guard view.kind.hasRows else { return }
        let rows = view.viewState.rows ?? []
        // Worded only for a finding: most tables come back as they were.
        var name: String { "`\(e.identifier)` (\(e.pathString))" }
        if let ids = coder.decodeObject(forASCIIKey: ViewStateKeys.selectedModelIdentifiers)?.arrayValue {
            var selection: [String] = []
            for id in ids.compactMap(\.stringValue) {
                let answer = call(
                    .indexPath(modelIdentifier: id, view: view), receiver: owner?.className ?? view.className,
                    path: e.pathString, key: e.key)
                if case .indexPath(let p?) = answer, p.count == 2, rows.indices.contains(p[1]) {
                    selection.append(rows[p[1]])
                } else {
                    diagnose(
                        .selectionDropped, .warning, path: e.pathString, locator: locator(e),
                        "\(name) had '\(id)' selected, but indexPathForElementWithModelIdentifier:inView: found no such item now: that selection was dropped. \(ReasonCode.selectionDropped.fix.prefix(1).uppercased() + ReasonCode.selectionDropped.fix.dropFirst())."
                    )
                }
            }
            view.viewState.selected = selection
            // P7: the first visible row comes back by its model identifier too.
            if let id = coder.decodeObject(forASCIIKey: ViewStateKeys.firstVisibleModelIdentifier)?.stringValue {
                let answer = call(
                    .indexPath(modelIdentifier: id, view: view), receiver: owner?.className ?? view.className,
                    path: e.pathString, key: e.key)
                if case .indexPath(let p?) = answer, p.count == 2, rows.indices.contains(p[1]) {
                    view.viewState.firstVisible = rows[p[1]]
                }
            }
        } else if let paths = coder.decodeObject(forASCIIKey: ViewStateKeys.selectedIndexPaths)?.arrayValue {
            var selection: [String] = []
            let before = e.preservedSelection ?? []
            for (i, p) in paths.enumerated() {
                guard let row = p.arrayValue?.last?.intValue else { continue }
                guard rows.indices.contains(row) else {
                    diagnose(
                        .selectionDropped, .warning, path: e.pathString, locator: locator(e),
                        "\(name) had row \(row) selected, but the \(listKind(e.className)) now has \(rows.count) row\(rows.count == 1 ? "" : "s"): the selection was dropped. Fix: \(ReasonCode.selectionMoved.fix)."
                    )
                    continue
                }
                selection.append(rows[row])
                if i < before.count, before[i] != rows[row] {
                    diagnose(
                        .selectionMoved, .warning, path: e.pathString, locator: locator(e),
                        "\(name) had '\(before[i])' selected; the raw index path [0, \(row)] came back and now selects '\(rows[row])' because the data moved. Fix: \(ReasonCode.selectionMoved.fix)."
                    )
                }
            }
            view.viewState.selected = selection
            if let row = coder.decodeObject(forASCIIKey: ViewStateKeys.firstVisibleIndexPath)?.arrayValue?.last?
                .intValue,
                rows.indices.contains(row)
            {
                view.viewState.firstVisible = rows[row]
            }
        }
    }

    // MARK: Re-linking containers (R5) and the window's root

    /// Gives a restored controller its restored children, selection and presented controller,
    /// and the window its root. A navigation controller truncates its stack at the first child
    /// that did not come back: "Can't find Child View Controller …, truncating child array" (R5).
    func relink(_ vc: UIViewController, entry i: Int, _ archive: Archive, _ run: inout RestorationRun) {
        let entries = archive.entries[i].coder
        // UIKit's own keys, read straight from the entries: no coder needed to re-link.
        // The flag first: the app's own keys (most of a controller's) are passed over without a
        // string comparison.
        // Called with `ReservedKeys` only (ASCII).
        func value(_ key: String) -> CoderValue? {
            for i in entries.indices
            where entries[i].isSystem && RestorationCoder.equals(entries[i].key, asciiKey: key) {
                return entries[i].value
            }
            return nil
        }
        // The engine lists children as references; UIKit's own archive as identifier-path
        // strings (restorationArchiveTool prints them quoted, without "Object Identifier Proxy").
        if let refs = value(ReservedKeys.children)?.arrayValue?.compactMap({ $0.referenceValue ?? $0.stringValue }) {
            if vc.containerKind == .tabBar {
                // Each restored tab with the index its archive key gives it (`:[i]:`).
                let restored = refs.compactMap { key -> (child: UIViewController, slot: Int?)? in
                    guard let j = run.index(key), run.outcomes[j].status == .restored, let c = run.controller(at: j)
                    else { return nil }
                    if case .child(let slot) = archive.entries[j].relation { return (c, slot) }
                    return (c, nil)
                }
                // A tab without an identifier stays as built; identified tabs are replaced by what came back.
                var tabs = vc.children
                // A restored tab takes the tab at its archived index when that one has its
                // identifier; otherwise (tabs added or moved by an update) the first tab not yet
                // taken with its identifier. Tabs sharing an identifier each get their own: taking
                // the first every time put one controller in two tabs and lost the other, and a
                // sibling that did not come back moved the ones after it. An index of the tabs'
                // identifiers, not a search per restored child: that was quadratic (100,000 tabs
                // took 19 s).
                var taken = [Bool](repeating: false, count: tabs.count)
                var pending: [UIViewController] = []
                for (child, slot) in restored {
                    if let slot, slot < tabs.count, !taken[slot], let id = child.restorationIdentifier,
                        tabs[slot].restorationIdentifier == id
                    {
                        tabs[slot] = child
                        taken[slot] = true
                    } else {
                        pending.append(child)
                    }
                }
                var tabsWith: [String: (places: [Int], next: Int)] = [:]
                for (i, tab) in tabs.enumerated() where !taken[i] {
                    if let id = tab.restorationIdentifier { tabsWith[id, default: ([], 0)].places.append(i) }
                }
                for child in pending {
                    if let id = child.restorationIdentifier, let group = tabsWith[id], group.next < group.places.count {
                        tabs[group.places[group.next]] = child
                        tabsWith[id]!.next += 1
                    } else if child.restorationIdentifier != nil || !tabs.contains(where: { $0 === child }) {
                        // With an identifier no tab has (or more of it than the tabs have), it
                        // is not among the tabs.
                        tabs.append(child)
                    }
                }
                vc.setChildren(tabs)
                if let selected = value(ReservedKeys.tabSelected)?.referenceValue,
                    let s = run.controller(selected), let i = tabs.firstIndex(where: { $0 === s })
                {
                    vc.selectedIndex = i
                }
            } else {
                var restored: [UIViewController] = []
                restored.reserveCapacity(refs.count)
                var lost: String?
                var previous = i
                for key in refs {
                    guard let child = run.childIndex(key, of: i, after: previous) else { continue }
                    previous = child
                    if let lost, vc.containerKind == .navigation {
                        if run.outcomes[child].status == .restored {
                            run.outcomes[child].status = .notRestored
                            run.outcomes[child].reason = .truncatedByContainer
                            run.outcomes[child].cause = lost
                            run.outcomes[child].decoded = nil
                        }
                        continue
                    }
                    if run.outcomes[child].status == .restored, let c = run.controller(at: child) {
                        restored.append(c)
                    } else if lost == nil {
                        lost = run.outcomes[child].locator
                    }
                }
                vc.setChildren(restored)
            }
        }
        if let ref = value(ReservedKeys.presented)?.referenceValue,
            let j = run.controllerIndex(ref, in: archive), run.outcomes[j].status == .restored,
            let presented = run.controller(at: j)
        {
            vc.present(presented)
        }
        if archive.entries[i].relation == .root { application.window.rootViewController = vc }
    }

    /// R14: a restoration class made a second instance of a controller the launch UI built.
    func diagnoseDuplicates(_ run: RestorationRun) {
        for d in run.duplicates where run.outcomes[d.entry].status == .restored {
            let n = run.outcomes[d.entry]
            let onScreen: String
            if application.isOnScreen(d.restored) {
                onScreen =
                    "the restoration class's instance is on screen, and the launch UI's is discarded with whatever it set up"
            } else if application.isOnScreen(d.launchInstance) {
                onScreen = "the launch UI's instance stays on screen, and the restored state went to the other one"
            } else {
                onScreen = "neither is on screen"
            }
            diagnose(
                .duplicateInstance, .warning, path: n.path, locator: n.locator,
                "`\(n.displayName)` (\(n.messageLocator())) exists twice: the launch UI built it, and its restoration class made another with +viewControllerWithRestorationIdentifierPath:coder: — \(onScreen) (R14). Fix: \(ReasonCode.duplicateInstance.fix)."
            )
        }
    }

    // MARK: Explanations

    func diagnoseRestoration(_ run: inout RestorationRun) {
        // Only lost nodes can be causes of other losses.
        var byLocator: [String: NodeOutcome] = [:]
        let lost = run.outcomes.indices.filter { run.outcomes[$0].status == .notRestored }
        for i in lost { byLocator[run.outcomes[i].locator] = run.outcomes[i] }
        // Only when something was lost, and only locators with a `#` (a `#n` suffix) are split:
        // done for every node, it was ~8 % of a 200×200 replay that lost nothing.
        let shared =
            lost.isEmpty
            ? []
            : Set(
                run.outcomes.lazy.filter { $0.locator.utf8.contains(UInt8(ascii: "#")) }.compactMap(\.siblingBase))
        // An object `not-found` although objects were registered at its path (a sibling's).
        func registeredElsewhere(_ n: NodeOutcome) -> Bool {
            !run.registeredElsewhere.isEmpty && run.index(n.key).map(run.registeredElsewhere.contains) == true
        }
        for n in lost.map({ run.outcomes[$0] }) {
            guard let reason = n.reason else { continue }
            let name = "`\(n.displayName)` (\(n.messageLocator(shared: shared)))"
            var message: String
            if reason == .parentNotRestored, let cause = n.cause, let root = byLocator[cause] {
                var (summary, fix) = (root.reason?.summary ?? "unknown reason", root.reason?.fix ?? reason.fix)
                if root.kind == .object, let lost = root.reason,
                    let object = Self.lostObject(lost, registeredElsewhere(root))
                {
                    (summary, fix) = object
                }
                message = "\(name) was not restored: its ancestor `\(root.displayName)` was not restored — \(summary)."
                message += " Fix: \(fix)."
            } else if reason == .insecureCoding {
                continue  // explained with its keys when it was found
            } else if reason == .truncatedByContainer, let cause = n.cause {
                message =
                    "\(name) was not restored: `\(cause.split(separator: "/").last ?? "")` (\(cause)) below it in the navigation stack did not come back, and UIKit truncates the child array there. Fix: \(reason.fix)."
            } else if n.kind == .object, let (summary, fix) = Self.lostObject(reason, registeredElsewhere(n)) {
                message = "\(name) was not restored: \(summary). Fix: \(fix)."
            } else {
                message = "\(name) was not restored: \(reason.summary)."
                if reason == .restorationClassReturnedNil || reason == .classMismatch || reason == .notFound {
                    message += " Fix: \(reason.fix)."
                }
            }
            diagnose(reason, reason == .classMismatch ? .error : .warning, path: n.path, locator: n.locator, message)
        }
    }

    /// A registered object's loss in its own words: it comes from its objectRestorationClass or
    /// a registration (R6), never from the app delegate or a storyboard, so a controller's
    /// summary and fix would send the user to the wrong method. Nil for the shared wording.
    /// `registeredElsewhere`: objects were registered at its path, by other controllers sharing
    /// its parent's path (or they went to other archived objects).
    static func lostObject(_ reason: ReasonCode, _ registeredElsewhere: Bool = false) -> (summary: String, fix: String)?
    {
        switch reason {
        case .notFound where registeredElsewhere:
            (
                "it has no objectRestorationClass, and the objects registered at its path when restoration ran belong to other controllers sharing its parent's path (or went to other archived objects), not to the one it was preserved under (R6)",
                "register the object with the controller that is its restorationParent before restoration, or give it an objectRestorationClass"
            )
        case .notFound:
            (
                "it has no objectRestorationClass, and no object was registered at its path when restoration ran (R6)",
                "give it an objectRestorationClass, or register the object (UIApplication.registerObject(forStateRestoration:restorationIdentifier:)) before restoration"
            )
        case .restorationClassReturnedNil:
            (
                "its objectRestorationClass returned nil",
                "return the object from +objectWithRestorationIdentifierPath:coder: (look up the one already registered at that path)"
            )
        default: nil
        }
    }
}

extension PreservationWalk {
    /// Explains every identified node that was not preserved, with the node that caused it.
    func diagnoseLosses() {
        var byLocator: [String: NodeOutcome] = [:]
        var lostBelow: [String: [String]] = [:]
        let skipped = nodes.indices.filter { nodes[$0].status == .skipped }
        var reportedUnloaded = Set<String>()
        // A preserved controller's name by locator, and its unloaded views with an identifier
        // (the ones with state to lose), gathered in one pass: for a finding per controller.
        var byOwner: [String: String] = [:]
        var unloadedViews: [String: [Int]] = [:]
        for i in skipped where nodes[i].reason == .viewNotLoaded && !nodes[i].displayName.hasPrefix("<") {
            if let owner = nodes[i].cause { unloadedViews[owner, default: []].append(i) }
        }
        if !unloadedViews.isEmpty {
            for n in nodes where n.kind == .viewController { byOwner[n.locator] = n.displayName }
        }
        for n in skipped.map({ nodes[$0] }) {
            byLocator[n.locator] = n
            if n.status == .skipped, let cause = n.cause, !n.displayName.hasPrefix("<") {
                lostBelow[cause, default: []].append(n.displayName)
            }
        }
        for n in skipped.map({ nodes[$0] }) {
            guard let reason = n.reason else { continue }
            let identified = !n.displayName.hasPrefix("<")
            let name = "`\(n.displayName)` (\(n.messageLocator()))"
            switch reason {
            case .noRestorationIdentifier where n.kind == .view:
                engine.diagnose(
                    reason, .info, path: nil, locator: n.locator,
                    "\(name) is not preserved: it has no restoration identifier, so its state (scroll position, selection) is not saved."
                )
            case .viewNotLoaded:
                // One finding per controller, naming its views.
                guard let owner = n.cause, let views = unloadedViews[owner], reportedUnloaded.insert(owner).inserted
                else { continue }
                let list =
                    views.prefix(5).map { "`\(nodes[$0].displayName)`" }.joined(separator: ", ")
                    + (views.count > 5 ? " and \(views.count - 5) more" : "")
                let ownerName = byOwner[owner].map { "`\($0)` (\(owner))" } ?? "`\(owner)`"
                engine.diagnose(
                    reason, .warning, path: nil, locator: owner,
                    "\(ownerName) never loaded its view, so the state of \(views.count == 1 ? "its view" : "its \(views.count) views") was not preserved: \(list) (P6). Fix: \(reason.fix)."
                )
            case .noRestorationIdentifier:
                guard n.kind == .viewController else { continue }
                if let lost = lostBelow[n.locator] {
                    let list =
                        lost.prefix(5).map { "`\($0)`" }.joined(separator: ", ")
                        + (lost.count > 5 ? " and \(lost.count - 5) more" : "")
                    engine.diagnose(
                        reason, .warning, path: n.path, locator: n.locator,
                        "\(name) has no restoration identifier, so \(lost.count) identified node\(lost.count == 1 ? "" : "s") below it \(lost.count == 1 ? "was" : "were") not preserved: \(list). Fix: \(reason.fix)."
                    )
                } else {
                    engine.diagnose(
                        reason, .info, path: n.path, locator: n.locator,
                        "\(name) is not preserved: it has no restoration identifier.")
                }
            case .ancestorNotPreserved, .notEncodedByContainer, .viewOwnerNotPreserved, .objectNotReferenced:
                guard identified, let cause = n.cause else { continue }
                let causeNode = byLocator[cause]
                let causeName =
                    "`\(causeNode?.displayName ?? (cause.split(separator: "/").last.map(String.init) ?? cause))`"
                let why: String
                switch causeNode?.reason {
                case nil where n.kind == .object && reason == .ancestorNotPreserved:
                    // The object's restorationParent names a path no node of the walk has.
                    why = "its restorationParent '\(cause)' is not a node that was preserved (none has that path)"
                case let causeReason where reason == .objectNotReferenced:
                    // The cause is the controller that references it, not an ancestor (P8).
                    why =
                        "nothing preserved references it (the controller that does, \(causeName), "
                        + (causeReason == .noRestorationIdentifier
                            ? "has no restoration identifier)" : "was not preserved)")
                case nil where reason == .notEncodedByContainer:
                    why = "its container \(causeName) does not encode its children"
                case nil:
                    why = "its ancestor \(causeName) does not encode its children"
                case .noRestorationIdentifier?:
                    why =
                        "its \(reason == .viewOwnerNotPreserved ? "owner" : "ancestor") \(causeName) has no restoration identifier"
                default:
                    why =
                        "its \(reason == .viewOwnerNotPreserved ? "owner" : "ancestor") \(causeName) was not preserved"
                }
                engine.diagnose(
                    reason, .warning, path: n.path, locator: n.locator, "\(name) was not preserved: \(why).")
            default:
                continue
            }
        }
    }
}

extension RestorationEngine {
    /// What a message calls a list view of this class, by what it is a kind of (a custom class
    /// that inherits UICollectionView too), not by its name.
    func listKind(_ className: String) -> String {
        application.classes.isKind(className, of: "UICollectionView") ? "collection view" : "table"
    }
}
