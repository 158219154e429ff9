import RestoreEngine

/// EngineEvent → the trace line's bytes, the one encoder of the format. It writes bytes directly:
/// building a `JSONValue` tree first cost an allocation per value and dominated recording and
/// comparing. Members come out in a fixed order; the committed traces in `Traces/` pin the bytes.
extension EventCodec {
    /// Appends the event's JSON object (no newline); `seq` nil leaves it out.
    public static func write(_ e: EngineEvent, seq: Int?, to out: inout [UInt8]) {
        var first = true
        out.append(123)
        if let seq {
            out.appendJSONKey("seq", first: &first)
            out.appendJSONInt(seq)
        }
        out.appendJSONKey("launch", first: &first)
        out.appendJSONInt(e.launch)
        out.appendJSONKey("phase", first: &first)
        out.appendJSONString(e.phase.rawValue)
        if let c = e.callback {
            out.appendJSONKey("callback", first: &first)
            out.appendJSONString(c.rawValue)
        }
        if let s = e.event {
            out.appendJSONKey("event", first: &first)
            out.appendJSONString(s.rawValue)
        }
        if let r = e.receiver {
            out.appendJSONKey("receiver", first: &first)
            out.appendJSONString(r)
        }
        if let p = e.path {
            out.appendJSONKey("path", first: &first)
            out.appendJSONString(p)
        }
        if let k = e.key {
            out.appendJSONKey("key", first: &first)
            out.appendJSONString(k)
        }
        if let a = e.argument {
            out.appendJSONKey("argument", first: &first)
            ValueCodec.write(a, to: &out)
        }
        if let c = e.coder {
            out.appendJSONKey("coder", first: &first)
            ValueCodec.writeCoder(c, to: &out)
        }
        if let r = e.result {
            out.appendJSONKey("result", first: &first)
            write(r, to: &out)
        }
        if let fx = e.effects {
            out.appendJSONKey("effects", first: &first)
            write(fx, to: &out)
        }
        if let k = e.kill {
            out.appendJSONKey("kill", first: &first)
            out.appendJSONString(k.rawValue)
        }
        if let o = e.options {
            out.appendJSONKey("options", first: &first)
            BlueprintCodec.write(o, to: &out)
        }
        if let r = e.reason {
            out.appendJSONKey("reason", first: &first)
            out.appendJSONString(r)
        }
        if let h = e.hierarchy {
            out.appendJSONKey("hierarchy", first: &first)
            BlueprintCodec.write(h, to: &out)
        }
        if let a = e.archive {
            out.appendJSONKey("archive", first: &first)
            BlueprintCodec.write(a, to: &out)
        }
        out.append(125)
    }

    static func write(_ r: EventResult, to out: inout [UInt8]) {
        switch r {
        case .bool(let b): out.appendJSONBool(b)
        case .object(nil), .modelIdentifier(nil), .indexPath(nil): out.appendJSONNull()
        case .object(let o?): write(o, to: &out)
        case .modelIdentifier(let m?): out.appendJSONString(m)
        case .indexPath(let p?):
            out.append(91)
            for (i, n) in p.enumerated() {
                if i > 0 { out.append(44) }
                out.appendJSONInt(n)
            }
            out.append(93)
        case .crashed: out.append(contentsOf: #"{"crashed":true}"#.utf8)
        }
    }

    static func write(_ o: ReturnedObject, to out: inout [UInt8]) {
        var first = true
        out.append(123)
        out.appendJSONKey("class", first: &first)
        out.appendJSONString(o.className)
        switch o {
        case .existing(_, let path):
            out.append(contentsOf: #","object":"existing","existing":"#.utf8)
            out.appendJSONString(path)
        case .new(let b):
            out.append(contentsOf: #","object":"new","built":"#.utf8)
            BlueprintCodec.write(b, to: &out)
        case .newObject(let ob):
            out.append(contentsOf: #","object":"new","builtObject":"#.utf8)
            BlueprintCodec.write(ob, to: &out)
        }
        out.append(125)
    }

    static func write(_ e: CallEffects, to out: inout [UInt8]) {
        var first = true
        out.append(123)
        if e.madeKeyAndVisible {
            out.appendJSONKey("makeKeyAndVisible", first: &first)
            out.appendJSONBool(true)
        }
        if let r = e.newRoot {
            out.appendJSONKey("rootViewController", first: &first)
            write(r, to: &out)
        }
        if e.ignoredSnapshot {
            out.appendJSONKey("ignoreSnapshotOnNextApplicationLaunch", first: &first)
            out.appendJSONBool(true)
        }
        out.append(125)
    }
}
