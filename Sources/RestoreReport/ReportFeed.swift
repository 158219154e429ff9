import Foundation
import RestoreEngine
import RestoreExport
import RestoreReplay
import RestoreTrace

/// A report fed one recorded event at a time, by a replay's own pass over the trace
/// (`Replayer.replay(observe:)`), so the trace is read once. Lines go to the page as they are;
/// only the few payloads the page draws from are decoded: the hierarchy at background (the
/// drawing), the archive's app-level keys, scene windows and activities. Launch hierarchies
/// are left as bytes and out of the page. The page's data is built on a second thread while
/// the replay goes on (see `ReportFeedQueue`), in the order the events came.
public final class ReportFeed {
    private let directory: String
    private let builder: Builder
    /// The events go to `builder` on a second thread, so the replay does not wait for the page.
    private let queue: ReportFeedQueue<Batch>
    /// The items not handed over yet; touched by the producer only.
    private var outgoing = Batch()

    /// What `builder` takes, in order. The cases holding a whole event are indirect: an
    /// `EngineEvent` is most of a kilobyte, and every item (mostly `line`s) would be that big.
    enum Item {
        case record(RecordedEvent)
        /// An event of a run held in memory, with its page line.
        indirect case event(EngineEvent, [UInt8])
        /// A line that goes to the page as it is, by its envelope's fields: its bytes are the
        /// batch's `lines` from where the previous `line` item's ended to `end`.
        case line(Envelope, end: Int)
        /// A recorded event whose payloads the page reads, as the replay made it (it matched
        /// the recorded lines byte for byte, so it is what decoding them gives).
        indirect case matched(EngineEvent, seq: Int)
    }

    /// What the timeline keeps of a line that goes as it is.
    struct Envelope {
        var launch: Int
        var phase: Phase
        var callback: Callback?
        var event: SystemEvent?
        var path: String?
    }

    /// Items handed to the builder together, with the bytes of their `line` items one after the
    /// other: one copy into a shared buffer per line, no array or record per line.
    struct Batch {
        var items: [Item] = []
        var lines: [UInt8] = []

        /// Full: handed over. 256 items, as the queue's own batches, or 256 KB of lines.
        var isFull: Bool { items.count >= 256 || lines.count >= 1 << 18 }
    }

    /// What the timeline says instead of a hierarchy's nodes.
    static let hierarchyNote = "hierarchy recorded (drawn above, listed under Nodes)"

    /// Starts the report in `directory`.
    /// - Throws: `RestoreFailure` when the folder cannot be written or holds other files.
    public init(directory: String) throws(RestoreFailure) {
        self.directory = directory
        let stream: ReportStream
        do { stream = try ReportStream(directory: URL(fileURLWithPath: directory)) } catch {
            throw RestoreFailure(error, writing: directory)
        }
        let builder = Builder(stream: stream, directory: directory)
        self.builder = builder
        // Batches already: handed over one at a time, at most 16 pending (4,096 items, as before).
        queue = ReportFeedQueue(limit: 16, batchSize: 1) { builder.take($0) }
    }

    /// Neither finished nor abandoned: the worker stops, and the stream removes what it wrote.
    deinit { queue.finish() }

    /// Takes the next recorded event.
    public func observe(_ record: RecordedEvent) { send(.record(record)) }

    /// Takes the next recorded event when the replay matched it byte for byte
    /// (`Replayer.replay(observeMatched:)`), without a record of it: a line that goes to the page
    /// as it is, by the replayed event's envelope and a copy of its bytes; an event whose payloads
    /// the page reads, as the replayed event (no record read again and decoded: at 200x200 the
    /// 31 MB archive and the hierarchies were read again for the page).
    /// - Parameter line: the record's first line (a format-2 record's event line).
    /// - Returns: false for an event it leaves to `observe`: the hierarchy at background, whose
    ///   text decides whether the drawing decodes it (`drawingSkipsHierarchy`).
    public func observeMatched(_ event: EngineEvent, line: UnsafeBufferPointer<UInt8>, seq: Int) -> Bool {
        guard Self.payloads(callback: event.callback, event: event.event).isEmpty else {
            if event.event == .background, event.hierarchy != nil { return false }
            send(.matched(event, seq: seq))
            return true
        }
        // Such an event with a hierarchy or an archive would be more than its first line.
        guard event.hierarchy == nil, event.archive == nil else { return false }
        outgoing.lines.append(contentsOf: line)
        let envelope = Envelope(
            launch: event.launch, phase: event.phase, callback: event.callback, event: event.event, path: event.path)
        send(.line(envelope, end: outgoing.lines.count))
        return true
    }

