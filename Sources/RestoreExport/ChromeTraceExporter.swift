import Foundation
import RestoreEngine
import RestoreTrace

/// Exports events in Chrome's Trace Event Format, for Perfetto and `chrome://tracing`.
///
/// Time is logical: event `seq` n starts at n × 10 µs, so the same trace always exports the same
/// bytes. One track per launch and phase; a slice per callback, an instant per system event, and
/// a flow arrow from each node's encode to its decode, matched by archive key.
public enum ChromeTraceExporter {
    static let slot = 10
    static let sliceLength = 8

    /// The trace as JSON text (`{"traceEvents":[…],"displayTimeUnit":"ms"}`), keys sorted.
    ///
    /// - Parameter scenario: shown as the process name.
    /// - Throws: `ExportError.serializationFailed` only if JSON serialization fails, which no event can cause.
    public static func json(events: [EngineEvent], scenario: String) throws(ExportError) -> String {
        let object: [String: Any] = [
            "traceEvents": traceEvents(events: events, scenario: scenario), "displayTimeUnit": "ms",
        ]
        do {
            let data = try JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
            return String(decoding: data, as: UTF8.self)
        } catch {
            throw ExportError.serializationFailed(error.localizedDescription)
        }
    }

    static func traceEvents(events: [EngineEvent], scenario: String) -> [[String: Any]] {
        var out: [[String: Any]] = [
            ["ph": "M", "name": "process_name", "pid": 1, "tid": 0, "args": ["name": "restoretrace: " + scenario]]
        ]
        var tracks: Set<Int> = []
        var lastEncode: [String: Int] = [:]
        var lastSaved: [String: Int] = [:]
        var flowID = 0
        for (index, e) in events.enumerated() {
            let seq = index + 1
            let tid = track(e)
            if tracks.insert(tid).inserted {
                let name = "Launch \(e.launch) · \(e.phase.rawValue)"
                out.append(["ph": "M", "name": "thread_name", "pid": 1, "tid": tid, "args": ["name": name]])
                out.append(["ph": "M", "name": "thread_sort_index", "pid": 1, "tid": tid, "args": ["sort_index": tid]])
            }
            let ts = seq * slot
            if e.event == .activitySaved, let session = e.session { lastSaved[session] = index }
            if e.callback == nil {
                var instant: [String: Any] = [
                    "ph": "i", "s": "t", "name": e.name, "cat": "system", "pid": 1, "tid": tid, "ts": ts,
                ]
                instant["args"] = args(e, seq: seq)
                out.append(instant)
                continue
            }
            out.append([
                "ph": "X", "name": e.name, "cat": "callback", "pid": 1, "tid": tid, "ts": ts, "dur": sliceLength,
                "args": args(e, seq: seq),
            ])
            if let session = e.session, e.callback == .willConnectToSession, e.activity != nil,
                let from = lastSaved[session]
            {
                // The activity saved with the session, handed back at its reconnection.
                flowID += 1
                out += flow(
                    id: flowID, name: "activity", from: (track(events[from]), (from + 1) * slot + 1), to: (tid, ts + 1))
            }
            guard let key = e.key else { continue }
            if e.callback == .encode {
                lastEncode[key] = index
            } else if e.callback == .decode, let from = lastEncode[key] {
                flowID += 1
                let source = events[from]
                out.append([
                    "ph": "s", "name": "archive", "cat": "archive", "id": flowID, "pid": 1, "tid": track(source),
                    "ts": (from + 1) * slot + 1,
                ])
                out.append([
                    "ph": "f", "bp": "e", "name": "archive", "cat": "archive", "id": flowID, "pid": 1, "tid": tid,
                    "ts": ts + 1,
                ])
            }
        }
        return out
    }

    /// A flow arrow from one slice to another.
    static func flow(id: Int, name: String, from: (tid: Int, ts: Int), to: (tid: Int, ts: Int)) -> [[String: Any]] {
        [
            ["ph": "s", "name": name, "cat": name, "id": id, "pid": 1, "tid": from.tid, "ts": from.ts],
            ["ph": "f", "bp": "e", "name": name, "cat": name, "id": id, "pid": 1, "tid": to.tid, "ts": to.ts],
        ]
    }

    /// Tracks sort by launch, then phase in the order a launch goes through them.
    static func track(_ e: EngineEvent) -> Int {
        let order: [Phase] = [.launch, .preservation, .termination, .restoration]
        return e.launch * 10 + (order.firstIndex(of: e.phase) ?? 9)
    }

    static func args(_ e: EngineEvent, seq: Int) -> [String: Any] {
        // Named as the trace names them.
        var a: [String: Any] = [EventField.seq.name: seq]
        if let r = e.receiver { a[EventField.receiver.name] = r }
        if let p = e.path { a[EventField.path.name] = p }
        if let k = e.key { a[EventField.key.name] = k }
        if let coder = e.coder { a[EventField.coder.name] = coder.map(\.key) }
        if let result = e.result { a[EventField.result.name] = describe(result) }
        if let reason = e.reason { a[EventField.reason.name] = reason }
        // Scene sessions (SPEC §8): which session, and what its activity holds.
        if let session = e.session { a[EventField.session.name] = session }
        if let configuration = e.configuration { a[EventField.configuration.name] = configuration }
        if let activity = e.activity {
            a[EventField.activity.name] = ["type": activity.type, "userInfo": activity.userInfo.map(\.key)]
        }
        return a
    }

    static func describe(_ r: EventResult) -> String {
        switch r {
        case .bool(let b): b ? "YES" : "NO"
        case .object(let o): o.map { "<\($0.className)>" } ?? "nil"
        case .modelIdentifier(let m): m ?? "nil"
        case .indexPath(let p): p.map { "[" + $0.map(String.init).joined(separator: ", ") + "]" } ?? "nil"
        case .crashed: "crashed"
        }
    }
}
