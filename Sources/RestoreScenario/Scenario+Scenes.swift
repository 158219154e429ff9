import RestoreEngine

/// A scene session of a scene-based app (`scenes:` item, SPEC §8).
public struct SceneSpec: Hashable, Sendable {
    /// `session:`, the persistent identifier.
    public var session: String
    /// `configuration:`, the `UISceneConfigurationName`.
    public var configuration = "Default Configuration"
    /// `ui:`, the scene window's root view controller.
    public var ui: NodeBlueprint?
    /// `activity:`, what `stateRestorationActivityForScene:` returns (nil: no activity).
    public var activity: ActivitySpec?
    public init(session: String) { self.session = session }
}

/// `activity: {type, userInfo, nonPlistKeys, responders}`.
public struct ActivitySpec: Hashable, Sendable {
    public var type: String
    public var userInfo: [CoderEntry] = []
    /// Keys of `userInfo` holding objects that are not property-list types (`activity-not-plist`).
    public var nonPlistKeys: [String] = []
    /// Responders whose `userActivity` is this activity, in order, with what each one's
    /// `updateUserActivityState:` adds.
    public var responders: [ResponderSpec] = []
    public init(type: String) { self.type = type }

    /// The activity as the scene delegate returns it.
    public var activity: UserActivity {
        UserActivity(
            type: type, userInfo: userInfo, nonPlistKeys: nonPlistKeys, responders: responders.map(\.name))
    }
}

/// A responder sharing a scene's activity, and the entries its `updateUserActivityState:` adds.
public struct ResponderSpec: Hashable, Sendable {
    public var name: String
    public var adds: [CoderEntry]
    public init(name: String, adds: [CoderEntry]) {
        self.name = name
        self.adds = adds
    }
}

extension Scenario {
    /// The scene with this session identifier.
    public func scene(_ session: String) -> SceneSpec? { scenes.first { $0.session == session } }
}

/// The scenario answering the scene delegate's calls.
extension ScenarioApp: SceneDelegateApp {
    /// A new session (S3) is given the first scene's configuration, as an app whose delegate
    /// returns its one configuration by name does, and its delegate then answers as that scene's.
    public func configurationForConnecting(session: String, application: UIApplication) -> String? {
        guard let first = scenario.scenes.first else { return nil }
        newSessions[session] = first.session
        return first.configuration
    }

    public func stateRestorationActivity(forSession session: String, application: UIApplication) -> UserActivity? {
        scene(session)?.activity?.activity
    }

    public func updateUserActivityState(_ activity: NSUserActivity, responder: String, session: String) {
        guard let spec = scene(session)?.activity?.responders.first(where: { $0.name == responder }) else {
            return
        }
        activity.addUserInfoEntries(spec.adds)
    }

    /// The `scenes:` item a session answers as: its own, or for a new session its template's.
    private func scene(_ session: String) -> SceneSpec? {
        guard let i = sceneIndex[session] ?? newSessions[session].flatMap({ sceneIndex[$0] }) else { return nil }
        return scenario.scenes[i]
    }
}
