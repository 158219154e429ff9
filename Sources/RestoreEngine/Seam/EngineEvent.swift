/// An object a callback returned, as the trace records it. Indirect: a blueprint is large, and
/// events are copied often.
public indirect enum ReturnedObject: Hashable, Sendable {
    /// The object that already existed at this restoration path (launch UI, or built earlier in this launch).
    case existing(className: String, path: String)
    /// A new object, with everything its initializer built.
    case new(NodeBlueprint)
    /// A new registered object.
    case newObject(ObjectBlueprint)

    public var className: String {
        switch self {
        case .existing(let c, _): c
        case .new(let b): b.className
        case .newObject(let o): o.className
        }
    }
}

/// What a callback answered.
public enum EventResult: Hashable, Sendable {
    case bool(Bool)
    case object(ReturnedObject?)
    case modelIdentifier(String?)
    case indexPath([Int]?)
    /// The configuration a new scene session connects with (S3); nil: UIKit's default.
    case configuration(String?)
    /// The app crashed inside the callback.
    case crashed
}

/// Side effects the app had inside a callback that UIKit can see.
public struct CallEffects: Hashable, Sendable {
    /// `[window makeKeyAndVisible]` was called.
    public var madeKeyAndVisible = false
    /// `window.rootViewController` was set (e.g. a default root in `didFinishLaunching`).
    public var newRoot: ReturnedObject?
    /// `ignoreSnapshotOnNextApplicationLaunch` was called (P10).
    public var ignoredSnapshot = false
    public init() {}
    public var isEmpty: Bool { self == CallEffects() }
}

/// The options a relaunch runs with: the system's (bundle version, lock state) and the app's
/// environment (data that changed, a crash the app will hit).
public struct LaunchOptions: Hashable, Sendable {
    /// The app's `CFBundleVersion` at this launch; written at the next preservation.
    public var bundleVersion: String?
    /// The device is locked: the encrypted archive cannot be read (R2).
    public var deviceLocked = false
    /// The app crashes while this node decodes (T3).
    public var crashWhileDecoding: String?
    /// The app crashes in this launch before restoration starts (T3).
    public var crashBeforeRestoration = false
    /// The app calls `extendStateRestoration` in this launch, and then `completeStateRestoration` or not (T3).
    public var extendStateRestoration: RestorationExtension?
    /// Model identifiers of tables after the data changed, by the table's restoration path.
    public var data: [String: [String]] = [:]
    public init() {}
}

/// What an app that called `extendStateRestoration` does next (T3).
public enum RestorationExtension: String, Hashable, Sendable, CaseIterable {
    /// It calls `completeStateRestoration`: restoration ends normally.
    case complete
    /// It never calls `completeStateRestoration`: the next launch counts it as a crash.
    case never
}

/// One thing that crossed the boundary or one thing the system did, in order.
public struct EngineEvent: Hashable, Sendable {
    public var launch: Int
    public var phase: Phase
    public var callback: Callback?
    public var event: SystemEvent?
    public var receiver: String?
    public var path: String?
    public var key: String?
    public var coder: [CoderEntry]?
    /// The call's own argument, where it has one (the index path or model identifier of a
    /// data source call, the storyboard scene).
    public var argument: CoderValue?
    public var result: EventResult?
    public var effects: CallEffects?
    public var kill: KillKind?
    public var reason: String?
    /// The scene session's persistent identifier (scene life cycle, SPEC §8).
    public var session: String?
    /// The scene configuration's name (`scene-connected`).
    public var configuration: String?

    /// The payloads only a few system events carry, kept out of line: inline they made every
    /// event ~1 KB to copy.
    private struct Payload: Hashable, Sendable {
        var hierarchy: NodeBlueprint?
        var archive: Archive?
        var options: LaunchOptions?
        var activity: UserActivity?
    }
    private var payload = Indirect<Payload>.none

    private func read<T>(_ field: (Payload) -> T?) -> T? { payload.value.flatMap(field) }
    private mutating func write(_ change: (inout Payload) -> Void) {
        var changed = payload.value ?? Payload()
        change(&changed)
        // No payload is stored as none, so equal events compare equal however they were built.
        payload = changed == Payload() ? .none : .some(changed)
    }

    /// The hierarchy on screen (`app-running`, `background`, `launch-ui-built`).
    public var hierarchy: NodeBlueprint? {
        get { read(\.hierarchy) }
        set { write { $0.hierarchy = newValue } }
    }
    /// The archive written (`archive-written`).
    public var archive: Archive? {
        get { read(\.archive) }
        set { write { $0.archive = newValue } }
    }
    /// The launch's options (`launch`).
    public var options: LaunchOptions? {
        get { read(\.options) }
        set { write { $0.options = newValue } }
    }

    /// The activity a scene callback returned or received, or the one archived (`activity-saved`).
    public var activity: UserActivity? {
        get { read(\.activity) }
        set { write { $0.activity = newValue } }
    }

    public init(launch: Int, phase: Phase, callback: Callback? = nil, event: SystemEvent? = nil) {
        self.launch = launch
        self.phase = phase
        self.callback = callback
        self.event = event
    }

    /// The callback's selector or the system event's name.
    public var name: String { callback?.rawValue ?? event?.rawValue ?? "?" }
}

/// Receives every event as it happens (the recorder, the replayer's comparator, tests).
public protocol EngineObserver: AnyObject {
    func engine(_ engine: RestorationEngine, didEmit event: EngineEvent)
}

/// An observer that takes a hierarchy event (`app-running`, `background`, `launch-ui-built`)
/// with the live tree it describes instead of a snapshot of it: a replay compares the tree with
/// the recorded node lines in place (see `UIViewController.visitSnapshotNodes`).
public protocol LiveHierarchyObserver: EngineObserver {
    /// `event` without its hierarchy; `root` is the tree, as it is during this call. The event
    /// any other observer is handed has `root.blueprint(classes: engine.application.classes)`
    /// as its hierarchy.
    func engine(_ engine: RestorationEngine, didEmit event: EngineEvent, hierarchyOf root: UIViewController)
}
