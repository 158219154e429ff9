import Foundation
import RestoreEngine

extension RecordedEvent {
    /// The record `TraceReader.nextRecord` makes of a verbatim record's lines (its event line,
    /// then, in format 2, its node and entry lines, joined by newlines as they are in the file),
    /// or nil when they are not a record in the writer's shape. `unterminated`: the last of them
    /// ended the file without a newline.
    static func verbatim(_ raw: [UInt8], file: String, line: Int, grouped: Bool, unterminated: Bool)
        -> RecordedEvent?
    {
        let eventEnd = raw.firstIndex(of: 0x0A) ?? raw.count
        guard eventEnd == raw.count || grouped else { return nil }
        guard let scanned = scan(eventEnd == raw.count ? raw : Array(raw[..<eventEnd]), file: file, line: line) else {
            return nil
        }
        guard grouped else { return scanned }
        let heads = scanned.groupHeads()
        guard LineGroup.present(heads.hierarchy) || LineGroup.present(heads.archive) else {
            return eventEnd == raw.count ? scanned : nil
        }
        guard let counts = try? LineGroup.counts(hierarchy: heads.hierarchy, archive: heads.archive) else { return nil }
        var group = LineGroup(file: file)
        var end = eventEnd
        for i in 0..<(counts.nodes + counts.entries) {
            guard end < raw.count else { return nil }
            let start = end + 1
            end = raw[start...].firstIndex(of: 0x0A) ?? raw.count
            let m = LineGroup.Member(
                range: start..<end, line: line + 1 + i, unterminated: unterminated && end == raw.count)
            if i < counts.nodes { group.nodes.append(m) } else { group.entries.append(m) }
        }
        guard end == raw.count else { return nil }
        return scanned.grouped(bytes: raw, group: group)
    }
}

/// Comparing an event the engine made with a recorded one's lines as they are in the file
/// (`TraceFollower`), without making a record of them: the replay's comparison of every event.
public enum VerbatimLines {
    /// True when `e`, written as the trace writer writes it without `seq` (`grouped`: trace
    /// format 2, a hierarchy or archive as its node and entry lines), is `raw` byte for byte
    /// after the record's leading `{"seq":N,`. Compares as it writes, one line at a time (see
    /// `ComparingSink`), so a replay never writes an event to compare it. False for lines that
    /// do not start so: the caller then compares them as the writer would write them.
    public static func match(_ e: EngineEvent, grouped: Bool, raw: [UInt8]) -> Bool {
        guard isGrouped(e, grouped: grouped) else {
            guard let body = bodyStart(raw) else { return false }
            return same(raw, body..<raw.count) { EventField.writeMembers(e, seq: nil, grouped: false, to: &$0) }
        }
        let eventEnd = newline(in: raw, from: 0)
        var end = eventEnd
        return matchGroup(e, eventLine: Array(raw[..<eventEnd])) { line in
            guard end < raw.count else { return false }
            let start = end + 1
            end = newline(in: raw, from: start)
            line = Array(raw[start..<end])
            return true
        } && end == raw.count
    }

    /// `match` for a format-2 event with a hierarchy or an archive whose lines are taken one at
    /// a time: `eventLine` is the record's first line, and `next` puts each following line in
    /// its argument (false when there is none). A replay compares the 31 MB archive of a
    /// 200×200 trace so, holding one line of it at a time.
    /// - Returns: whether the event's lines are those; the caller checks no line is left over.
    public static func matchGroup(_ e: EngineEvent, eventLine: [UInt8], next: (inout [UInt8]) -> Bool) -> Bool {
        guard let body = bodyStart(eventLine) else { return false }
        // The event line holds the counts: once it matches, the lines to compare are these.
        guard same(eventLine, body..<eventLine.count, { EventField.writeMembers(e, seq: nil, grouped: true, to: &$0) })
        else { return false }
        var line: [UInt8] = []
        if let h = e.hierarchy {
            var index = 0
            let matched = TraceLines.visitNodes(h, parent: nil, slot: "", index: &index) { node, i, parent, slot in
                next(&line) && matchNodeLine(line, node, index: i, parent: parent, slot: slot)
            }
            guard matched else { return false }
        }
        guard let entries = e.archive?.entries else { return true }
        for i in entries.indices {
            guard next(&line) else { return false }
            let matched = line.withUnsafeBufferPointer { recorded in
                var sink = ComparingSink(expecting: recorded)
                TraceLines.writeEntryLine(entries[i], index: i, to: &sink)
                return sink.matches
            }
            guard matched else { return false }
        }
        return true
    }

    /// `matchGroup` for a hierarchy event whose tree is visited in place rather than held (see
    /// `UIViewController.visitSnapshotNodes`): `e` has no hierarchy, `nodes` is the tree's node
    /// count and `visitNodes` visits its nodes as `TraceLines.visitNodes` visits a hierarchy's.
    /// The same lines match as for the event with the tree's snapshot as its hierarchy.
    public static func matchGroup(
        _ e: EngineEvent, nodes: Int, eventLine: [UInt8],
        visitNodes: ((NodeBlueprint, Int, Int?, String) -> Bool) -> Bool, next: (inout [UInt8]) -> Bool
    ) -> Bool {
        guard let body = bodyStart(eventLine) else { return false }
        // The event line holds the count: once it matches, the lines to compare are these.
        let head = same(eventLine, body..<eventLine.count) {
            EventField.writeMembers(e, seq: nil, grouped: true, nodeCount: nodes, to: &$0)
        }
        guard head else { return false }
        var line: [UInt8] = []
        // The visit and the lines it takes are called one after the other, never into each other.
        return withoutActuallyEscaping(next) { next in
            visitNodes { node, i, parent, slot in
                next(&line) && matchNodeLine(line, node, index: i, parent: parent, slot: slot)
            }
        }
    }

