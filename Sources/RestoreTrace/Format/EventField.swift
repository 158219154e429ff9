import RestoreEngine

/// The trace's event line, declared once: each member, its JSON name, how its value is written
/// and how it is read. The writer (`EventCodec.write`), the whole-line reader
/// (`EventCodec.decode`), the lazy reader (`RecordedEvent`: its fast-path scanner and its payload
/// decoding), the replay comparison and the exporters all derive from this list, so a new member
/// is one new case here (the compiler then asks for its lines in the switches below).
///
/// The cases are in the order the writer writes members and the reader checks them: the
/// committed traces in `Traces/` pin the order, and a bad line reports the first problem found.
public enum EventField: String, CaseIterable, Sendable {
    case seq, launch, phase, callback, event, receiver, path, key, session, configuration, argument, coder, activity
    case result, effects, kill, options, reason, hierarchy, archive

    /// The member's name in the JSON line.
    public var name: String { rawValue }

    /// The member's name as bytes, for the scanner that matches keys without making strings.
    static let utf8Names: [[UInt8]] = allCases.map { Array($0.rawValue.utf8) }

    /// `"name":`, written as it is, without the escaping scan a `String` key goes through (~1 M
    /// members at 200×200). A literal rather than an entry of an array of byte arrays: reading
    /// the entry retained and released it for every member the writer looked at, 20 per event
    /// (1.9 % of `record` at 100×100, callgrind).
    var jsonKey: StaticString {
        switch self {
        case .seq: #""seq":"#
        case .launch: #""launch":"#
        case .phase: #""phase":"#
        case .callback: #""callback":"#
        case .event: #""event":"#
        case .receiver: #""receiver":"#
        case .path: #""path":"#
        case .key: #""key":"#
        case .session: #""session":"#
        case .configuration: #""configuration":"#
        case .argument: #""argument":"#
        case .coder: #""coder":"#
        case .activity: #""activity":"#
        case .result: #""result":"#
        case .effects: #""effects":"#
        case .kill: #""kill":"#
        case .options: #""options":"#
        case .reason: #""reason":"#
        case .hierarchy: #""hierarchy":"#
        case .archive: #""archive":"#
        }
    }

    /// Every member's name: anything else on a line is an error.
    static let names: Set<String> = Set(allCases.map(\.name))

    /// For members a replay decodes only on request (they can be big), which payload they are;
    /// nil for the envelope, which is always decoded.
    public var payload: EventPayloads? {
        switch self {
        case .coder: .coder
        case .result: .result
        case .effects: .effects
        case .options: .options
        case .hierarchy: .hierarchy
        case .archive: .archive
        case .activity: .activity
        case .seq, .launch, .phase, .callback, .event, .receiver, .path, .key, .session, .configuration, .argument,
            .kill, .reason:
            nil
        }
    }

    // MARK: Writing

    /// Appends the event's members in the format's order (see `write`): every case, in the
    /// order of `allCases` (a test holds the two together: EventFieldTests), each written with its case known,
    /// so each `write` is inlined down to its one member. A loop over `allCases` called `write`
    /// and its switch for all 20 cases of every event (~2 % of a replay, grid 80, callgrind).
    /// - Parameter nodeCount: for an event without its hierarchy whose tree is compared in place
    ///   (`VerbatimLines.matchGroup(_:nodes:…)`), the tree's node count, written where a grouped
    ///   hierarchy's is.
    static func writeMembers<Out: JSONByteSink>(
        _ e: EngineEvent, seq: Int?, grouped: Bool, nodeCount: Int? = nil, to out: inout Out
    ) {
        var first = true
        @inline(__always) func member(_ field: EventField) {
            field.write(e, seq: seq, to: &out, first: &first, grouped: grouped)
        }
        member(.seq)
        member(.launch)
        member(.phase)
        member(.callback)
        member(.event)
        member(.receiver)
        member(.path)
        member(.key)
        member(.session)
        member(.configuration)
        member(.argument)
        member(.coder)
        member(.activity)
        member(.result)
        member(.effects)
        member(.kill)
        member(.options)
        member(.reason)
        member(.hierarchy)
        if let nodeCount, case .none = e.hierarchy {
            if first { first = false } else { out.append(44) }
            out.appendLiteral(EventField.hierarchy.jsonKey)
            TraceLines.writeNodeCount(nodeCount, to: &out)
        }
        member(.archive)
    }

