/// One step of an app's life after it first went to the foreground.
public enum TimelineStep: Hashable, Sendable {
    /// The app moves to the background: preservation runs.
    case background
    /// The app moves to the background and crashes while the node at this restoration path
    /// encodes: no archive is written, the previous one stays (T3).
    case backgroundCrashingWhileEncoding(String)
    case kill(KillKind)
    /// The app is launched again: restoration runs.
    case launch(LaunchOptions)
    /// The user closes this scene session in the app switcher: it is discarded (S4).
    case close(session: String)
    /// The system disconnects this scene session to reclaim memory: it is kept (S4).
    case disconnect(session: String)
}

/// UIKit's state preservation and restoration, headless. Drive it with a timeline; every call
/// into the app goes through `boundary`, every call and system event reaches `observer`.
public final class RestorationEngine {
    // Stored properties are `@exclusivity(unchecked)`: dynamic exclusivity checks (a runtime
    // call and a thread-local access set per read or write) were 15 % of the engine's
    // instructions on the 200x200 grid, and nothing here overlaps two accesses to one property.
    public enum AppState: String, Sendable { case foreground, background, terminated }

    public let application: UIApplication
    public let boundary: AppBoundary
    /// Unchecked like the properties below: it is read at every call into the app. Set it between
    /// calls: a call into the app reports to the observer there was when it began.
    @exclusivity(unchecked) public weak var observer: EngineObserver?
    @exclusivity(unchecked) public internal(set) var appState: AppState = .terminated
    /// The archive on disk, if any.
    @exclusivity(unchecked) public internal(set) var archive: Archive?
    @exclusivity(unchecked) public internal(set) var outcome = Outcome()
    /// The archive on disk is UIKit's (adopted), whose classes are inferred, not read (SPEC §9):
    /// R4 cannot be judged against them.
    @exclusivity(unchecked) var archiveClassesInferred = false
    /// This restoration's locators for ambiguous siblings, by archive key (`ambiguousLocators`).
    @exclusivity(unchecked) var restorationLocators: [String: String] = [:]
    /// The opt-in that declined the last save (secure or deprecated), for the next launch's message.
    @exclusivity(unchecked) var saveDeclinedBy: Callback?
    /// Why the last archive went away, for the next launch's reason.
    @exclusivity(unchecked) var archiveLoss: ReasonCode?
    /// What deleted it, when that was not a crash while decoding (the code's own words and fix
    /// blame decode): a crash before restoration, or a restoration never completed.
    @exclusivity(unchecked) var archiveLossCause: (why: String, fix: String)?
    /// The crash while encoding that left no archive at all (T3), for the next launch to name.
    @exclusivity(unchecked) var encodeCrash: (launch: Int, path: String)?
    @exclusivity(unchecked) var killedInForeground = false
    @exclusivity(unchecked) var preservationCount = 0
    @exclusivity(unchecked) var phase: Phase = .launch
    @exclusivity(unchecked) var restoration: RestorationRun?
    /// The launch whose restoration called `extendStateRestoration` and never completed it (T3).
    @exclusivity(unchecked) var extendedNotCompleted: Int?
    /// `deprecated-api` is said once per run, at the first deprecated call.
    @exclusivity(unchecked) var warnedDeprecated = false
    /// The scene sessions, in the scene-based life cycle (SPEC §8).
    @exclusivity(unchecked) var scenes = SceneState()
    /// The coder the last call used, kept to be reused (`reusableCoder`).
    @exclusivity(unchecked) private var spareCoder: RestorationCoder?

    public init(application: UIApplication, boundary: AppBoundary) {
        self.application = application
        self.boundary = boundary
    }

    public var launch: Int { application.launchNumber }

    // MARK: Driving

    /// Launch 1: the app runs with this hierarchy on screen (the state the user left it in).
    public func start(with root: UIViewController?) {
        application.launchNumber = 1
        application.window.rootViewController = root
        application.window.makeKeyAndVisible()
        appState = .foreground
        phase = .launch
        if observer != nil { emit(EngineEvent(launch: 1, phase: .launch, event: .appRunning), hierarchyOf: root) }
    }

    /// Lets a replay change the archive on disk before a relaunch (what-if edits).
    public func modifyArchive(_ body: (inout Archive) -> Void) {
        guard var a = archive else { return }
        body(&a)
        archive = a
    }

