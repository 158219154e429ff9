import RestoreEngine
import RestoreTrace

/// What a replay found.
public struct ReplayResult: Sendable {
    public var header: TraceHeader
    /// The outcome of the replayed run.
    public var outcome: Outcome
    public var recordedEvents: Int
    public var replayedEvents: Int
    public var divergence: Divergence?
    public var whatIf: WhatIf
    /// The replayed events, when asked for.
    public var events: [EngineEvent]
    /// `--drop-id` paths that named no node at any preservation.
    public var unmatchedDrops: [String] = []
    /// `--drop-id` paths that named two or more siblings sharing an identifier (R11).
    public var ambiguousDrops: [String] = []
    /// Whether a `background` step of the timeline ran a preservation.
    public var preservedByEngine = false
    /// For each `activity:SESSION.type` what-if, what the session's save did with it at least
    /// once; a session never asked for its activity in the run is absent.
    public var activityTypeUses: [String: ActivityTypeUse] = [:]
    /// The timeline's steps that did nothing when they ran (see `IdleStep`).
    public var idleSteps: [IdleStep] = []
    /// Where the trace was cut off, when it was (SPEC §4): `outcome` stops there.
    public var cutOff: TraceError?
    public var matched: Bool { divergence == nil }
}

/// Re-runs a recorded timeline from the trace alone: the archive, the launch UI and every answer
/// come from the recording. Holds a few steps at a time (the one running and up to two read
/// ahead on a second thread), so memory follows the archive, not the trace.
public enum Replayer {
    /// - Parameters:
    ///   - path: the trace file.
    ///   - whatIf: edits to run with (none for a faithful replay).
    ///   - keepEvents: keep the replayed events in the result (for a what-if report).
    ///   - handOver: handed each replayed event whole as it is made, instead of keeping them all
    ///     in the result (`keepEvents`): a what-if report takes them so, one at a time.
    ///   - keepDrawing: keep in the result's `events` only those a drawing of the run reads
    ///     (`DotBuilder`): the last hierarchy at background and the scenes' windows.
    ///   - linesProved: every line of the trace was proved by a faithful replay of the same file
    ///     just before (a what-if's baseline, which either proves each line or throws): the
    ///     recorded lines this replay does not match are not decoded again to check them. A what-if
    ///     run departs from the recording by design, and checking every line after it did was a
    ///     fifth of a 200×200 `--drop-id` replay.
    ///   - progress: called after each step of the timeline with the recorded events read so far.
    ///   - observe: handed every recorded event once, in file order, so a report can take the lines
    ///     from this one pass over the trace instead of reading it again. An event is handed over
    ///     only once the replay has proved it (matched byte for byte, or checked as every reader
    ///     checks a line), so its payloads decode; on a bad trace it is handed nothing from the bad
    ///     line on, and the replay throws that line's located error.
    ///   - observeMatched: offered first, instead of `observe`, each recorded event the replayed
    ///     event matched byte for byte: that event, its first line's bytes (valid during the call
    ///     only; a format-2 record's node and entry lines are not among them) and its seq; returns
    ///     false to be handed the record through `observe` after all. Saves making a record of
    ///     every line (and reading a record of several lines again) for an observer that needs
    ///     only the bytes or the event.
    ///   - keep: handed the engine once the replay is over, for a caller that would rather not pay
    ///     to free its object graph (the live app, its archive, the stand-in's answers) here: a
    ///     command-line process about to exit leaves that to the exit.
    /// - Throws: `TraceError` for a trace that cannot be read or does not make sense.
    public static func replay(
        path: String, whatIf: WhatIf = WhatIf(), keepEvents: Bool = false,
        handingOver handOver: ((EngineEvent) -> Void)? = nil, keepDrawing: Bool = false, linesProved: Bool = false,
        progress: ((Int) -> Void)? = nil,
        observe: ((RecordedEvent) -> Void)? = nil,
        observeMatched: ((EngineEvent, UnsafeBufferPointer<UInt8>, Int) -> Bool)? = nil,
        keepingEngine keep: ((RestorationEngine) -> Void)? = nil
    ) throws(TraceError) -> ReplayResult {
        let reader = try TraceReader(path: path)
        let header = reader.header
        let application = UIApplication(configuration: header.app)
        for c in header.classes { application.classes.declare(c.name, superclass: c.superclass) }
        if let types = whatIf.userActivityTypes { application.configuration.userActivityTypes = types }
        let standIn = StandInApp(whatIf: whatIf, rule: header.shouldRestoreRule)
        standIn.fromApp = header.isFromApp
        let engine = RestorationEngine(application: application, boundary: standIn)
        defer { keep?(engine) }
        let comparator = try Comparator(path: path, following: reader)
        comparator.keepEvents = keepEvents || handOver != nil
        comparator.handOver = handOver
        comparator.keepDrawing = keepDrawing
        comparator.linesProved = linesProved
        comparator.grouped = reader.formatVersion >= 2
        comparator.observe = observe
        comparator.observeMatched = observeMatched
        // The outcome as far as the recording goes: a cut-off trace vouches for nothing after its
        // last whole event, and the stand-in can only guess the app's answers from there on.
        var outcomeAtDivergence: Outcome?
        comparator.onFirstDivergence = { [unowned engine] in outcomeAtDivergence = engine.outcomeSoFar }
        engine.observer = comparator
        var timeline = Timeline(path: path, whatIf: whatIf, application: application, engine: engine)

        var recorded = 0
        // Lines are read without decoding their payloads: a line the replay matches byte for byte
        // is the writer's own output, which always decodes. Every line it does not match is
        // checked before the next step, in file order, so the verdict on a bad trace is the one
        // every other command gives.
        // After the first step, steps are read on a second thread while the engine runs the
        // step before, up to two ahead (at 200×200 the kill and the launch steps are read while
        // the app is preserved; one ahead saved nothing measurable there), and taken here in
        // file order: a step that could not be read is reported only once every step before it
        // has run and been checked, as when it was read here. The first step (the app at start)
        // is read here; the thread starts as it runs, so the preservation step is read while
        // the app's tree is decoded and its UI built, not after (the engine waited ~0.15 s for
        // it at 200×200). That made the replay's peak 199 MB, until the decoded tree was let go
        // once the UI is built from it (`Timeline.run`). (g200 replay, second core free, 8 runs
        // alternated: main 1.35–1.87 s, 173.6 MB; this 1.17–1.59 s, 174.4 MB.)
        // The first marker is read here (a trace that has none fails as before) and held only by
        // the reading (a local would keep its bytes, 11 MB at 200×200, to the end).
        let reading = StepReading(reader, first: try Self.nextRecord(reader))
        var steps: ReadAhead<ReadStep>?
        let readsAhead = Self.readsAhead(keepingEvents: keepEvents)
        defer {
            // A step being read ends at once; those read ahead are dropped (nothing takes them).
            reading.stop()
            steps?.close()
        }
        /// The next step: read here until the reading thread is started, then from it.
        func nextStep() -> ReadStep? {
            guard let steps else { return reading.next() }
            return steps.next()
        }
        while let read = nextStep() {
            let failure = read.failure
            // Consumed, so the step's answers are let go below as before (no copy left in `read`).
            var step = (consume read).step
            var running = false
            var problem: TraceError?
            do throws(TraceError) {
                guard let kind = step.marker.event, Self.markers.contains(kind) else {
                    throw TraceError(
                        file: path, line: step.marker.line,
                        "event \(step.marker.seq) ('\(step.marker.name)') comes before the app is running",
                        hint: "a trace's events start with 'app-running'; was the start of the file cut?")
                }
                if steps == nil, readsAhead { steps = Self.readAhead(reading) }
                // The marker and the step's trees come before where the reading thread stopped.
                try step.decodeMarker()
                try step.decodeTrees(rereading: comparator)
                if let failure { throw failure }
                recorded += step.count
                var start = try step.load(into: standIn, rereading: comparator)
                let adopted = kind == .appRunning ? try adoptedArchive(step.kept) : nil
                let scenes =
                    kind == .appRunning && engine.isSceneBased ? try Self.sceneSetups(step.kept, application) : []
                let adoptedActivities =
                    kind == .appRunning && engine.isSceneBased ? try Self.adoptedActivities(step.kept) : []
                // The comparator takes the step's lines again, one record at a time.
                comparator.expect(step.spans)
                running = true
                let marker = step.marker
                step = Step(marker: marker, span: step.markerSpan)
                try timeline.run(kind, &start, scenes: scenes, line: marker.line)
                if let adopted { engine.adoptArchive(adopted.archive, classesInferred: adopted.classesInferred) }
                if !adoptedActivities.isEmpty { engine.adoptActivities(adoptedActivities) }
                problem = comparator.finishSegment()
                progress?(recorded)
                standIn.unload()
            } catch {
                // The lines read so far, checked in order by the comparator: the first problem in
                // the file wins, as when every line was checked on reading.
                if !running { comparator.expect(step.spans) }
                throw comparator.drain() ?? error
            }
            if let problem { throw problem }
            // The step's answers were let go: their pages go back (see `FreePages`).
            FreePages.giveBack()
        }
        guard timeline.started else {
            throw TraceError(
                file: path, line: reader.lineNumber, "the trace has a header but no events", hint: "record it again")
        }
        var divergence = comparator.divergence
        divergence?.isFidelityFinding = header.isFromApp
        if let cut = reader.cutOff, divergence?.recorded == nil {
            // A cut-off recording is not a matched one, even where every event it kept matched:
            // what it would have held after the cut was never compared.
            if divergence == nil {
                divergence = Divergence(
                    seq: recorded + 1, recorded: nil, replayed: nil, context: [], rule: nil, path: nil)
            }
            divergence?.recordingCutOff = "line \(cut.location.line ?? 0): \(cut.diagnostic.message)"
        }
        // Cut off, the outcome is the phases the recording holds whole (each ended before the
        // first event it lacks), not the ones the stand-in went on to guess.
        let outcome = reader.cutOff != nil ? outcomeAtDivergence ?? engine.outcome : engine.outcome
        return ReplayResult(
            header: header, outcome: outcome, recordedEvents: recorded,
            replayedEvents: comparator.replayedEvents,
            divergence: divergence, whatIf: whatIf, events: comparator.replayed,
            unmatchedDrops: whatIf.droppedIdentifiers.filter {
                !timeline.droppedSomewhere.contains($0) && !timeline.ambiguousDrops.contains($0)
            },
            ambiguousDrops: whatIf.droppedIdentifiers.filter { timeline.ambiguousDrops.contains($0) },
            preservedByEngine: timeline.preserved,
            activityTypeUses: standIn.activityTypeUses, idleSteps: timeline.idleSteps, cutOff: reader.cutOff)
    }

