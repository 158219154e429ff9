import Foundation
import RestoreEngine

/// The instrumentation: observes every call and system event the engine makes and streams it
/// into a trace, flushing at each phase boundary.
public final class TraceRecorder: LiveHierarchyObserver {
    public let writer: TraceWriter
    public private(set) var eventCount = 0
    public private(set) var writeError: TraceError?
    /// Called with the running count every `progressInterval` events (long recordings).
    public var onProgress: ((Int) -> Void)?
    public var progressInterval = 100_000
    private var lastPhase: Phase?
    private var lastLaunch = 0

    public init(writer: TraceWriter) { self.writer = writer }

    public func engine(_ engine: RestorationEngine, didEmit event: EngineEvent) {
        countEvent(event)
        writer.writeEvent(event, seq: eventCount)
        if let onProgress, eventCount % progressInterval == 0 { onProgress(eventCount) }
    }

    /// A hierarchy event is written from the live tree, node by node: a snapshot of the whole
    /// tree, built and freed after, was ~10 % of a 200×200 replay's engine thread, which takes
    /// the tree the same way (the recording's lines are the same bytes).
    public func engine(_ engine: RestorationEngine, didEmit event: EngineEvent, hierarchyOf root: UIViewController) {
        let classes = engine.application.classes
        // Written in place only as a hierarchy event is: with an archive too, as any other event.
        guard case .none = event.archive else {
            var e = event
            e.hierarchy = root.blueprint(classes: classes)
            return self.engine(engine, didEmit: e)
        }
        countEvent(event)
        writer.writeEvent(event, seq: eventCount, nodes: root.snapshotNodeCount) {
            root.visitSnapshotNodes(classes: classes, $0)
        }
        if let onProgress, eventCount % progressInterval == 0 { onProgress(eventCount) }
    }

    /// Flushes at each phase boundary and counts the event.
    private func countEvent(_ event: EngineEvent) {
        if event.phase != lastPhase || event.launch != lastLaunch {
            do { try writer.flush() } catch { writeError = writeError ?? error }
            lastPhase = event.phase
            lastLaunch = event.launch
        }
        eventCount += 1
    }

    /// Records a run into a trace at `path`: the file appears only if everything succeeded.
    /// `-` is standard output: the trace is written whole to a temporary file first (atomically, as
    /// always), then copied out, so a failed recording never sends half a trace down a pipe.
    /// - Parameter committing: asked once the run is over; false leaves no trace at all (the
    ///   caller found, in the run itself, that the recording must not stand).
    public static func record(
        header: TraceHeader, to path: String, progress: ((Int) -> Void)? = nil,
        committing: () -> Bool = { true }, run: (EngineObserver) -> Outcome
    ) throws(TraceError) -> (outcome: Outcome, events: Int) {
        guard path != "-" else {
            return try recordToStandardOutput(header: header, progress: progress, committing: committing, run: run)
        }
        let writer = try TraceWriter(path: path, header: header)
        let recorder = TraceRecorder(writer: writer)
        recorder.onProgress = progress
        let outcome = run(recorder)
        if let error = recorder.writeError {
            writer.discard()
            throw error
        }
        guard committing() else {
            writer.discard()
            return (outcome, recorder.eventCount)
        }
        try writer.commit()
        return (outcome, recorder.eventCount)
    }

    private static func recordToStandardOutput(
        header: TraceHeader, progress: ((Int) -> Void)?, committing: () -> Bool, run: (EngineObserver) -> Outcome
    ) throws(TraceError) -> (outcome: Outcome, events: Int) {
        let temporary = FileManager.default.temporaryDirectory
            .appendingPathComponent("restoretrace-stdout-\(getpid()).trace.jsonl").path
        let ticket = InterruptCleanup.writing(temporary)
        defer {
            unlink(temporary)
            InterruptCleanup.finished(ticket)
        }
        let recorded = try record(header: header, to: temporary, progress: progress, committing: committing, run: run)
        guard committing() else { return recorded }
        guard let data = FileManager.default.contents(atPath: temporary) else {
            throw TraceError(file: temporary, "the trace written for standard output is gone", cause: .environment)
        }
        try StandardOutput.write(data)
        return recorded
    }
}
