/// The scene-based life cycle's launch 1, saving (S2) and the ways a scene ends (S4).
extension RestorationEngine {
    /// Launch 1 of a scene-based app: the sessions are connected and in the foreground, in the
    /// state the user left them. The legacy machinery they still carry is reported inert (S1).
    public func startScenes(_ setups: [SceneSetup]) {
        application.launchNumber = 1
        appState = .foreground
        phase = .launch
        // UIKit's app-level window stands for the first scene's, for code that looks at it.
        application.window.rootViewController = setups.first?.root
        application.window.makeKeyAndVisible()
        emit(EngineEvent(launch: 1, phase: .launch, event: .appRunning))
        for setup in setups {
            scenes.sessions.append(
                SceneSessionState(id: setup.session, configuration: setup.configuration, root: setup.root))
            emitSceneConnected(scenes.sessions[scenes.sessions.count - 1])
        }
        reportInertLegacy()
        publishScenes()
    }

    /// `scene-connected`: a session's configuration and the window its delegate set up.
    func emitSceneConnected(_ session: SceneSessionState) {
        guard observer != nil else { return }
        var e = EngineEvent(launch: launch, phase: phase, event: .sceneConnected)
        e.session = session.id
        e.configuration = session.configuration
        e.hierarchy = session.root?.blueprint(classes: application.classes)
        emit(e)
    }

    /// The app moves to the background: every foreground scene resigns, enters the background
    /// and, unless the app asks only before disconnection, saves its activity (S2).
    func backgroundScenes() {
        phase = .preservation
        appState = .background
        preservationCount += 1
        emit(EngineEvent(launch: launch, phase: .preservation, event: .background))
        outcome.preservation = PhaseOutcome(performed: false, reason: .sceneBasedApp, launch: launch)
        // An activity a crash deleted is no longer what the last preservation saved: this one is.
        for i in scenes.sessions.indices { scenes.sessions[i].deletedByCrash = nil }
        for i in scenes.sessions.indices where scenes.sessions[i].connected && scenes.sessions[i].foreground {
            guard sendToBackground(i) else { break }  // the app crashed while saving
        }
        publishScenes()
    }

    /// `sceneWillResignActive:` → `sceneDidEnterBackground:` → the save, then UIKit's snapshot.
    /// - Returns: false when the app crashed while saving.
    @discardableResult
    private func sendToBackground(_ i: Int) -> Bool {
        let id = scenes.sessions[i].id
        call(.willResignActive(session: id), receiver: "SceneDelegate")
        call(.didEnterBackground(session: id), receiver: "SceneDelegate")
        scenes.sessions[i].foreground = false
        if application.configuration.activitySaving == .background, !saveActivity(i) { return false }
        var snapshot = EngineEvent(launch: launch, phase: .preservation, event: .snapshot)
        snapshot.session = id
        emit(snapshot)
        return true
    }

    /// S2: `stateRestorationActivityForScene:` → `userActivityWillSave:` → `updateUserActivityState:`
    /// on each responder sharing the activity → `scene:didUpdateUserActivity:`, then the archive's
    /// checks: the type must be declared, the user info a property list.
    /// - Returns: false when the app crashed in `stateRestorationActivityForScene:`.
    @discardableResult
    func saveActivity(_ i: Int) -> Bool {
        let id = scenes.sessions[i].id
        let answer = call(.stateRestorationActivity(session: id), receiver: "SceneDelegate")
        if case .crashed = answer {
            crashWhileSaving(i)
            return false
        }
        guard case .activity(let returned?) = answer else {
            // UIKit copies what the delegate returns into the session: nil leaves nothing to restore.
            notSaved(i, .saveDeclined, "stateRestorationActivityForScene: returned nil", severity: .warning)
            return true
        }
        let live = NSUserActivity(returned)
        call(.userActivityWillSave(session: id, live), receiver: "NSUserActivityDelegate")
        for responder in returned.responders {
            call(.updateUserActivityState(session: id, responder: responder, live), receiver: responder)
        }
        call(.didUpdateUserActivity(session: id, live), receiver: "SceneDelegate")
        let activity = live.activity.archived
        if !application.configuration.userActivityTypes.contains(activity.type) {
            let declared = application.configuration.userActivityTypes
            notSaved(
                i, .activityTypeNotDeclared,
                "its activity type '\(activity.type)' is not in NSUserActivityTypes ("
                    + (declared.isEmpty ? "which is empty" : declared.map { "'\($0)'" }.joined(separator: ", "))
                    + "), so UIKit silently does not persist it (S2)", severity: .error)
            return true
        }
        if let key = activity.nonPlistKeys.first {
            notSaved(
                i, .activityNotPlist,
                "its activity's userInfo['\(key)'] is not a property-list type, so saving the activity fails (S2)",
                severity: .error)
            return true
        }
        scenes.sessions[i].saved = activity
        scenes.sessions[i].reason = nil
        var e = EngineEvent(launch: launch, phase: .preservation, event: .activitySaved)
        e.session = id
        e.activity = activity
        emit(e)
        return true
    }