    /// Whether `line` is the node line of `node` (its fields alone) at `index`.
    private static func matchNodeLine(_ line: [UInt8], _ node: NodeBlueprint, index: Int, parent: Int?, slot: String)
        -> Bool
    {
        line.withUnsafeBufferPointer { recorded in
            var sink = ComparingSink(expecting: recorded)
            TraceLines.writeNodeLine(node, index: index, parent: parent, slot: slot, to: &sink)
            return sink.matches
        }
    }

    /// Whether the event is compared line by line (`matchGroup`): trace format 2, with a
    /// hierarchy or an archive.
    public static func isGrouped(_ e: EngineEvent, grouped: Bool) -> Bool {
        // `if case`: `!= nil` on these optionals compared them as values (a copy and a
        // destroy of each), and every replayed event is asked (gone with the changes of
        // 1,583.9M -> 1,541.8M instructions, -2.7 %, g80 replay, callgrind).
        guard grouped else { return false }
        if case .some = e.hierarchy { return true }
        if case .some = e.archive { return true }
        return false
    }

    /// Where the members after `{"seq":N,` start, as `RecordedEvent.scan` finds it; nil when the
    /// line does not start so.
    static func bodyStart(_ raw: [UInt8]) -> Int? {
        if let body = plainBodyStart(raw) { return body }
        return generalBodyStart(raw)
    }

    /// `bodyStart` read with a parser: a seq spaced out, signed or of more digits.
    static func generalBodyStart(_ raw: [UInt8]) -> Int? {
        guard raw.starts(with: seqPrefix) else { return nil }
        var p = JSONParser(bytes: raw, at: seqPrefix.count)
        p.skipSpace()
        guard p.i < raw.count, raw[p.i] == UInt8(ascii: "-") || (48...57).contains(raw[p.i]) else { return nil }
        // A plain seq is read in place; `number()` makes a String of its digits (every event).
        if p.plainInt() == nil {
            guard case .int? = try? p.number() else { return nil }
        }
        guard p.i < raw.count, raw[p.i] == UInt8(ascii: ",") else { return nil }
        return p.i + 1
    }

    /// `bodyStart` for a line that starts `{"seq":` and 1 to 17 digits and a comma, as every
    /// line the writer writes does (what `plainInt` reads the same way); nil for any other,
    /// which `bodyStart` reads the general way. A parser set up for each line to read its seq
    /// was ~300 instructions an event (0.7 % of a replay, grid 80, callgrind).
    static func plainBodyStart(_ raw: [UInt8]) -> Int? {
        raw.withUnsafeBufferPointer { b -> Int? in
            let n = seqPrefixBytes.utf8CodeUnitCount
            guard b.count > n + 1, memcmp(b.baseAddress!, seqPrefixBytes.utf8Start, n) == 0 else { return nil }
            var k = n
            while k < b.count, k - n < 17, b[k] &- 48 < 10 { k += 1 }
            guard k > n, k < b.count, b[k] == UInt8(ascii: ",") else { return nil }
            return k + 1
        }
    }

    private static let seqPrefixBytes: StaticString = #"{"seq":"#

    /// The seq a record's first line starts with, when it is written as the writer writes it
    /// (`{"seq":N,` with N a plain integer); nil otherwise. The comparison skips the seq: this is
    /// how a caller checks that the line is still the record the reader read.
    public static func seq(_ raw: [UInt8]) -> Int? {
        guard raw.starts(with: seqPrefix) else { return nil }
        var p = JSONParser(bytes: raw, at: seqPrefix.count)
        return p.plainInt()
    }

    private static let seqPrefix = Array("{\"\(EventField.seq.name)\":".utf8)

    /// The index of the next newline at or after `start`, or the end of `raw`.
    private static func newline(in raw: [UInt8], from start: Int) -> Int {
        raw.withUnsafeBufferPointer { b -> Int in
            guard start < b.count, let hit = memchr(b.baseAddress! + start, 0x0A, b.count - start) else {
                return b.count
            }
            return UnsafeRawPointer(hit) - UnsafeRawPointer(b.baseAddress!)
        }
    }

    /// An event's members as `writeMembers` writes them, then its closing brace, are `raw[range]`.
    private static func same(
        _ raw: [UInt8], _ range: Range<Int>, _ writeMembers: (inout ComparingSink) -> Void
    ) -> Bool {
        raw.withUnsafeBufferPointer { b in
            var sink = ComparingSink(expecting: UnsafeBufferPointer(rebasing: b[range]))
            writeMembers(&sink)
            sink.append(125)
            return sink.matches
        }
    }
}
