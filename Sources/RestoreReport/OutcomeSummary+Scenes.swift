import RestoreEngine

/// The scene sessions in `record`'s and `replay`'s summary (SPEC §8).
extension OutcomeSummary {
    /// `Scenes: n of m sessions restored`, then one line per session: saved → restored, or why not.
    static func sceneLines(_ scenes: [SceneOutcome]) -> [String] {
        let restored = scenes.filter { $0.restored != nil }.count
        var out = ["Scenes: \(restored) of \(plural(scenes.count, "session")) restored"]
        for s in scenes {
            var line = "  \(s.restored != nil ? "✓" : "✗") \(s.session) (\(s.configuration)): "
            // A crash or a force quit deletes what was saved (S4): "saved nothing" read as if
            // nothing ever was.
            let deleted =
                switch s.reason {
                case .archiveDeletedCrash: "an activity, deleted after the crash"
                case .archiveDeletedUserQuit: "an activity, deleted by the force quit"
                default: "nothing"
                }
            line += "saved " + (s.saved.map(describe) ?? deleted)
            line += ", restored " + (s.restored.map(describe) ?? "nothing")
            if let reason = s.reason { line += " — \(reason.rawValue)" }
            out.append(line)
        }
        return out
    }

    /// `com.example.browse {item = "42"}`.
    static func describe(_ a: UserActivity) -> String {
        guard !a.userInfo.isEmpty else { return a.type }
        return a.type + " {" + a.userInfo.map { "\($0.key) = \($0.value)" }.joined(separator: "; ") + "}"
    }
}
