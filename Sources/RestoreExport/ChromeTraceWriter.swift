import RestoreEngine
import RestoreTrace

/// Writes the Trace Event Format one event at a time, straight into a byte buffer, so an export
/// streams: the caller hands the buffer on to a file whenever it grows, and memory holds only the
/// open flows (one entry per archive key and per scene session), never the events.
///
/// The bytes are the ones Foundation's `JSONSerialization` wrote for the same objects with
/// `[.sortedKeys, .withoutEscapingSlashes]` (what this exporter used before): members in the
/// order those options sort them, strings escaped as it escapes them. Building a dictionary per
/// event and serializing it took 75 s and 2.4 GB for the 240,818 events of the 200×200 grid.
public struct ChromeTraceWriter {
    private var tracks: Set<Int> = []
    /// Where the last encode of each archive key ended: its track and the arrow's start time.
    private var lastEncode: [String: (tid: Int, ts: Int)] = [:]
    /// Where each scene session's activity was last saved, likewise.
    private var lastSaved: [String: (tid: Int, ts: Int)] = [:]
    private var flowID = 0
    private var seq = 0

    /// Starts the document and names the process after `scenario`.
    public init(scenario: String, into out: inout [UInt8]) {
        out.append(contentsOf: #"{"displayTimeUnit":"ms","traceEvents":["#.utf8)
        out.append(contentsOf: #"{"args":{"name":"#.utf8)
        out.appendFoundationJSONString("restoretrace: " + scenario)
        out.append(contentsOf: #"},"name":"process_name","ph":"M","pid":1,"tid":0}"#.utf8)
    }

    /// Appends the next event: its slice or instant, its track's names the first time the track is
    /// used, and the flow arrows that end at it.
    public mutating func append(_ e: EngineEvent, to out: inout [UInt8]) {
        seq += 1
        let tid = ChromeTraceExporter.track(e)
        if tracks.insert(tid).inserted { nameTrack(tid, of: e, to: &out) }
        let ts = seq * ChromeTraceExporter.slot
        if e.event == .activitySaved, let session = e.session { lastSaved[session] = (tid, ts + 1) }
        guard e.callback != nil else {
            out.append(contentsOf: #",{"args":"#.utf8)
            appendArgs(e, to: &out)
            out.append(contentsOf: #","cat":"system","name":"#.utf8)
            out.appendFoundationJSONString(e.name)
            out.append(contentsOf: #","ph":"i","pid":1,"s":"t","tid":"#.utf8)
            out.appendJSONInt(tid)
            out.append(contentsOf: #","ts":"#.utf8)
            out.appendJSONInt(ts)
            out.append(125)
            return
        }
        out.append(contentsOf: #",{"args":"#.utf8)
        appendArgs(e, to: &out)
        out.append(contentsOf: #","cat":"callback","dur":"#.utf8)
        out.appendJSONInt(ChromeTraceExporter.sliceLength)
        out.append(contentsOf: #","name":"#.utf8)
        out.appendFoundationJSONString(e.name)
        out.append(contentsOf: #","ph":"X","pid":1,"tid":"#.utf8)
        out.appendJSONInt(tid)
        out.append(contentsOf: #","ts":"#.utf8)
        out.appendJSONInt(ts)
        out.append(125)
        if let session = e.session, e.callback == .willConnectToSession, e.activity != nil,
            let from = lastSaved[session]
        {
            // The activity saved with the session, handed back at its reconnection.
            flowID += 1
            appendFlow(id: flowID, name: "activity", from: from, to: (tid, ts + 1), to: &out)
        }
        guard let key = e.key else { return }
        if e.callback == .encode {
            lastEncode[key] = (tid, ts + 1)
        } else if e.callback == .decode, let from = lastEncode[key] {
            flowID += 1
            appendFlow(id: flowID, name: "archive", from: from, to: (tid, ts + 1), to: &out)
        }
    }

    /// Closes the document.
    public func finish(_ out: inout [UInt8]) {
        out.append(contentsOf: "]}".utf8)
    }

    /// A track's name and sort position, written before its first slice.
    private func nameTrack(_ tid: Int, of e: EngineEvent, to out: inout [UInt8]) {
        out.append(contentsOf: #",{"args":{"name":"#.utf8)
        out.appendFoundationJSONString("Launch \(e.launch) · \(e.phase.rawValue)")
        out.append(contentsOf: #"},"name":"thread_name","ph":"M","pid":1,"tid":"#.utf8)
        out.appendJSONInt(tid)
        out.append(contentsOf: #"},{"args":{"sort_index":"#.utf8)
        out.appendJSONInt(tid)
        out.append(contentsOf: #"},"name":"thread_sort_index","ph":"M","pid":1,"tid":"#.utf8)
        out.appendJSONInt(tid)
        out.append(125)
    }

    /// A flow arrow from one slice to another: its start and its finish.
    private func appendFlow(
        id: Int, name: String, from: (tid: Int, ts: Int), to: (tid: Int, ts: Int), to out: inout [UInt8]
    ) {
        out.append(contentsOf: #",{"cat":"#.utf8)
        out.appendFoundationJSONString(name)
        out.append(contentsOf: #","id":"#.utf8)
        out.appendJSONInt(id)
        out.append(contentsOf: #","name":"#.utf8)
        out.appendFoundationJSONString(name)
        out.append(contentsOf: #","ph":"s","pid":1,"tid":"#.utf8)
        out.appendJSONInt(from.tid)
        out.append(contentsOf: #","ts":"#.utf8)
        out.appendJSONInt(from.ts)
        out.append(contentsOf: #"},{"bp":"e","cat":"#.utf8)
        out.appendFoundationJSONString(name)
        out.append(contentsOf: #","id":"#.utf8)
        out.appendJSONInt(id)
        out.append(contentsOf: #","name":"#.utf8)
        out.appendFoundationJSONString(name)
        out.append(contentsOf: #","ph":"f","pid":1,"tid":"#.utf8)
        out.appendJSONInt(to.tid)
        out.append(contentsOf: #","ts":"#.utf8)
        out.appendJSONInt(to.ts)
        out.append(125)
    }

    /// The event's fields, named as the trace names them, in sorted order: activity, coder,
    /// configuration, key, path, reason, receiver, result, seq, session.
    private func appendArgs(_ e: EngineEvent, to out: inout [UInt8]) {
        var first = true
        func member(_ field: EventField) {
            out.append(first ? 123 : 44)
            first = false
            out.appendFoundationJSONString(field.name)
            out.append(58)
        }
        if let activity = e.activity {
            // Scene sessions (SPEC §8): what the session's activity holds.
            member(.activity)
            out.append(contentsOf: #"{"type":"#.utf8)
            out.appendFoundationJSONString(activity.type)
            out.append(contentsOf: #","userInfo":"#.utf8)
            appendStrings(activity.userInfo.lazy.map(\.key), to: &out)
            out.append(125)
        }
        if let coder = e.coder {
            member(.coder)
            appendStrings(coder.lazy.map(\.key), to: &out)
        }
        if let configuration = e.configuration {
            member(.configuration)
            out.appendFoundationJSONString(configuration)
        }
        if let key = e.key {
            member(.key)
            out.appendFoundationJSONString(key)
        }
        if let path = e.path {
            member(.path)
            out.appendFoundationJSONString(path)
        }
        if let reason = e.reason {
            member(.reason)
            out.appendFoundationJSONString(reason)
        }
        if let receiver = e.receiver {
            member(.receiver)
            out.appendFoundationJSONString(receiver)
        }
        if let result = e.result {
            member(.result)
            out.appendFoundationJSONString(ChromeTraceExporter.describe(result))
        }
        member(.seq)
        out.appendJSONInt(seq)
        if let session = e.session {
            member(.session)
            out.appendFoundationJSONString(session)
        }
        out.append(125)
    }

    private func appendStrings(_ items: some Sequence<String>, to out: inout [UInt8]) {
        out.append(91)
        var first = true
        for s in items {
            if !first { out.append(44) }
            first = false
            out.appendFoundationJSONString(s)
        }
        out.append(93)
    }
}
