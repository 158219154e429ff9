/// A typed value stored in a restoration coder, as `NSCoder` would hold it.
///
/// Dictionaries keep their keys sorted wherever they become text, so output never depends on
/// hash order.
///
/// Not `indirect`: arrays and dictionaries box their elements already, and an indirect enum
/// puts every `.int`, `.double` and `.bool` in a heap box of its own (a scroll view's state was
/// eight mallocs; the 200x200 grid's preservation ~480k).
public enum CoderValue: Hashable, Sendable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case data([UInt8])
    /// Seconds since 2001-01-01 00:00:00 UTC (`NSDate`'s reference date).
    case date(Double)
    case array([CoderValue])
    case dictionary([String: CoderValue])
    /// A reference to another restorable object, by its archive key
    /// (`encodeObject:` of a view controller, view or `UIStateRestoring` object).
    case reference(String)

    /// The type's name as it appears in traces and archive dumps.
    public var typeName: String {
        switch self {
        case .string: "string"
        case .int: "int"
        case .double: "double"
        case .bool: "bool"
        case .data: "data"
        case .date: "date"
        case .array: "array"
        case .dictionary: "dictionary"
        case .reference: "ref"
        }
    }

    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    public var intValue: Int? { if case .int(let i) = self { i } else { nil } }
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    public var arrayValue: [CoderValue]? { if case .array(let a) = self { a } else { nil } }
    public var referenceValue: String? { if case .reference(let r) = self { r } else { nil } }
}

extension CoderValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension CoderValue: CustomStringConvertible {
    /// A compact, deterministic rendering for messages and the archive dump.
    public var description: String {
        switch self {
        case .string(let s): "\"\(s)\""
        case .int(let i): String(i)
        case .double(let d): CoderValue.format(d)
        case .bool(let b): b ? "Yes" : "No"
        case .data(let bytes): "<\(bytes.count) bytes>"
        case .date(let t): "date(\(CoderValue.format(t)))"
        case .array(let items): "(" + items.map(\.description).joined(separator: ", ") + ")"
        case .dictionary(let map):
            "{" + map.keys.sorted().map { "\($0) = \(map[$0]!.description)" }.joined(separator: "; ") + "}"
        case .reference(let key): "Object Identifier Proxy: \(key)"
        }
    }

    /// Shortest text that round-trips, with no locale and no exponent surprises.
    public static func format(_ d: Double) -> String {
        if d.isNaN || d.isInfinite { return d.isNaN ? "nan" : (d < 0 ? "-inf" : "inf") }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) + ".0" }
        return "\(d)"
    }
}