    static let markers: Set<SystemEvent> = [.appRunning, .background, .kill, .launch, .close, .disconnect]

    /// The scene sessions a scene-based trace starts with (its `scene-connected` events).
    private static func sceneSetups(_ segment: [RecordedEvent], _ application: UIApplication) throws(TraceError)
        -> [SceneSetup]
    {
        var setups: [SceneSetup] = []
        for r in segment where r.event == .sceneConnected {
            let e = try r.decoded(.hierarchy)
            guard let session = e.session else {
                throw TraceError(file: r.file, line: r.line, "a 'scene-connected' event needs its 'session'")
            }
            setups.append(
                SceneSetup(
                    session: session, configuration: e.configuration ?? "",
                    root: e.hierarchy?.instantiateViewController(classes: application.classes)))
        }
        return setups
    }

    /// Activities saved while the app was first running, before any background: UIKit's own,
    /// imported from a scene-based app's saved state. The engine adopts them.
    private static func adoptedActivities(_ segment: [RecordedEvent]) throws(TraceError) -> [(
        session: String, activity: UserActivity
    )] {
        var out: [(session: String, activity: UserActivity)] = []
        for r in segment where r.event == .activitySaved {
            let e = try r.decoded(.activity)
            if let session = e.session, let activity = e.activity { out.append((session, activity)) }
        }
        return out
    }

