import RestoreEngine

extension LineGroup {
    /// The hierarchy decoded straight from its node lines: each line read in place, its own
    /// members decoded as `BlueprintCodec.decodeNode` decodes a node, and the nodes hung from
    /// their parents by index. Nesting the lines into one JSON tree first (`hierarchy(in:)`) and
    /// decoding that was 10 % of a 200×200 replay, which decodes two 80,201-node hierarchies.
    /// Nil when any line has a problem: the caller then takes the nested way, which reports it,
    /// located, exactly as it always has.
    func blueprint(in bytes: [UInt8]) -> NodeBlueprint? {
        var built: [NodeBlueprint] = []
        built.reserveCapacity(nodes.count)
        // Where each node hangs: its parent's index and slot (0 children, 1 presented, 2 views).
        var hung: [[(slot: Int, node: Int)]] = Array(repeating: [], count: nodes.count)
        for (i, node) in nodes.enumerated() {
            guard var pairs = Self.members(node, in: bytes, index: i) else { return nil }
            var parent: Int?
            var slot: String?
            var nested = false
            pairs.removeAll { name, value in
                switch name {
                case "parent": parent = value.intValue ?? -1
                case "slot": slot = value.stringValue ?? ""
                case "children", "presented", "views": nested = true
                default: return false
                }
                return name == "parent" || name == "slot"
            }
            guard !nested else { return nil }
            if i == 0 {
                guard parent == nil, slot == nil else { return nil }
            } else {
                guard let p = parent, (0..<i).contains(p), let s = slot, let k = Self.slots.firstIndex(of: s) else {
                    return nil
                }
                if k == 1, hung[p].contains(where: { $0.slot == 1 }) { return nil }
                hung[p].append((k, i))
            }
            guard let b = try? BlueprintCodec.decodeNode(.object(pairs), "") else { return nil }
            built.append(b)
        }
        // Children come after their parents: hang from the last node up, moving each node out
        // of `built` (a swap with an empty node) rather than copying it.
        for i in nodes.indices.reversed() where !hung[i].isEmpty {
            var b = NodeBlueprint(className: "")
            swap(&b, &built[i])
            for (slot, n) in hung[i] {
                var child = NodeBlueprint(className: "")
                swap(&child, &built[n])
                switch slot {
                case 0: b.children.append(child)
                case 1: b.presented = child
                default: b.views.append(child)
                }
            }
            swap(&b, &built[i])
        }
        return built.first
    }

    /// A node line's members after its `"node":index`, parsed where the line is in `bytes`; nil
    /// when it is not exactly one such object.
    private static func members(_ m: Member, in bytes: [UInt8], index: Int) -> [(String, JSONValue)]? {
        var p = JSONParser(bytes: bytes, at: m.range.lowerBound)
        guard m.range.lowerBound < m.range.upperBound, bytes[m.range.lowerBound] == UInt8(ascii: "{"),
            case .object(var pairs)? = try? p.value(), p.i == m.range.upperBound,
            let (name, n) = pairs.first, name == "node", n.intValue == index
        else { return nil }
        pairs.removeFirst()
        return pairs
    }
}
