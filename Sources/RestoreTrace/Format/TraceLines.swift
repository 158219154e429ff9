import RestoreEngine

/// Trace format 2: no line longer than `maxLineBytes`, so every reader streams in bounded memory.
///
/// An event line is written as in format 1, except that a hierarchy or an archive (the only
/// members that grow with the app: at 200×200 an archive line was 31 MB) holds only the count of
/// the lines that follow it, in this order:
///
/// - `"hierarchy":{"nodes":K}`, then K node lines, the tree in pre-order (a node before the nodes
///   hung from it): `{"node":I,"parent":P,"slot":"children"|"presented"|"views",…the node's own
///   members…}`. `I` counts 0, 1, 2 … in the group; the root (node 0) has no `parent` or `slot`;
///   the nodes of one parent's slot keep their order. A node line never nests other nodes.
/// - `"archive":{"appLevel":{…},"entries":M}`, then M entry lines: `{"entry":I,…the entry's
///   members…}` in archive order.
///
/// Any line still longer than the bound (a single coder value of a megabyte, a coder with
/// thousands of keys) is split, as text, into part lines `{"part":i,"of":P,"text":"…"}`
/// (i = 1…P) whose `text` strings, concatenated, are that line; the pieces end on character
/// boundaries. Such a value is then held whole in memory by a reader, as its own size demands.
public enum TraceLines {
    /// The longest line of a format-2 trace, in bytes, without its newline: 64 KiB.
    public static let maxLineBytes = 65_536

    /// `{"nodes":K}`: what an event line holds of its hierarchy.
    static func writeNodeCount<Out: JSONByteSink>(_ h: NodeBlueprint, to out: inout Out) {
        writeNodeCount(nodeLines(in: h), to: &out)
    }

