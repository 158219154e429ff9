import RestoreEngine
import RestoreTrace

/// The stand-in's scene delegate (SPEC §8): the recorded activities stand in for the app's.
extension StandInApp {
    /// The name the recording gave the session UIKit made at this launch: the session its
    /// `application:configurationForConnectingSceneSession:options:` was asked about (UIKit
    /// asks for no remembered session, S3), else the first session connecting at this launch
    /// that the app does not have already (the in-app recorder does not hook that call, and an
    /// app delegate need not implement it). A real app's are UUIDs; the engine's own name would
    /// diverge from them at the first call. Every session the app ever had is in use (a
    /// discarded one too), so a remembered session's connection is never taken for the new one.
    func identifierForNewSession(proposed: String, inUse: Set<String>) -> String {
        let asked = answers.paths(of: .configurationForConnecting)
        let connecting = answers.paths(of: .willConnectToSession)
        return (asked + connecting).first { !inUse.contains($0) } ?? proposed
    }

    func perform(_ call: SceneCall) -> AppAnswer {
        let receiver: String
        switch call {
        case .updateUserActivityState(_, let responder, _): receiver = responder
        case .userActivityWillSave: receiver = "NSUserActivityDelegate"
        case .didDiscardSceneSessions, .configurationForConnecting: receiver = "AppDelegate"
        default: receiver = "SceneDelegate"
        }
        let recorded = answers.take(call.callback, path: call.session, receiver: receiver)
        switch call {
        case .restoreInteractionState:
            return recorded?.result == .crashed ? .crashed : .void
        case .configurationForConnecting(let session):
            newSessions.insert(session)
            if case .configuration(let name)? = recorded?.result { return .configuration(name) }
            return .configuration(nil)
        case .stateRestorationActivity(let asked):
            // A new session answers as the session it was made from: that one's what-if is its,
            // and what it did is said under that one's name (the what-if's).
            let session =
                whatIf.activityTypes[asked] == nil && newSessions.contains(asked) ? firstSession ?? asked : asked
            let changed = whatIf.activityTypes[session]
            if recorded?.result == .crashed {
                if changed != nil { activityTypeUses[session] = activityTypeUses[session] ?? .crashed }
                return .crashed
            }
            guard var activity = recorded?.activity else {
                // Recorded as nil, or never asked in the recording (a what-if took the run elsewhere).
                if changed != nil { activityTypeUses[session] = activityTypeUses[session] ?? .noActivity }
                return .activity(nil)
            }
            if let changed {
                activity.type = changed
                activityTypeUses[session] = .applied
            }
            return .activity(activity)
        case .userActivityWillSave(_, let live), .updateUserActivityState(_, _, let live),
            .didUpdateUserActivity(_, let live):
            // What the callback left in the activity: adding it again repeats the app's additions.
            if let after = recorded?.activity {
                live.addUserInfoEntries(after.userInfo)
                live.addNonPlistKeys(after.nonPlistKeys)
            }
            return .void
        default:
            return .void
        }
    }
}

/// What an `activity:SESSION.type` what-if found when the session was asked for its activity.
public enum ActivityTypeUse: Sendable, Hashable {
    /// The session returned an activity, and it went on with the new type.
    case applied
    /// The session returned no activity (as recorded): there was no type to change.
    case noActivity
    /// The app crashed in the session's stateRestorationActivity(for:) (as recorded).
    case crashed
}

extension WhatIfEdit {
    /// `activity:SESSION.type=TYPE`.
    static func parseActivity(name: String, value: String, text: String) throws(WhatIfError) -> WhatIfEdit {
        let target = name.dropFirst("activity:".count)
        guard let dot = target.lastIndex(of: "."), target[target.index(after: dot)...] == "type" else {
            throw WhatIfError(
                "'--set \(text)': expected activity:SESSION.type=TYPE, e.g. --set activity:main.type=com.example.browse"
            )
        }
        let session = String(target[..<dot])
        guard !session.isEmpty else { throw WhatIfError("'--set \(text)': the session is empty") }
        guard !value.isEmpty else { throw WhatIfError("'--set \(text)': the activity type is empty") }
        return .activityType(session: session, value)
    }
}

/// Which optional scene methods a real app implements, as its recording shows them.
extension StandInApp {
    /// Whether the app implements an optional scene method (UIKit asks `respondsToSelector:`,
    /// S1–S4): a scenario's app implements them all. A real app's delegate does when its
    /// recording has UIKit calling it: for a session the recording has calls about, its own
    /// calls decide (two configurations may have two delegate classes, and an activity's
    /// delegate is set on some activities only); for another (one a what-if made), any session's.
    func respondsToScene(_ callback: Callback, session: String?) -> Bool {
        guard fromApp else { return true }
        if let session, sceneSessionsSeen.contains(session) {
            return sceneCallsSeen.contains(Self.sceneCallKey(callback, session))
        }
        return sceneCallbacksSeen.contains(callback)
    }

    /// Learns the scene calls a step recorded.
    func learnSceneCalls(_ answers: RecordedAnswers) {
        for (callback, session) in answers.calls(\.isScene) {
            sceneCallbacksSeen.insert(callback)
            // An app-level call (`didDiscardSceneSessions`) is filed under its receiver, not a session.
            guard callback != .didDiscardSceneSessions else { continue }
            sceneCallsSeen.insert(Self.sceneCallKey(callback, session))
            sceneSessionsSeen.insert(session)
        }
    }

    private static func sceneCallKey(_ callback: Callback, _ session: String) -> String {
        callback.rawValue + "\u{0}" + session
    }
}
