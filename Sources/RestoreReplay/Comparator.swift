import RestoreEngine
import RestoreTrace

/// Compares what the engine does during a replay with the recorded events, step by step: the
/// replayed event is written as the trace writer writes it and compared with the recorded
/// lines' bytes (minus `seq`); nothing is decoded or re-serialized unless they differ.
///
/// The recorded lines come from a `TraceFollower`, one record at a time as the engine makes its
/// calls, so a replay never holds a step's lines (at 200×200 the preservation step is half the
/// trace). The replay's reader has read, scanned and checked them already, for the stand-in's
/// answers, and says how many lines each record spans: the follower takes them as bytes and a
/// record is rebuilt from them only where one is needed (a difference, the observer, a line to
/// check). Reading and scanning every line a second time was 13 % of a 200×200 replay.
final class Comparator: LiveHierarchyObserver {
    // Stored properties are `@exclusivity(unchecked)`: dynamic exclusivity checks (a runtime call
    // and a thread-local access set per access) on the reader, follower, comparator and
    // stand-in were ~3 % of a replay's instructions (grid 80, callgrind). The engine's thread
    // alone uses the comparator (steps are read on another, see `Replayer.StepReading`), and
    // no access to one of these properties overlaps another.
    /// A recorded event as the replay's reader read it: its seq, the physical lines it spans,
    /// and the record itself when the follower cannot rebuild it from its bytes (a line split
    /// into parts, or not in the writer's shape: rare).
    struct Span {
        let seq: Int
        let lines: Int
        let held: RecordedEvent?
        /// Where its lines are in the file (`TraceReader.lastRecordOffsets`).
        let offsets: Range<Int>
    }
    /// A recorded event taken from the follower: its first line's bytes, where it is, and how
    /// many of its lines are still to take. A record of node and entry lines is compared one
    /// line at a time as they are taken (taking the 31 MB archive of a 200×200 trace whole was
    /// 59 MB of a replay's peak memory), and read again from the file if it is needed whole.
    private struct Taken {
        var span: (seq: Int, lines: Int, held: RecordedEvent?)
        /// Its first physical line, and where that starts in the file.
        var line: Int
        var start: Int
        /// Where its last byte ends in the file, once every line is taken.
        var end = 0
        var left: Int
        var unterminated = false
        /// Its first line; the whole record when it is one line.
        var raw: [UInt8] = []
    }
    private let follower: TraceFollower
    /// The step's recorded events still to take, in file order.
    @exclusivity(unchecked) private var spans = Spans()
    @exclusivity(unchecked) private var position = 0
    /// The recorded event taken and not matched yet.
    @exclusivity(unchecked) private var current: Taken?
    /// A read that failed while the engine ran (the file changed under the replay), for later.
    @exclusivity(unchecked) private var readFailure: TraceError? { didSet { readFailed = readFailure != nil } }
    /// `readFailure != nil` and `divergence != nil`, kept as flags: testing the optionals
    /// themselves on every event copied them out and destroyed the copies (~1.3 % of a replay,
    /// grid 80, callgrind).
    @exclusivity(unchecked) private var readFailed = false
    @exclusivity(unchecked) private var diverged = false
    /// The last few matched recorded events, oldest first from `oldest`, shown before a
    /// divergence: a ring of `historySize`, so keeping one is no shift of the others (a
    /// `removeFirst` per event before; the ring came with paths filed as bytes and flags for
    /// optionals, together 1,583.9M -> 1,541.8M instructions, -2.7 %, g80 replay, callgrind).
    @exclusivity(unchecked) private var history: [Taken] = []
    @exclusivity(unchecked) private var oldest = 0
    private static let historySize = 4
    /// Bytes to take the next recorded event's first line into: a matched event's, once it
    /// leaves the history, so taking lines allocates nothing.
    @exclusivity(unchecked) private var spare: [UInt8] = []
    /// A node or entry line being compared or stepped over.
    @exclusivity(unchecked) private var other: [UInt8] = []
    /// The replayed event's bytes, reused from event to event.
    @exclusivity(unchecked) private var written: [UInt8] = []
    @exclusivity(unchecked) private(set) var divergence: Divergence? {
        didSet {
            if !diverged, divergence != nil { onFirstDivergence?() }
            diverged = divergence != nil
        }
    }
    /// Called once, when the replay first departs from the recording, before the event that
    /// departs goes further: what the engine has concluded by then is all the recording vouches
    /// for when it was cut off (`Replayer`).
    @exclusivity(unchecked) var onFirstDivergence: (() -> Void)?
    @exclusivity(unchecked) private(set) var replayedEvents = 0
    @exclusivity(unchecked) private(set) var lastSeq = 0
    /// Every replayed event whole (each hierarchy as its tree's snapshot), only when asked (for
    /// reports of what-if runs): kept in `replayed`, or handed to `handOver` as it is made.
    @exclusivity(unchecked) var keepEvents = false
    @exclusivity(unchecked) var handOver: ((EngineEvent) -> Void)?
    /// Keep in `replayed` only the events a drawing of the run reads (`DotBuilder`): the last
    /// hierarchy at background and each scene's window as it connected, whole. A what-if report
    /// and `export --format dot|svg` draw the faithful run from these.
    @exclusivity(unchecked) var keepDrawing = false
    /// The trace is format 2: a recorded event with a hierarchy or an archive is its event line
    /// and the node and entry lines after it, so the replayed event is written that way too.
    @exclusivity(unchecked) var grouped = false
    /// Every line of the trace was proved by a faithful replay of it just before (see
    /// `Replayer.replay(linesProved:)`): `drain` takes the lines not matched without decoding
    /// them again to check them.
    @exclusivity(unchecked) var linesProved = false
    @exclusivity(unchecked) private(set) var replayed: [EngineEvent] = []
    /// Handed each recorded event once it is proved: matched, or checked by `drain` (see
    /// `Replayer.replay(observe:)`). Records are taken once each, in order, so it sees each
    /// event once, in order, and never one the replay has not vouched for.
    @exclusivity(unchecked) var observe: ((RecordedEvent) -> Void)?
    /// Offered first, instead of `observe`, each recorded event the replayed event matched byte
    /// for byte: that event, its first line's bytes (valid during the call only; a format-2
    /// record's node and entry lines are not among them) and its seq; returns false to be handed
    /// the record after all. Making a record of every line (a scan of its envelope, a class
    /// instance) cost a 200x200 report 0.37 s of the replay's thread; a record of several lines
    /// is read again from the file (the 31 MB archive, three 11 MB hierarchies).
    @exclusivity(unchecked) var observeMatched: ((EngineEvent, UnsafeBufferPointer<UInt8>, Int) -> Bool)?