    /// A crash in `stateRestorationActivityForScene:`: the app ends there, as a crash while
    /// encoding does (T3). The sessions saved before it in this backgrounding keep their new
    /// activity; it and those after it (never asked) keep the one they had, as the legacy
    /// archive stays.
    private func crashWhileSaving(_ i: Int) {
        let id = scenes.sessions[i].id
        var event = EngineEvent(launch: launch, phase: .preservation, event: .crash)
        event.session = id
        event.reason = "crashed in stateRestorationActivityForScene:"
        emit(event)
        for j in scenes.sessions.indices {
            scenes.sessions[j].connected = false
            scenes.sessions[j].foreground = false
            // Nothing saved, and now why: the crash (said below). Without a reason, the next
            // launch told them "the scene never went to the background".
            if scenes.sessions[j].saved == nil, scenes.sessions[j].reason == nil {
                scenes.sessions[j].reason = .noArchive
            }
        }
        appState = .terminated
        let kept = scenes.sessions[i].saved == nil ? "it has no earlier activity" : "its earlier activity stays"
        diagnose(
            .noArchive, .error, path: nil, locator: id,
            "The app crashed in stateRestorationActivity(for:) for scene session `\(id)` at launch \(launch): nothing more was saved, and \(kept) (T3). Fix: fix the crash in stateRestorationActivity(for:) (or in the updateUserActivityState(_:) it triggers)."
        )
    }

    private func notSaved(_ i: Int, _ reason: ReasonCode, _ why: String, severity: Severity) {
        let id = scenes.sessions[i].id
        scenes.sessions[i].saved = nil
        scenes.sessions[i].reason = reason
        var e = EngineEvent(launch: launch, phase: .preservation, event: .activityNotSaved)
        e.session = id
        e.reason = reason.rawValue
        emit(e)
        // The scene's fix: save-declined's own is the app-based opt-in, which a scene app is never asked.
        let message = "Scene session `\(id)` saved no state at launch \(launch): \(why). Fix: \(reason.sceneFix)."
        if let said = scenes.sessions[i].saidNotSaved, said.launch == launch, said.message == message { return }
        scenes.sessions[i].saidNotSaved = (launch, message)
        diagnose(reason, severity, path: nil, locator: id, message)
    }