    /// An archive written while the app was first running, before any background: UIKit's own,
    /// imported (`import`, `record --archive`). The engine adopts it instead of preserving.
    /// The archive a trace adopted from UIKit's, and whether the recording guessed its classes
    /// (its `reason` says so; older traces checked R4 against them, and replay as they were).
    private static func adoptedArchive(_ segment: [RecordedEvent]) throws(TraceError) -> (
        archive: Archive, classesInferred: Bool
    )? {
        guard let record = segment.first(where: { $0.event == .archiveWritten }) else { return nil }
        let event = try record.decoded(.archive)
        guard let archive = event.archive else { return nil }
        return (archive, event.reason == RestorationEngine.adoptedInferredReason)
    }

    /// What the stand-in app and the timeline need decoded: a callback's answer and side
    /// effects, the coder of the calls whose writes it replays or whose question it checks,
    /// hierarchies (the launch UI, the app at start) and launch options. The rest — the coders
    /// UIKit hands to decode, the archive, the app's hierarchy at background — is only
    /// compared byte for byte. (Which hierarchies the stand-in learns views from, and when,
    /// is `StandInApp.load`'s.)
    static func payloadsToDecode(_ e: RecordedEvent) -> EventPayloads {
        if let callback = e.callback {
            switch callback {
            case .encode, .willEncodeApplication, .shouldRestore: return [.result, .effects, .coder]
            case .stateRestorationActivity, .userActivityWillSave, .updateUserActivityState, .didUpdateUserActivity:
                return [.result, .activity]
            default: return [.result, .effects]
            }
        }
        switch e.event {
        case .appRunning?, .launchUIBuilt?, .sceneConnected?: return .hierarchy
        case .launch?: return .options
        default: return []
        }
    }
}
