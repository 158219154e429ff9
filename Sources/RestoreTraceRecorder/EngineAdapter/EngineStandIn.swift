import RestoreEngine

/// The engine standing in for UIKit: sits between the engine's `AppBoundary` and the app,
/// forwards every call to the app, and tells the capture core what the app was asked and what it
/// answered — as the UIKit glue's hooks do in a real app. The system's moves reach it as the
/// engine's observer (on a device, UIKit's notifications and the archive on disk tell the glue).
///
/// It reports only what a hook could see: the call, its coder, the answer and the window around
/// it. The engine's own events are not copied; a test compares the two traces instead.
public final class EngineStandIn: AppBoundary, EngineObserver {
    private let app: AppBoundary
    /// Set by `attach`: the core needs the application, which exists once the engine does.
    public private(set) var capture: AppCapture?

    /// - Parameter app: the app's side of the boundary (a `DirectBoundary`, a scenario's).
    public init(forwardingTo app: AppBoundary) { self.app = app }

    /// Connects the core that receives the reports.
    public func attach(_ capture: AppCapture) { self.capture = capture }

    // MARK: AppBoundary: the hooks

    public func perform(_ call: AppCall, context: CallContext) -> AppAnswer {
        guard let capture, let callback = call.callback else { return app.perform(call, context: context) }
        let before = capture.willCall()
        let answer = app.perform(call, context: context)
        var captured = CapturedCall(
            callback, receiver: Self.receiver(of: call), path: context.path, key: context.key,
            coder: Self.coder(of: call), argument: Self.argument(of: call), answer: Self.answer(answer))
        if case .scene(let sceneCall) = call {
            // Read after the app's implementation: the live activity as the call left it.
            (captured.session, captured.activity) = (sceneCall.session, Self.activity(of: sceneCall, answer: answer))
        }
        capture.didCall(captured, since: before)
        return answer
    }

    /// Who UIKit sent the message to: the delegate, the restoration class, the object itself, or
    /// the table's data source (its owning controller in the engine's model).
    static func receiver(of call: AppCall) -> String {
        switch call {
        case .restorationClassViewController(let className, _, _), .restorationClassObject(let className, _, _):
            className
        case .encode(let node, _), .decode(let node, _), .finishedRestoring(let node): node.className
        case .modelIdentifier(_, let view), .indexPath(_, let view): view.owner?.className ?? view.className
        case .instantiateStoryboardScene(let reference): "UIStoryboard(\(reference.name))"
        case .loadInitialInterface: "UIStoryboard"
        case .willFinishLaunching, .didFinishLaunching, .responds, .shouldSave, .shouldSaveSecure,
            .willEncodeApplication, .shouldRestore, .shouldRestoreSecure, .didDecodeApplication,
            .delegateViewController:
            "AppDelegate"
        case .scene(.userActivityWillSave): "NSUserActivityDelegate"
        case .scene(.updateUserActivityState(_, let responder, _)): responder
        case .scene(.didDiscardSceneSessions), .scene(.configurationForConnecting): "AppDelegate"
        case .scene: "SceneDelegate"
        }
    }

    static func coder(of call: AppCall) -> CapturedCoder? {
        switch call {
        case .shouldSave(let c), .shouldSaveSecure(let c), .willEncodeApplication(let c), .shouldRestore(let c),
            .shouldRestoreSecure(let c), .didDecodeApplication(let c), .delegateViewController(_, let c),
            .restorationClassViewController(_, _, let c), .restorationClassObject(_, _, let c), .encode(_, let c),
            .decode(_, let c):
            c
        case .loadInitialInterface, .instantiateStoryboardScene, .willFinishLaunching, .didFinishLaunching, .responds,
            .finishedRestoring, .modelIdentifier, .indexPath, .scene:
            nil
        }
    }

    static func argument(of call: AppCall) -> CoderValue? {
        switch call {
        case .modelIdentifier(let indexPath, _): .array(indexPath.map(CoderValue.int))
        case .indexPath(let identifier, _): .string(identifier)
        case .instantiateStoryboardScene(let reference): .string(reference.qualifiedIdentifier)
        case .scene(.didDiscardSceneSessions(let sessions)): .array(sessions.map(CoderValue.string))
        default: nil
        }
    }

    /// The activity a scene hook sees: the one returned, received, or shared (as left by the call).
    static func activity(of call: SceneCall, answer: AppAnswer) -> UserActivity? {
        switch call {
        case .stateRestorationActivity: if case .activity(let a) = answer { a } else { nil }
        case .userActivityWillSave(_, let live), .updateUserActivityState(_, _, let live),
            .didUpdateUserActivity(_, let live):
            live.activity
        case .willConnect(_, let activity): activity
        case .restoreInteractionState(_, let activity): activity
        case .willResignActive, .didEnterBackground, .didDisconnect, .didDiscardSceneSessions,
            .configurationForConnecting, .willEnterForeground, .didBecomeActive:
            nil
        }
    }

    static func answer(_ answer: AppAnswer) -> CapturedAnswer {
        switch answer {
        case .void: .none
        case .bool(let b): .bool(b)
        case .viewController(let vc): .controller(vc)
        case .object(let o): .object(o)
        case .modelIdentifier(let m): .modelIdentifier(m)
        case .indexPath(let p): .indexPath(p)
        case .activity(let a): .activity(a)
        case .configuration(let c): .configuration(c)
        case .crashed: .crashed
        }
    }

    // MARK: EngineObserver: the system's moves

    public func engine(_ engine: RestorationEngine, didEmit event: EngineEvent) {
        // Calls were reported by `perform`; only what the system did comes this way.
        guard let capture, let system = event.event else { return }
        switch system {
        case .appRunning: capture.appRunning()
        case .launch: capture.launched(event.options ?? LaunchOptions())
        case .launchUIBuilt: capture.launchInterfaceBuilt()
        case .background: capture.enteredBackground()
        case .archiveWritten: capture.archiveWritten(event.archive)
        case .archiveDeleted:
            if let session = event.session {
                capture.activityDeleted(session: session, reason: event.reason ?? "")
            } else if event.reason == RestorationEngine.discardedAfterLaunch {
                capture.archiveDiscardedAfterLaunch()
            } else {
                capture.archiveDeleted(reason: event.reason ?? "")
            }
        case .snapshot:
            if let session = event.session { capture.snapshotTaken(session: session) } else { capture.snapshotTaken() }
        case .kill: capture.killed(event.kill ?? .system, inForeground: engine.appState == .foreground)
        case .crash:
            capture.crashed(path: event.path, key: event.key, reason: event.reason ?? "", session: event.session)
        case .sceneConnected:
            capture.sceneConnected(
                session: event.session ?? "", configuration: event.configuration ?? "",
                root: engine.sceneRoot(event.session ?? ""))
        case .activitySaved:
            // What UIKit archived, as the glue reads it back from the session.
            if let activity = event.activity { capture.activitySaved(session: event.session ?? "", activity: activity) }
        case .activityNotSaved: capture.activityNotSaved(session: event.session ?? "", reason: event.reason ?? "")
        case .close: capture.sceneClosed(session: event.session ?? "")
        case .disconnect: capture.sceneDisconnected(session: event.session ?? "")
        case .sessionDiscarded: capture.sessionDiscarded(session: event.session ?? "", reason: event.reason ?? "")
        }
    }
}

/// The engine's coder, seen through the recorder's port.
extension RestorationCoder: CapturedCoder {
    public var capturedEntries: [CoderEntry] { entries }
    public var capturedWrites: [CoderEntry] { appWrites }
    public var capturedCrash: Bool { appCrashed }
}