    /// Takes the next event of a run held in memory, with its page line. A failure to write it
    /// is thrown by `finish`.
    func add(_ event: EngineEvent, line: String) { send(.event(event, Array(line.utf8))) }

    private func send(_ item: Item) {
        outgoing.items.append(item)
        if outgoing.isFull { handOver() }
    }

    /// Hands the batch to the builder; the next one starts with room for as much.
    private func handOver() {
        var next = Batch()
        next.items.reserveCapacity(outgoing.items.count)
        next.lines.reserveCapacity(outgoing.lines.count)
        swap(&next, &outgoing)
        queue.send(next)
    }

    /// Hands over what is held and waits for the builder to take everything.
    private func finishQueue() {
        if !outgoing.items.isEmpty { handOver() }
        queue.finish()
    }

    /// Builds the page's data from the events, one at a time, on the queue's thread.
    private final class Builder: @unchecked Sendable {
        // Touched only by the queue's thread until `ReportFeedQueue.finish` returns.
        let stream: ReportStream
        let directory: String
        /// The first failure while taking events; thrown by `finish`.
        var failure: RestoreFailure?

        init(stream: ReportStream, directory: String) {
            self.stream = stream
            self.directory = directory
        }

        func take(_ batch: Batch) {
            guard failure == nil else { return }
            batch.lines.withUnsafeBufferPointer { lines in
                var start = 0
                do throws(RestoreFailure) {
                    for item in batch.items {
                        switch item {
                        case .record(let record): try take(record)
                        case .event(let event, let line): try add(event, bytes: line)
                        case .matched(let event, let seq): try take(event, seq: seq)
                        case .line(let e, let end):
                            do throws(ExportError) {
                                try stream.add(
                                    launch: e.launch, phase: e.phase, callback: e.callback, event: e.event,
                                    path: e.path, line: UnsafeBufferPointer(rebasing: lines[start..<end]))
                            } catch { throw RestoreFailure(error, writing: directory) }
                            start = end
                        }
                    }
                } catch {
                    failure = error
                }
            }
        }

        private func take(_ record: RecordedEvent) throws(RestoreFailure) {
            let skipsHierarchy = ReportFeed.drawingSkipsHierarchy(record)
            let wanted = skipsHierarchy ? EventPayloads.all.subtracting(.hierarchy) : ReportFeed.payloads(record)
            if record.event == .archiveWritten, let line = ReportArchiveLine(record.bytes) {
                var page = line.event
                page.reason = Report.archiveNote(objects: line.objects)
                let bytes = Array(EventCodec.line(page, seq: record.seq).utf8)
                do { try stream.add(line.event, line: bytes, archivedObjects: line.objects) } catch {
                    throw RestoreFailure(error, writing: directory)
                }
                return
            }
            // A format-2 event with node or entry lines never goes to the page as its lines.
            if wanted.isEmpty, !(record.hasAny(of: [.hierarchy, .archive]) && record.bytes.contains(0x0A)) {
                do {
                    try stream.add(
                        launch: record.launch, phase: record.phase, callback: record.callback, event: record.event,
                        path: record.path, line: record.bytes)
                } catch { throw RestoreFailure(error, writing: directory) }
                return
            }
            var event: EngineEvent
            do { event = try record.decoded(wanted.isEmpty ? .all : wanted) } catch {
                // Not expected: the replay hands over proved events only. Should one fail, it
                // fails with the located error every reader gives for the line.
                do { try record.check() } catch let located { throw RestoreFailure(located) }
                throw RestoreFailure(error)
            }
            if event.hierarchy == nil, skipsHierarchy || ReportFeed.hasHierarchy(record) {
                event.reason = ReportFeed.hierarchyNote
            }
            try add(event, bytes: Array(EventCodec.line(Report.pageEvent(event), seq: record.seq).utf8))
        }

