/// How the Foundation classes of a keyed archive store themselves (`NS.string`, `NS.objects`, …),
/// and UIKit's `_UIObjectIdentifierPathProxy`. Any other class is kept as a typed opaque object.
enum KeyedClasses {
    /// The proxy UIKit writes for a reference to a restorable object (CAPTURE.md §1.2).
    static let proxyClass = "_UIObjectIdentifierPathProxy"
    static let proxyPathKey = "kObjectIdentifierPathProxyIdentifierPathKey"

    private enum Known { case string, data, date, array, set, orderedSet, dictionary, null, proxy }

    private static let known: [String: Known] = [
        "NSString": .string, "NSMutableString": .string, "NSData": .data, "NSMutableData": .data,
        "NSDate": .date, "NSArray": .array, "NSMutableArray": .array, "NSSet": .set, "NSMutableSet": .set,
        "NSOrderedSet": .orderedSet, "NSMutableOrderedSet": .orderedSet, "NSDictionary": .dictionary,
        "NSMutableDictionary": .dictionary, "NSNull": .null, proxyClass: .proxy,
    ]

    static func decode(
        name: String, chain: [String], fields: [String: Any], at here: String, depth: Int,
        _ r: inout KeyedResolver
    ) throws(KeyedArchiveError) -> KeyedValue {
        // A subclass of a Foundation collection stores itself the same way.
        guard let kind = known[name] ?? chain.lazy.compactMap({ known[$0] }).first else {
            return try opaque(name, chain, fields, at: here, depth: depth, &r)
        }
        switch kind {
        case .null: return .null
        case .string:
            if case .string(let s)? = fields["NS.string"].map(PropertyListNode.init) { return .string(s) }
            if case .data(let b)? = fields["NS.bytes"].map(PropertyListNode.init) {
                return .string(String(decoding: b, as: UTF8.self))
            }
            throw r.error(at: here, "\(name) without NS.string")
        case .data:
            guard let raw = fields["NS.data"] else { throw r.error(at: here, "\(name) without NS.data") }
            let value = try r.inline(raw, at: here + ".NS.data", depth: depth)
            guard case .data = value else { throw r.error(at: here, "\(name)'s NS.data is not data") }
            return value
        case .date:
            guard let raw = fields["NS.time"], case .double(let t) = try r.inline(raw, at: here, depth: depth)
            else {
                if case .int(let t)? = fields["NS.time"].map(PropertyListNode.init) { return .date(Double(t)) }
                throw r.error(at: here, "\(name) without a number in NS.time")
            }
            return .date(t)
        case .array, .orderedSet:
            return .array(try list(fields["NS.objects"], name, "NS.objects", at: here, depth: depth, &r))
        case .set:
            return .set(try list(fields["NS.objects"], name, "NS.objects", at: here, depth: depth, &r))
        case .dictionary:
            let keys = try list(fields["NS.keys"], name, "NS.keys", at: here, depth: depth, &r)
            let values = try list(fields["NS.objects"], name, "NS.objects", at: here, depth: depth, &r)
            guard keys.count == values.count else {
                throw r.error(at: here, "\(name) has \(keys.count) NS.keys but \(values.count) NS.objects")
            }
            return .dictionary(zip(keys, values).map { KeyedPair(key: $0, value: $1) })
        case .proxy:
            guard let raw = fields[proxyPathKey], case .string(let path) = try r.inline(raw, at: here, depth: depth)
            else { throw r.error(at: here, "\(name) without a string in \(proxyPathKey)") }
            return .proxy(path)
        }
    }

    private static func list(
        _ raw: Any?, _ name: String, _ key: String, at here: String, depth: Int, _ r: inout KeyedResolver
    ) throws(KeyedArchiveError) -> [KeyedValue] {
        guard let raw else { return [] }
        guard case .array(let items) = PropertyListNode(raw) else {
            throw r.error(at: here, "\(name)'s \(key) is not an array")
        }
        guard items.count <= KeyedArchive.maximumObjects else {
            throw r.error(
                at: here,
                "\(name)'s \(key) holds \(items.count) items; more than \(KeyedArchive.maximumObjects) is refused")
        }
        var out: [KeyedValue] = []
        out.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            out.append(try r.inline(item, at: "\(here).\(key)[\(i)]", depth: depth + 1))
        }
        return out
    }

    /// A class this reader does not know: its keys, resolved, sorted.
    private static func opaque(
        _ name: String, _ chain: [String], _ fields: [String: Any], at here: String, depth: Int,
        _ r: inout KeyedResolver
    ) throws(KeyedArchiveError) -> KeyedValue {
        var pairs: [KeyedPair] = []
        for key in fields.keys.sorted() where key != "$class" {
            pairs.append(
                KeyedPair(key: .string(key), value: try r.inline(fields[key]!, at: "\(here).\(key)", depth: depth + 1)))
        }
        return .object(className: name, classes: chain, fields: pairs)
    }
}
