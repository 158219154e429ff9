import RestoreEngine

extension LineGroup {
    /// The hierarchy decoded straight from its node lines: each line read in place, in one pass
    /// (`nodeLine`), its members decoded as `BlueprintCodec.decodeNode` decodes a node, and the nodes hung from
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
            guard let (b, parent, slot) = Self.nodeLine(line, in: bytes, index: i) else { return nil }
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
            // A parent no longer open: not pre-order; the nested way reads it. Too deep: the
            // nested way says so, at the line.
            guard !open.isEmpty, open.count < NodeBlueprint.maximumDepth else { return nil }
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
}
