extension RestorationEngine {
    // MARK: Phase two (R5, R6): decode every restored node, parents first.

    /// Returns true when the app crashed while decoding (T3).
    func decodeAll(_ archive: Archive, _ run: inout RestorationRun) -> Bool {
        // Index access: copying every entry just to test one field showed up in profiles.
        for i in archive.entries.indices {
            guard run.outcomes[i].status == .restored, let item = run.restored[i] else { continue }
            let e = archive.entries[i]
            let coder = RestorationCoder(entries: e.coder)
            if case .view(let view) = item {
                restoreBuiltInState(of: view, from: coder, entry: e, owner: e.parentKey.flatMap { run.controller($0) })
            }
            call(.decode(item.node, coder: coder), receiver: e.className, path: e.pathString, key: e.key)
            if coder.appCrashed {
                crash(during: e, archive: archive, &run)
                return true
            }
            run.outcomes[i].decoded = true
        }
        return false
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
            run.outcomes[i].cause = run.outcomes[i].key == e.key ? nil : e.pathString
        }
        diagnose(
            .archiveDeletedCrash, .error, path: e.pathString, locator: e.pathString,
            "The app crashed while `\(e.identifier)` (\(e.pathString)) decoded its state at launch \(launch): UIKit deletes the archive, so the next launch restores nothing (T3). Fix: \(ReasonCode.archiveDeletedCrash.fix)."
        )
    }

    /// What UIKit's own view classes restore before the app's decode runs (P6, P7, R5).
    private func restoreBuiltInState(
        of view: UIView, from coder: RestorationCoder, entry e: ArchiveEntry, owner: UIViewController?
    ) {
        if let offset = coder.decodeObject(forKey: ViewStateKeys.contentOffset)?.arrayValue {
            view.viewState.contentOffset = offset.map { if case .double(let d) = $0 { d } else { 0 } }
        }
        if case .double(let z)? = coder.decodeObject(forKey: ViewStateKeys.zoomScale) { view.viewState.zoomScale = z }
        if let range =
            (coder.decodeObject(forKey: ViewStateKeys.selectedRange)
            ?? coder.decodeObject(forKey: ViewStateKeys.selectedTextRange))?.arrayValue
        {
            view.viewState.selectedRange = range.compactMap(\.intValue)
        }
        guard view.kind.hasRows else { return }
        let rows = view.viewState.rows ?? []
        let name = "`\(e.identifier)` (\(e.pathString))"
        if let ids = coder.decodeObject(forKey: ViewStateKeys.selectedModelIdentifiers)?.arrayValue {
            var selection: [String] = []
            for id in ids.compactMap(\.stringValue) {
                let answer = call(
                    .indexPath(modelIdentifier: id, view: view), receiver: owner?.className ?? view.className,
                    path: e.pathString, key: e.key)
                if case .indexPath(let p?) = answer, p.count == 2, rows.indices.contains(p[1]) {
                    selection.append(rows[p[1]])
                } else {
                    diagnose(
                        .selectionDropped, .warning, path: e.pathString, locator: e.pathString,
                        "\(name) had '\(id)' selected, but indexPathForElementWithModelIdentifier:inView: found no such item now: that selection was dropped. \(ReasonCode.selectionDropped.fix.prefix(1).uppercased() + ReasonCode.selectionDropped.fix.dropFirst())."
                    )
                }
            }
            view.viewState.selected = selection
        } else if let paths = coder.decodeObject(forKey: ViewStateKeys.selectedIndexPaths)?.arrayValue {
            var selection: [String] = []
            let before = e.preservedSelection ?? []
            for (i, p) in paths.enumerated() {
                guard let row = p.arrayValue?.last?.intValue else { continue }
                guard rows.indices.contains(row) else {
                    diagnose(
                        .selectionDropped, .warning, path: e.pathString, locator: e.pathString,
                        "\(name) had row \(row) selected, but the table now has \(rows.count) rows: the selection was dropped. Fix: \(ReasonCode.selectionMoved.fix)."
                    )
                    continue
                }
                selection.append(rows[row])
                if i < before.count, before[i] != rows[row] {
                    diagnose(
                        .selectionMoved, .warning, path: e.pathString, locator: e.pathString,
                        "\(name) had '\(before[i])' selected; the raw index path [0, \(row)] came back and now selects '\(rows[row])' because the data moved. Fix: \(ReasonCode.selectionMoved.fix)."
                    )
                }
            }
            view.viewState.selected = selection
        }
    }

    // MARK: Re-linking containers (R5) and the window's root

    func relink(_ archive: Archive, _ run: inout RestorationRun) {
        for i in archive.entries.indices {
            guard run.outcomes[i].status == .restored, case .viewController(let vc)? = run.restored[i] else { continue }
            let entries = archive.entries[i].coder
            // UIKit's own keys, read straight from the entries: no coder needed to re-link.
            func value(_ key: String) -> CoderValue? { entries.first { $0.key == key && $0.isSystem }?.value }
            if let refs = value(ReservedKeys.children)?.arrayValue {
                let restored = refs.compactMap(\.referenceValue).compactMap { key in
                    run.status(key) == .restored ? run.controller(key) : nil
                }
                if vc.containerKind == .tabBar {
                    // A tab without an identifier stays as built; identified tabs are replaced by what came back.
                    var tabs = vc.children
                    for child in restored {
                        if let i = tabs.firstIndex(where: {
                            $0.restorationIdentifier == child.restorationIdentifier && $0.restorationIdentifier != nil
                        }) {
                            tabs[i] = child
                        } else if !tabs.contains(where: { $0 === child }) {
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
                    // "Can't find Child View Controller ..., truncating child array"
                    vc.setChildren(restored)
                }
            }
            if let ref = value(ReservedKeys.presented)?.referenceValue,
                run.status(ref) == .restored, let presented = run.controller(ref)
            {
                vc.present(presented)
            }
            if archive.entries[i].relation == .root { application.window.rootViewController = vc }
        }
    }

    // MARK: Explanations

    func diagnoseRestoration(_ run: inout RestorationRun) {
        // Only lost nodes can be causes of other losses.
        var byLocator: [String: NodeOutcome] = [:]
        let lost = run.outcomes.indices.filter { run.outcomes[$0].status == .notRestored }
        for i in lost { byLocator[run.outcomes[i].locator] = run.outcomes[i] }
        for n in lost.map({ run.outcomes[$0] }) {
            guard let reason = n.reason else { continue }
            let name = "`\(n.displayName)` (\(n.locator))"
            var message: String
            if reason == .parentNotRestored, let cause = n.cause, let root = byLocator[cause] {
                message =
                    "\(name) was not restored: its ancestor `\(root.displayName)` was not restored — \(root.reason?.summary ?? "unknown reason")."
                message += " Fix: \(root.reason?.fix ?? reason.fix)."
            } else {
                message = "\(name) was not restored: \(reason.summary)."
                if reason == .restorationClassReturnedNil || reason == .classMismatch || reason == .notFound {
                    message += " Fix: \(reason.fix)."
                }
            }
            diagnose(reason, reason == .classMismatch ? .error : .warning, path: n.path, locator: n.locator, message)
        }
    }
}

extension PreservationWalk {
    /// Explains every identified node that was not preserved, with the node that caused it.
    func diagnoseLosses() {
        var byLocator: [String: NodeOutcome] = [:]
        var lostBelow: [String: [String]] = [:]
        let skipped = nodes.indices.filter { nodes[$0].status == .skipped }
        for n in skipped.map({ nodes[$0] }) {
            byLocator[n.locator] = n
            if n.status == .skipped, let cause = n.cause, !n.displayName.hasPrefix("<") {
                lostBelow[cause, default: []].append(n.displayName)
            }
        }
        for n in skipped.map({ nodes[$0] }) {
            guard let reason = n.reason else { continue }
            let identified = !n.displayName.hasPrefix("<")
            let name = "`\(n.displayName)` (\(n.locator))"
            switch reason {
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
