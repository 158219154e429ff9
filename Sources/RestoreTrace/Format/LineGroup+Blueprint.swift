import RestoreEngine

extension LineGroup {
    /// The hierarchy decoded straight from its node lines: each line read in place, its own
    /// members decoded as `BlueprintCodec.decodeNode` decodes a node, and the nodes hung from
    /// their parents as they come. Nesting the lines into one JSON tree first (`hierarchy(in:)`) and
    /// decoding that was 10 % of a 200×200 replay, which decodes two 80,201-node hierarchies.
    /// Nil when any line has a problem: the caller then takes the nested way, which reports it,
    /// located, exactly as it always has.
    func blueprint(in bytes: [UInt8]) -> NodeBlueprint? {
        // The nodes still open, from the root down to the last one read: node lines come in
        // pre-order, so a node's parent is one of them, and each node left behind is complete
        // and moves into its parent. No flat list of every node (25 MB at 200×200) is kept.
        var open: [(index: Int, node: NodeBlueprint, slot: Int, hasPresented: Bool)] = []
        for (i, line) in nodes.enumerated() {
            guard var pairs = Self.members(line, in: bytes, index: i) else { return nil }
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
            guard !nested, let b = try? BlueprintCodec.decodeNode(.object(pairs), "") else { return nil }
            if i == 0 {
                guard parent == nil, slot == nil else { return nil }
                open.append((0, b, 0, false))
                continue
            }
            guard let p = parent, (0..<i).contains(p), let s = slot, let k = Self.slots.firstIndex(of: s) else {
                return nil
            }
            while let last = open.last, last.index != p {
                guard Self.close(&open) else { return nil }
            }
            // A parent no longer open: not pre-order; the nested way reads it.
            guard !open.isEmpty else { return nil }
            if k == 1 {
                guard !open[open.count - 1].hasPresented else { return nil }
                open[open.count - 1].hasPresented = true
            }
            open.append((i, b, k, false))
        }
        while open.count > 1 {
            guard Self.close(&open) else { return nil }
        }
        return open.first?.node
    }

    /// Moves the last open node into its parent (the one open before it), in its slot.
    private static func close(_ open: inout [(index: Int, node: NodeBlueprint, slot: Int, hasPresented: Bool)])
        -> Bool
    {
        guard open.count > 1, let last = open.popLast() else { return false }
        switch last.slot {
        case 0: open[open.count - 1].node.children.append(last.node)
        case 1: open[open.count - 1].node.presented = last.node
        default: open[open.count - 1].node.views.append(last.node)
        }
        return true
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
