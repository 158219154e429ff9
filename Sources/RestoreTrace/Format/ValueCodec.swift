import RestoreEngine

/// A problem decoding a JSON value into the trace's types, with the field it is in.
public struct DecodeProblem: Error, Sendable {
    public var field: String
    public var message: String
    init(_ field: String, _ message: String) {
        self.field = field
        self.message = message
    }
}

/// Typed coder values: a single-key object naming the type (`{"string":"Paris"}`).
enum ValueCodec {
    static func decode(_ j: JSONValue, _ field: String) throws(DecodeProblem) -> CoderValue {
        guard case .object(let pairs) = j, let (type, payload) = pairs.first(where: { $0.0 != "system" }) else {
            throw DecodeProblem(field, "expected a typed value such as {\"string\": \"…\"}")
        }
        // One type, and `system` beside it: a second member was ignored, and the report showed
        // the value as an object with an empty cell (r19 report hunt).
        if let other = pairs.first(where: { $0.0 != "system" && $0.0 != type }) {
            throw DecodeProblem(field, "holds two types, '\(type)' and '\(other.0)'; a typed value has one")
        }
        switch (type, payload) {
        case ("string", .string(let s)): return .string(s)
        case ("int", .int(let i)): return .int(i)
        case ("double", let n) where n.doubleValue != nil: return .double(n.doubleValue!)
        case ("bool", .bool(let b)): return .bool(b)
        case ("date", let n) where n.doubleValue != nil: return .date(n.doubleValue!)
        case ("ref", .string(let s)): return .reference(s)
        case ("data", .string(let s)):
            guard let bytes = Base64.decode(s) else { throw DecodeProblem(field, "invalid base64 in a data value") }
            return .data(bytes)
        case ("array", .array(let items)):
            var out: [CoderValue] = []
            for (i, item) in items.enumerated() { out.append(try decode(item, "\(field)[\(i)]")) }
            return .array(out)
        case ("dictionary", .object(let members)):
            var out: [String: CoderValue] = [:]
            for (k, item) in members { out[k] = try decode(item, "\(field).\(k)") }
            return .dictionary(out)
        default:
            throw DecodeProblem(field, "unknown or mistyped value '\(type)'")
        }
    }

    /// A coder: key → typed value, in the order written; UIKit's own keys carry `"system": true`.
    static func decodeCoder(_ j: JSONValue, _ field: String) throws(DecodeProblem) -> [CoderEntry] {
        guard case .object(let pairs) = j else { throw DecodeProblem(field, "expected an object of coder keys") }
        var out: [CoderEntry] = []
        for (k, v) in pairs {
            out.append(
                CoderEntry(key: k, value: try decode(v, "\(field).\(k)"), isSystem: v["system"]?.boolValue == true))
        }
        return out
    }
}

/// Base64 without Foundation, so the trace module stays light.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let b0 = bytes[i]
            let b1 = i + 1 < bytes.count ? bytes[i + 1] : 0
            let b2 = i + 2 < bytes.count ? bytes[i + 2] : 0
            out.append(alphabet[Int(b0 >> 2)])
            out.append(alphabet[Int((b0 & 3) << 4 | b1 >> 4)])
            out.append(i + 1 < bytes.count ? alphabet[Int((b1 & 15) << 2 | b2 >> 6)] : 61)
            out.append(i + 2 < bytes.count ? alphabet[Int(b2 & 63)] : 61)
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func decode(_ text: String) -> [UInt8]? {
        var lookup = [UInt8](repeating: 255, count: 256)
        for (i, c) in alphabet.enumerated() { lookup[Int(c)] = UInt8(i) }
        let chars = Array(text.utf8).filter { $0 != 61 }
        var out: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for c in chars {
            let v = lookup[Int(c)]
            if v == 255 { return nil }
            buffer = buffer << 6 | UInt32(v)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8((buffer >> UInt32(bits)) & 0xFF))
            }
        }
        return out
    }
}

/// Reading fields of a JSON object with located, typed errors; remembers which keys were read
/// so unknown ones can be reported.
struct Fields {
    let pairs: [(String, JSONValue)]
    let field: String

