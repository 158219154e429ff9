import RestoreEngine
import RestoreReplay

/// The scene sessions in `record`'s and `replay`'s summary (SPEC §8).
extension OutcomeSummary {
    /// `Scenes: n of m sessions restored`, then one line per session: saved → restored, or why not.
    /// Before any relaunch (an imported archive, a timeline that ends in the background) nothing
    /// could have come back: each session shows what it saved, not a row of ✗.
    static func sceneLines(_ scenes: [SceneOutcome], relaunched: Bool) -> [String] {
        let restored = scenes.filter { $0.restored != nil }.count
        // A session UIKit made at the last launch had nothing to restore: neither restored nor lost.
        let new = scenes.filter(\.isNew).count
        var out = [
            relaunched
                ? "Scenes: \(restored) of \(plural(scenes.count - new, "session")) restored"
                    + (new == 0 ? "" : ", \(new) new")
                : "Scenes: \(plural(scenes.count, "session")); no relaunch in this timeline, so none restored yet"
        ]
        for s in scenes {
            if s.isNew {
                out.append(
                    "  + \(s.session) (\(s.configuration)): new at this launch (no session was left to reconnect), nothing to restore"
                )
                continue
            }
            let mark = !relaunched ? "·" : s.restored != nil ? "✓" : "✗"
            var line = "  \(mark) \(s.session) (\(s.configuration)): "
            // What the last preservation saved, even when a crash or a discard deleted it since
            // (S4): the reason says it is gone.
            line += "saved " + (s.saved.map(SceneChange.activity) ?? "nothing")
            if relaunched { line += ", restored " + (s.restored.map(SceneChange.activity) ?? "nothing") }
            if let reason = s.reason { line += " — \(reason.rawValue)" }
            out.append(line)
        }
        return out
    }

}
