import RestoreEngine
import RestoreTrace

extension Replayer {
    /// One step of the timeline as it is read: its marker, how many recorded events it has, the
    /// stand-in's answers taken from them, and the few records decoded once the step is read.
    struct Step {
        let marker: RecordedEvent
        /// Where the step's recorded events are, its marker first: what the comparator takes.
        var spans: Comparator.Spans
        /// Recorded events in the step, its marker included.
        var count: Int { spans.count }
        var answers = RecordedAnswers()
        /// The marker, and the records needed after reading: in the first step, scene sessions,
        /// saved activities and an imported archive.
        var kept: [RecordedEvent]
        /// The step's hierarchies (the marker's included), which the stand-in learns views from
        /// (see `StandInApp.load`): each with where it is and, when reading the step decoded it
        /// (the app at start, the launch UI, any line not in the writer's format), its tree.
        var hierarchies: [StandInApp.Hierarchy] = []
        /// The marker, decoded.
        var start: EngineEvent?
        let markerSpan: Comparator.Span
        /// The step's records with a tree to decode (a hierarchy), after the marker: left by the
        /// reading thread for `decodeTrees` on the engine's, where the trees are used and let go.
        /// A record in the writer's shape is not kept but read again there (`record` nil). Made
        /// on the reading thread, the 200×200 launch UI's tree (25 MB) and its bytes (11 MB) were
        /// held there while the app was preserved: the replay's peak was 218 MB, not 197.
        var trees: [(position: Int, line: Int, event: SystemEvent?, record: RecordedEvent?, span: Comparator.Span)] =
            []

        init(marker: RecordedEvent, span: Comparator.Span) {
            self.marker = marker
            markerSpan = span
            kept = [marker]
            spans = Comparator.Spans(span)
        }

        /// Takes what the stand-in needs from one recorded event.
        mutating func add(_ r: RecordedEvent, span: Comparator.Span, isStart: Bool) throws(TraceError) {
            spans.append(span)
            var isKept = false
            switch r.event {
            case .archiveWritten?, .sceneConnected?, .activitySaved?:
                if isStart {
                    kept.append(r)
                    isKept = true
                }
            default: break
            }
            let wanted = Replayer.payloadsToDecode(r)
            if wanted.contains(.hierarchy) {
                // Kept whole when it is kept anyway (a scene at start), not read again.
                trees.append((spans.count - 1, r.line, r.event, span.held == nil && !isKept ? nil : r, span))
                return
            }
            // An answer is filed by path (its bytes), else session, else receiver: the receiver
            // (a String made from the line) only when it is needed.
            // (`hasPath` and `if case`: an `== nil` on these optionals compared them as values,
            // a copy and destroy of each per line.)
            let path = r.pathUTF8
            let session = r.hasPath ? nil : r.session
            var receiver: String?
            if !r.hasPath, case .none = session { receiver = r.receiver }
            if let callback = r.callback, !r.hasAny(of: wanted) {
                answers.add(
                    .empty, callback, pathUTF8: path, session: session, receiver: receiver, argument: r.argument)
                return
            }
            guard !wanted.isEmpty else { return }
            if let callback = r.callback, let coder = r.plainCoder(ifOnlyOneOf: wanted) {
                answers.add(
                    RecordedAnswer(result: nil, effects: nil, coder: coder), callback, pathUTF8: path,
                    session: session, receiver: receiver, argument: r.argument)
                return
            }
            if let callback = r.callback, let result = r.literalResult(ifOnlyOneOf: wanted) {
                answers.add(
                    RecordedAnswer(result: result, effects: nil, coder: nil), callback, pathUTF8: path,
                    session: session, receiver: receiver, argument: r.argument)
                return
            }
            answers.add(try r.decoded(wanted))
        }

