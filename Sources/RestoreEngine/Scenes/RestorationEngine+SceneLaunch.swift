/// S3 and the crash rules of S4: a scene-based app's relaunch.
extension RestorationEngine {
    /// `willFinishLaunching` → `didFinishLaunching` → `application:didDiscardSceneSessions:` →
    /// per remembered session `scene:willConnectToSession:options:` (with the saved activity; nil
    /// while the device is locked) → `scene:restoreInteractionStateWithUserActivity:` →
    /// `sceneWillEnterForeground:` → `sceneDidBecomeActive:`. A remembered session keeps its
    /// configuration: `application:configurationForConnectingSceneSession:options:` is not called.
    func relaunchScenes(_ options: LaunchOptions) {
        if appState != .terminated { kill(.system) }
        application.launchNumber += 1
        application.launchOptions = options
        if let version = options.bundleVersion { application.configuration.bundleVersion = version }
        phase = .launch
        appState = .foreground
        var start = EngineEvent(launch: launch, phase: .launch, event: .launch)
        start.options = options
        emit(start)
        for i in scenes.sessions.indices {
            scenes.sessions[i].restored = nil
            scenes.sessions[i].reconnected = false
            scenes.sessions[i].isNew = false
        }
        if let extended = extendedNotCompleted {
            extendedNotCompleted = nil
            deleteActivities(
                "restoration extended at launch \(extended) was never completed: counts as a crash (S4)",
                message:
                    "At launch \(extended) a scene called extendStateRestoration and never completeStateRestoration: UIKit treats that as a crash during restoration and discards the saved activities (S4). Fix: call completeStateRestoration when the work it waited for ends, on every path."
            )
        }
        call(.willFinishLaunching, receiver: "AppDelegate")
        if options.crashBeforeRestoration {
            // Locked, no session's data was readable (S3): the crash is not one during
            // restoration, and the activities stay for the next unlocked launch, as R12.
            crashScenes(reason: "crashed before the scenes connected", keepingActivities: options.deviceLocked)
            return
        }
        call(.didFinishLaunching, receiver: "AppDelegate")
        outcome.launches.append(PhaseOutcome(performed: false, reason: .sceneBasedApp, launch: launch))
        if !scenes.pendingDiscards.isEmpty {
            call(.didDiscardSceneSessions(scenes.pendingDiscards), receiver: "AppDelegate")
            scenes.pendingDiscards = []
        }
        phase = .restoration
        for i in scenes.sessions.indices where !scenes.sessions[i].discarded {
            guard reconnect(i, options) else { return }  // crashed
        }
        if !options.deviceLocked, !scenes.sessions.isEmpty, !scenes.sessions.contains(where: { !$0.discarded }) {
            connectNewSession()
        }
        if options.deviceLocked {
            // A background launch, as R12: the activities stay for the next unlocked launch.
            appState = .background
        } else if options.extendStateRestoration == .never, scenes.sessions.contains(where: { $0.restored != nil }) {
            extendedNotCompleted = launch
        }
        publishScenes()
    }

    /// One remembered session reconnects. - Returns: false when the app crashed.
    private func reconnect(_ i: Int, _ options: LaunchOptions) -> Bool {
        let id = scenes.sessions[i].id
        // The encrypted session data cannot be read while the device is locked (S3).
        let activity = options.deviceLocked ? nil : scenes.sessions[i].saved
        call(.willConnect(session: id, activity: activity), receiver: "SceneDelegate")
        scenes.sessions[i].connected = true
        scenes.sessions[i].reconnected = true
        scenes.sessions[i].restored = activity
        if activity != nil {
            // Back: whatever kept it from an earlier launch (a locked device…) is past.
            scenes.sessions[i].reason = nil
        } else if scenes.sessions[i].saved == nil, scenes.sessions[i].reason == nil {
            neverSaved(i)
        }
        if options.deviceLocked, scenes.sessions[i].saved != nil {
            scenes.sessions[i].reason = .deviceLocked
            diagnose(
                .deviceLocked, .warning, path: nil, locator: id,
                "Scene session `\(id)` reconnected at launch \(launch) with no activity: the device was locked, so session.stateRestorationActivity was nil until unlock (S3). Fix: \(ReasonCode.deviceLocked.sceneFix)."
            )
        }
        if let activity {
            // The app decides the crash (a scenario's `crashWhileDecoding: SESSION`), as it does a
            // save's: a replay and the in-app recorder then see it as the call's answer.
            let answer = call(.restoreInteractionState(session: id, activity: activity), receiver: "SceneDelegate")
            if case .crashed = answer {
                crashScenes(reason: "crashed in scene:restoreInteractionStateWithUserActivity:", session: id)
                return false
            }
        }
        if !options.deviceLocked {
            call(.willEnterForeground(session: id), receiver: "SceneDelegate")
            call(.didBecomeActive(session: id), receiver: "SceneDelegate")
            scenes.sessions[i].foreground = true
        } else {
            scenes.sessions[i].foreground = false
        }
        return true
    }

