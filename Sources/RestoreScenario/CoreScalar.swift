import Yams

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

    init(_ scalar: Node.Scalar) {
        let text = scalar.string
        let tag = scalar.tag.description
        switch tag {
        case "":
            self = scalar.style == .plain || scalar.style == .any ? Self.resolvePlain(text) : .string(text)
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

    /// `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`. A decimal too large for `Int` is reported,
    /// not silently turned into a float.
    private static func integer(_ text: String) -> CoreScalar? {
        var body = Substring(text)
        if let sign = body.first, sign == "-" || sign == "+" { body = body.dropFirst() }
        if !body.isEmpty, body.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard let value = Int(text) else { return .invalid("the integer '\(text)' is too large") }
            return .int(value)
        }
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

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    private static func isFloat(_ text: String) -> Bool {
        var s = Substring(text)
        if let c = s.first, c == "-" || c == "+" { s = s.dropFirst() }
        let isDigit: (Character) -> Bool = { $0.isASCII && $0.isNumber }
        let mantissaEnd = s.firstIndex { $0 == "e" || $0 == "E" } ?? s.endIndex
        let mantissa = s[..<mantissaEnd]
        let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first else { return false }
        let fraction = parts.count == 2 ? parts[1] : nil
        guard whole.allSatisfy(isDigit), fraction?.allSatisfy(isDigit) ?? true else { return false }
        if whole.isEmpty && (fraction?.isEmpty ?? true) { return false }
        if mantissaEnd == s.endIndex { return true }
        var exponent = s[s.index(after: mantissaEnd)...]
        if let c = exponent.first, c == "-" || c == "+" { exponent = exponent.dropFirst() }
        return !exponent.isEmpty && exponent.allSatisfy(isDigit)
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
