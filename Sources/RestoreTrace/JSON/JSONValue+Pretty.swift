extension JSONValue {
    /// Indented text for files people read (a JSON Schema): two spaces per level, keys in their
    /// given order, short arrays of scalars kept on one line.
    public var pretty: String {
        var out = ""
        writePretty(to: &out, indent: 0)
        return out
    }

    private func writePretty(to out: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent + 1)
        let close = String(repeating: "  ", count: indent)
        switch self {
        case .array(let items) where items.isEmpty: out += "[]"
        case .object(let pairs) where pairs.isEmpty: out += "{}"
        case .array(let items) where items.allSatisfy(\.isScalar):
            out += "[" + items.map(\.serialized).joined(separator: ", ") + "]"
        case .array(let items):
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += pad
                item.writePretty(to: &out, indent: indent + 1)
                out += i < items.count - 1 ? ",\n" : "\n"
            }
            out += close + "]"
        case .object(let pairs):
            out += "{\n"
            for (i, (key, value)) in pairs.enumerated() {
                out += pad + JSONValue.string(key).serialized + ": "
                value.writePretty(to: &out, indent: indent + 1)
                out += i < pairs.count - 1 ? ",\n" : "\n"
            }
            out += close + "}"
        default: out += serialized
        }
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }
}
