import RestoreEngine

/// How one scene session's fate moved between two runs (SPEC §8).
public struct SceneChange: Hashable, Sendable {
    public var session: String
    public var before: SceneOutcome?
    public var after: SceneOutcome?

    /// The session came back in `after` and not in `before`, or the reverse.
    public var gained: Bool { before?.restored == nil && after?.restored != nil }
    public var lost: Bool { before?.restored != nil && after?.restored == nil }

    public var sentence: String { "`\(session)`: " + change }

    /// `before → after`, each side as `describe` words it.
    public var change: String {
        "\(before.map(Self.describe) ?? "absent") → \(after.map(Self.describe) ?? "absent")"
    }

    /// `saved T, restored T (reason)`: one side of `sentence`.
    public static func describe(_ s: SceneOutcome) -> String {
        var text =
            "saved " + (s.saved.map(activity) ?? "nothing") + ", restored " + (s.restored.map(activity) ?? "nothing")
        if let r = s.reason { text += " (\(r.rawValue))" }
        return text
    }

    /// `com.example.browse {item = "42"}`.
    public static func activity(_ a: UserActivity) -> String {
        a.type
            + (a.userInfo.isEmpty
                ? "" : " {" + a.userInfo.map { "\($0.key) = \($0.value)" }.joined(separator: "; ") + "}")
    }

    /// The sessions whose saved or restored activity or reason differ, in `before`'s order, then `after`'s new ones.
    static func changes(_ before: [SceneOutcome]?, _ after: [SceneOutcome]?) -> [SceneChange] {
        let b = before ?? []
        let a = after ?? []
        var out: [SceneChange] = []
        for old in b {
            let new = a.first { $0.session == old.session }
            if new != old { out.append(SceneChange(session: old.session, before: old, after: new)) }
        }
        for new in a where !b.contains(where: { $0.session == new.session }) {
            out.append(SceneChange(session: new.session, before: nil, after: new))
        }
        return out
    }
}