    /// `{"nodes":N}`.
    static func writeNodeCount<Out: JSONByteSink>(_ n: Int, to out: inout Out) {
        out.appendLiteral(#"{"nodes":"#)
        out.appendJSONInt(n)
        out.append(125)
    }

    /// `{"appLevel":{…},"entries":M}`: what an event line holds of its archive.
    static func writeArchiveHead<Out: JSONByteSink>(_ a: Archive, to out: inout Out) {
        out.appendLiteral(#"{"appLevel":"#)
        ValueCodec.writeCoder(a.appLevel, to: &out)
        out.appendLiteral(#","entries":"#)
        out.appendJSONInt(a.entries.count)
        out.append(125)
    }

    /// The number of node lines a hierarchy takes: itself and every node hung from it
    /// (objects stay members of their node).
    static func nodeLines(in b: NodeBlueprint) -> Int {
        withUnsafePointer(to: b) { nodeLines(at: $0) }
    }

    /// Through pointers into the arrays: passing `b.children[i]` on copied every node (a
    /// retain and a release of each of its members) just to count it, 1 % of record.
    private static func nodeLines(at b: UnsafePointer<NodeBlueprint>) -> Int {
        var n = 1
        b.pointee.children.withUnsafeBufferPointer { nodes in
            for i in nodes.indices { n += nodeLines(at: nodes.baseAddress! + i) }
        }
        if let p = b.pointee.presented { n += nodeLines(in: p) }
        b.pointee.views.withUnsafeBufferPointer { nodes in
            for i in nodes.indices { n += nodeLines(at: nodes.baseAddress! + i) }
        }
        return n
    }

    /// Visits `b` and every node below it in node-line order (pre-order: children, presented,
    /// views) with its index, parent and slot; stops when `visit` returns false.
    @discardableResult
    static func visitNodes(
        _ b: NodeBlueprint, parent: Int?, slot: String, index: inout Int,
        _ visit: (NodeBlueprint, Int, Int?, String) -> Bool
    ) -> Bool {
        let me = index
        index += 1
        guard visit(b, me, parent, slot) else { return false }
        for i in b.children.indices where !visitNodes(b.children[i], parent: me, slot: "children", index: &index, visit)
        {
            return false
        }
        if let p = b.presented, !visitNodes(p, parent: me, slot: "presented", index: &index, visit) { return false }
        for i in b.views.indices where !visitNodes(b.views[i], parent: me, slot: "views", index: &index, visit) {
            return false
        }
        return true
    }

    /// One node line (no newline).
    static func writeNodeLine<Out: JSONByteSink>(
        _ b: NodeBlueprint, index: Int, parent: Int?, slot: String, to out: inout Out
    ) {
        out.appendLiteral(#"{"node":"#)
        out.appendJSONInt(index)
        if let parent {
            out.appendLiteral(#","parent":"#)
            out.appendJSONInt(parent)
            out.appendLiteral(#","slot":"#)
            out.appendJSONString(slot)
        }
        var first = false
        BlueprintCodec.writeMembers(b, nested: false, first: &first, to: &out)
        out.append(125)
    }

    /// One entry line (no newline).
    static func writeEntryLine<Out: JSONByteSink>(_ e: ArchiveEntry, index: Int, to out: inout Out) {
        out.appendLiteral(#"{"entry":"#)
        out.appendJSONInt(index)
        var first = false
        BlueprintCodec.writeMembers(e, first: &first, to: &out)
        out.append(125)
    }

    /// The node lines `visitNodes` visits (a hierarchy's, through `visitNodes(_:parent:…)`, or a
    /// live tree's, `UIViewController.visitSnapshotNodes`), each after a newline; `between` is
    /// called before each.
    static func writeNodeLines<Out: JSONByteSink>(
        visiting visitNodes: ((NodeBlueprint, Int, Int?, String) -> Bool) -> Bool, bounded: Bool,
        to out: inout Out, between: (inout Out) -> Void
    ) {
        // The visit and the buffer's emptying are called one after the other, never into each other.
        withoutActuallyEscaping(between) { between in
            _ = visitNodes { node, i, parent, slot in
                between(&out)
                out.append(10)
                let start = out.count
                writeNodeLine(node, index: i, parent: parent, slot: slot, to: &out)
                if bounded { bound(&out, lineFrom: start) }
                return true
            }
        }
    }

    /// Replaces the line at `out[start...]` (no newline in it) with part lines when it is longer
    /// than `maxLineBytes`.
    static func bound<Out: JSONByteSink>(_ out: inout Out, lineFrom start: Int) {
        guard out.count - start > maxLineBytes else { return }
        let line = out.bytes(from: start)
        out.removeLast(out.count - start)
        writeParts(of: line, to: &out)
    }

    /// The part lines of one long line, joined by newlines (none after the last).
    static func writeParts<Out: JSONByteSink>(of line: [UInt8], to out: inout Out) {
        // Room for `{"part":i,"of":P,"text":""}` with up to 19-digit numbers.
        let budget = maxLineBytes - 64
        var pieces: [[UInt8]] = []
        var at = 0
        while at < line.count {
            var size = min(budget, line.count - at)
            while true {
                var end = at + size
                // Never cut inside a character: back up to the start of the one that straddles.
                while end < line.count, end > at, line[end] & 0xC0 == 0x80 { end -= 1 }
                var piece: [UInt8] = []
                piece.appendJSONString(String(decoding: line[at..<end], as: UTF8.self))
                if piece.count <= budget || size <= 16 {
                    pieces.append(piece)
                    at = end
                    break
                }
                size /= 2  // escapes made it longer than the budget: take less
            }
        }
        for (i, piece) in pieces.enumerated() {
            if i > 0 { out.append(10) }
            out.appendLiteral(#"{"part":"#)
            out.appendJSONInt(i + 1)
            out.appendLiteral(#","of":"#)
            out.appendJSONInt(pieces.count)
            out.appendLiteral(#","text":"#)
            piece.withUnsafeBufferPointer { out.append(contentsOf: $0) }
            out.append(125)
        }
    }
}

extension EventCodec {
    /// The event line alone as format 2 writes it: a hierarchy or archive as its count
    /// (`nodeCount`: see `EventField.writeMembers`).
    static func writeEventLine<Out: JSONByteSink>(_ e: EngineEvent, seq: Int?, nodeCount: Int? = nil, to out: inout Out)
    {
        out.append(123)
        EventField.writeMembers(e, seq: seq, grouped: true, nodeCount: nodeCount, to: &out)
        out.append(125)
    }

    /// The event as trace format 2 writes it (see `TraceLines`): its event line, then its node
    /// and entry lines, joined by newlines, with no newline after the last; `seq` nil leaves it
    /// out. `bounded` splits a line over the bound into part lines (the file's form); unbounded,
    /// the lines are what a reader gets back after joining the parts (the replay's comparison).
    public static func writeLines(_ e: EngineEvent, seq: Int?, bounded: Bool, to out: inout [UInt8]) {
        writeLines(e, seq: seq, bounded: bounded, to: &out, between: { _ in })
    }

    /// `writeLines` for a hierarchy event whose tree is visited in place rather than held (see
    /// `UIViewController.visitSnapshotNodes`): `e` has no hierarchy, `nodes` is the tree's node
    /// count. The same lines as for the event with the tree's snapshot as its hierarchy.
    static func writeLines<Out: JSONByteSink>(
        _ e: EngineEvent, seq: Int?, nodes: Int, visitNodes: ((NodeBlueprint, Int, Int?, String) -> Bool) -> Bool,
        bounded: Bool, to out: inout Out, between: (inout Out) -> Void
    ) {
        let start = out.count
        writeEventLine(e, seq: seq, nodeCount: nodes, to: &out)
        if bounded { TraceLines.bound(&out, lineFrom: start) }
        TraceLines.writeNodeLines(visiting: visitNodes, bounded: bounded, to: &out, between: between)
    }

    /// `writeLines`, calling `between` with the buffer before each line after the first (before
    /// its newline): the trace writer empties a full buffer there, so a hierarchy or archive of
    /// tens of megabytes is never held whole.
    static func writeLines<Out: JSONByteSink>(
        _ e: EngineEvent, seq: Int?, bounded: Bool, to out: inout Out, between: (inout Out) -> Void
    ) {
        let start = out.count
        writeEventLine(e, seq: seq, to: &out)
        if bounded { TraceLines.bound(&out, lineFrom: start) }
        if let h = e.hierarchy {
            TraceLines.writeNodeLines(
                visiting: { visit in
                    var index = 0
                    return TraceLines.visitNodes(h, parent: nil, slot: "", index: &index, visit)
                }, bounded: bounded, to: &out, between: between)
        }
        if let a = e.archive {
            a.entries.withUnsafeBufferPointer { entries in
                for i in entries.indices {
                    between(&out)
                    out.append(10)
                    let lineStart = out.count
                    TraceLines.writeEntryLine(entries[i], index: i, to: &out)
                    if bounded { TraceLines.bound(&out, lineFrom: lineStart) }
                }
            }
        }
    }
}
