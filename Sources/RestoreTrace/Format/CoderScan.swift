import RestoreEngine

/// Coders read straight from a line's bytes into typed values, without a `JSONValue` tree first:
/// a replay decodes the coder of every `encode` call it replays (80,000 at 200×200), and the tree
/// was most of that cost. Only the writer's plain shape is taken; anything else (escaped keys,
/// unknown types, a bad value) answers nil, and the caller decodes the tree the usual way, which
/// reports the problem exactly as before.
extension ValueCodec {
    /// A coder object at the parser's position, or nil when it is not in the plain shape.
    static func scanCoder(_ p: inout JSONParser) -> [CoderEntry]? {
        do {
            try p.enterObject()
            var out: [CoderEntry] = []
            var first = true
            while let key = try p.nextMemberKey(first: &first) {
                guard let name = p.plainString(key), let (value, system) = try scanValue(&p) else { return nil }
                out.append(CoderEntry(key: name, value: value, isSystem: system))
            }
            return out
        } catch {
            return nil
        }
    }

    /// `{"TYPE":VALUE}` with an optional `"system":BOOL` after it.
    private static func scanValue(_ p: inout JSONParser) throws(JSONParseError) -> (CoderValue, Bool)? {
        try p.enterObject()
        var first = true
        guard let type = try p.nextMemberKey(first: &first) else { return nil }
        let value: CoderValue
        if p.bytes(type, are: "string"), case .string(let s) = try p.value() {
            value = .string(s)
        } else if p.bytes(type, are: "int"), case .int(let i) = try p.value() {
            value = .int(i)
        } else if p.bytes(type, are: "double"), let d = try p.value().doubleValue {
            value = .double(d)
        } else if p.bytes(type, are: "bool"), case .bool(let b) = try p.value() {
            value = .bool(b)
        } else if p.bytes(type, are: "ref"), case .string(let s) = try p.value() {
            value = .reference(s)
        } else if p.bytes(type, are: "array") {
            try p.enterArray()
            var items: [CoderValue] = []
            var firstItem = true
            while try p.nextElement(first: &firstItem) {
                guard let (item, _) = try scanValue(&p) else { return nil }
                items.append(item)
            }
            value = .array(items)
        } else {
            return nil  // dates, data, dictionaries and anything unusual: the tree decoder
        }
        var system = false
        if let next = try p.nextMemberKey(first: &first) {
            guard p.bytes(next, are: "system"), case .bool(let b) = try p.value() else { return nil }
            system = b
            guard try p.nextMemberKey(first: &first) == nil else { return nil }
        }
        return (value, system)
    }
}

extension JSONParser {
    /// The string at `range` (a key's bytes between its quotes) when it has no escapes.
    func plainString(_ range: Range<Int>) -> String? {
        for k in range where bytes[k] == UInt8(ascii: "\\") { return nil }
        return String(decoding: bytes[range], as: UTF8.self)
    }
}