    /// Appends `"name":value` (after a comma unless `first`) when the event has this member.
    /// `grouped` writes a hierarchy or an archive as trace format 2's event line holds it: the
    /// count of the lines that follow (see `TraceLines`), not the nodes or entries themselves.
    @inline(__always)
    func write<Out: JSONByteSink>(
        _ e: EngineEvent, seq: Int?, to out: inout Out, first: inout Bool, grouped: Bool = false
    ) {
        func put<T>(_ value: T?, _ writeValue: (T, inout Out) -> Void) {
            guard let value else { return }
            if first { first = false } else { out.append(44) }
            out.appendLiteral(jsonKey)
            writeValue(value, &out)
        }
        switch self {
        case .seq: put(seq) { $1.appendJSONInt($0) }
        case .launch: put(e.launch) { $1.appendJSONInt($0) }
        case .phase: put(e.phase) { $1.appendJSONString($0.rawValue) }
        case .callback: put(e.callback) { $1.appendJSONString($0.rawValue) }
        case .event: put(e.event) { $1.appendJSONString($0.rawValue) }
        case .receiver: put(e.receiver) { $1.appendJSONString($0) }
        case .path: put(e.path) { $1.appendJSONString($0) }
        case .key: put(e.key) { $1.appendJSONString($0) }
        case .session: put(e.session) { $1.appendJSONString($0) }
        case .configuration: put(e.configuration) { $1.appendJSONString($0) }
        case .activity: put(e.activity) { ActivityCodec.write($0, to: &$1) }
        case .argument: put(e.argument) { ValueCodec.write($0, to: &$1) }
        case .coder: put(e.coder) { ValueCodec.writeCoder($0, to: &$1) }
        case .result: put(e.result) { EventCodec.write($0, to: &$1) }
        case .effects: put(e.effects) { EventCodec.write($0, to: &$1) }
        case .kill: put(e.kill) { $1.appendJSONString($0.rawValue) }
        case .options: put(e.options) { BlueprintCodec.write($0, to: &$1) }
        case .reason: put(e.reason) { $1.appendJSONString($0) }
        case .hierarchy:
            put(e.hierarchy) { h, out in
                if grouped { TraceLines.writeNodeCount(h, to: &out) } else { BlueprintCodec.write(h, to: &out) }
            }
        case .archive:
            put(e.archive) { a, out in
                if grouped { TraceLines.writeArchiveHead(a, to: &out) } else { BlueprintCodec.write(a, to: &out) }
            }
        }
    }

    // MARK: Reading

    /// Reads this member's value (nil when the line does not have it) into `line`. A JSON null
    /// means absent, except for `result`, where it is an answer (`nil`). `result` is read after
    /// `callback`, which says how to read it.
    func decode(_ raw: JSONValue?, into line: inout TraceEvent) throws(DecodeProblem) {
        if self == .result {
            if let raw { line.event.result = try EventCodec.decodeResult(raw, callback: line.event.callback) }
            return
        }
        let value = raw.flatMap { $0.isNull ? nil : $0 }
        switch self {
        case .seq:
            guard let n = try int(value) else { throw DecodeProblem(name, "is missing") }
            line.seq = n
        case .launch:
            guard let n = try int(value), n >= 1 else {
                throw DecodeProblem(name, "is missing or not a launch number (1, 2, …)")
            }
            line.event.launch = n
        case .phase:
            guard let text = try string(value) else { throw DecodeProblem(name, "is missing") }
            guard let phase = Phase(rawValue: text) else {
                throw DecodeProblem(
                    name, "unknown phase '\(text)' (expected launch, preservation, termination or restoration)")
            }
            line.event.phase = phase
        case .callback:
            guard let text = try string(value) else { return }
            guard let c = Callback(rawValue: text) else { throw DecodeProblem(name, "unknown callback '\(text)'") }
            line.event.callback = c
        case .event:
            guard let text = try string(value) else { return }
            guard let s = SystemEvent(rawValue: text) else {
                throw DecodeProblem(name, "unknown system event '\(text)'")
            }
            line.event.event = s
        case .receiver: line.event.receiver = try string(value)
        case .path: line.event.path = try string(value)
        case .key: line.event.key = try string(value)
        case .session: line.event.session = try string(value)
        case .configuration: line.event.configuration = try string(value)
        case .activity:
            line.event.activity = try value.map { v throws(DecodeProblem) in try ActivityCodec.decode(v, name) }
        case .argument:
            line.event.argument = try value.map { v throws(DecodeProblem) in try ValueCodec.decode(v, name) }
        case .coder: line.event.coder = try value.map { v throws(DecodeProblem) in try ValueCodec.decodeCoder(v, name) }
        case .result: break
        case .effects: line.event.effects = try value.map(EventCodec.decodeEffects)
        case .kill:
            guard let text = try string(value) else { return }
            guard let kind = KillKind(rawValue: text) else {
                throw DecodeProblem(name, "expected system, user or debugger")
            }
            line.event.kill = kind
        case .options:
            line.event.options = try value.map { v throws(DecodeProblem) in try BlueprintCodec.decodeOptions(v, name) }
        case .reason: line.event.reason = try string(value)
        case .hierarchy:
            line.event.hierarchy = try value.map { v throws(DecodeProblem) in try BlueprintCodec.decodeNode(v, name) }
        case .archive:
            line.event.archive = try value.map { v throws(DecodeProblem) in try BlueprintCodec.decodeArchive(v, name) }
        }
    }

    /// A line needs exactly one of `callback` and `event`: checked once both are read.
    static func checkCallbackOrEvent(_ e: EngineEvent) throws(DecodeProblem) {
        guard (e.callback == nil) != (e.event == nil) else {
            throw DecodeProblem(
                EventField.callback.name, "an event line needs exactly one of 'callback' and 'event'")
        }
    }

    private func string(_ v: JSONValue?) throws(DecodeProblem) -> String? {
        guard let v else { return nil }
        guard let s = v.stringValue else { throw DecodeProblem(name, "expected a string") }
        return s
    }

    private func int(_ v: JSONValue?) throws(DecodeProblem) -> Int? {
        guard let v else { return nil }
        guard let n = v.intValue else { throw DecodeProblem(name, "expected an integer") }
        return n
    }
}