        /// `take(_: RecordedEvent)` for an event the replay made: the same page line and the
        /// same event kept, from the event rather than from its recorded lines.
        private func take(_ event: EngineEvent, seq: Int) throws(RestoreFailure) {
            if event.event == .archiveWritten, let archive = event.archive {
                var slim = event
                slim.archive = Archive(appLevel: archive.appLevel)
                var page = slim
                page.reason = Report.archiveNote(objects: archive.entries.count)
                let bytes = Array(EventCodec.line(page, seq: seq).utf8)
                do { try stream.add(slim, line: bytes, archivedObjects: archive.entries.count) } catch {
                    throw RestoreFailure(error, writing: directory)
                }
                return
            }
            var kept = event
            // Launch hierarchies are not drawn; the timeline says where they went.
            if ReportFeed.hasHierarchy(event) {
                kept.hierarchy = nil
                kept.reason = ReportFeed.hierarchyNote
            }
            try add(kept, bytes: Array(EventCodec.line(Report.pageEvent(kept), seq: seq).utf8))
        }

        private func add(_ event: EngineEvent, bytes: [UInt8]) throws(RestoreFailure) {
            do { try stream.add(event, line: bytes) } catch { throw RestoreFailure(error, writing: directory) }
        }
    }

    /// Payloads to decode for the page; empty means the line goes as it is.
    static func payloads(_ r: RecordedEvent) -> EventPayloads { payloads(callback: r.callback, event: r.event) }

    static func payloads(callback: Callback?, event: SystemEvent?) -> EventPayloads {
        if callback == .didUpdateUserActivity { return .all }
        switch event {
        // The drawing reads the last hierarchy at background; scene cards their windows.
        case .background?, .sceneConnected?: return .all
        case .archiveWritten?: return .all
        // Launch hierarchies are not drawn: decode the rest, leave the hierarchy out of the page.
        case .appRunning?, .launchUIBuilt?: return EventPayloads.all.subtracting(.hierarchy)
        default: return []
        }
    }

    /// Whether the hierarchy at background can go undecoded. The page reads it for two things
    /// only: presented controllers (the drawing's dashed edges) and storyboard origins (the
    /// rows' scenes). Neither can be in a hierarchy whose text holds no `presented`, no `origin`
    /// and no `\u` escape (the one way JSON spells those words otherwise); without them the
    /// decoded tree gives the page nothing. At 200x200 decoding its 80,201 nodes took 0.23 s
    /// and held ~40 MB. Only for a line read on the fast path, whose payloads are known
    /// exactly: one decoded whole says it may have any (`hasAny(of: [])` is true).
    static func drawingSkipsHierarchy(_ r: RecordedEvent) -> Bool {
        guard r.event == .background, r.hasAny(of: .hierarchy), !r.hasAny(of: []) else { return false }
        return !r.bytes.withUnsafeBytes { text in
            ["presented", "origin", "\\u"].contains { contains(text, Array($0.utf8)) }
        }
    }

    /// Whether `word` occurs in `text`: candidates found with memchr, checked with memcmp.
    private static func contains(_ text: UnsafeRawBufferPointer, _ word: [UInt8]) -> Bool {
        guard let base = text.baseAddress, !word.isEmpty, word.count <= text.count else { return false }
        let last = text.count - word.count
        var at = 0
        while at <= last {
            guard let hit = memchr(base + at, Int32(word[0]), last - at + 1) else { return false }
            let i = base.distance(to: UnsafeRawPointer(hit))
            if memcmp(base + i, word, word.count) == 0 { return true }
            at = i + 1
        }
        return false
    }

    static func hasHierarchy(_ r: RecordedEvent) -> Bool { isLaunchHierarchy(r.event) }

    static func hasHierarchy(_ e: EngineEvent) -> Bool { isLaunchHierarchy(e.event) }

    private static func isLaunchHierarchy(_ event: SystemEvent?) -> Bool {
        event == .appRunning || event == .launchUIBuilt
    }

    /// Removes what was written; an earlier report stays.
    public func abandon() {
        finishQueue()
        builder.stream.abandon()
    }

    /// Writes the page and puts the folder in place.
    /// - Returns: the path of `index.html`.
    public func finish(trace: String, replay: ReplayResult, baseline: ReplayResult? = nil) throws(RestoreFailure)
        -> String
    {
        finishQueue()
        if let failure = builder.failure {
            builder.stream.abandon()
            throw failure
        }
        do { try builder.stream.finish(Report.makeInput(trace: trace, replay: replay, baseline: baseline)) } catch {
            throw RestoreFailure(error, writing: directory)
        }
        return (directory as NSString).appendingPathComponent("index.html")
    }
}
