import RestoreEngine
import RestoreTrace

/// Where a replay first departed from the recording.
public struct Divergence: Hashable, Sendable {
    /// The recorded event's sequence number (or the one after the last, for a missing event).
    public var seq: Int
    /// The recorded line (without `seq`), or nil when the recording has nothing there.
    public var recorded: String?
    /// The replayed line (without `seq`), or nil when the replay made no such call.
    public var replayed: String?
    /// The few recorded lines before it.
    public var context: [String]
    /// The engine rule involved (SPEC §2), e.g. "R3.1 restoration class".
    public var rule: String?
    /// The node involved.
    public var path: String?
    /// The trace came from a real app (`"source": "app"`): the recorded side is what UIKit did,
    /// so a departure is where restoretrace's model of UIKit is wrong — a fidelity finding, not
    /// an error in the trace or the app.
    public var isFidelityFinding = false
    /// Why the recording has nothing more: it was cut off (SPEC §4), so the replay went on
    /// where the recording could not follow. Nil for a whole trace.
    public var recordingCutOff: String?

    /// What kind of finding this is, for JSON: `fidelity` or `divergence`.
    public var kind: String { isFidelityFinding ? "fidelity" : "divergence" }

    /// A one-line summary for people.
    public var summary: String {
        if let recordingCutOff, recorded == nil {
            return "after event \(seq - 1): the recording ends there, cut off (\(recordingCutOff))"
                + (replayed.map { "; the replay goes on with \(Self.brief($0))" }
                    ?? "; what came after it was never compared")
        }
        if isFidelityFinding { return fidelitySummary }
        return switch (recorded, replayed) {
        case (let r?, let p?): "at event \(seq): recorded \(Self.brief(r)), replayed \(Self.brief(p))"
        case (let r?, nil): "at event \(seq): recorded \(Self.brief(r)), but the replay made no such call"
        case (nil, let p?):
            "after event \(seq - 1): the replay made \(Self.brief(p)), which the recording does not have"
        default: "at event \(seq)"
        }
    }

    /// "UIKit did X where the engine expected Y", in the three shapes a departure takes.
    private var fidelitySummary: String {
        switch (recorded, replayed) {
        case (let r?, let p?):
            if let d = FieldDifference.between(recorded: r, replayed: p) {
                // The same callback or event: what differs is one of its fields, so name it.
                "at event \(seq): UIKit did \(Self.name(r, node: d)) with \(FieldDifference.describe(d.label, d.recorded))"
                    + " where the engine expected \(FieldDifference.describe(d.label, d.replayed))"
            } else {
                "at event \(seq): UIKit did \(Self.brief(r)) where the engine expected \(Self.brief(p))"
            }
        case (let r?, nil): "at event \(seq): UIKit did \(Self.brief(r)) where the engine expected nothing"
        case (nil, let p?): "after event \(seq - 1): the engine expected \(Self.brief(p)), which UIKit did not do"
        default: "at event \(seq)"
        }
    }

    /// The callback or event a line names, with its node unless the node is what differs.
    private static func name(_ line: String, node d: FieldDifference) -> String {
        if d.label != EventField.path.name, d.label != EventField.receiver.name { return brief(line) }
        guard let v = try? JSONParser.parse(line) else { return line }
        return "`\(v[EventField.callback.name]?.stringValue ?? v[EventField.event.name]?.stringValue ?? "?")`"
    }

    public static func brief(_ line: String) -> String {
        // Four members read, the rest skipped: a line may carry a whole app's hierarchy.
        let names: Set = [
            EventField.callback.name, EventField.event.name, EventField.path.name, EventField.receiver.name,
            EventField.session.name,
        ]
        guard let v = JSONParser.topLevelStrings(of: line, named: names) else { return line }
        func text(_ field: EventField) -> String? { v[field.name] }
        let name = text(.callback) ?? text(.event) ?? "?"
        let who = text(.path) ?? text(.receiver)
        // A scene call's receiver is the one scene delegate: the session says which scene.
        let session = text(.session).map { " (session \($0))" } ?? ""
        return "`\(name)`" + (who.map { " on \($0)" } ?? "") + session
    }

    /// The rule of SPEC §2 a callback or event belongs to.
    static func rule(for e: EngineEvent) -> String? {
        if let cb = e.callback {
            switch cb {
            case .shouldSave, .shouldSaveSecure: return "P1 shouldSave(Secure)ApplicationState"
            case .willEncodeApplication: return "P2 app-level encode"
            case .encode: return "P4 encode with a coder of its own"
            case .modelIdentifier: return "P7 UIDataSourceModelAssociation"
            case .willFinishLaunching, .didFinishLaunching: return "R1 launch order"
            case .shouldRestore, .shouldRestoreSecure: return "R2 shouldRestore(Secure)ApplicationState"
            case .restorationClassViewController: return "R3.1 restoration class"
            case .delegateViewController: return "R3.2 app delegate lookup"
            case .storyboardInstantiate: return "R3.4 archived storyboard"
            case .decode, .indexPath: return "R5 decode"
            case .restorationClassObject: return "R6 registered objects"
            case .finishedRestoring, .didDecodeApplication: return "R7 finished restoring"
            case .sceneWillResignActive, .sceneDidEnterBackground, .stateRestorationActivity, .userActivityWillSave,
                .updateUserActivityState, .didUpdateUserActivity:
                return "S2 saving a scene's activity"
            case .didDiscardSceneSessions, .configurationForConnecting, .willConnectToSession, .restoreInteractionState,
                .sceneWillEnterForeground, .sceneDidBecomeActive:
                return "S3 scene relaunch"
            case .sceneDidDisconnect: return "S4 closing or disconnecting a scene"
            }
        }
        switch e.event {
        case .archiveWritten?, .background?: return "P3–P8 preservation"
        case .snapshot?: return "P10 snapshot"
        case .kill?: return "T1/T2 termination"
        // A crash while encoding or saving ends the preservation; T3 covers both.
        case .crash?: return e.phase == .preservation ? "T3 crash during preservation" : "T3 crash during restoration"
        case .archiveDeleted?: return "R9/T2/T3 archive deleted"
        case .launch?, .launchUIBuilt?, .appRunning?: return "R1 launch"
        case .sceneConnected?: return "S1 scene-based app"
        case .activitySaved?, .activityNotSaved?: return "S2 saving a scene's activity"
        case .close?, .disconnect?, .sessionDiscarded?: return "S4 closing or disconnecting a scene"
        case nil: return nil
        }
    }
}