    /// Compares against the trace at `path`, which `reader` reads, from its first event.
    init(path: String, following reader: TraceReader) throws(TraceError) {
        follower = try TraceFollower(path: path, following: reader)
    }

    /// A recorded event read again from the file (the record held, if it cannot be), for one
    /// needed long after its step: see `StandInApp`'s hierarchies to learn views from.
    func reread(_ span: Span, line: Int) -> RecordedEvent? {
        span.held ?? follower.record(at: span.offsets, line: line)
    }

    /// What to say when a line is not what the replay's reader read.
    func changed(line: Int) -> TraceError { follower.changed(line: line) }

    /// The next step's recorded events, its marker first.
    func expect(_ step: Spans) {
        spans = step
        position = 0
        current = nil
    }

    /// The recorded event to compare next, its first line taken on demand; nil once the step
    /// has none left.
    private func next() -> Taken? {
        if let current { return current }
        current = readNext()
        return current
    }

    /// The next recorded event of the step, its first line taken (not kept in `current`).
    private func readNext() -> Taken? {
        guard position < spans.count, !readFailed else { return nil }
        let span = spans[position]
        position += 1
        var taken = Taken(span: span, line: follower.linesRead + 1, start: follower.offset, left: span.lines - 1)
        swap(&taken.raw, &spare)
        taken.raw.removeAll(keepingCapacity: true)
        do { taken.unterminated = try follower.take(lines: 1, into: &taken.raw) } catch {
            readFailure = error
            return nil
        }
        if taken.left == 0 { taken.end = follower.offset - (taken.unterminated ? 0 : 1) }
        return taken
    }

    /// Takes the next of the record's lines into `line`; false when it has none left.
    private func takeLine(of t: inout Taken, into line: inout [UInt8]) -> Bool {
        guard t.left > 0, !readFailed else { return false }
        line.removeAll(keepingCapacity: true)
        do { t.unterminated = try follower.take(lines: 1, into: &line) } catch {
            readFailure = error
            return false
        }
        t.left -= 1
        if t.left == 0 { t.end = follower.offset - (t.unterminated ? 0 : 1) }
        return true
    }

    /// Steps over the record's lines not taken yet.
    private func finish(_ t: inout Taken) {
        while takeLine(of: &t, into: &other) {}
        // A long line's capacity is not kept for the short ones after it.
        if other.capacity > 1 << 20 { other = [] }
    }

