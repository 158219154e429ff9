import Foundation
import RestoreEngine

extension RecordedEvent {
    /// True when `e`, written as trace format 2 writes it without `seq`, is this record's lines
    /// byte for byte. Compares one line at a time in `scratch` (reused), so a replay never writes
    /// a whole archive (31 MB at 200×200) to compare it. False for a record without node or entry
    /// lines (compare those with `matches(written:)`).
    public func matchesLines(of e: EngineEvent, scratch: inout [UInt8]) -> Bool {
        guard let group, let bodyStart else { return false }
        let eventEnd = (group.nodes.first ?? group.entries.first).map { $0.range.lowerBound - 1 } ?? bytes.count
        scratch.removeAll(keepingCapacity: true)
        EventCodec.writeEventLine(e, seq: nil, to: &scratch)
        // The event line holds the counts: once it matches, the lines to compare are these.
        guard same(scratch, from: 1, as: bodyStart..<eventEnd) else { return false }
        if let h = e.hierarchy {
            var index = 0
            let matched = TraceLines.visitNodes(h, parent: nil, slot: "", index: &index) { node, i, parent, slot in
                scratch.removeAll(keepingCapacity: true)
                TraceLines.writeNodeLine(node, index: i, parent: parent, slot: slot, to: &scratch)
                return i < group.nodes.count && same(scratch, from: 0, as: group.nodes[i].range)
            }
            guard matched else { return false }
        }
        for (i, entry) in (e.archive?.entries ?? []).enumerated() {
            scratch.removeAll(keepingCapacity: true)
            TraceLines.writeEntryLine(entry, index: i, to: &scratch)
            guard i < group.entries.count, same(scratch, from: 0, as: group.entries[i].range) else { return false }
        }
        return true
    }

    /// `written[from...]` equals `bytes[range]`.
    private func same(_ written: [UInt8], from offset: Int, as range: Range<Int>) -> Bool {
        guard written.count - offset == range.count else { return false }
        return written.withUnsafeBufferPointer { w in
            bytes.withUnsafeBufferPointer { b in
                memcmp(w.baseAddress! + offset, b.baseAddress! + range.lowerBound, range.count) == 0
            }
        }
    }
}
