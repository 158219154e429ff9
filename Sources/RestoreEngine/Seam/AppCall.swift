/// Every call UIKit makes into the app, with its arguments. The engine makes each one through
/// `AppBoundary`, so a recorder can observe it and a replayer can answer it.
public enum AppCall {
    case loadInitialInterface
    case instantiateStoryboardScene(StoryboardReference)
    case willFinishLaunching
    case didFinishLaunching
    /// `respondsToSelector:` for an optional delegate method (the iOS 13.2 secure pair); not a call into the app's code.
    case responds(Callback)
    case shouldSave(RestorationCoder)
    case shouldSaveSecure(RestorationCoder)
    case willEncodeApplication(RestorationCoder)
    case shouldRestore(RestorationCoder)
    case shouldRestoreSecure(RestorationCoder)
    case didDecodeApplication(RestorationCoder)
    /// `application:viewControllerWithRestorationIdentifierPath:coder:`. The path as a
    /// `RestorationPath`, not its identifiers: a boundary whose app answers no path (most apps)
    /// then never cuts it into an array (`components`), ~1,000 instructions and an allocation
    /// per restored controller, 2.8 % of `Scenario.run` (callgrind, `restoretrace-bench
    /// --engine-grid 60`).
    case delegateViewController(path: RestorationPath, coder: RestorationCoder)
    case restorationClassViewController(className: String, path: [String], coder: RestorationCoder)
    case restorationClassObject(className: String, path: [String], coder: RestorationCoder)
    case encode(RestorableNode, coder: RestorationCoder)
    case decode(RestorableNode, coder: RestorationCoder)
    case finishedRestoring(RestorableNode)
    case modelIdentifier(indexPath: [Int], view: UIView)
    case indexPath(modelIdentifier: String, view: UIView)
    /// A call of the scene life cycle (SPEC §8).
    case scene(SceneCall)

    public var callback: Callback? {
        switch self {
        case .loadInitialInterface: nil
        case .instantiateStoryboardScene: .storyboardInstantiate
        case .willFinishLaunching: .willFinishLaunching
        case .didFinishLaunching: .didFinishLaunching
        case .responds: nil
        case .shouldSave: .shouldSave
        case .shouldSaveSecure: .shouldSaveSecure
        case .willEncodeApplication: .willEncodeApplication
        case .shouldRestore: .shouldRestore
        case .shouldRestoreSecure: .shouldRestoreSecure
        case .didDecodeApplication: .didDecodeApplication
        case .delegateViewController: .delegateViewController
        case .restorationClassViewController: .restorationClassViewController
        case .restorationClassObject: .restorationClassObject
        case .encode: .encode
        case .decode: .decode
        case .finishedRestoring: .finishedRestoring
        case .modelIdentifier: .modelIdentifier
        case .indexPath: .indexPath
        case .scene(let call): call.callback
        }
    }
}

/// A live object the engine preserves or restores.
public enum RestorableNode {
    case viewController(UIViewController)
    case view(UIView)
    case object(UIStateRestoringObject)

    /// The object itself, whatever its kind.
    public var restoring: any UIStateRestoring {
        switch self {
        case .viewController(let vc): vc
        case .view(let v): v
        case .object(let o): o
        }
    }
    public var className: String { restoring.className }
    public var kind: NodeKind {
        switch self {
        case .viewController: .viewController
        case .view: .view
        case .object: .object
        }
    }
}

/// What the app answered.
public enum AppAnswer {
    case void
    case bool(Bool)
    case viewController(UIViewController?)
    case object(UIStateRestoringObject?)
    case modelIdentifier(String?)
    case indexPath([Int]?)
    /// `stateRestorationActivityForScene:`'s answer.
    case activity(UserActivity?)
    /// `application:configurationForConnectingSceneSession:options:`'s answer: the
    /// `UISceneConfiguration`'s name, or nil for UIKit's default (the Info.plist's first).
    case configuration(String?)
    /// The app crashed in the call (a call with no coder: a scene's `stateRestorationActivity`;
    /// a call with one crashes through `RestorationCoder.crashApp`).
    case crashed

    public var boolValue: Bool { if case .bool(let b) = self { b } else { false } }
    public var viewController: UIViewController? { if case .viewController(let vc) = self { vc } else { nil } }
    public var object: UIStateRestoringObject? { if case .object(let o) = self { o } else { nil } }
}

/// The one boundary between UIKit (the engine) and the app. The engine calls `perform` for every
/// call into the app; an implementation is the app itself (`DirectBoundary`) or a stand-in that
/// answers from a trace.
public protocol AppBoundary: AnyObject {
    func perform(_ call: AppCall, context: CallContext) -> AppAnswer
    /// The persistent identifier of the scene session UIKit makes at a launch where none is
    /// remembered (S3). UIKit names it with a UUID the app cannot choose; a recording calls it
    /// `proposed` (the same name every time), and a replay takes the name the trace recorded,
    /// so a real app's trace, with its UUIDs, replays as it was made. `inUse` are the sessions
    /// the app has already: a name among them is not taken.
    func identifierForNewSession(proposed: String, inUse: Set<String>) -> String
}

extension AppBoundary {
    public func identifierForNewSession(proposed: String, inUse: Set<String>) -> String { proposed }
}

/// What a boundary may need besides the call's own arguments.
public struct CallContext {
    public let application: UIApplication
    public let launch: Int
    /// The node's restoration path, joined by `/`, when it has one.
    public let path: String?
    public let key: String?
}
