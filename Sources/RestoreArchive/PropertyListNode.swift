import Foundation

/// One object PropertyListSerialization handed back, sorted into what a keyed archive can hold.
/// Foundation gives `Any`; this is the one place that looks at its dynamic type.
enum PropertyListNode {
    case uid(Int)
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case data([UInt8])
    case date(Double)
    case array([Any])
    case dictionary([String: Any])
    /// A dictionary with a key that is not a string (never written by NSKeyedArchiver), or an
    /// object of a type no property list holds.
    case unsupported(String)

    init(_ object: Any) {
        if let uid = Self.uid(object) {
            self = .uid(uid)
        } else if let s = object as? String {
            self = .string(s)
        } else if let n = object as? NSNumber {
            self = Self.number(n)
        } else if let d = object as? Data {
            self = .data([UInt8](d))
        } else if let d = object as? Date {
            self = .date(d.timeIntervalSinceReferenceDate)
        } else if let a = object as? [Any] {
            self = .array(a)
        } else if let d = object as? [String: Any] {
            // An XML plist spells a reference as {"CF$UID": n}.
            if d.count == 1, let n = d["CF$UID"] as? NSNumber, let i = Int(exactly: n.int64Value), i >= 0 {
                self = .uid(i)
            } else {
                self = .dictionary(d)
            }
        } else {
            self = .unsupported(String(describing: type(of: object)))
        }
    }

    /// Booleans, integers and reals stay apart, as the binary plist keeps them. A float is kept
    /// as the shortest decimal that reads back as the same float (0.8926057, as
    /// restorationArchiveTool printed it), not as its widened double (0.89260572195…).
    private static func number(_ n: NSNumber) -> PropertyListNode {
        switch String(cString: n.objCType) {
        case "c", "B": return .bool(n.boolValue)
        case "f": return .double(Double("\(n.floatValue)") ?? Double(n.floatValue))
        case "d": return .double(n.doubleValue)
        case "Q", "L", "I", "S", "C":
            return Int(exactly: n.uint64Value).map(PropertyListNode.int) ?? .double(n.doubleValue)
        default: return .int(Int(n.int64Value))
        }
    }

    /// `CF$UID`: Foundation has no public type for it. swift-corelibs-foundation returns an
    /// `_NSKeyedArchiverUID` with a stored `value`; Apple's CoreFoundation a `CFKeyedArchiverUID`
    /// whose description ends `{value = N}`.
    private static func uid(_ object: Any) -> Int? {
        let typeName = String(describing: type(of: object))
        guard typeName.contains("KeyedArchiverUID") || typeName == "__NSCFType" else { return nil }
        for child in Mirror(reflecting: object).children where child.label == "value" {
            if let v = child.value as? UInt32 { return Int(v) }
            if let v = child.value as? Int { return v }
        }
        let text = String(describing: object)
        guard text.contains("KeyedArchiverUID"), let open = text.range(of: "value = ", options: .backwards),
            let close = text[open.upperBound...].firstIndex(of: "}")
        else { return nil }
        return Int(text[open.upperBound..<close])
    }
}
