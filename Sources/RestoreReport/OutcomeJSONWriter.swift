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
        array(o.diagnostics, to: &stream) { OutcomeCodec.encode($0).write(to: &$1.buffer) }
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
        array(p.nodes, to: &stream) { OutcomeCodec.encode($0).write(to: &$1.buffer) }
        stream.buffer.append(125)
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

    private static func member(_ key: String, of first: inout Bool, to out: inout [UInt8]) {
        if first { first = false } else { out.append(44) }
        JSONValue.string(key).write(to: &out)
        out.append(58)
    }
}
