import RestoreEngine
import RestoreTrace

/// Compares what the engine does during a replay with the recorded events, step by step: the
/// replayed event is written as the trace writer writes it and compared with the recorded
/// line's bytes (minus its `seq`); nothing is decoded or re-serialized unless they differ.
///
/// The recorded events come from a reader of its own, one at a time as the engine makes its
/// calls, so a replay never holds a step's lines (at 200×200 the preservation step is half the
/// trace): the replay's main reader has read and checked them already, for the stand-in's answers.
final class Comparator: EngineObserver {
    /// Where the recorded events come from, in file order, each one once.
    private let source: TraceReader
    /// How many of the step's recorded events are still to read from `source`.
    private var remaining = 0
    /// The recorded event read and not matched yet.
    private var current: RecordedEvent?
    /// A read that failed while the engine ran (the file changed under the replay), for later.
    private var readFailure: TraceError?
    /// The last few matched recorded events, shown before a divergence.
    private var history: [RecordedEvent] = []
    /// The replayed event's bytes, reused from event to event.
    private var written: [UInt8] = []
    private(set) var divergence: Divergence?
    private(set) var replayedEvents = 0
    private(set) var lastSeq = 0
    /// Every replayed event, kept only when asked (for reports of what-if runs).
    var keepEvents = false
    /// The trace is format 2: a recorded event with a hierarchy or an archive is its event line
    /// and the node and entry lines after it, so the replayed event is written that way too.
    var grouped = false
    private(set) var replayed: [EngineEvent] = []
    /// Handed each recorded event once it is proved: matched, or checked by `drain` (see
    /// `Replayer.replay(observe:)`). This reader reads every line once, in order, so it sees each
    /// event once, in order, and never one the replay has not vouched for.
    var observe: ((RecordedEvent) -> Void)?

    /// Compares against the trace at `path`, read from its first event.
    init(path: String) throws(TraceError) { source = try TraceReader(path: path) }

    /// The next step has `count` recorded events.
    func expect(count: Int) {
        remaining = count
        current = nil
    }

    /// The recorded event to compare next, read on demand; nil once the step has none left.
    private func next() -> RecordedEvent? {
        if let current { return current }
        guard remaining > 0, readFailure == nil else { return nil }
        remaining -= 1
        do { current = try source.nextRecord(checkingPayloads: false) } catch { readFailure = error }
        return current
    }

    /// An event's line without `seq`: how events are compared and shown.
    static func line(_ e: EngineEvent) -> String {
        var out: [UInt8] = []
        EventCodec.write(e, seq: nil, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    func engine(_ engine: RestorationEngine, didEmit event: EngineEvent) {
        replayedEvents += 1
        if keepEvents { replayed.append(event) }
        guard divergence == nil else { return }
        guard let recorded = next() else {
            divergence = Divergence(
                seq: lastSeq + 1, recorded: nil, replayed: Self.line(event), context: context,
                rule: Divergence.rule(for: event), path: event.path)
            return
        }
        let same: Bool
        if grouped && (event.hierarchy != nil || event.archive != nil) {
            same = recorded.matchesLines(of: event, scratch: &written)
        } else {
            written.removeAll(keepingCapacity: true)
            EventCodec.write(event, seq: nil, to: &written)
            same = recorded.matches(written: written)
        }
        // Not the same bytes: compare as the writer would write the recorded event, so a line
        // that differs only in spacing or member order still matches.
        if !same {
            let mine = Self.line(event)
            let theirs = recorded.comparableText
            if mine != theirs {
                divergence = Divergence(
                    seq: recorded.seq, recorded: theirs, replayed: mine, context: context,
                    rule: Divergence.rule(for: recorded.envelope), path: recorded.path ?? event.path)
                return
            }
        }
        // A long line's capacity is not kept for the small events after it.
        if written.capacity > 1 << 20 { written = [] }
        current = nil
        lastSeq = recorded.seq
        history.append(recorded)
        if history.count > 8 { history.removeFirst(4) }
        observe?(recorded)
    }

    private var context: [String] { history.suffix(4).map(\.comparableText) }

    /// Ends the step: a recorded event the replay never made is the divergence; then every
    /// recorded event of the step not matched byte for byte is checked, in order.
    /// - Returns: the first of them whose payloads do not decode (the trace's problem).
    func finishSegment() -> TraceError? {
        if divergence == nil, let missing = next() {
            divergence = Divergence(
                seq: missing.seq, recorded: missing.comparableText, replayed: nil, context: context,
                rule: Divergence.rule(for: missing.envelope), path: missing.path)
        }
        return drain()
    }

    /// Checks the step's recorded events not matched, reading the rest of the step; the first
    /// problem, if any (then the replay stops, so the rest need not be read).
    func drain() -> TraceError? {
        while let r = next() {
            current = nil
            do { try r.check() } catch { return error }
            observe?(r)
        }
        defer { readFailure = nil }
        return readFailure
    }
}
