import RestoreEngine

// The capture core's ports: what it needs to know about the app it watches, asked through small
// protocols so the core never names a UIKit type. Two adapters implement them: the UIKit glue
// (`#if canImport(UIKit)`, real apps) and `EngineStandIn` (the engine standing in for UIKit, so
// the core is tested on Linux against what `record` writes).

/// A coder as the recorder saw it during one callback.
public protocol CapturedCoder: AnyObject {
    /// Every key and typed value the coder holds after the callback (what a decode was given).
    var capturedEntries: [CoderEntry] { get }
    /// The keys the app itself wrote during the callback, in order (what an encode wrote).
    var capturedWrites: [CoderEntry] { get }
    /// The app crashed while the callback used this coder (a trace cut off by a crash).
    var capturedCrash: Bool { get }
}

/// The application as the recorder sees it around a callback: the window, objects that already
/// exist, and snapshots of controllers and registered objects. `AnyObject` stands for the
/// platform's controllers and objects; only the adapter that handed them in looks inside.
public protocol CapturedApplication: AnyObject {
    /// The key window has been made key and visible.
    var isWindowKeyAndVisible: Bool { get }
    /// The window's root view controller, if any.
    var rootController: AnyObject? { get }
    /// `ignoreSnapshotOnNextApplicationLaunch` has been called in this preservation.
    var isSnapshotIgnored: Bool { get }
    /// The restoration path this controller already had before the call (launch UI, or obtained
    /// earlier in this launch), nil when the app made it just now.
    func existingPath(ofController controller: AnyObject) -> String?
    /// The object registered for restoration at this path is `object`.
    func isRegistered(_ object: AnyObject, at path: String) -> Bool
    /// The controller and everything under it, as the trace's hierarchy snapshot.
    func snapshot(ofController controller: AnyObject) -> NodeBlueprint
    /// A registered object as the trace records a new one.
    func snapshot(ofObject object: AnyObject) -> ObjectBlueprint
    /// The class name UIKit archives for a controller or object (`NSStringFromClass`).
    func className(of object: AnyObject) -> String
}

/// What an app call answered, as the hook saw it return.
public enum CapturedAnswer {
    case none
    case bool(Bool)
    /// A view controller (or nil) from a restoration class, the delegate or a storyboard.
    case controller(AnyObject?)
    /// A registered object (or nil) from an object restoration class.
    case object(AnyObject?)
    case modelIdentifier(String?)
    case indexPath([Int]?)
    /// What `stateRestorationActivity(for:)` returned, read as a value (nil: nothing to save).
    case activity(UserActivity?)
    /// The name of the `UISceneConfiguration` a new session was given (nil: UIKit's default).
    case configuration(String?)
    /// The app crashed in the call (the process ends with it; a hook sees this only in a test).
    case crashed
}

/// What the window looked like when a call began, so the core can report what the call changed.
public struct WindowState {
    let wasKeyAndVisible: Bool
    let root: AnyObject?
    let snapshotIgnored: Bool
}

/// One call UIKit made into the app, as a hook reports it after the app's implementation returned.
public struct CapturedCall {
    public var callback: Callback
    /// `AppDelegate`, the restoration class, the object's class, or the data source's class.
    public var receiver: String
    /// The node's restoration path (identifiers joined by `/`) and archive key, when it has them.
    public var path: String?
    public var key: String?
    public var coder: CapturedCoder?
    /// The call's own argument (an index path, a model identifier, a storyboard identifier).
    public var argument: CoderValue?
    public var answer: CapturedAnswer
    /// The scene session's persistent identifier, for a scene callback.
    public var session: String?
    /// The activity a scene callback received, or the live one as the call left it
    /// (`userActivityWillSave:`, `updateUserActivityState:`, `scene:didUpdateUserActivity:`).
    public var activity: UserActivity?

    public init(
        _ callback: Callback, receiver: String, path: String? = nil, key: String? = nil, coder: CapturedCoder? = nil,
        argument: CoderValue? = nil, answer: CapturedAnswer = .none, session: String? = nil,
        activity: UserActivity? = nil
    ) {
        self.session = session
        self.activity = activity
        self.callback = callback
        self.receiver = receiver
        self.path = path
        self.key = key
        self.coder = coder
        self.argument = argument
        self.answer = answer
    }
}
