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
        capture.didCall(
            CapturedCall(
                callback, receiver: Self.receiver(of: call), path: context.path, key: context.key,
                coder: Self.coder(of: call), argument: Self.argument(of: call), answer: Self.answer(answer)),
            since: before)
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
        // The in-app recorder does not capture the scene life cycle (SPEC §8) yet.
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
        default: nil
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
        case .activity: .none
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
        case .archiveDeleted: capture.archiveDeleted(reason: event.reason ?? "")
        case .snapshot: capture.snapshotTaken()
        case .kill: capture.killed(event.kill ?? .system, inForeground: engine.appState == .foreground)
        case .crash: capture.crashed(path: event.path, key: event.key, reason: event.reason ?? "")
        // Scene sessions are not captured in the app yet (SPEC §8 traces come from `record`).
        case .sceneConnected, .activitySaved, .activityNotSaved, .close, .disconnect, .sessionDiscarded: break
        }
    }
}

/// The engine's coder, seen through the recorder's port.
extension RestorationCoder: CapturedCoder {
    public var capturedEntries: [CoderEntry] { entries }
    public var capturedWrites: [CoderEntry] { appWrites }
    public var capturedCrash: Bool { appCrashed }
}
