/// A scene session the app starts with (launch 1): what `scene:willConnectToSession:options:`
/// set up before the user put the app in the background.
public struct SceneSetup {
    /// `UISceneSession.persistentIdentifier`.
    public var session: String
    /// `UISceneConfiguration.name`: reused as is when the session reconnects (S3).
    public var configuration: String
    /// The scene window's root view controller.
    public var root: UIViewController?
    public init(session: String, configuration: String, root: UIViewController?) {
        self.session = session
        self.configuration = configuration
        self.root = root
    }
}

/// One scene session as UIKit keeps it across launches.
struct SceneSessionState {
    var id: String
    var configuration: String
    var root: UIViewController?
    /// The scene is connected (it has a live `UIScene`).
    var connected = true
    /// The scene is in the foreground (active).
    var foreground = true
    /// The user closed it: it never reconnects (S4).
    var discarded = false
    /// `stateRestorationActivity` as archived with the session.
    var saved: UserActivity? { didSet { deletedByCrash = nil } }
    /// What `saved` was when a crash deleted it (S4): still what the last preservation saved,
    /// which the outcome says (SPEC §8), beside the reason that it is gone.
    var deletedByCrash: UserActivity?
    /// Why `saved` is nil, or why nothing came back at the last launch.
    var reason: ReasonCode?
    /// What the last launch handed to `scene:willConnectToSession:options:`.
    var restored: UserActivity?
    var reconnected = false
    /// Made at the last launch (`connectNewSession`).
    var isNew = false
    /// The last save failure said as a finding (its launch and words): a session saved at the
    /// background and again as it disconnects fails the same way twice, one problem (r20 scenes
    /// hunt: it was two findings, in the counts, the JSON and every what-if).
    var saidNotSaved: (launch: Int, message: String)?

    var outcome: SceneOutcome {
        var o = SceneOutcome(
            session: id, configuration: configuration, saved: saved ?? deletedByCrash, reason: reason,
            restored: restored, reconnected: reconnected)
        o.isNew = isNew
        return o
    }
}

/// The engine's scene-based state (SPEC §8).
struct SceneState {
    var sessions: [SceneSessionState] = []
    /// Sessions the user closed while the app was not running: reported at the next launch (S3).
    var pendingDiscards: [String] = []

    func index(_ id: String) -> Int? { sessions.firstIndex { $0.id == id } }
}

extension RestorationEngine {
    /// True when the app runs the scene-based life cycle (S1).
    public var isSceneBased: Bool { application.configuration.lifecycle == .scenes }

    /// The root view controller of a session's scene window (what the in-app recorder's glue reads
    /// from `UIWindowScene.windows` when the scene connects).
    public func sceneRoot(_ session: String) -> UIViewController? {
        scenes.index(session).map { scenes.sessions[$0].root } ?? nil
    }

    /// The scene sessions' outcomes so far, in order.
    func publishScenes() { outcome.scenes = scenes.sessions.map(\.outcome) }

    /// `outcome` as it stands mid-step: a scene-based app's sessions are published at the end
    /// of each step, so a replay stopped inside one (a trace cut off in a backgrounding) takes
    /// them as they are here, each session's save that was made kept.
    public var outcomeSoFar: Outcome {
        guard isSceneBased, !scenes.sessions.isEmpty else { return outcome }
        var current = outcome
        current.scenes = scenes.sessions.map(\.outcome)
        return current
    }

    /// Makes one scene call through the boundary and reports it.
    @discardableResult
    func call(_ sceneCall: SceneCall, receiver: String) -> AppAnswer {
        // Asked about the session the call is for: its scene's delegate (or activity) decides.
        if sceneCall.isOptional,
            !call(.responds(sceneCall.callback), receiver: receiver, path: sceneCall.session).boolValue
        {
            return sceneCall.defaultAnswer
        }
        return call(.scene(sceneCall), receiver: receiver, session: sceneCall.session)
    }

    /// What a scene call's event carries: the activity it returned, received or made, and the
    /// sessions a discard names.
    func describe(_ sceneCall: SceneCall, answer: AppAnswer, in e: inout EngineEvent) {
        switch sceneCall {
        case .stateRestorationActivity:
            if case .activity(let a?) = answer { e.activity = a }
        case .userActivityWillSave(_, let live), .updateUserActivityState(_, _, let live),
            .didUpdateUserActivity(_, let live):
            e.activity = live.activity
        case .willConnect(_, let activity):
            e.activity = activity
        case .restoreInteractionState(_, let activity):
            e.activity = activity
        case .didDiscardSceneSessions(let sessions):
            e.argument = .array(sessions.map(CoderValue.string))
        case .configurationForConnecting, .willResignActive, .didEnterBackground, .didDisconnect,
            .willEnterForeground, .didBecomeActive:
            break
        }
    }
}
