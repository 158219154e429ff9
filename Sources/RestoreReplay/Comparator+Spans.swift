import RestoreTrace

extension Comparator {
    /// A timeline step's recorded events as the comparator takes them, in file order, kept in
    /// about 4 bytes an event: a step of a 200×200 replay is up to 160,604 events, and a list
    /// of whole `Span`s (40 bytes each, grown by doubling) was 10.5 MB of the replay's peak.
    /// The reader hands out events numbered 1, 2, 3… in file order (it throws on any other
    /// `seq`), so a step's seqs follow from its first; a record held whole is rare and kept
    /// aside by position. Where the lines are in the file (`Span.offsets`) is not kept: only
    /// the hierarchies read again later need it (`Replayer.Step.hierarchies` keeps theirs).
    struct Spans {
        private var firstSeq = 0
        /// The physical lines each event spans.
        private var lines: [UInt32] = []
        /// The records held whole (see `Span.held`), by position in the step.
        private var held: [Int: RecordedEvent] = [:]

        var count: Int { lines.count }

        init() {}

        init(_ first: Span) { append(first) }

        /// Adds the next event of the step, whose seq follows the one before it.
        mutating func append(_ span: Span) {
            if lines.isEmpty { firstSeq = span.seq }
            if let record = span.held { held[lines.count] = record }
            lines.append(UInt32(clamping: span.lines))
        }

        /// Keeps the first `count` events only.
        mutating func keep(_ count: Int) {
            guard count < lines.count else { return }
            lines.removeSubrange(count...)
            held = held.filter { $0.key < count }
        }

        /// The `i`th event's seq, physical lines and record held whole.
        subscript(_ i: Int) -> (seq: Int, lines: Int, held: RecordedEvent?) {
            (firstSeq + i, Int(lines[i]), held.isEmpty ? nil : held[i])
        }
    }
}