    /// The record of a taken event (its lines all taken): the one held, or rebuilt from its
    /// bytes, read again from the file for a record of several lines.
    private func record(_ t: Taken) -> RecordedEvent? {
        if let held = t.span.held { return held }
        // Its lines ran out (the file was cut while it was replayed: `readFailure` says where):
        // there is no whole record to rebuild, nor an end to read it up to.
        guard t.left == 0 else { return nil }
        var bytes = t.raw
        if t.span.lines > 1 {
            do { bytes = try follower.bytes(in: t.start..<t.end, line: t.line) } catch {
                if !readFailed { readFailure = error }
                return nil
            }
        }
        guard let r = follower.record(bytes, line: t.line, unterminated: t.unterminated), r.seq == t.span.seq else {
            if !readFailed { readFailure = follower.changed(line: t.line) }
            return nil
        }
        return r
    }

    /// The recorded line without `seq` as divergences show it; the raw bytes if it does not decode.
    private func text(_ t: Taken) -> String {
        record(t)?.comparableText ?? String(decoding: t.raw, as: UTF8.self)
    }

    /// An event's line without `seq`: how events are compared and shown.
    static func line(_ e: EngineEvent) -> String {
        var out: [UInt8] = []
        EventCodec.write(e, seq: nil, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    func engine(_ engine: RestorationEngine, didEmit event: EngineEvent) {
        replayedEvents += 1
        if keepEvents {
            if let handOver { handOver(event) } else { replayed.append(event) }
        } else if keepDrawing, event.hierarchy != nil {
            keepIfDrawn(event)
        }
        guard !diverged else { return }
        // Taken out of `current` (or read) and put back only if it stays unmatched: storing each
        // event there and clearing it again was a copy and a destroy of it per event (0.5 % of
        // a replay: 1,423.4M -> 1,416.7M instructions, g80, callgrind).
        guard var taken = current.take() ?? readNext() else {
            divergence = Divergence(
                seq: lastSeq + 1, recorded: nil, replayed: Self.line(event), context: context,
                rule: Divergence.rule(for: event), path: event.path)
            return
        }
        let same: Bool
        if let held = taken.span.held {
            if VerbatimLines.isGrouped(event, grouped: grouped) {
                same = held.matchesLines(of: event, scratch: &written)
            } else {
                written.removeAll(keepingCapacity: true)
                EventCodec.write(event, seq: nil, to: &written)
                same = held.matches(written: written)
            }
        } else if taken.span.lines == 1 {
            same = VerbatimLines.match(event, grouped: grouped, raw: taken.raw)
        } else if VerbatimLines.isGrouped(event, grouped: grouped) {
            same =
                VerbatimLines.matchGroup(event, eventLine: taken.raw) { line in
                    takeLine(of: &taken, into: &line)
                } && taken.left == 0
        } else {
            same = false
        }
        conclude(event, &taken, same: same)
    }

    /// A hierarchy event, with the live tree it describes: compared with the recorded node lines
    /// in place, node by node (`UIViewController.visitSnapshotNodes`), where nothing else needs
    /// the event's tree — no observer, no events kept — and the recorded event is in the writer's
    /// shape. Otherwise, and to say how it differs when it does, the event is compared with the
    /// tree's snapshot as its hierarchy, as every other event is. (g200 replay: the three
    /// snapshots of 80,201 nodes, built and freed, were ~10 % of the engine's thread.)
    func engine(_ engine: RestorationEngine, didEmit event: EngineEvent, hierarchyOf root: UIViewController) {
        let classes = engine.application.classes
        func withSnapshot() -> EngineEvent {
            var e = event
            e.hierarchy = root.blueprint(classes: classes)
            return e
        }
        // Once diverged an event is only counted: no snapshot is made to be dropped (a what-if
        // diverges early, and each tree at 200×200 is 80,201 nodes).
        if diverged, !keepEvents {
            replayedEvents += 1
            if keepDrawing, Self.isDrawn(event) { keepIfDrawn(withSnapshot()) }
            return
        }
        guard grouped, !keepEvents, case .none = observe, case .none = observeMatched, case .none = event.archive,
            let next = next(), next.span.held == nil, next.span.lines > 1
        else { return self.engine(engine, didEmit: withSnapshot()) }
        // Compared in place, it is not handed to `engine(_:didEmit:)`, which keeps what is drawn.
        if keepDrawing, Self.isDrawn(event) { keepIfDrawn(withSnapshot()) }
        Replayer.comparedInPlace?()
        replayedEvents += 1
        var taken = next
        current = nil
        let same =
            VerbatimLines.matchGroup(
                event, nodes: root.snapshotNodeCount, eventLine: taken.raw,
                visitNodes: { root.visitSnapshotNodes(classes: classes, $0) },
                next: { line in takeLine(of: &taken, into: &line) }) && taken.left == 0
        conclude(same ? event : withSnapshot(), &taken, same: same)
    }

    /// Whether a drawing reads the event's hierarchy (see `keepDrawing`).
    private static func isDrawn(_ event: EngineEvent) -> Bool {
        event.event == .background || event.event == .sceneConnected
    }

    /// Keeps a drawn event with its hierarchy; a hierarchy at background replaces the one before.
    private func keepIfDrawn(_ event: EngineEvent) {
        guard Self.isDrawn(event), event.hierarchy != nil else { return }
        if event.event == .background { replayed.removeAll { $0.event == .background } }
        replayed.append(event)
    }

    /// Ends the comparison of `event` with the recorded event `taken`, whose lines matched it
    /// byte for byte or not (`same`).
    private func conclude(_ event: EngineEvent, _ taken: inout Taken, same: Bool) {
        finish(&taken)
        var proved: RecordedEvent?
        // Not the same bytes: compare as the writer would write the recorded event, so a line
        // that differs only in spacing or member order still matches.
        if !same {
            guard let recorded = record(taken) else { return }
            let mine = Self.line(event)
            let theirs = recorded.comparableText
            if mine != theirs {
                divergence = Divergence(
                    seq: recorded.seq, recorded: theirs, replayed: mine, context: context,
                    rule: Divergence.rule(for: recorded.envelope), path: recorded.path ?? event.path)
                // Left for `drain` to check, as every event not matched.
                current = taken
                return
            }
            proved = recorded
        }
        // A long line's capacity is not kept for the small events after it.
        if written.capacity > 1 << 20 { written = [] }
        lastSeq = taken.span.seq
        if proved != nil || !offer(event, taken), let observe, let r = proved ?? record(taken) { observe(r) }
        remember(taken)
    }

    /// Offers an event matched byte for byte to `observeMatched`; true when it took it.
    private func offer(_ event: EngineEvent, _ t: Taken) -> Bool {
        guard let observeMatched, t.span.held == nil else { return false }
        // The match skips the seq. Another seq than the reader read means the file changed under
        // the replay: left to `record`, which says so, instead of handing the line on.
        guard VerbatimLines.seq(t.raw) == t.span.seq else { return false }
        return t.raw.withUnsafeBufferPointer { observeMatched(event, $0, t.span.seq) }
    }

    /// Keeps a matched event for the context of a later divergence; the oldest one's bytes
    /// take the next event's lines.
    private func remember(_ t: Taken) {
        guard history.count == Self.historySize else {
            history.append(t)
            return
        }
        // The oldest one's bytes become the spare, without a copy.
        spare = []
        swap(&spare, &history[oldest].raw)
        history[oldest] = t
        oldest = (oldest + 1) % Self.historySize
        // A long record's capacity is not kept for the small events after it.
        if spare.capacity > 1 << 20 { spare = [] }
    }

    private var context: [String] { (0..<history.count).map { text(history[(oldest + $0) % history.count]) } }

    /// Ends the step: a recorded event the replay never made is the divergence; then every
    /// recorded event of the step not matched byte for byte is checked, in order.
    /// - Returns: the first of them whose payloads do not decode (the trace's problem).
    func finishSegment() -> TraceError? {
        if !diverged, var taken = next() {
            finish(&taken)
            current = taken
            let missing = record(taken)
            divergence = Divergence(
                seq: taken.span.seq, recorded: missing?.comparableText ?? String(decoding: taken.raw, as: UTF8.self),
                replayed: nil, context: context, rule: missing.flatMap { Divergence.rule(for: $0.envelope) },
                path: missing?.path)
        }
        return drain()
    }

    /// Checks the step's recorded events not matched, taking the rest of the step; the first
    /// problem, if any (then the replay stops, so the rest need not be taken).
    func drain() -> TraceError? {
        while var taken = next() {
            current = nil
            finish(&taken)
            guard let r = record(taken) else { break }
            if !linesProved {
                do { try r.check() } catch { return error }
            }
            observe?(r)
        }
        defer { readFailure = nil }
        return readFailure
    }
}
