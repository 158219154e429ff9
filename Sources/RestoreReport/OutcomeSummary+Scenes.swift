import RestoreEngine
import RestoreReplay

/// The scene sessions in `record`'s and `replay`'s summary (SPEC §8).
extension OutcomeSummary {
    /// `Scenes: n of m sessions restored`, then one line per session: saved → restored, or why not.
    /// Before any relaunch (an imported archive, a timeline that ends in the background) nothing
    /// could have come back: each session shows what it saved, not a row of ✗.
    static func sceneLines(_ scenes: [SceneOutcome], relaunched: Bool) -> [String] {
        let restored = scenes.filter { $0.restored != nil }.count
        var out = [
            relaunched
                ? "Scenes: \(restored) of \(plural(scenes.count, "session")) restored"
                : "Scenes: \(plural(scenes.count, "session")); no relaunch in this timeline, so none restored yet"
        ]
        for s in scenes {
            let mark = !relaunched ? "·" : s.restored != nil ? "✓" : "✗"
            var line = "  \(mark) \(s.session) (\(s.configuration)): "
            // A crash deletes what was saved (S4): "saved nothing" read as if nothing ever was. (A
            // discarded session keeps its `saved`, and its reason says it is gone.)
            let deleted = s.reason == .archiveDeletedCrash ? "an activity, deleted after the crash" : "nothing"
            line += "saved " + (s.saved.map(SceneChange.activity) ?? deleted)
            if relaunched { line += ", restored " + (s.restored.map(SceneChange.activity) ?? "nothing") }
            if let reason = s.reason { line += " — \(reason.rawValue)" }
            out.append(line)
        }
        return out
    }

}