    public func run(_ timeline: [TimelineStep]) {
        for step in timeline {
            switch step {
            case .background: enterBackground()
            case .backgroundCrashingWhileEncoding(let path): enterBackground(crashingWhileEncoding: path)
            case .kill(let kind): kill(kind)
            case .launch(let options): relaunch(options)
            case .close(let session): closeScene(session)
            case .disconnect(let session): disconnectScene(session)
            }
        }
    }

    /// Why `step` would do nothing if it ran now, or nil when it does something: a `background`
    /// while the app is not in the foreground (`enterBackground` returns at once), a system's or
    /// debugger's `kill` of an app that is not running (its `kill` event says nothing happened). A scenario's timeline
    /// with such a step asks a question that is silently not asked, so `record` refuses it.
    /// In a scene-based app also a `background` with no scene connected, a `close` of a session
    /// already discarded (closing one while the app is not running is the switcher's, and is
    /// kept), and a `disconnect` of a session that is not connected.
    public func idleReason(of step: TimelineStep) -> String? {
        switch step {
        case .background, .backgroundCrashingWhileEncoding:
            switch appState {
            case .foreground:
                if isSceneBased, !scenes.sessions.contains(where: \.connected) {
                    return
                        "no scene is connected at this step (each was closed or disconnected), so none goes to the background"
                }
                return nil
            case .terminated:
                return "the app is not running at this step (it was killed, or crashed, and no launch followed)"
            case .background:
                return application.launchOptions.deviceLocked
                    ? "the app is already in the background: a launch while the device is locked stays there"
                        + (isSceneBased ? "" : " (R12)")
                    : "the app is already in the background at this step"
            }
        case .kill(let kind):
            // A user's kill of an app that is not running is still the user's: swiping away the
            // card of an app the system ended deletes the archive (T2).
            return appState == .terminated && kind != .user
                ? "the app is not running at this step (it was killed, or crashed, and no launch followed)" : nil
        case .close(let id):
            guard let i = scenes.index(id), scenes.sessions[i].discarded else { return nil }
            return "scene session `\(id)` is already gone at this step"
                + " (its session was discarded before: closed, or the app force-quit)"
        case .disconnect(let id):
            if appState == .terminated {
                return
                    "the app is not running at this step (it was killed, or crashed, and no launch followed), so no scene is connected"
            }
            guard let i = scenes.index(id), !scenes.sessions[i].connected else { return nil }
            return scenes.sessions[i].discarded
                ? "scene session `\(id)` was closed before this step, so it is not connected"
                : "scene session `\(id)` is not connected at this step (it was disconnected before, and no launch followed)"
        case .launch:
            return nil
        }
    }

    public func kill(_ kind: KillKind) {
        if isSceneBased { return killScenes(kind) }
        phase = .termination
        var e = EngineEvent(launch: launch, phase: .termination, event: .kill)
        e.kill = kind
        e.reason = appState == .foreground ? "killed-in-foreground" : "killed-in-background"
        emit(e)
        killedInForeground = appState == .foreground
        if kind == .user, archive != nil {
            deleteArchive(reason: .archiveDeletedUserQuit, detail: "user force-quit from the app switcher (T2)")
        } else if kind == .user, archiveLoss != .saveDeclined {
            archiveLoss = .archiveDeletedUserQuit
        }
        appState = .terminated
        // Nothing walks a terminated app's controllers (`enterBackground` needs the foreground,
        // `relaunch` clears the root first): let them go now, not at the next launch, so the
        // dead tree (~19 MB on the 200x200 grid) is not alive beside the restored one.
        application.releaseTerminatedApp()
    }

    /// What `archive-deleted` says when UIKit discards the archive after a launch (R9): the
    /// in-app recorder writes the same words, so a real app's trace and its replay agree on it.
    public static let discardedAfterLaunch = "discarded after launch (R9)"

    func deleteArchive(reason: ReasonCode?, detail: String) {
        var e = EngineEvent(launch: launch, phase: phase, event: .archiveDeleted)
        e.reason = detail
        emit(e)
        archive = nil
        archiveLoss = reason
        archiveLossCause = nil
    }

    // MARK: Calls into the app