    /// T1/T2 for scenes. A system or debugger kill leaves every session and its activity; a
    /// force quit from the switcher closes every scene: `sceneWillResignActive:` (if active) →
    /// `sceneDidDisconnect:`, and the sessions are discarded (reported at the next launch).
    func killScenes(_ kind: KillKind) {
        phase = .termination
        var e = EngineEvent(launch: launch, phase: .termination, event: .kill)
        e.kill = kind
        e.reason = appState == .foreground ? "killed-in-foreground" : "killed-in-background"
        emit(e)
        killedInForeground = appState == .foreground
        for i in scenes.sessions.indices where !scenes.sessions[i].discarded {
            if kind == .user {
                if scenes.sessions[i].connected {
                    if scenes.sessions[i].foreground {
                        call(.willResignActive(session: scenes.sessions[i].id), receiver: "SceneDelegate")
                    }
                    call(.didDisconnect(session: scenes.sessions[i].id), receiver: "SceneDelegate")
                }
                // The activity it had saved goes with it: for the user, that state is lost, as a
                // force quit's archive is in the legacy life cycle (T2), so it is told apart.
                // One that had saved nothing was not closed by the user: its fix is the force
                // quit's, not "closing a scene discards it" (r17, r20 scenes hunts).
                let savedNothing = scenes.sessions[i].saved == nil
                discard(
                    i, why: "the user force-quit the app from the app switcher, which closes its scenes",
                    reason: savedNothing ? .sessionDiscarded : .archiveDeletedUserQuit,
                    fix: savedNothing
                        ? "nothing to fix: a force quit discards the scene sessions by design; test by backgrounding, then stopping from Xcode"
                        : nil)
            }
            scenes.sessions[i].connected = false
            scenes.sessions[i].foreground = false
        }
        appState = .terminated
        publishScenes()
    }

    /// S4: the user closes one scene in the switcher. Its session is destroyed; the app delegate
    /// hears of it now if the app is running, else at the next launch.
    func closeScene(_ id: String) {
        phase = .termination
        var e = EngineEvent(launch: launch, phase: .termination, event: .close)
        e.session = id
        emit(e)
        guard let i = scenes.index(id), !scenes.sessions[i].discarded else { return }
        let running = appState != .terminated
        if running, scenes.sessions[i].connected {
            if scenes.sessions[i].foreground { call(.willResignActive(session: id), receiver: "SceneDelegate") }
            call(.didDisconnect(session: id), receiver: "SceneDelegate")
        }
        discard(i, why: "the user closed the scene in the app switcher")
        if running {
            scenes.pendingDiscards.removeAll { $0 == id }
            call(.didDiscardSceneSessions([id]), receiver: "AppDelegate")
        }
        publishScenes()
    }

    /// S4: the system disconnects a scene to reclaim memory. The scene goes to the background
    /// if it was not, UIKit asks for its activity before disconnecting it, and the session stays.
    func disconnectScene(_ id: String) {
        phase = .preservation
        var e = EngineEvent(launch: launch, phase: .preservation, event: .disconnect)
        e.session = id
        emit(e)
        guard appState != .terminated, let i = scenes.index(id), scenes.sessions[i].connected else { return }
        if scenes.sessions[i].foreground, !sendToBackground(i) { return publishScenes() }
        guard saveActivity(i) else { return publishScenes() }
        call(.didDisconnect(session: id), receiver: "SceneDelegate")
        scenes.sessions[i].connected = false
        publishScenes()
    }

    /// The session is gone for good: no reconnection, its activity deleted (S4).
    /// - Parameter fix: the finding's fix, when it is not the reason's (`sceneFix`).
    private func discard(_ i: Int, why: String, reason: ReasonCode = .sessionDiscarded, fix: String? = nil) {
        let id = scenes.sessions[i].id
        scenes.sessions[i].discarded = true
        scenes.sessions[i].connected = false
        // `saved` and `restored` stay what the last preservation saved and the last launch handed
        // back (SPEC §8's outcome): the reason says the session is gone since. Cleared, the
        // summary said "saved nothing" of a session whose trace shows its activity saved, and a
        // force quit after a good restoration read as a restoration that failed.
        scenes.sessions[i].reason = reason
        if !scenes.pendingDiscards.contains(id) { scenes.pendingDiscards.append(id) }
        var e = EngineEvent(launch: launch, phase: phase, event: .sessionDiscarded)
        e.session = id
        e.reason = why
        emit(e)
        diagnose(
            reason, .warning, path: nil, locator: id,
            "Scene session `\(id)` was discarded at launch \(launch): \(why), so it does not reconnect"
                + (scenes.sessions[i].saved == nil ? " (it had saved no activity)" : " and its activity is gone")
                + " (S4). Fix: \(fix ?? reason.sceneFix)."
        )
    }
}
