/// An `NSUserActivity` as a scene session saves it (SPEC §8, S2): a value, so events and
/// outcomes can hold it.
public struct UserActivity: Hashable, Sendable {
    /// `activityType`, fixed at init; it must be listed in `NSUserActivityTypes` to be persisted.
    public var type: String
    /// `userInfo`, in the order the app added its entries.
    public var userInfo: [CoderEntry]
    /// Keys of `userInfo` whose objects are not property-list types (a custom class, an image):
    /// such an activity fails to save (`activity-not-plist`).
    public var nonPlistKeys: [String]
    /// The responders whose `userActivity` is this object (UIKit tracks them): each gets
    /// `updateUserActivityState:` before the activity is saved.
    public var responders: [String]

    public init(type: String, userInfo: [CoderEntry] = [], nonPlistKeys: [String] = [], responders: [String] = []) {
        self.type = type
        self.userInfo = userInfo
        self.nonPlistKeys = nonPlistKeys
        self.responders = responders
    }

    /// The value `key` holds in `userInfo`, if any.
    public func value(_ key: String) -> CoderValue? { userInfo.first { $0.key == key }?.value }

    /// `addUserInfoEntries(from:)`: a key written again keeps its place and takes the new value.
    public mutating func addUserInfoEntries(_ entries: [CoderEntry]) {
        for entry in entries {
            if let i = userInfo.firstIndex(where: { $0.key == entry.key }) {
                userInfo[i].value = entry.value
            } else {
                userInfo.append(entry)
            }
        }
    }

    /// What UIKit archives with the session: the type and the user info (the responders are
    /// the live app's, and nothing of them is stored).
    public var archived: UserActivity { UserActivity(type: type, userInfo: userInfo, nonPlistKeys: nonPlistKeys) }
}

/// The live activity handed to the app's callbacks, so what they add is seen by the next one.
public final class NSUserActivity {
    public private(set) var activity: UserActivity
    public init(_ activity: UserActivity) { self.activity = activity }
    public var activityType: String { activity.type }
    /// `addUserInfoEntries(from:)`.
    public func addUserInfoEntries(_ entries: [CoderEntry]) { activity.addUserInfoEntries(entries) }
    /// Marks keys whose values the app stored as non-property-list objects.
    public func addNonPlistKeys(_ keys: [String]) {
        for key in keys where !activity.nonPlistKeys.contains(key) { activity.nonPlistKeys.append(key) }
    }
}

/// Which life cycle the app runs (SPEC §8, S1).
public enum Lifecycle: String, Hashable, Sendable, CaseIterable {
    /// The app-based life cycle: view-controller-based restoration (§2).
    case app
    /// The scene-based life cycle: one `NSUserActivity` per scene session.
    case scenes
}

/// When UIKit asks a scene for its restoration activity. Apple documents only "before a scene is
/// disconnected"; the activity is widely reported (and SPEC S2 says) to be asked whenever the
/// scene goes to the background too. The scenario may choose.
public enum ActivitySaving: String, Hashable, Sendable, CaseIterable {
    /// At every backgrounding, after `sceneDidEnterBackground:`, and before a disconnection.
    case background
    /// Only before `sceneDidDisconnect:`: a kill in the background saves nothing new.
    case disconnect
}

/// One scene session's fate in the last preservation and launch (outcome `scenes`).
public struct SceneOutcome: Hashable, Sendable {
    public var session: String
    /// The configuration it was connected with.
    public var configuration: String
    /// The activity archived with the session at the last save, or nil.
    public var saved: UserActivity?
    /// Why nothing was saved or restored, when that is so.
    public var reason: ReasonCode?
    /// The activity handed back at the last launch's connection, or nil.
    public var restored: UserActivity?
    /// Whether the session was reconnected at the last launch.
    public var reconnected: Bool
    /// Whether UIKit made the session at the last launch, none being left to reconnect (S3): it
    /// had nothing to restore, so it is neither restored nor lost.
    public var isNew = false

    public init(
        session: String, configuration: String, saved: UserActivity? = nil, reason: ReasonCode? = nil,
        restored: UserActivity? = nil, reconnected: Bool = false
    ) {
        self.session = session
        self.configuration = configuration
        self.saved = saved
        self.reason = reason
        self.restored = restored
        self.reconnected = reconnected
    }
}
