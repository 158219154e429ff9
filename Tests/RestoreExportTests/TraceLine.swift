import Foundation
import RestoreEngine

/// A tiny stand-in for the trace module's encoder: an event as its trace JSON line.
enum TraceLine {
    static func encode(_ e: EngineEvent, seq: Int) -> String {
        var fields = ["\"seq\":\(seq)", "\"launch\":\(e.launch)", "\"phase\":\(str(e.phase.rawValue))"]
        if let c = e.callback { fields.append("\"callback\":\(str(c.rawValue))") }
        if let s = e.event { fields.append("\"event\":\(str(s.rawValue))") }
        if let r = e.receiver { fields.append("\"receiver\":\(str(r))") }
        if let p = e.path { fields.append("\"path\":\(str(p))") }
        if let k = e.key { fields.append("\"key\":\(str(k))") }
        if let coder = e.coder {
            let entries = coder.map { entry -> String in
                var v = value(entry.value)
                if entry.isSystem { v = String(v.dropLast()) + ",\"system\":true}" }
                return str(entry.key) + ":" + v
            }
            fields.append("\"coder\":{\(entries.joined(separator: ","))}")
        }
        if let result = e.result { fields.append("\"result\":\(resultJSON(result))") }
        if let reason = e.reason { fields.append("\"reason\":\(str(reason))") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    static func value(_ v: CoderValue) -> String {
        switch v {
        case .string(let s): "{\"string\":\(str(s))}"
        case .int(let i): "{\"int\":\(i)}"
        case .double(let d): "{\"double\":\(d)}"
        case .bool(let b): "{\"bool\":\(b)}"
        case .data(let bytes): "{\"data\":\(str(Data(bytes).base64EncodedString()))}"
        case .date(let t): "{\"date\":\(t)}"
        case .array(let items): "{\"array\":[\(items.map(value).joined(separator: ","))]}"
        case .dictionary(let map):
            "{\"dictionary\":{\(map.keys.sorted().map { str($0) + ":" + value(map[$0]!) }.joined(separator: ","))}}"
        case .reference(let key): "{\"ref\":\(str(key))}"
        }
    }

    static func resultJSON(_ r: EventResult) -> String {
        switch r {
        case .bool(let b): "\(b)"
        case .object(let o): o.map { "{\"class\":\(str($0.className))}" } ?? "null"
        case .modelIdentifier(let m): m.map(str) ?? "null"
        case .indexPath(let p): p.map { "[" + $0.map(String.init).joined(separator: ",") + "]" } ?? "null"
        case .crashed: "\"crashed\""
        }
    }

    static func str(_ s: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [s], options: [.withoutEscapingSlashes])
        let text = String(decoding: data, as: UTF8.self)
        return String(text.dropFirst().dropLast())
    }
}
