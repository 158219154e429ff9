/// The app side of the scene life cycle (SPEC §8), with UIKit's names: the scene delegate, the
/// activity's delegate, the responders sharing it, and the app delegate's session callbacks.
/// Every method has UIKit's default (nothing saved, nothing done).
public protocol SceneDelegateApp: AnyObject {
    /// `-[UIWindowSceneDelegate stateRestorationActivityForScene:]`: the activity to save, or nil.
    func stateRestorationActivity(forSession session: String, application: UIApplication) -> UserActivity?
    /// `-[NSUserActivityDelegate userActivityWillSave:]`.
    func userActivityWillSave(_ activity: NSUserActivity, session: String)
    /// `-[UIResponder updateUserActivityState:]` on one responder sharing the activity.
    func updateUserActivityState(_ activity: NSUserActivity, responder: String, session: String)
    /// `-[UISceneDelegate scene:didUpdateUserActivity:]`: the last chance to add data.
    func scene(_ session: String, didUpdate activity: NSUserActivity)
    /// `-[UIApplicationDelegate application:didDiscardSceneSessions:]`.
    func application(_ application: UIApplication, didDiscardSceneSessions sessions: [String])
    /// `-[UIApplicationDelegate application:configurationForConnectingSceneSession:options:]`, for
    /// a new session (never a remembered one): the configuration's name, or nil for UIKit's
    /// default.
    func configurationForConnecting(session: String, application: UIApplication) -> String?
    /// `-[UISceneDelegate scene:willConnectToSession:options:]` with `session.stateRestorationActivity`.
    func scene(_ session: String, willConnectWith activity: UserActivity?, application: UIApplication)
    /// `-[UISceneDelegate scene:restoreInteractionStateWithUserActivity:]`.
    func scene(_ session: String, restoreInteractionStateWith activity: UserActivity, application: UIApplication)
}

extension SceneDelegateApp {
    public func stateRestorationActivity(forSession session: String, application: UIApplication) -> UserActivity? {
        nil
    }
    public func userActivityWillSave(_ activity: NSUserActivity, session: String) {}
    public func updateUserActivityState(_ activity: NSUserActivity, responder: String, session: String) {}
    public func scene(_ session: String, didUpdate activity: NSUserActivity) {}
    public func application(_ application: UIApplication, didDiscardSceneSessions sessions: [String]) {}
    public func configurationForConnecting(session: String, application: UIApplication) -> String? { nil }
    public func scene(_ session: String, willConnectWith activity: UserActivity?, application: UIApplication) {}
    public func scene(
        _ session: String, restoreInteractionStateWith activity: UserActivity, application: UIApplication
    ) {}
}

/// A call of the scene life cycle, with its arguments (one case of `AppCall`).
public enum SceneCall {
    case willResignActive(session: String)
    case didEnterBackground(session: String)
    case stateRestorationActivity(session: String)
    case userActivityWillSave(session: String, NSUserActivity)
    case updateUserActivityState(session: String, responder: String, NSUserActivity)
    case didUpdateUserActivity(session: String, NSUserActivity)
    case didDisconnect(session: String)
    case didDiscardSceneSessions([String])
    case configurationForConnecting(session: String)
    case willConnect(session: String, activity: UserActivity?)
    case restoreInteractionState(session: String, activity: UserActivity)
    case willEnterForeground(session: String)
    case didBecomeActive(session: String)

    public var callback: Callback {
        switch self {
        case .willResignActive: .sceneWillResignActive
        case .didEnterBackground: .sceneDidEnterBackground
        case .stateRestorationActivity: .stateRestorationActivity
        case .userActivityWillSave: .userActivityWillSave
        case .updateUserActivityState: .updateUserActivityState
        case .didUpdateUserActivity: .didUpdateUserActivity
        case .didDisconnect: .sceneDidDisconnect
        case .didDiscardSceneSessions: .didDiscardSceneSessions
        case .configurationForConnecting: .configurationForConnecting
        case .willConnect: .willConnectToSession
        case .restoreInteractionState: .restoreInteractionState
        case .willEnterForeground: .sceneWillEnterForeground
        case .didBecomeActive: .sceneDidBecomeActive
        }
    }

    /// The session the call is about, if one.
    public var session: String? {
        switch self {
        case .willResignActive(let s), .didEnterBackground(let s), .stateRestorationActivity(let s),
            .userActivityWillSave(let s, _), .updateUserActivityState(let s, _, _), .didUpdateUserActivity(let s, _),
            .didDisconnect(let s), .configurationForConnecting(let s), .willConnect(let s, _),
            .restoreInteractionState(let s, _),
            .willEnterForeground(let s), .didBecomeActive(let s):
            s
        case .didDiscardSceneSessions: nil
        }
    }

    /// Whether UIKit asks `respondsToSelector:` first: every call but the connection itself
    /// (which happens whether the delegate implements it or not) and `updateUserActivityState:`
    /// (UIResponder implements it). An app that does not implement one is not sent it, so an
    /// in-app recording has no call there (nor where the recorder does not hook it); a
    /// scenario's app implements them all.
    public var isOptional: Bool {
        switch self {
        case .willConnect, .updateUserActivityState: false
        default: true
        }
    }

    /// What UIKit sees from an app that implements none of it.
    public var defaultAnswer: AppAnswer {
        if case .stateRestorationActivity = self { return .activity(nil) }
        if case .configurationForConnecting = self { return .configuration(nil) }
        return .void
    }

    /// Makes the call on the app.
    public func perform(on app: SceneDelegateApp, application: UIApplication) -> AppAnswer {
        switch self {
        case .stateRestorationActivity(let session):
            return .activity(app.stateRestorationActivity(forSession: session, application: application))
        case .userActivityWillSave(let session, let activity):
            app.userActivityWillSave(activity, session: session)
        case .updateUserActivityState(let session, let responder, let activity):
            app.updateUserActivityState(activity, responder: responder, session: session)
        case .didUpdateUserActivity(let session, let activity):
            app.scene(session, didUpdate: activity)
        case .didDiscardSceneSessions(let sessions):
            app.application(application, didDiscardSceneSessions: sessions)
        case .configurationForConnecting(let session):
            return .configuration(app.configurationForConnecting(session: session, application: application))
        case .willConnect(let session, let activity):
            app.scene(session, willConnectWith: activity, application: application)
        case .restoreInteractionState(let session, let activity):
            app.scene(session, restoreInteractionStateWith: activity, application: application)
        case .willResignActive, .didEnterBackground, .didDisconnect, .willEnterForeground, .didBecomeActive:
            break
        }
        return .void
    }
}