    /// The user opens an app whose every session was discarded (closed in the switcher, or the
    /// app force-quit): UIKit makes a new session and asks the app for its configuration, which
    /// it does for no remembered session (S3). It connects with no activity, since a new session
    /// has none; nothing is lost that the discards did not already say.
    /// Its window is the one its configuration's storyboard builds: the UI of the first session
    /// with that configuration (the first session's, when the answer names none of theirs).
    private func connectNewSession() {
        let id = newSessionIdentifier()
        let answer = call(.configurationForConnecting(session: id), receiver: "AppDelegate")
        let first = scenes.sessions[0]
        var configuration = first.configuration
        if case .configuration(let named?) = answer { configuration = named }
        let root = scenes.sessions.first { $0.configuration == configuration }?.root ?? first.root
        var session = SceneSessionState(id: id, configuration: configuration, root: root)
        session.isNew = true
        scenes.sessions.append(session)
        call(.willConnect(session: id, activity: nil), receiver: "SceneDelegate")
        // After the call, as the in-app recorder sees it: the window is the one the delegate set up.
        emitSceneConnected(scenes.sessions[scenes.sessions.count - 1])
        call(.willEnterForeground(session: id), receiver: "SceneDelegate")
        call(.didBecomeActive(session: id), receiver: "SceneDelegate")
    }

    /// `new-session-N` for a session made at launch N, unless the boundary names it (a replay,
    /// with the name in the trace); UIKit's are UUIDs, and a recording needs the same name every
    /// time. A scenario's own session of that name keeps it: a suffix is added.
    private func newSessionIdentifier() -> String {
        let base = "new-session-\(launch)"
        var id = base
        var n = 1
        while scenes.index(id) != nil {
            n += 1
            id = "\(base)-\(n)"
        }
        let inUse = Set(scenes.sessions.map(\.id))
        let named = boundary.identifierForNewSession(proposed: id, inUse: inUse)
        return named.isEmpty || inUse.contains(named) ? id : named
    }

    /// A session reconnects with no activity, and no finding says why: nothing was ever saved for
    /// it. In the legacy life cycle that is `no-archive` (R2); the scene gets the same code, with
    /// the moment UIKit would have asked (S2) as the cause.
    private func neverSaved(_ i: Int) {
        let id = scenes.sessions[i].id
        scenes.sessions[i].reason = .noArchive
        let why: String
        let fix: String
        if application.configuration.activitySaving == .disconnect {
            why =
                "the app is asked for its activity only before a scene is disconnected (saveActivity: disconnect), and this scene was not disconnected before the app was killed (S2)"
            fix =
                "keep the scene's state current in its NSUserActivity as it changes (updateUserActivityState(_:)), so the save before a disconnection is not the only chance"
        } else if killedInForeground {
            why =
                "the app was killed while in the foreground, and a scene saves its activity only on entering the background (S2)"
            fix = ReasonCode.noArchive.sceneFix
        } else {
            why = "no activity was saved for it since it connected: the scene never went to the background (S2)"
            fix = ReasonCode.noArchive.sceneFix
        }
        diagnose(
            .noArchive, .warning, path: nil, locator: id,
            "Scene session `\(id)` reconnected at launch \(launch) with no activity: \(why). Fix: \(fix).")
    }

    /// A crash during a scene launch: as with the archive (T3), the saved activities are deleted
    /// so they cannot crash the next launch; the sessions themselves stay.
    /// - Parameter session: the session whose restore code crashed, named in the finding (and as
    ///   its locator), not in the trace's `crash` event, whose bytes earlier traces replay against.
    ///   With several windows, "crashed in scene:restoreInteractionState…" did not say whose
    ///   (r20 scenes hunt).
    private func crashScenes(reason: String, session: String? = nil, keepingActivities: Bool = false) {
        var event = EngineEvent(launch: launch, phase: phase, event: .crash)
        event.reason = reason
        emit(event)
        let crashed = reason + (session.map { " for scene session `\($0)`" } ?? "")
        if outcome.launches.last?.launch != launch {
            outcome.launches.append(PhaseOutcome(performed: false, reason: .sceneBasedApp, launch: launch))
        }
        if keepingActivities {
            // Said only when there is something kept, as the unlocked case says only what it deletes.
            if scenes.sessions.contains(where: { $0.saved != nil && !$0.discarded }) {
                diagnose(
                    .deviceLocked, .warning, path: nil, locator: nil,
                    "The app \(crashed) at launch \(launch), while the device was locked: no session's saved activity had been read (S3), so they stay, and the next unlocked launch restores from them. Fix: fix the crash."
                )
            }
        } else {
            deleteActivities(
                "deleted after a crash during restoration (S4)",
                message:
                    "The app \(crashed) at launch \(launch): UIKit deletes the saved scene activities, so the next launch restores none (S4). Fix: fix the crash.",
                locator: session)
        }
        for i in scenes.sessions.indices {
            scenes.sessions[i].connected = false
            scenes.sessions[i].foreground = false
            // Not restored, and now why: it had nothing saved (SPEC §2: every session not
            // restored carries a reason; one that never saved had none after the crash).
            if !scenes.sessions[i].discarded, scenes.sessions[i].saved == nil, scenes.sessions[i].reason == nil {
                scenes.sessions[i].reason = .noArchive
            }
        }
        appState = .terminated
        publishScenes()
    }

    /// Deletes every session's saved activity (`archive-deleted`, one per session that had one).
    private func deleteActivities(_ detail: String, message: String, locator: String? = nil) {
        var any = false
        for i in scenes.sessions.indices where scenes.sessions[i].saved != nil && !scenes.sessions[i].discarded {
            any = true
            let deleted = scenes.sessions[i].saved
            scenes.sessions[i].saved = nil
            scenes.sessions[i].deletedByCrash = deleted
            scenes.sessions[i].reason = .archiveDeletedCrash
            var e = EngineEvent(launch: launch, phase: phase, event: .archiveDeleted)
            e.session = scenes.sessions[i].id
            e.reason = detail
            emit(e)
        }
        if any { diagnose(.archiveDeletedCrash, .error, path: nil, locator: locator, message) }
    }
}
