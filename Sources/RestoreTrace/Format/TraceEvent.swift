import RestoreEngine

/// One event line: its sequence number and what the engine emitted.
public struct TraceEvent: Hashable, Sendable {
    public var seq: Int
    public var event: EngineEvent
    public init(seq: Int, event: EngineEvent) {
        self.seq = seq
        self.event = event
    }
}

/// EngineEvent ↔ the trace's JSON line.
public enum EventCodec {
    static let keys: Set<String> = [
        "seq", "launch", "phase", "callback", "event", "receiver", "path", "key", "argument", "coder", "result",
        "effects", "hierarchy", "archive", "options", "kill", "reason",
    ]

    /// One event's trace line (no newline); `seq` nil leaves it out (for comparing events).
    public static func line(_ e: EngineEvent, seq: Int?) -> String {
        var out: [UInt8] = []
        write(e, seq: seq, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: Decoding

    public static func decode(_ j: JSONValue) throws(DecodeProblem) -> TraceEvent {
        let f = try Fields(j, "")
        try f.rejectUnknown(keys)
        guard let seq = try f.int("seq") else { throw DecodeProblem("seq", "is missing") }
        guard let launch = try f.int("launch"), launch >= 1 else {
            throw DecodeProblem("launch", "is missing or not a launch number (1, 2, …)")
        }
        let phaseText = try f.requiredString("phase")
        guard let phase = Phase(rawValue: phaseText) else {
            throw DecodeProblem(
                "phase", "unknown phase '\(phaseText)' (expected launch, preservation, termination or restoration)")
        }
        var e = EngineEvent(launch: launch, phase: phase)
        if let c = try f.string("callback") {
            guard let cb = Callback(rawValue: c) else { throw DecodeProblem("callback", "unknown callback '\(c)'") }
            e.callback = cb
        }
        if let s = try f.string("event") {
            guard let ev = SystemEvent(rawValue: s) else { throw DecodeProblem("event", "unknown system event '\(s)'") }
            e.event = ev
        }
        guard (e.callback == nil) != (e.event == nil) else {
            throw DecodeProblem("callback", "an event line needs exactly one of 'callback' and 'event'")
        }
        e.receiver = try f.string("receiver")
        e.path = try f.string("path")
        e.key = try f.string("key")
        if let a = f["argument"] { e.argument = try ValueCodec.decode(a, "argument") }
        if let c = f["coder"] { e.coder = try ValueCodec.decodeCoder(c, "coder") }
        if let r = j["result"] { e.result = try decodeResult(r, callback: e.callback) }
        if let fx = f["effects"] { e.effects = try decodeEffects(fx) }
        if let k = try f.string("kill") {
            guard let kind = KillKind(rawValue: k) else {
                throw DecodeProblem("kill", "expected system, user or debugger")
            }
            e.kill = kind
        }
        if let o = f["options"] { e.options = try BlueprintCodec.decodeOptions(o, "options") }
        e.reason = try f.string("reason")
        if let h = f["hierarchy"] { e.hierarchy = try BlueprintCodec.decodeNode(h, "hierarchy") }
        if let a = f["archive"] { e.archive = try BlueprintCodec.decodeArchive(a, "archive") }
        return TraceEvent(seq: seq, event: e)
    }

    /// One payload member of a line read lazily (`RecordedEvent`), decoded as `decode` decodes it.
    static func decodePayload(_ p: EventPayloads, _ j: JSONValue, into e: inout EngineEvent) throws(DecodeProblem) {
        if p == .result {
            e.result = try decodeResult(j, callback: e.callback)  // null is an answer here, not an absence
            return
        }
        if j.isNull { return }
        switch p {
        case .coder: e.coder = try ValueCodec.decodeCoder(j, "coder")
        case .effects: e.effects = try decodeEffects(j)
        case .options: e.options = try BlueprintCodec.decodeOptions(j, "options")
        case .hierarchy: e.hierarchy = try BlueprintCodec.decodeNode(j, "hierarchy")
        case .archive: e.archive = try BlueprintCodec.decodeArchive(j, "archive")
        default: break
        }
    }

    static func decodeResult(_ j: JSONValue, callback: Callback?) throws(DecodeProblem) -> EventResult? {
        switch callback {
        case .modelIdentifier?:
            if case .null = j { return .modelIdentifier(nil) }
            guard let s = j.stringValue else { throw DecodeProblem("result", "expected a model identifier or null") }
            return .modelIdentifier(s)
        case .indexPath?:
            if case .null = j { return .indexPath(nil) }
            guard let a = j.arrayValue, a.allSatisfy({ $0.intValue != nil }) else {
                throw DecodeProblem("result", "expected an index path or null")
            }
            return .indexPath(a.compactMap(\.intValue))
        default: break
        }
        switch j {
        case .bool(let b): return .bool(b)
        case .null: return .object(nil)
        case .object:
            if j["crashed"]?.boolValue == true { return .crashed }
            return .object(try decodeReturned(j, "result"))
        default: throw DecodeProblem("result", "expected true, false, null or an object")
        }
    }

    static func decodeReturned(_ j: JSONValue, _ field: String) throws(DecodeProblem) -> ReturnedObject {
        let f = try Fields(j, field)
        try f.rejectUnknown(["class", "object", "existing", "built", "builtObject"])
        let className = try f.requiredString("class")
        switch try f.requiredString("object") {
        case "existing": return .existing(className: className, path: try f.requiredString("existing"))
        case "new":
            if let b = f["built"] { return .new(try BlueprintCodec.decodeNode(b, f.name("built"))) }
            if let o = f["builtObject"] { return .newObject(try BlueprintCodec.decodeObject(o, f.name("builtObject"))) }
            throw DecodeProblem(f.name("built"), "a new object needs what was built")
        case let other: throw DecodeProblem(f.name("object"), "expected 'new' or 'existing', found '\(other)'")
        }
    }

    static func decodeEffects(_ j: JSONValue) throws(DecodeProblem) -> CallEffects {
        let f = try Fields(j, "effects")
        try f.rejectUnknown(["makeKeyAndVisible", "rootViewController", "ignoreSnapshotOnNextApplicationLaunch"])
        var e = CallEffects()
        e.madeKeyAndVisible = try f.bool("makeKeyAndVisible") ?? false
        e.ignoredSnapshot = try f.bool("ignoreSnapshotOnNextApplicationLaunch") ?? false
        if let r = f["rootViewController"] { e.newRoot = try decodeReturned(r, "effects.rootViewController") }
        return e
    }
}