        /// Decodes the marker (on the engine's thread: the app's 25 MB tree at start of a 200×200
        /// trace is made there while the next step is read, and let go there), its hierarchy
        /// first among the step's, as reading once did (called before `decodeTrees`).
        /// - Throws: when it does not decode; the step's records are then cut after it, as
        ///   reading stopped there.
        mutating func decodeMarker() throws(TraceError) {
            let start: EngineEvent
            do { start = try marker.decoded(Replayer.payloadsToDecode(marker)) } catch {
                spans.keep(1)
                throw error
            }
            self.start = start
            answers.add(start)
            // The hierarchy the marker was decoded with (the app's at start, or any a line not in
            // the writer's format has), else the app's at background, which is only compared.
            if let tree = start.hierarchy {
                hierarchies.append(.init(seq: marker.seq, span: markerSpan, line: marker.line, tree: tree))
            } else if marker.event == .background {
                hierarchies.append(.init(seq: marker.seq, span: markerSpan, line: marker.line, tree: nil))
            }
        }

        /// Decodes the records with a tree that reading left (`trees`), in file order, those in
        /// the writer's shape read again by the comparator's follower: checked to be the record
        /// read (its seq and event), as the comparator checks every line it takes again, so a
        /// trace rewritten in place meanwhile is "changed", not another record's tree.
        /// - Throws: the first that does not decode (or is no longer what was read); the step's
        ///   records are then cut after it, as reading stopped there.
        mutating func decodeTrees(rereading comparator: Comparator) throws(TraceError) {
            defer { trees = [] }
            for (position, line, event, record, span) in trees {
                let e: EngineEvent
                do throws(TraceError) {
                    guard let r = record ?? comparator.reread(span, line: line), r.seq == span.seq, r.event == event
                    else { throw comparator.changed(line: line) }
                    e = try r.decoded(Replayer.payloadsToDecode(r))
                } catch {
                    spans.keep(position + 1)
                    throw error
                }
                if let tree = e.hierarchy {
                    hierarchies.append(.init(seq: span.seq, span: span, line: line, tree: tree))
                }
                answers.add(e)
            }
        }

        /// Hands the stand-in the step's answers and where its hierarchies are.
        /// - Returns: the marker, decoded.
        func load(into standIn: StandInApp, rereading comparator: Comparator) throws(TraceError) -> EngineEvent {
            let decoded: EngineEvent
            if let start { decoded = start } else { decoded = try marker.decoded(Replayer.payloadsToDecode(marker)) }
            standIn.load(answers, hierarchies: hierarchies, rereading: comparator)
            return decoded
        }
    }

    /// Reads one step of the timeline after its marker: everything up to the next marker, which
    /// is returned as the next step's start (nil at the end of the trace). The reader has checked
    /// every line's envelope, and that restored keys are in the archive written before them.
    /// - Parameter stopped: asked every 1,024 records; when true, the step ends there and nil
    ///   is returned (the replay stopped and drops it).
    static func readStep(
        into step: inout Step, _ reader: TraceReader, isStart: Bool, stopped: () -> Bool = { false }
    ) throws(TraceError) -> (RecordedEvent, Comparator.Span)? {
        // The marker and the records with a tree are decoded later (`Step.decodeTrees`).
        var sinceAsked = 0
        while let (r, span) = try nextRecord(reader) {
            if let k = r.event, markers.contains(k) { return (r, span) }
            try step.add(r, span: span, isStart: isStart)
            sinceAsked += 1
            if sinceAsked == 1024 {
                sinceAsked = 0
                if stopped() { return nil }
            }
        }
        return nil
    }

    /// The next record, payloads unchecked, and where it is for the comparator.
    static func nextRecord(_ reader: TraceReader) throws(TraceError) -> (RecordedEvent, Comparator.Span)? {
        guard let r = try reader.nextRecord(checkingPayloads: false) else { return nil }
        let span = Comparator.Span(
            seq: r.seq, lines: reader.lastRecordLines, held: reader.lastRecordIsVerbatim ? nil : r,
            offsets: reader.lastRecordOffsets)
        return (r, span)
    }
}
