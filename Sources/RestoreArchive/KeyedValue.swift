/// A value of an `NSKeyedArchiver` archive once every `CF$UID` reference is resolved: the
/// Foundation classes UIKit's restoration archive uses, and everything else kept as a typed
/// opaque object (its class chain and its own keys), so an archive with an unknown class still reads.
public indirect enum KeyedValue: Hashable, Sendable {
    /// `$null`: `nil` was encoded.
    case null
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case data([UInt8])
    /// `NSDate`: seconds since 2001-01-01 00:00:00 UTC (`NS.time`).
    case date(Double)
    case array([KeyedValue])
    case set([KeyedValue])
    /// `NSDictionary`, in archive order (`NS.keys` / `NS.objects`); keys need not be strings.
    case dictionary([KeyedPair])
    /// `_UIObjectIdentifierPathProxy`: a reference to another restorable object by its identifier path.
    case proxy(String)
    /// An object of a class this reader does not interpret: its class name, the class chain the
    /// archive recorded (`$classes`), and its keys, sorted.
    case object(className: String, classes: [String], fields: [KeyedPair])

    /// The string of a `.string`, nil otherwise.
    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    /// The integer of an `.int` (or of a whole-number `.double`), nil otherwise.
    public var intValue: Int? {
        switch self {
        case .int(let i): i
        case .double(let d) where d == d.rounded() && abs(d) < 1e15: Int(d)
        default: nil
        }
    }
    /// The bytes of a `.data`, nil otherwise.
    public var dataValue: [UInt8]? { if case .data(let d) = self { d } else { nil } }

    /// What the archive called the value's class, for messages (`NSString`, `UIColor`, …).
    public var typeName: String {
        switch self {
        case .null: "nil"
        case .string: "NSString"
        case .int, .double: "NSNumber"
        case .bool: "NSNumber (bool)"
        case .data: "NSData"
        case .date: "NSDate"
        case .array: "NSArray"
        case .set: "NSSet"
        case .dictionary: "NSDictionary"
        case .proxy: "_UIObjectIdentifierPathProxy"
        case .object(let name, _, _): name
        }
    }
}

/// One key and its value, in a dictionary or an opaque object.
public struct KeyedPair: Hashable, Sendable {
    public var key: KeyedValue
    public var value: KeyedValue

    public init(key: KeyedValue, value: KeyedValue) {
        self.key = key
        self.value = value
    }
}
