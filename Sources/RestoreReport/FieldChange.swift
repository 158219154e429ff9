import RestoreTrace

/// One member where two events differ: which coder key, answer, node or child order, and its two values.
///
/// `diff` used to print the two events' whole lines (often 1,500 characters for a hierarchy); this
/// names the member instead, e.g. `coder.selectedSegment` `{"int":1}` → `{"int":2}`. Unlike
/// RestoreReplay's `FieldDifference` (the first differing field, for a one-line fidelity summary),
/// this lists every differing member and matches children by restoration identifier.
public struct FieldChange: Hashable, Sendable {
    /// What kind of difference this is.
    public enum Change: String, Sendable {
        /// The member is in both events with different values.
        case value
        /// Only B has the member.
        case added
        /// Only A has the member.
        case removed
        /// The same children (by restoration identifier) in another order.
        case order
    }

    /// Where the member is, e.g. `hierarchy.children[ChildTwo].views[notes].contentOffset`: keys joined
    /// by dots, array elements by their restoration identifier (or reference) when they have one.
    public var field: String
    public var change: Change
    /// A's value; nil when A does not have the member.
    public var a: JSONValue?
    /// B's value; nil when B does not have the member.
    public var b: JSONValue?

    /// The differing members of two events given as trace lines, in A's member order then B's extra
    /// members; nil when either line is not a JSON object (then only the raw lines can be shown).
    public static func between(_ lineA: String, _ lineB: String) -> [FieldChange]? {
        guard let a = try? JSONParser.parse(lineA), let b = try? JSONParser.parse(lineB),
            case .object = a, case .object = b
        else { return nil }
        var out: [FieldChange] = []
        compare(a, b, at: "", into: &out)
        return out
    }

    /// A value as it is shown in the text table; nil (absent) as `(absent)`.
    public static func text(_ value: JSONValue?) -> String { value?.serialized ?? "(absent)" }

    /// `{"field", "change", "a", "b"}`, `a` or `b` left out when that side does not have the member.
    public var json: JSONValue {
        .obj([("field", .string(field)), ("change", .string(change.rawValue)), ("a", a), ("b", b)])
    }

    private static func compare(_ a: JSONValue, _ b: JSONValue, at path: String, into out: inout [FieldChange]) {
        guard a != b else { return }
        switch (a, b) {
        case (.object(let pa), .object(let pb)) where !isSmall(a) || !isSmall(b):
            for (key, va) in pa {
                let here = join(path, key)
                if let vb = b[key] {
                    compare(va, vb, at: here, into: &out)
                } else {
                    out.append(FieldChange(field: here, change: .removed, a: va, b: nil))
                }
            }
            for (key, vb) in pb where a[key] == nil {
                out.append(FieldChange(field: join(path, key), change: .added, a: nil, b: vb))
            }
        case (.array(let xa), .array(let xb)) where !isSmall(a) || !isSmall(b):
            compareArrays(xa, xb, at: path, into: &out)
        default:
            out.append(FieldChange(field: path.isEmpty ? "(event)" : path, change: .value, a: a, b: b))
        }
    }

    /// Arrays of identified elements (nodes, references) are matched by identity, so an inserted
    /// child is one `added` entry rather than every later index differing; a reordering is one
    /// `order` entry. Anything else is compared index by index.
    private static func compareArrays(
        _ xa: [JSONValue], _ xb: [JSONValue], at path: String, into out: inout [FieldChange]
    ) {
        let ka = xa.compactMap(identity)
        let kb = xb.compactMap(identity)
        let identified = ka.count == xa.count && kb.count == xb.count && !(xa.isEmpty && xb.isEmpty)
        guard identified, Set(ka).count == ka.count, Set(kb).count == kb.count else {
            for i in 0..<max(xa.count, xb.count) {
                let here = "\(path)[\(i)]"
                switch (i < xa.count ? xa[i] : nil, i < xb.count ? xb[i] : nil) {
                case (let va?, let vb?): compare(va, vb, at: here, into: &out)
                case (let va?, nil): out.append(FieldChange(field: here, change: .removed, a: va, b: nil))
                case (nil, let vb?): out.append(FieldChange(field: here, change: .added, a: nil, b: vb))
                default: break
                }
            }
            return
        }
        let inB = Set(kb)
        let inA = Set(ka)
        let commonA = ka.filter(inB.contains)
        let commonB = kb.filter(inA.contains)
        if commonA != commonB {
            out.append(
                FieldChange(
                    field: path + " (order)", change: .order, a: .array(commonA.map(JSONValue.string)),
                    b: .array(commonB.map(JSONValue.string))))
        }
        for (key, va) in zip(ka, xa) {
            let here = "\(path)[\(key)]"
            if let j = kb.firstIndex(of: key) {
                compare(va, xb[j], at: here, into: &out)
            } else {
                out.append(FieldChange(field: here, change: .removed, a: va, b: nil))
            }
        }
        for (key, vb) in zip(kb, xb) where !inA.contains(key) {
            out.append(FieldChange(field: "\(path)[\(key)]", change: .added, a: nil, b: vb))
        }
    }

    /// What names an array element across the two events: a node's restoration identifier, or a
    /// coder reference's archive key.
    private static func identity(_ v: JSONValue) -> String? {
        v["restorationIdentifier"]?.stringValue ?? v["ref"]?.stringValue
    }

    /// A typed coder value (`{"int":4}`) or a short list (`[0.0,120.0]`) reads best whole.
    private static func isSmall(_ v: JSONValue) -> Bool {
        func flat(_ v: JSONValue) -> Bool {
            switch v {
            case .object(let pairs): pairs.allSatisfy { flatScalar($0.1) }
            case .array(let items): items.allSatisfy(flatScalar)
            default: true
            }
        }
        func flatScalar(_ v: JSONValue) -> Bool {
            switch v {
            case .object, .array: false
            default: true
            }
        }
        return flat(v) && v.serialized.utf8.count <= 80
    }

    private static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }
}
