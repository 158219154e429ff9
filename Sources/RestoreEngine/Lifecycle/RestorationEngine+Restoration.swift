extension RestorationEngine {
    /// A relaunch: R1–R11, then the archive is discarded (R9).
    public func relaunch(_ options: LaunchOptions = LaunchOptions()) {
        if isSceneBased { return relaunchScenes(options) }
        if appState != .terminated { kill(.system) }
        application.launchNumber += 1
        application.launchOptions = options
        if let version = options.bundleVersion { application.configuration.bundleVersion = version }
        application.window.rootViewController = nil
        application.window.isKeyWindow = false
        phase = .launch
        appState = .foreground
        var start = EngineEvent(launch: launch, phase: .launch, event: .launch)
        start.options = options
        emit(start)
        // T3: a restoration extended and never completed counts as a crash for this launch.
        if let extended = extendedNotCompleted {
            extendedNotCompleted = nil
            let detail = "restoration extended at launch \(extended) was never completed: counts as a crash (T3)"
            if archive != nil { deleteArchive(reason: .archiveDeletedCrash, detail: detail) }
            archiveLoss = .archiveDeletedCrash
            let why =
                "at launch \(extended) the app called extendStateRestoration and never completeStateRestoration, which UIKit treats as a crash during restoration and deletes the archive (T3)"
            let fix = "call completeStateRestoration when the work it waited for ends, on every path"
            archiveLossCause = (why, fix)
            diagnose(
                .archiveDeletedCrash, .error, path: nil, locator: nil,
                "\(why.prefix(1).uppercased())\(why.dropFirst()). Fix: \(fix).")
        }

        // R1: the storyboard's initial UI, then willFinishLaunching.
        let launchUI = call(.loadInitialInterface, receiver: "UIStoryboard").viewController
        application.window.rootViewController = launchUI
        if observer != nil {
            emit(EngineEvent(launch: launch, phase: .launch, event: .launchUIBuilt), hierarchyOf: launchUI)
        }
        call(.willFinishLaunching, receiver: "AppDelegate")
        if options.crashBeforeRestoration {
            crashBeforeRestoration()
            return
        }
        // R3.3: what exists once willFinishLaunching has set up the window (launch UI or a root it built).
        application.resetIndex(expecting: archive?.entries.count ?? 0)

        let result = restoreIfPossible()
        outcome.launches.append(result)

        guard appState == .foreground else { return }  // crashed while decoding
        phase = .launch
        call(.didFinishLaunching, receiver: "AppDelegate")
        if options.deviceLocked {
            // R12: a background launch: the archive stays for the next unlocked launch, and
            // nothing is preserved over it while the app stays in the background.
            appState = .background
            return
        }
        if result.performed, options.extendStateRestoration == .never {
            // The archive stays until the next launch finds the restoration never completed (T3).
            extendedNotCompleted = launch
            return
        }
        if archive != nil { deleteArchive(reason: nil, detail: Self.discardedAfterLaunch) }
    }

    /// T3: the app crashes in this launch before restoration starts: the archive it would have
    /// read is deleted, as for a crash while decoding.
    private func crashBeforeRestoration() {
        var event = EngineEvent(launch: launch, phase: .launch, event: .crash)
        event.reason = "crashed before restoration started"
        emit(event)
        appState = .terminated
        let fix = "fix the crash in application:willFinishLaunchingWithOptions:"
        // A locked launch never reads the archive (R12): its crash is not one during
        // restoration, and the archive stays for the next unlocked launch.
        if archive != nil, application.launchOptions.deviceLocked {
            outcome.launches.append(PhaseOutcome(performed: false, reason: .deviceLocked, launch: launch))
            diagnose(
                .deviceLocked, .warning, path: nil, locator: nil,
                "The app crashed at launch \(launch) before restoration started, while the device was locked: UIKit had not read the archive (R12), so it stays, and the next unlocked launch restores from it. Fix: \(fix)."
            )
            return
        }
        let hadArchive = archive != nil
        if hadArchive {
            deleteArchive(reason: .archiveDeletedCrash, detail: "deleted after a crash during restoration (T3)")
            archiveLossCause = (
                "the app crashed at launch \(launch) before restoration started, which deletes the archive (T3)", fix
            )
        }
        let reason = hadArchive ? ReasonCode.archiveDeletedCrash : archiveLoss ?? .noArchive
        outcome.launches.append(PhaseOutcome(performed: false, reason: reason, launch: launch))
        diagnose(
            reason, .error, path: nil, locator: nil,
            "The app crashed at launch \(launch) before restoration started"
                + (hadArchive
                    ? ": UIKit counts it as a crash during restoration and deletes the archive, so the next launch restores nothing (T3). Fix: \(fix)."
                    : "."))
    }

    /// R2 and the two phases of R3–R7. Returns the restoration outcome of this launch.
    func restoreIfPossible() -> PhaseOutcome {
        guard let archive else { return nothingToRestore() }
        restorationLocators = ambiguousLocators()
        if application.launchOptions.deviceLocked {
            diagnose(
                .deviceLocked, .warning, path: nil, locator: nil,
                "Nothing was restored at launch \(launch): \(ReasonCode.deviceLocked.summary).")
            return unrestored(archive, .deviceLocked)
        }
        phase = .restoration
        let appCoder = RestorationCoder(entries: archive.appLevel)
        appCoder.tracksReads = true
        let secureCoding = call(.responds(.shouldRestoreSecure), receiver: "AppDelegate").boolValue
        let optIn = askSaveOrRestore(secure: .shouldRestoreSecure, appCoder)
        guard optIn.answer else {
            diagnose(
                .restoreDeclined, .warning, path: nil, locator: nil,
                "Nothing was restored at launch \(launch): \(optIn.asked.rawValue) returned NO (archive bundle version \(archive.appLevelValue(ReservedKeys.bundleVersion)?.description ?? "?")). The launch UI stays as built (R8). Fix: check the condition in \(optIn.asked.rawValue) (a bundle version check?)."
            )
            return unrestored(archive, .restoreDeclined)
        }

        checkBundleVersion(archive, read: appCoder.readKeys)
        if !application.window.isKeyWindow {
            diagnoseWindowNotVisible(archive)
        }

        var run = RestorationRun(archive)
        run.secureCoding = secureCoding
        application.restoringArchive = archive
        defer { application.restoringArchive = nil }
        obtainControllers(archive, &run)
        let crashed = decodeAll(archive, &run)
        if crashed {
            return PhaseOutcome(performed: true, nodes: run.outcomes, launch: launch)
        }
        call(.didDecodeApplication(RestorationCoder(entries: archive.appLevel)), receiver: "AppDelegate")
        finishRestoring(archive, run)
        diagnoseDuplicates(run)
        diagnoseRestoration(&run)
        return PhaseOutcome(performed: true, nodes: run.outcomes, launch: launch)
    }

    /// R2: no archive to restore from, because none was written or it was deleted.
    private func nothingToRestore() -> PhaseOutcome {
        let reason = archiveLoss ?? .noArchive
        var why = reason.summary
        var fix = reason.fix
        if reason == .noArchive, let crash = encodeCrash {
            why =
                "the app crashed while `\(RestorationPath(parsing: crash.path).identifier)` (\(crash.path)) encoded its state at launch \(crash.launch), so no archive was written (T3)"
            fix = "fix the crash in encodeRestorableStateWithCoder:"
        } else if reason == .noArchive, killedInForeground {
            why =
                "the app was killed while in the foreground, and preservation only runs on entering the background (T4)"
        } else if reason == .saveDeclined, let asked = saveDeclinedBy {
            (why, fix) = ("\(asked.rawValue) returned NO", "return YES from \(asked.rawValue)")
        } else if reason == .archiveDeletedCrash, let cause = archiveLossCause {
            (why, fix) = cause
        }
        diagnose(
            reason, .warning, path: nil, locator: nil, "Nothing was restored at launch \(launch): \(why). Fix: \(fix).")
        // Told once: a later launch with nothing to restore has a later cause.
        encodeCrash = nil
        return PhaseOutcome(performed: false, reason: reason, launch: launch)
    }

    /// The outcome of a launch that restored nothing from an archive it had: every entry not restored.
    private func unrestored(_ archive: Archive, _ reason: ReasonCode) -> PhaseOutcome {
        var nodes: [NodeOutcome] = []
        var depths: [String: Int] = [:]
        var locators: [String: String] = [:]
        for e in archive.entries {
            let d = e.parentKey.flatMap { depths[$0] }.map { $0 + 1 } ?? 0
            depths[e.key] = d
            locators[e.key] = locator(e)
            var n = NodeOutcome(
                path: e.pathString, locator: locator(e), key: e.key, className: e.className, kind: e.kind,
                status: .notRestored, depth: d, parent: e.parentKey.flatMap { locators[$0] })
            n.reason = reason
            nodes.append(n)
        }
        return PhaseOutcome(performed: false, reason: reason, nodes: nodes, launch: launch)
    }

    /// R7: controllers and objects; views have no applicationFinishedRestoringState.
    private func finishRestoring(_ archive: Archive, _ run: RestorationRun) {
        for i in archive.entries.indices where archive.entries[i].kind != .view {
            guard let item = run.restored[i], run.outcomes[i].status == .restored else { continue }
            // Consumed: the call takes the local's reference instead of a retained copy
            // (`finishRestoring` 32.0M -> 29.8M instructions, callgrind, `--engine-grid 60`);
            // `run.restored` still holds the object.
            call(
                .finishedRestoring(consume item), receiver: archive.entries[i].className,
                path: archive.entries[i].pathString, key: archive.entries[i].key)
        }
    }

    /// R10: the window must be key and visible before restoration; nodes that need it are named.
    private func diagnoseWindowNotVisible(_ archive: Archive) {
        var named = false
        for e in archive.entries
        where e.coder.contains(where: {
            // An empty selection restores nothing that needs the window.
            $0.key == ReservedKeys.presented
                || ($0.key == ViewStateKeys.selectedIndexPaths || $0.key == ViewStateKeys.selectedModelIdentifiers)
                    && $0.value.arrayValue?.isEmpty == false
        }) {
            let what = e.coder.contains { $0.key == ReservedKeys.presented } ? "a presented controller" : "a selection"
            diagnose(
                .windowNotVisible, .warning, path: e.pathString, locator: locator(e),
                "`\(e.identifier)` needs the window (\(what)), but makeKeyAndVisible was not called in willFinishLaunching: its restoration is unreliable (R10). Fix: \(ReasonCode.windowNotVisible.fix)."
            )
            named = true
        }
        guard !named else { return }
        diagnose(
            .windowNotVisible, .warning, path: nil, locator: "AppDelegate",
            "Restoration ran at launch \(launch) before makeKeyAndVisible: seed 000's checklist requires the window to be key and visible in willFinishLaunching (R10). Fix: \(ReasonCode.windowNotVisible.fix)."
        )
    }

    /// R13: an archive from another bundle version, restored without looking at its version.
    private func checkBundleVersion(_ archive: Archive, read: [String]) {
        guard let archived = archive.appLevelValue(ReservedKeys.bundleVersion)?.stringValue,
            archived != application.configuration.bundleVersion, !read.contains(ReservedKeys.bundleVersion)
        else { return }
        diagnose(
            .archiveFromOlderVersion, .warning, path: nil, locator: "AppDelegate",
            "The archive was written by bundle version \(archived) and is restored as is by version \(application.configuration.bundleVersion): shouldRestore… never looked at UIApplicationStateRestorationBundleVersionKey (R13). Fix: \(ReasonCode.archiveFromOlderVersion.fix)."
        )
    }

    /// An archive entry's node as this restoration names it: its path, or for an ambiguous
    /// sibling (and its subtree) the preservation's `#i` locator, so the two sides meet and a
    /// finding about the second sibling does not land on the first.
    func locator(_ e: ArchiveEntry) -> String {
        restorationLocators.isEmpty ? e.pathString : restorationLocators[e.key] ?? e.pathString
    }

    /// The preservation's locators that differ from their paths (siblings that share a path,
    /// ambiguous or not, told apart by `#i`, and everything below them), by archive key; empty
    /// when no two nodes shared one.
    func ambiguousLocators() -> [String: String] {
        guard let preservation = outcome.preservation else { return [:] }
        var out: [String: String] = [:]
        for n in preservation.nodes {
            if let key = n.key, let path = n.path, n.locator != path { out[key] = n.locator }
        }
        return out
    }

    // MARK: Phase one (R3, R4, R6)

    func obtainControllers(_ archive: Archive, _ run: inout RestorationRun) {
        // The views of owners with many, by identifier: found by a scan each, 100,000 views of one
        // controller (a 7.6 MB storyboard) took over a minute to record (r20 fuzz).
        var viewIndex: [ObjectIdentifier: [String: UIView]] = [:]
        for (i, e) in archive.entries.enumerated() {
            let p = run.parentIndex(of: i)
            // Added first and completed in place (`run.outcomes[i]`): a node outcome is seven
            // strings, and one built apart was copied whole into the run (~250 instructions each).
            run.add(
                NodeOutcome(
                    path: e.pathString, locator: locator(e), key: e.key, className: e.className, kind: e.kind,
                    status: .notRestored, depth: p.map { run.outcomes[$0].depth + 1 } ?? 0,
                    parent: p.map { run.outcomes[$0].locator }))
            if let p, run.outcomes[p].status != .restored {
                run.outcomes[i].reason = .parentNotRestored
                run.outcomes[i].cause = run.outcomes[p].cause ?? run.outcomes[p].locator
                continue
            }
            if run.secureCoding, !e.insecureKeys.isEmpty {
                // P1: under secure coding, a value whose class does not adopt NSSecureCoding fails to decode.
                run.outcomes[i].reason = .insecureCoding
                let keys = e.insecureKeys.map { "'\($0)'" }.joined(separator: ", ")
                diagnose(
                    .insecureCoding, .error, path: e.pathString, locator: locator(e),
                    "`\(e.identifier)` (\(e.pathString)) was not restored: its coder holds \(keys), whose class does not adopt NSSecureCoding, and the app implements application:shouldRestoreSecureApplicationState:, so the archive is read with secure coding (P1). Fix: \(ReasonCode.insecureCoding.fix)."
                )
                continue
            }
            application.currentEntry = i
            defer { application.currentEntry = nil }
            switch e.kind {
            case .viewController: obtainController(e, i, &run)
            case .object: obtainObject(e, i, &run)
            case .view:
                // Views are found in their restored owner, during decoding (R5).
                let path = e.pathString
                if let owner = run.parentController(of: i), let view = Self.view(of: owner, at: path, index: &viewIndex)
                {
                    run.restored[i] = .view(view)
                    run.outcomes[i].status = .restored
                } else {
                    run.outcomes[i].reason = .notFound
                }
            }
        }
    }

    /// The first of `owner`'s views whose identifier is the last component of `path` (R5): a
    /// scan for an owner of a few views, an index made once for one of many.
    private static func view(
        of owner: UIViewController, at path: String, index: inout [ObjectIdentifier: [String: UIView]]
    ) -> UIView? {
        guard owner.views.count > 16 else {
            return owner.views.first {
                $0.restorationIdentifier.map { RestorationPath.lastComponent(of: path, equals: $0) } ?? false
            }
        }
        let key = ObjectIdentifier(owner)
        if index[key] == nil {
            var byIdentifier: [String: UIView] = [:]
            for v in owner.views {
                if let id = v.restorationIdentifier, byIdentifier[id] == nil { byIdentifier[id] = v }
            }
            index[key] = byIdentifier
        }
        return index[key]?[String(RestorationPath.lastComponent(of: path))]
    }

    private func obtainController(_ e: ArchiveEntry, _ i: Int, _ run: inout RestorationRun) {
        let path = e.pathString
        let coder = decodingCoder(e)
        var obtained: UIViewController?
        var via: RestoreVia?
        let launchInstance = application.viewController(atRestorationPath: path)
        if let restorationClass = e.restorationClass {
            // R3.1: a nil answer excludes it and its subtree; no other lookup.
            obtained =
                call(
                    .restorationClassViewController(className: restorationClass, path: e.path, coder: coder),
                    receiver: restorationClass, path: path, key: e.key
                ).viewController
            guard obtained != nil else {
                run.outcomes[i].reason = .restorationClassReturnedNil
                return
            }
            via = .restorationClass
        } else {
            obtained =
                call(
                    .delegateViewController(path: e.restorationPath, coder: coder), receiver: "AppDelegate", path: path,
                    key: e.key
                )
                .viewController
            if obtained != nil {
                via = .appDelegate
            } else if let existing = launchInstance {
                // The call in between cannot index anything: the lookup above still holds.
                obtained = existing
                via = .existing
            } else if let storyboard = e.storyboard {
                obtained =
                    call(
                        .instantiateStoryboardScene(storyboard), receiver: "UIStoryboard(\(storyboard.name))",
                        path: path, key: e.key
                    )
                    .viewController
                if obtained != nil { via = .storyboard }
            }
        }
        guard let vc = obtained, let via else {
            run.outcomes[i].reason = .notFound
            return
        }
        // R4 (the app declared its classes up front: scenario classes, or a trace's header).
        // Not against UIKit's own archive: its classes are guessed from its keys (a container's
        // children read as a navigation controller's, a restoration class as the object's),
        // and a guess that fails would be an error UIKit never gives.
        if !archiveClassesInferred, !application.classes.isKind(vc.className, of: e.className) {
            run.outcomes[i].reason = .classMismatch
            run.outcomes[i].via = via
            return
        }
        run.outcomes[i].status = .restored
        run.outcomes[i].via = via
        run.outcomes[i].decoded = false
        run.restored[i] = .viewController(vc)
        // R14: the launch UI built one, and the restoration class made another.
        if via == .restorationClass, let launchInstance, launchInstance !== vc {
            run.duplicates.append((i, launchInstance, vc))
        }
        // An existing controller is indexed already, with everything below it (`launchInstance`
        // is what the live index held at this path before the calls above, which index nothing).
        if launchInstance !== vc { application.index(vc, at: path, key: e.key) }
    }

    /// R6: the object registered at the entry's path that no other entry took. When the
    /// entry's parent is a controller restored in this launch (a page among siblings sharing
    /// its path), the object of that controller (or of one below it) is taken, and one that
    /// belongs to another controller at the parent's path (a sibling's) never is.
    private func registeredObject(for e: ArchiveEntry, _ run: RestorationRun) -> UIStateRestoringObject? {
        let untaken = application.registeredObjects(atRestorationPath: e.pathString).filter {
            !run.takenObjects.contains(ObjectIdentifier($0))
        }
        guard !untaken.isEmpty, let parentKey = e.parentKey, let j = run.index(parentKey),
            let parent = run.controller(at: j)
        else { return untaken.first }
        let parentPath = run.outcomes[j].path
        var neutral: UIStateRestoringObject?
        for object in untaken {
            var vc = object.referencingController
            var belongs: Bool?
            var steps = 0
            while let c = vc, belongs == nil, steps < 10_000 {
                if c === parent {
                    belongs = true
                } else if parentPath != nil, c.liveIndexMark?.path == parentPath {
                    belongs = false
                }
                vc = c.restorationParent
                steps += 1
            }
            if belongs == true { return object }
            if belongs == nil, neutral == nil { neutral = object }
        }
        return neutral
    }

    private func obtainObject(_ e: ArchiveEntry, _ i: Int, _ run: inout RestorationRun) {
        let path = e.pathString
        var obtained: UIStateRestoringObject?
        if let restorationClass = e.restorationClass {
            obtained =
                call(
                    .restorationClassObject(
                        className: restorationClass, path: e.path, coder: e.makeCoder()),
                    receiver: restorationClass, path: path, key: e.key
                ).object
            if obtained == nil { run.outcomes[i].reason = .restorationClassReturnedNil }
            run.outcomes[i].via = obtained == nil ? nil : .restorationClass
        } else if let existing = registeredObject(for: e, run) {
            obtained = existing
            run.takenObjects.insert(ObjectIdentifier(existing))
            run.outcomes[i].via = .existing
        } else {
            run.outcomes[i].reason = .notFound
            if !application.registeredObjects(atRestorationPath: path).isEmpty { run.registeredElsewhere.insert(i) }
        }
        if let obtained {
            run.outcomes[i].status = .restored
            run.outcomes[i].decoded = false
            run.restored[i] = .object(obtained)
            application.liveObjects[path] = obtained
        }
    }
}
