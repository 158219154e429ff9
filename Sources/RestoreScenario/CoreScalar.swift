/// A scalar typed by the YAML 1.2 core schema, which is what JSON and modern YAML agree on.
///
/// Yams's default resolver follows YAML 1.1, where `yes`, `no`, `on` and `off` are booleans and
/// `0755` is octal; a scenario is easier to read when `state: {answer: no}` stores the string
/// "no". So typing is done here, from the scalar's text, style and tag, never from Yams's resolver.
/// Quoted scalars are always strings: `"1.0"` is a string, `1.0` a float.
enum CoreScalar: Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    /// An explicit tag this format does not support (`!!binary`, `!custom`), or a tag whose text
    /// does not fit it (`!!int abc`).
    case invalid(String)

    init(_ scalar: ScenarioNode.Scalar) {
        let text = scalar.string
        let tag = scalar.tag
        // The two tags nearly every scalar has (none, or the one every quoted scalar and JSON
        // string carries) settle it before the `switch`, which compares the tag against each
        // spelling in turn through the runtime.
        if tag.utf8.isEmpty {
            self = scalar.isPlain ? Self.resolvePlain(text) : .string(text)
            return
        }
        if Fields.sameKey(tag, ScenarioNode.Scalar.stringTag) {
            self = .string(text)
            return
        }
        switch tag {
        case "":
            self = scalar.isPlain ? Self.resolvePlain(text) : .string(text)
        case "!", "tag:yaml.org,2002:str":
            self = .string(text)
        case "tag:yaml.org,2002:null":
            self = Self.resolvePlain(text) == .null ? .null : .invalid("'\(text)' is not null")
        case "tag:yaml.org,2002:bool":
            if case .bool(let b) = Self.resolvePlain(text) {
                self = .bool(b)
            } else {
                self = .invalid("'\(text)' is not a boolean")
            }
        case "tag:yaml.org,2002:int":
            if case .int(let i) = Self.resolvePlain(text) {
                self = .int(i)
            } else {
                self = .invalid("'\(text)' is not an integer")
            }
        case "tag:yaml.org,2002:float":
            switch Self.resolvePlain(text) {
            case .int(let i): self = .double(Double(i))
            case .double(let d): self = .double(d)
            default: self = .invalid("'\(text)' is not a float")
            }
        default:
            self = .invalid("the YAML tag '\(tag)' is not supported; use a plain value")
        }
    }

    /// The core schema's resolution of a plain (unquoted, untagged) scalar.
    static func resolvePlain(_ text: String) -> CoreScalar {
        // Most plain scalars are words (keys, class names, identifiers): a first character that
        // starts no null, boolean or number settles it without trying each spelling.
        guard let first = text.utf8.first else { return .null }
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            // No null, boolean or infinity starts with a digit: straight to the numbers (a
            // scenario's offsets, rows and counts).
            if let simple = simpleNumber(text) { return simple }
            if let i = integer(text) { return i }
            if isFloat(text), let d = Double(text) { return .double(d) }
            return .string(text)
        case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"),
            UInt8(ascii: "f"), UInt8(ascii: "F"):
            break
        default: return .string(text)
        }
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .double(-.infinity)
        case ".nan", ".NaN", ".NAN": return .double(.nan)
        default: break
        }
        if let i = integer(text) { return i }
        if isFloat(text), let d = Double(text) { return .double(d) }
        return .string(text)
    }

    /// `[0-9]{1,18}` as an integer and `[0-9]+\.[0-9]+` of at most 15 digits as a float, read in
    /// one pass; nil for anything else (the general rules then decide). The float is the digits
    /// as an integer divided by a power of ten, both exact in a `Double` (below 2^53 and 10^22),
    /// so the one rounding of the division gives what `Double(text)` gives, without its parse.
    private static func simpleNumber(_ text: String) -> CoreScalar? {
        text.utf8.withContiguousStorageIfAvailable(simpleNumber(bytes:)) ?? simpleNumber(bytes: Array(text.utf8))
    }

    /// `simpleNumber` on a text's UTF-8 bytes (a JSON document's number, read without making
    /// its string: `ScenarioJSONDocument.coreScalar`).
    static func simpleNumber<Bytes: Collection<UInt8>>(bytes text: Bytes) -> CoreScalar? {
        var mantissa = 0
        var digits = 0
        var fraction = -1  // digits after the point; -1 while there is no point
        for b in text {
            if b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") {
                mantissa = mantissa &* 10 &+ Int(b &- UInt8(ascii: "0"))
                digits += 1
                if fraction >= 0 { fraction += 1 }
                if digits > 18 { return nil }
            } else if b == UInt8(ascii: "."), fraction < 0 {
                fraction = 0
            } else {
                return nil
            }
        }
        if fraction < 0 { return .int(mantissa) }
        guard fraction > 0, digits <= 15 else { return nil }
        return .double(Double(mantissa) / powersOfTen[fraction])
    }

    /// 10^0 … 10^15, each exact in a `Double`.
    private static let powersOfTen: [Double] = (0...15).map { (0..<$0).reduce(1.0) { r, _ in r * 10 } }

    /// `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`. A decimal too large for `Int` is reported,
    /// not silently turned into a float.
    private static func integer(_ text: String) -> CoreScalar? {
        let utf8 = text.utf8
        var body = utf8[...]
        if let sign = body.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { body = body.dropFirst() }
        if !body.isEmpty, body.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            guard let value = Int(text) else { return .invalid("the integer '\(text)' is too large") }
            return .int(value)
        }
        // A hex or octal integer starts `0o` or `0x`: anything else is not an integer.
        guard utf8.count > 2, utf8.first == UInt8(ascii: "0"),
            let mark = utf8.dropFirst().first, mark == UInt8(ascii: "o") || mark == UInt8(ascii: "x")
        else { return nil }
        for (prefix, radix) in [("0o", 8), ("0x", 16)] where text.hasPrefix(prefix) {
            let digits = text.dropFirst(2)
            guard !digits.isEmpty, digits.allSatisfy({ $0.hexDigitValue.map { $0 < radix } ?? false }) else {
                return nil
            }
            guard let value = Int(digits, radix: radix) else { return .invalid("the integer '\(text)' is too large") }
            return .int(value)
        }
        return nil
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, checked on the UTF-8 bytes.
    private static func isFloat(_ text: String) -> Bool {
        // Read in place: a copy of the bytes into an array was an allocation per number.
        if let result = text.utf8.withContiguousStorageIfAvailable(isFloatText) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(isFloatText)
    }

    private static func isFloatText(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
        func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        var i = 0
        if i < s.count, s[i] == UInt8(ascii: "-") || s[i] == UInt8(ascii: "+") { i += 1 }
        var mantissaDigits = 0
        while i < s.count, isDigit(s[i]) {
            i += 1
            mantissaDigits += 1
        }
        if i < s.count, s[i] == UInt8(ascii: ".") {
            i += 1
            while i < s.count, isDigit(s[i]) {
                i += 1
                mantissaDigits += 1
            }
        }
        guard mantissaDigits > 0 else { return false }
        if i == s.count { return true }
        guard s[i] == UInt8(ascii: "e") || s[i] == UInt8(ascii: "E") else { return false }
        i += 1
        if i < s.count, s[i] == UInt8(ascii: "-") || s[i] == UInt8(ascii: "+") { i += 1 }
        let exponentStart = i
        while i < s.count, isDigit(s[i]) { i += 1 }
        return i > exponentStart && i == s.count
    }

    /// How the value reads in a message.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int: "an integer"
        case .double: "a float"
        case .string: "a string"
        case .invalid: "an invalid value"
        }
    }
}