    init(_ j: JSONValue, _ field: String) throws(DecodeProblem) {
        guard case .object(let p) = j else { throw DecodeProblem(field, "expected an object") }
        pairs = p
        self.field = field
    }

    subscript(_ key: String) -> JSONValue? {
        for (k, v) in pairs where k == key { return v.isNull ? nil : v }
        return nil
    }

    func name(_ key: String) -> String { field.isEmpty ? key : field + "." + key }

    func string(_ key: String) throws(DecodeProblem) -> String? {
        guard let v = self[key] else { return nil }
        guard let s = v.stringValue else { throw DecodeProblem(name(key), "expected a string") }
        return s
    }
    /// Every key with its value as a string, in order (a key given twice reads its first value,
    /// as the subscript does): one pass, where `requiredString` per key searched the keys each
    /// time (80,000 restoration classes in a header took 30 s to read).
    func requiredStrings() throws(DecodeProblem) -> [(String, String)] {
        var first: [String: JSONValue] = [:]
        for (k, v) in pairs where first[k] == nil { first[k] = v }
        var out: [(String, String)] = []
        out.reserveCapacity(pairs.count)
        for (k, _) in pairs {
            let v = first[k]!
            guard !v.isNull else { throw DecodeProblem(name(k), "is missing") }
            guard let s = v.stringValue else { throw DecodeProblem(name(k), "expected a string") }
            out.append((k, s))
        }
        return out
    }
    func requiredString(_ key: String) throws(DecodeProblem) -> String {
        guard let s = try string(key) else { throw DecodeProblem(name(key), "is missing") }
        return s
    }
    func int(_ key: String) throws(DecodeProblem) -> Int? {
        guard let v = self[key] else { return nil }
        guard let i = v.intValue else { throw DecodeProblem(name(key), "expected an integer") }
        return i
    }
    func bool(_ key: String) throws(DecodeProblem) -> Bool? {
        guard let v = self[key] else { return nil }
        guard let b = v.boolValue else { throw DecodeProblem(name(key), "expected true or false") }
        return b
    }
    func double(_ key: String) throws(DecodeProblem) -> Double? {
        guard let v = self[key] else { return nil }
        guard let d = v.doubleValue else { throw DecodeProblem(name(key), "expected a number") }
        return d
    }
    func array(_ key: String) throws(DecodeProblem) -> [JSONValue]? {
        guard let v = self[key] else { return nil }
        guard let a = v.arrayValue else { throw DecodeProblem(name(key), "expected an array") }
        return a
    }
    func strings(_ key: String) throws(DecodeProblem) -> [String]? {
        guard let a = try array(key) else { return nil }
        var out: [String] = []
        for (i, v) in a.enumerated() {
            guard let s = v.stringValue else { throw DecodeProblem("\(name(key))[\(i)]", "expected a string") }
            out.append(s)
        }
        return out
    }
    /// Whole numbers only: converting a huge double to `Int` would trap on a hostile trace.
    func ints(_ key: String) throws(DecodeProblem) -> [Int]? {
        guard let a = try array(key) else { return nil }
        var out: [Int] = []
        for (i, v) in a.enumerated() {
            guard let n = v.intValue else { throw DecodeProblem("\(name(key))[\(i)]", "expected an integer") }
            out.append(n)
        }
        return out
    }
    func numbers(_ key: String) throws(DecodeProblem) -> [Double]? {
        guard let a = try array(key) else { return nil }
        var out: [Double] = []
        for (i, v) in a.enumerated() {
            guard let d = v.doubleValue else { throw DecodeProblem("\(name(key))[\(i)]", "expected a number") }
            out.append(d)
        }
        return out
    }

    /// Reports the first key outside `allowed`.
    func rejectUnknown(_ allowed: Set<String>) throws(DecodeProblem) {
        for (k, _) in pairs where !allowed.contains(k) {
            throw DecodeProblem(
                name(k), "is not one a trace has (a trace from a newer restoretrace, or edited by hand)")
        }
    }
}

extension JSONValue {
    var isNull: Bool { if case .null = self { true } else { false } }
}
