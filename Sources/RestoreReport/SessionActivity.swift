import RestoreEngine
import RestoreExport
import RestoreTrace

/// What a scene-based app has on disk for one scene session: UIKit archives the session with
/// its `stateRestorationActivity` (SPEC §8). `archive` lists these for a scene trace.
public struct SessionActivity: Hashable, Sendable {
    public var session: String
    public var configuration: String
    /// The activity archived with the session, or nil.
    public var activity: UserActivity?
    /// Why there is none, when there is none (the code of the event that removed it).
    public var reason: String?
    /// The user closed the scene: the session itself is gone.
    public var discarded: Bool
    /// The activity's title as UIKit saved it (`CanvasRestorationUserActivityTitleKey`), listed
    /// when UIKit's own folder is read; a trace's activity has no title.
    public var title: String?

    /// The events `onDisk` reads: the rest of a trace can be left undecoded.
    static let moves: Set<SystemEvent> = [
        .launch, .sceneConnected, .activitySaved, .activityNotSaved, .archiveDeleted, .kill, .sessionDiscarded,
    ]

    /// Follows a trace's events to its end: saved, not saved, deleted, discarded.
    static func onDisk(_ events: [EngineEvent]) -> [SessionActivity] {
        var out: [SessionActivity] = []
        func at(_ e: EngineEvent, _ change: (inout SessionActivity) -> Void) {
            guard let s = e.session, let i = out.firstIndex(where: { $0.session == s }) else { return }
            change(&out[i])
        }
        // Discards that follow a kill by the user are the force quit's (its scenes close).
        var forceQuit = false
        for e in events {
            if e.event == .launch { forceQuit = false }
            switch e.event {
            case .sceneConnected?:
                out.append(
                    SessionActivity(
                        session: e.session ?? "", configuration: e.configuration ?? "", activity: nil,
                        reason: "no-archive", discarded: false))
            case .activitySaved?: at(e) { ($0.activity, $0.reason) = (e.activity, nil) }
            case .activityNotSaved?: at(e) { ($0.activity, $0.reason) = (nil, e.reason) }
            case .archiveDeleted?: at(e) { ($0.activity, $0.reason) = (nil, ReasonCode.archiveDeletedCrash.rawValue) }
            case .kill?: forceQuit = e.kill == .user
            case .sessionDiscarded?:
                // As the outcome says it: a force quit that takes a saved activity with it loses it.
                at(e) {
                    let code: ReasonCode = forceQuit && $0.activity != nil ? .archiveDeletedUserQuit : .sessionDiscarded
                    ($0.activity, $0.reason, $0.discarded) = (nil, code.rawValue, true)
                }
            default: break
            }
        }
        return out
    }

    /// One block per session, in the style of the archive dump.
    static func text(_ sessions: [SessionActivity]) -> String {
        // Names from a trace or an archive written as the archive listing writes them (`bare`):
        // a line break in one started a line of its own in the listing.
        let line = ArchiveDump.bare
        var out = "Scene sessions (UISceneSession.stateRestorationActivity)\n"
        for s in sessions {
            out += "\n[Session] \(line(s.session)) (Configuration: \(line(s.configuration)))\n"
            guard let a = s.activity else {
                out += "    no activity" + (s.reason.map { " (\(line($0)))" } ?? "") + "\n"
                continue
            }
            out += "    activityType \"\(line(a.type))\"\n"
            if let title = s.title { out += "    title \"\(line(title))\"\n" }
            out += "    userInfo\n"
            for entry in a.userInfo { out += "        \(line(entry.key)) \(line("\(entry.value)"))\n" }
        }
        return out
    }

    /// `[{"session", "configuration", "activity": {"type", "userInfo"} | null, "reason", "discarded"}]`.
    static func json(_ sessions: [SessionActivity]) -> JSONValue {
        .array(
            sessions.map { s in
                .obj([
                    ("session", .string(s.session)),
                    ("configuration", .string(s.configuration)),
                    ("activity", s.activity.map(OutcomeCodec.encode) ?? .null),
                    ("reason", s.reason.map(JSONValue.string) ?? .null),
                    ("discarded", .bool(s.discarded)),
                ])
            })
    }
}