    /// Makes one call through the boundary and reports it, with any side effects the app had.
    ///
    /// Inlined into every caller: there, the strings a caller reads from an archive entry or a
    /// node go straight into the call's context, and `receiver`, which only an event reports,
    /// need not be read without an observer (out of line, each string was retained again for
    /// the context, ~215 instructions of overhead per call; callgrind, `restoretrace-bench
    /// --engine-plain 7000`). The observed path stays out of line (`observedCall`).
    @discardableResult
    @inline(__always)
    func call(
        _ appCall: AppCall, receiver: String, path: String? = nil, key: String? = nil, session: String? = nil
    ) -> AppAnswer {
        // Without an observer nothing is reported: the window and snapshot state before the call
        // are only read to describe its side effects in the event. The old root is still kept
        // alive through the call, as with an observer: an app that replaces the root would
        // otherwise see its old controllers' back references cleared mid-call, and behave
        // differently depending on whether anyone watches.
        // The weak reference is loaded once (a runtime call each time; -2.2 % of an observed run,
        // callgrind, `restoretrace-bench --engine-grid 60`): the observer is then held through the
        // call, as a delegate is while it is being called. So an observer replaced or let go by
        // the app during a call still gets that call's event; set `observer` between calls.
        guard let observer else {
            return withExtendedLifetime(application.window.rootViewController) {
                boundary.perform(
                    appCall, context: CallContext(application: application, launch: launch, path: path, key: key))
            }
        }
        return observedCall(appCall, observer: observer, receiver: receiver, path: path, key: key, session: session)
    }

    /// `call` with an observer: the call, then its event.
    @inline(never)
    private func observedCall(
        _ appCall: AppCall, observer: EngineObserver, receiver: String, path: String?, key: String?, session: String?
    ) -> AppAnswer {
        let context = CallContext(application: application, launch: launch, path: path, key: key)
        let window = application.window
        let wasKey = window.isKeyWindow
        let oldRoot = window.rootViewController
        let ignoredBefore = application.snapshotIgnored
        let answer = boundary.perform(appCall, context: context)

        // Loading the initial interface is reported as the `launch-ui-built` system event instead.
        guard let callback = appCall.callback else { return answer }
        var e = EngineEvent(launch: launch, phase: phase, callback: callback)
        e.receiver = receiver
        e.path = path
        e.key = key
        e.session = session
        switch appCall {
        case .willEncodeApplication(let c):
            e.coder = c.appWrites
        case .shouldSave(let c), .shouldSaveSecure(let c), .shouldRestore(let c), .shouldRestoreSecure(let c),
            .didDecodeApplication(let c),
            .delegateViewController(_, let c), .restorationClassViewController(_, _, let c),
            .restorationClassObject(_, _, let c), .decode(_, let c):
            e.coder = c.entries
            if c.appCrashed { e.result = .crashed }
        case .encode(_, let c):
            e.coder = c.appWrites
            if c.appCrashed { e.result = .crashed }
        case .modelIdentifier(let indexPath, _):
            e.argument = .array(indexPath.map(CoderValue.int))
        case .indexPath(let identifier, _):
            e.argument = .string(identifier)
        case .instantiateStoryboardScene(let ref):
            e.argument = .string(ref.qualifiedIdentifier)
        case .scene(let sceneCall):
            describe(sceneCall, answer: answer, in: &e)
        default: break
        }
        if e.result == nil { e.result = eventResult(for: answer, path: path) }
        var effects = CallEffects()
        effects.madeKeyAndVisible = !wasKey && window.isKeyWindow
        if window.rootViewController !== oldRoot, let root = window.rootViewController {
            effects.newRoot = .new(root.blueprint(classes: application.classes))
        }
        effects.ignoredSnapshot = !ignoredBefore && application.snapshotIgnored
        if !effects.isEmpty { e.effects = effects }
        observer.engine(self, didEmit: e)
        return answer
    }

    private func eventResult(for answer: AppAnswer, path: String?) -> EventResult? {
        switch answer {
        case .void: return nil
        case .bool(let b): return .bool(b)
        case .viewController(let vc):
            guard let vc else { return .object(nil) }
            if let found = application.existingPath(of: vc) {
                return .object(.existing(className: vc.className, path: found))
            }
            return .object(.new(vc.blueprint(classes: application.classes)))
        case .object(let o):
            guard let o else { return .object(nil) }
            if let path, application.liveObjects[path] === o {
                return .object(.existing(className: o.className, path: path))
            }
            return .object(
                .newObject(
                    ObjectBlueprint(
                        restorationIdentifier: o.restorationIdentifier, className: o.className,
                        objectRestorationClass: o.objectRestorationClass, restorationParent: o.restorationParentPath,
                        state: o.state)))
        case .modelIdentifier(let m): return .modelIdentifier(m)
        case .indexPath(let p): return .indexPath(p)
        case .configuration(let c): return .configuration(c)
        // A returned activity is the event's `activity`; no activity is a nil answer.
        case .activity(let a): return a == nil ? .object(nil) : nil
        case .crashed: return .crashed
        }
    }

