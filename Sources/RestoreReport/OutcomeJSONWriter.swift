import RestoreEngine
import RestoreTrace

/// The outcome object (SPEC §5) written member by member into an export stream: the same bytes as
/// `OutcomeCodec.encode(…).serialized`, without ever holding the whole tree or the whole text.
/// Each node, diagnostic and scene is still encoded by `OutcomeCodec`, one at a time; only the
/// outline (the top-level members and each phase's) is written here. `OutcomeJSONWriterTests`
/// checks the two agree on every sample trace.
enum OutcomeJSONWriter {
    static func write(_ o: Outcome, scenario: String, extra: [(String, JSONValue)], to stream: inout ExportStream) {
        var first = true
        stream.buffer.append(123)
        member("format", of: &first, to: &stream.buffer)
        JSONValue.string(OutcomeCodec.format).write(to: &stream.buffer)
        member("scenario", of: &first, to: &stream.buffer)
        JSONValue.string(scenario).write(to: &stream.buffer)
        member("preservation", of: &first, to: &stream.buffer)
        write(o.preservation, to: &stream)
        member("restoration", of: &first, to: &stream.buffer)
        write(o.restoration, to: &stream)
        member("launches", of: &first, to: &stream.buffer)
        array(o.launches, to: &stream) { write($0, to: &$1) }
        member("diagnostics", of: &first, to: &stream.buffer)
        array(o.diagnostics, to: &stream) { write($0, to: &$1.buffer) }
        if let scenes = o.scenes {
            member("scenes", of: &first, to: &stream.buffer)
            array(scenes, to: &stream) { OutcomeCodec.encode($0).write(to: &$1.buffer) }
        }
        for (key, value) in extra {
            member(key, of: &first, to: &stream.buffer)
            value.write(to: &stream.buffer)
            stream.drainIfFull()
        }
        stream.buffer.append(125)
    }

    /// A phase as `OutcomeCodec.encode(_: PhaseOutcome)` writes it; a phase that never ran as
    /// `OutcomeCodec.encode(_: Outcome, …)` writes it.
    private static func write(_ phase: PhaseOutcome?, to stream: inout ExportStream) {
        guard let p = phase else {
            stream.buffer.append(contentsOf: #"{"performed":false,"reason":null,"nodes":[]}"#.utf8)
            return
        }
        var first = true
        stream.buffer.append(123)
        member("performed", of: &first, to: &stream.buffer)
        JSONValue.bool(p.performed).write(to: &stream.buffer)
        member("reason", of: &first, to: &stream.buffer)
        (p.reason.map { JSONValue.string($0.rawValue) } ?? .null).write(to: &stream.buffer)
        member("launch", of: &first, to: &stream.buffer)
        JSONValue.int(p.launch).write(to: &stream.buffer)
        member("nodes", of: &first, to: &stream.buffer)
        array(p.nodes, to: &stream) { write($0, to: &$1.buffer) }
        stream.buffer.append(125)
    }

    /// A node as `OutcomeCodec.encode(_: NodeOutcome)` writes it, member by member: building
    /// its `JSONValue` object first (an array of members per node, 481,206 nodes at 200x200 with
    /// the launches) was a third of the writer's time.
    private static func write(_ n: NodeOutcome, to out: inout [UInt8]) {
        var first = true
        out.append(123)
        member("path", of: &first, to: &out)
        (n.path.map(JSONValue.string) ?? .null).write(to: &out)
        if let key = n.key { string("key", key, &first, &out) }
        string("locator", n.locator, &first, &out)
        string("class", n.className, &first, &out)
        string("kind", n.kind.rawValue, &first, &out)
        string("status", n.status.rawValue, &first, &out)
        if let via = n.via { string("via", via.rawValue, &first, &out) }
        if let decoded = n.decoded {
            member("decoded", of: &first, to: &out)
            JSONValue.bool(decoded).write(to: &out)
        }
        if let reason = n.reason { string("reason", reason.rawValue, &first, &out) }
        if let cause = n.cause { string("cause", cause, &first, &out) }
        out.append(125)
    }

    /// A diagnostic as `OutcomeCodec.encode(_: Diagnostic)` writes it.
    private static func write(_ d: Diagnostic, to out: inout [UInt8]) {
        var first = true
        out.append(123)
        if let code = d.code { string("code", code.rawValue, &first, &out) }
        string("severity", d.severity.rawValue, &first, &out)
        member("path", of: &first, to: &out)
        (d.path.map(JSONValue.string) ?? .null).write(to: &out)
        if let locator = d.locator { string("locator", locator, &first, &out) }
        if let launch = d.launch {
            member("launch", of: &first, to: &out)
            JSONValue.int(launch).write(to: &out)
        }
        string("message", d.message, &first, &out)
        out.append(125)
    }

    /// A member whose value is a string.
    private static func string(_ key: String, _ value: String, _ first: inout Bool, _ out: inout [UInt8]) {
        member(key, of: &first, to: &out)
        JSONValue.string(value).write(to: &out)
    }

    private static func array<Item>(
        _ items: [Item], to stream: inout ExportStream, _ writeItem: (Item, inout ExportStream) -> Void
    ) {
        stream.buffer.append(91)
        for (i, item) in items.enumerated() {
            if i > 0 { stream.buffer.append(44) }
            writeItem(item, &stream)
            stream.drainIfFull()
        }
        stream.buffer.append(93)
    }

    /// `"key":`, after a comma unless it is the object's first member. (`ArchiveListing` writes
    /// its document with it too.)
    static func member(_ key: String, of first: inout Bool, to out: inout [UInt8]) {
        if first { first = false } else { out.append(44) }
        JSONValue.string(key).write(to: &out)
        out.append(58)
    }
}
