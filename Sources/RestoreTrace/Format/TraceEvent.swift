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
    /// One event's trace line (no newline); `seq` nil leaves it out (for comparing events).
    public static func line(_ e: EngineEvent, seq: Int?) -> String {
        var out: [UInt8] = []
        write(e, seq: seq, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: Decoding

    /// Reads a whole line, member by member in `EventField` order.
    public static func decode(_ j: JSONValue) throws(DecodeProblem) -> TraceEvent {
        let f = try Fields(j, "")
        try f.rejectUnknown(EventField.names)
        var line = TraceEvent(seq: 0, event: EngineEvent(launch: 1, phase: .launch))
        for field in EventField.allCases {
            try field.decode(j[field.name], into: &line)
            if field == .event { try EventField.checkCallbackOrEvent(line.event) }
        }
        return line
    }

    static func decodeResult(_ j: JSONValue, callback: Callback?) throws(DecodeProblem) -> EventResult? {
        switch callback {
        case .modelIdentifier?:
            if case .null = j { return .modelIdentifier(nil) }
            guard let s = j.stringValue else {
                throw DecodeProblem(EventField.result.name, "expected a model identifier or null")
            }
            return .modelIdentifier(s)
        case .configurationForConnecting?:
            if case .null = j { return .configuration(nil) }
            guard let s = j.stringValue else {
                throw DecodeProblem(EventField.result.name, "expected a scene configuration's name or null")
            }
            return .configuration(s)
        case .indexPath?:
            if case .null = j { return .indexPath(nil) }
            guard let a = j.arrayValue, a.allSatisfy({ $0.intValue != nil }) else {
                throw DecodeProblem(EventField.result.name, "expected an index path or null")
            }
            return .indexPath(a.compactMap(\.intValue))
        default: break
        }
        switch j {
        case .bool(let b): return .bool(b)
        case .null: return .object(nil)
        case .object:
            if j["crashed"]?.boolValue == true { return .crashed }
            return .object(try decodeReturned(j, EventField.result.name))
        default: throw DecodeProblem(EventField.result.name, "expected true, false, null or an object")
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
        let f = try Fields(j, EventField.effects.name)
        try f.rejectUnknown(["makeKeyAndVisible", "rootViewController", "ignoreSnapshotOnNextApplicationLaunch"])
        var e = CallEffects()
        e.madeKeyAndVisible = try f.bool("makeKeyAndVisible") ?? false
        e.ignoredSnapshot = try f.bool("ignoreSnapshotOnNextApplicationLaunch") ?? false
        if let r = f["rootViewController"] { e.newRoot = try decodeReturned(r, f.name("rootViewController")) }
        return e
    }
}
