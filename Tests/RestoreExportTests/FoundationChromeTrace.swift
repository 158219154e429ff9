import Foundation
import RestoreEngine
import RestoreTrace

@testable import RestoreExport

/// The chrome-trace exporter as it was before it streamed: a dictionary per event, serialized by
/// Foundation with sorted keys. Kept here as the reference its bytes are checked against.
enum FoundationChromeTrace {
    static func json(events: [EngineEvent], scenario: String) throws -> String {
        let object: [String: Any] = [
            "traceEvents": traceEvents(events: events, scenario: scenario), "displayTimeUnit": "ms",
        ]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    static func traceEvents(events: [EngineEvent], scenario: String) -> [[String: Any]] {
        var out: [[String: Any]] = [
            ["ph": "M", "name": "process_name", "pid": 1, "tid": 0, "args": ["name": "restoretrace: " + scenario]]
        ]
        var tracks: Set<Int> = []
        var lastEncode: [String: Int] = [:]
        var lastSaved: [String: Int] = [:]
        var flowID = 0
        let slot = ChromeTraceExporter.slot
        for (index, e) in events.enumerated() {
            let seq = index + 1
            let tid = ChromeTraceExporter.track(e)
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
                "ph": "X", "name": e.name, "cat": "callback", "pid": 1, "tid": tid, "ts": ts,
                "dur": ChromeTraceExporter.sliceLength, "args": args(e, seq: seq),
            ])
            if let session = e.session, e.callback == .willConnectToSession, e.activity != nil,
                let from = lastSaved[session]
            {
                flowID += 1
                out += flow(
                    id: flowID, name: "activity",
                    from: (ChromeTraceExporter.track(events[from]), (from + 1) * slot + 1),
                    to: (tid, ts + 1))
            }
            guard let key = e.key else { continue }
            if e.callback == .encode {
                lastEncode[key] = index
            } else if e.callback == .decode, let from = lastEncode[key] {
                flowID += 1
                out += flow(
                    id: flowID, name: "archive", from: (ChromeTraceExporter.track(events[from]), (from + 1) * slot + 1),
                    to: (tid, ts + 1))
            }
        }
        return out
    }

    static func flow(id: Int, name: String, from: (tid: Int, ts: Int), to: (tid: Int, ts: Int)) -> [[String: Any]] {
        [
            ["ph": "s", "name": name, "cat": name, "id": id, "pid": 1, "tid": from.tid, "ts": from.ts],
            ["ph": "f", "bp": "e", "name": name, "cat": name, "id": id, "pid": 1, "tid": to.tid, "ts": to.ts],
        ]
    }

    static func args(_ e: EngineEvent, seq: Int) -> [String: Any] {
        var a: [String: Any] = [EventField.seq.name: seq]
        if let r = e.receiver { a[EventField.receiver.name] = r }
        if let p = e.path { a[EventField.path.name] = p }
        if let k = e.key { a[EventField.key.name] = k }
        if let coder = e.coder { a[EventField.coder.name] = coder.map(\.key) }
        if let result = e.result { a[EventField.result.name] = ChromeTraceExporter.describe(result) }
        if let reason = e.reason { a[EventField.reason.name] = reason }
        if let session = e.session { a[EventField.session.name] = session }
        if let configuration = e.configuration { a[EventField.configuration.name] = configuration }
        if let activity = e.activity {
            a[EventField.activity.name] = ["type": activity.type, "userInfo": activity.userInfo.map(\.key)]
        }
        return a
    }
}
