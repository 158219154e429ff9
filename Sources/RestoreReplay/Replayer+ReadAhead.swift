import Foundation
import RestoreEngine
import RestoreTrace

extension Replayer {
    /// A step of the timeline as the reading thread hands it over: read whole, or as far as
    /// reading it went and why it stopped.
    struct ReadStep: Sendable {
        var step: Step
        /// Why reading the step stopped: its lines from there on are not in `step`, and no
        /// step comes after it.
        var failure: TraceError?
    }

    /// Reads the timeline's steps one after another, on the reading thread (`ReadAhead`), from
    /// the first marker on: what `replay` did between running two steps, so the engine runs
    /// step N while the steps after it are read and parsed (reading was a third of a 200×200
    /// replay). Markers and trees are decoded on the engine's thread (`Step.decodeMarker`,
    /// `Step.decodeTrees`). A replay that stops early ends the step being read where it is
    /// (`stop`, asked every 1,024 records) and joins the thread.
    ///
    /// Unchecked Sendable: the engine's thread reads the first step itself, then hands the
    /// replay's reader to the reading thread once, as it starts it, and no other thread touches
    /// the reader (or `pending`) until `ReadAhead` says the thread made its last step or `close`
    /// has joined it. Nothing read is shared with the
    /// engine's thread until it is handed over whole: records, spans and answers are values or
    /// immutable (`Sendable`), and the comparator re-reads lines through a follower of its own.
    final class StepReading: @unchecked Sendable {
        private let reader: TraceReader
        /// The next step's marker, read (nil at the end of the trace, or after a failure).
        private var pending: (RecordedEvent, Comparator.Span)?
        /// Raised by `stop`, read by the reading thread while it reads a step.
        private let stopLock = NSLock()
        private var stopped = false

        init(_ reader: TraceReader, first: (RecordedEvent, Comparator.Span)?) {
            self.reader = reader
            pending = first
        }

        /// Makes the step being read end where it is, and the one after it not be read: for a
        /// replay that stops early, whose steps read ahead are dropped. Reading a step was up to
        /// ~0.3 s at 200×200 (its preservation step), which the replay's error then waited for.
        func stop() { stopLock.withLock { stopped = true } }

        /// Whether `stop` was called.
        var isStopped: Bool { stopLock.withLock { stopped } }

        /// Reads the next step; nil after the last one, after one that failed, or once stopped
        /// (the step then ends where reading stopped).
        func next() -> ReadStep? {
            guard let (marker, span) = pending.take() else { return nil }
            var step = Step(marker: marker, span: span)
            // Not a marker: the engine's thread says so (see `replay`); nothing after it is read.
            guard let kind = marker.event, Replayer.markers.contains(kind) else { return ReadStep(step: step) }
            do throws(TraceError) {
                pending = try Replayer.readStep(into: &step, reader, isStart: kind == .appRunning) { [self] in
                    isStopped
                }
                return ReadStep(step: step)
            } catch {
                return ReadStep(step: step, failure: error)
            }
        }
    }

    /// Whether steps are read on a thread of their own: not with one CPU to run on, where the
    /// two threads would only take turns, nor for a replay that keeps every replayed event: there
    /// the read-ahead raised the peak and saved no time (g200 `--drop-id`, 2 cores: 608.7 MiB
    /// without, 628.8 MiB with; 4.80 s and 4.83 s). A what-if keeps none, with a report or without
    /// (one hands its events to the report as they are made), and reads ahead (g200
    /// `--set shouldRestore=false` with its report: 4.62–4.67 s and 738 MB when both runs kept
    /// every event, 4.44–4.49 s and 518–541 MB so). Without, the same steps are read on the
    /// engine's thread, one after another; the output is the same.
    static func readsAhead(keepingEvents: Bool) -> Bool {
        !keepingEvents && ProcessInfo.processInfo.activeProcessorCount > 1
    }

    /// Handed each reading thread a replay starts, as it starts it: lets a test see that it is
    /// joined and how far ahead it may read.
    @TaskLocal static var startedReadingAhead: (@Sendable (ReadAhead<ReadStep>) -> Void)?

    /// Called each time a hierarchy event is compared with the live tree in place (see
    /// `Comparator`'s `LiveHierarchyObserver` conformance): lets a test see that it is.
    @TaskLocal static var comparedInPlace: (@Sendable () -> Void)?

    /// Starts the reading thread, as the first step runs (see `replay`).
    static func readAhead(_ reading: StepReading) -> ReadAhead<ReadStep> {
        let steps = ReadAhead(lead: 2, stackSize: readingStackSize) { reading.next() }
        startedReadingAhead?(steps)
        return steps
    }

    /// The reading thread's stack: what a process's main thread has by default on Linux
    /// (`ulimit -s` 8192), as `BackgroundWork`'s; a coder nested as deep as JSON allows is
    /// parsed on it.
    static let readingStackSize = 8 << 20
}