    /// P1 (and R2's restore side): asks whether the app implements the iOS 13.2 secure method,
    /// and calls it or the deprecated one. An app on the deprecated pair earns one
    /// `deprecated-api` warning.
    /// - Returns: the answer, and the method asked (a "returned NO" finding names that one).
    func askSaveOrRestore(secure: Callback, _ coder: RestorationCoder) -> (answer: Bool, asked: Callback) {
        let save = secure == .shouldSaveSecure
        if call(.responds(secure), receiver: "AppDelegate").boolValue {
            let answer = call(save ? .shouldSaveSecure(coder) : .shouldRestoreSecure(coder), receiver: "AppDelegate")
            return (answer.boolValue, secure)
        }
        if !warnedDeprecated {
            warnedDeprecated = true
            let old = save ? Callback.shouldSave : Callback.shouldRestore
            diagnose(
                .deprecatedApi, .warning, path: nil, locator: "AppDelegate",
                "The app implements \(old.rawValue) (deprecated since iOS 13.2) and not \(secure.rawValue), so UIKit calls the deprecated method and does not require secure coding (P1). Fix: \(ReasonCode.deprecatedApi.fix) (a scenario whose delegate: names neither secure method describes the deprecated pair: if your app has the secure pair, write delegate: {shouldSaveSecureApplicationState: true, shouldRestoreSecureApplicationState: true})."
            )
        }
        let answer = call(save ? .shouldSave(coder) : .shouldRestore(coder), receiver: "AppDelegate")
        return (answer.boolValue, save ? .shouldSave : .shouldRestore)
    }

    /// A coder over `entries` (keys known to be unique) for one call into the app: the one the
    /// last such call used when nothing else holds it any more (the app did not keep it, the
    /// engine is done with it), else a new one. The engine keeps a reference to the coder it
    /// hands out, so it is reused only once every other strong reference is gone: an app that
    /// keeps the coder keeps it as it was. Only strong references are counted, though: an app
    /// holding the coder weakly (`weak var last: RestorationCoder?`) sees it stay alive and
    /// hold the next node's keys, where UIKit's coder would have been freed. Two to three coders per node, each an allocation, an initialization
    /// and a deinit, were ~4 % of `Scenario.run` (callgrind, `restoretrace-bench --engine-grid 60`).
    func reusableCoder(uniqueEntries entries: [CoderEntry] = []) -> RestorationCoder {
        if spareCoder != nil, isKnownUniquelyReferenced(&spareCoder) {
            let coder = spareCoder!
            coder.reset(uniqueEntries: entries)
            return coder
        }
        let coder = RestorationCoder(uniqueEntries: entries)
        spareCoder = coder
        return coder
    }

    /// A coder for decoding an archive entry (`ArchiveEntry.makeCoder`), reused when it can be.
    func decodingCoder(_ entry: ArchiveEntry) -> RestorationCoder {
        entry.coderKeysAreUnique ? reusableCoder(uniqueEntries: entry.coder) : entry.makeCoder()
    }

    func emit(_ event: EngineEvent) {
        observer?.engine(self, didEmit: event)
    }

    /// Emits a hierarchy event: to an observer that takes the live tree (a replay's comparator),
    /// with that tree; to any other, with the tree's snapshot as its `hierarchy`.
    func emit(_ event: EngineEvent, hierarchyOf root: UIViewController?) {
        guard let observer else { return }
        if let root, let live = observer as? LiveHierarchyObserver {
            live.engine(self, didEmit: event, hierarchyOf: root)
            return
        }
        var e = event
        e.hierarchy = root?.blueprint(classes: application.classes)
        observer.engine(self, didEmit: e)
    }

    func diagnose(_ code: ReasonCode, _ severity: Severity, path: String?, locator: String?, _ message: String) {
        outcome.diagnostics.append(
            Diagnostic(code: code, severity: severity, path: path, locator: locator, message: message, launch: launch))
    }
}
