import RestoreEngine

/// EngineEvent → the trace line's bytes, the one encoder of the format. It writes bytes directly:
/// building a `JSONValue` tree first cost an allocation per value and dominated recording and
/// comparing. Members come out in a fixed order; the committed traces in `Traces/` pin the bytes.
extension EventCodec {
    /// Appends the event's JSON object (no newline); `seq` nil leaves it out.
    public static func write(_ e: EngineEvent, seq: Int?, to out: inout [UInt8]) {
        out.append(123)
        EventField.writeMembers(e, seq: seq, grouped: false, to: &out)
        out.append(125)
    }

    static func write<Out: JSONByteSink>(_ r: EventResult, to out: inout Out) {
        switch r {
        case .bool(let b): out.appendJSONBool(b)
        case .object(nil), .modelIdentifier(nil), .indexPath(nil), .configuration(nil): out.appendJSONNull()
        case .object(let o?): write(o, to: &out)
        case .modelIdentifier(let m?), .configuration(let m?): out.appendJSONString(m)
        case .indexPath(let p?):
            out.append(91)
            for (i, n) in p.enumerated() {
                if i > 0 { out.append(44) }
                out.appendJSONInt(n)
            }
            out.append(93)
        case .crashed: out.appendLiteral(#"{"crashed":true}"#)
        }
    }

    static func write<Out: JSONByteSink>(_ o: ReturnedObject, to out: inout Out) {
        var first = true
        out.append(123)
        out.appendJSONFixedKey("class", first: &first)
        out.appendJSONString(o.className)
        switch o {
        case .existing(_, let path):
            out.appendLiteral(#","object":"existing","existing":"#)
            out.appendJSONString(path)
        case .new(let b):
            out.appendLiteral(#","object":"new","built":"#)
            BlueprintCodec.write(b, to: &out)
        case .newObject(let ob):
            out.appendLiteral(#","object":"new","builtObject":"#)
            BlueprintCodec.write(ob, to: &out)
        }
        out.append(125)
    }

    static func write<Out: JSONByteSink>(_ e: CallEffects, to out: inout Out) {
        var first = true
        out.append(123)
        if e.madeKeyAndVisible {
            out.appendJSONFixedKey("makeKeyAndVisible", first: &first)
            out.appendJSONBool(true)
        }
        if let r = e.newRoot {
            out.appendJSONFixedKey("rootViewController", first: &first)
            write(r, to: &out)
        }
        if e.ignoredSnapshot {
            out.appendJSONFixedKey("ignoreSnapshotOnNextApplicationLaunch", first: &first)
            out.appendJSONBool(true)
        }
        out.append(125)
    }
}
