import Foundation
import RestoreEngine
import RestoreReplay

/// Writes a report while its events arrive, one at a time: each event's line goes to the
/// page's data (inline, or in `data/events-NNNN.js` once the report is big) and only a digest of
/// it stays in memory, so a replay can feed the report as it reads the trace, which is then read
/// once. `finish` writes the page, the drawing and the node rows and puts the folder in place
/// all at once; `abandon` (or a failure) leaves any earlier report as it was.
public final class ReportStream {
    let writer: ReportWriter
    let folder: AtomicFolderWrite.Transaction?
    let timeline: TimelineData
    /// The decoded events the page draws from: the last hierarchy at background, the scenes'
    /// windows and activities, the last archive's app-level keys.
    private(set) var kept: [EngineEvent] = []
    /// How many objects the last archive written holds (its entries are not kept).
    private(set) var archivedObjects: Int?
    private var finished = false

    /// Starts a report in `directory`; nil renders in memory only (everything inline).
    /// - Throws: `ExportError` when the folder cannot be written or holds someone else's files.
    public init(writer: ReportWriter = ReportWriter(), directory: URL?) throws(ExportError) {
        self.writer = writer
        folder = try directory.map { dir throws(ExportError) in try AtomicFolderWrite(directory: dir).begin() }
        timeline = TimelineData(folder: folder, inlineBudget: writer.inlineBudget)
    }

    deinit { if !finished { folder?.abandon() } }

    /// Takes the next event and its line as the timeline shows it.
    ///
    /// Pass the event decoded where the page needs its payload (a hierarchy at background, an
    /// archive, a scene's window or activity); an envelope is enough for every other event.
    /// - Throws: `ExportError.invalidEventLine` for a line that is not a JSON object, or a write failure.
    /// - Parameter archivedObjects: for an `archive-written` event whose archive holds its
    ///   app-level keys only, how many objects the archive holds.
    public func add(_ event: EngineEvent, line: [UInt8], archivedObjects: Int? = nil)
        throws(ExportError)
    {
        try timeline.add(EventDigest(event), line: line)
        keep(event)
        if let archivedObjects, event.event == .archiveWritten { self.archivedObjects = archivedObjects }
    }

    /// The events the page's sections read, at most one of each kind that only counts last.
    private func keep(_ e: EngineEvent) {
        if e.event == .background, e.hierarchy != nil {
            kept.removeAll { $0.event == .background }
            kept.append(e)
        } else if e.event == .archiveWritten, let archive = e.archive {
            kept.removeAll { $0.event == .archiveWritten }
            var slim = e
            slim.archive = Archive(appLevel: archive.appLevel)
            archivedObjects = archive.entries.count
            kept.append(slim)
        } else if e.session != nil, e.event == .sceneConnected || e.callback == .didUpdateUserActivity {
            kept.append(e)
        }
    }

    /// Takes the next event given by its envelope's fields alone, for an event whose payloads
    /// the page does not read: no `EngineEvent` is built for it.
    public func add(
        launch: Int, phase: Phase, callback: Callback?, event: SystemEvent?, path: String?, line: [UInt8]
    ) throws(ExportError) {
        try line.withUnsafeBufferPointer { bytes throws(ExportError) in
            try add(launch: launch, phase: phase, callback: callback, event: event, path: path, line: bytes)
        }
    }

    /// The same, its line given as bytes read in place (a slice of a batch of lines).
    public func add(
        launch: Int, phase: Phase, callback: Callback?, event: SystemEvent?, path: String?,
        line: UnsafeBufferPointer<UInt8>
    ) throws(ExportError) {
        try timeline.add(
            EventDigest(launch: launch, phase: phase, callback: callback, event: event, path: path), line: line)
    }

    /// Removes what was written so far; an earlier report stays as it was.
    public func abandon() {
        finished = true
        folder?.abandon()
    }

    /// Writes the page and the drawing and puts the folder in place.
    /// - Parameter input: the run to show; its `events` and `eventLines` are ignored (the
    ///   stream has them).
    /// - Returns: the page, the drawing and its DOT text when rendering in memory (no folder).
    @discardableResult
    public func finish(_ input: ReportInput) throws(ExportError) -> ReportWriter.Rendered? {
        finished = true
        do throws(ExportError) {
            try timeline.finish()
            var page = input
            page.events = kept
            page.eventLines = []
            let rendered = try writer.renderPage(page, stream: self)
            if let folder {
                try folder.write("index.html", Data(rendered.html.utf8))
                try folder.write("hierarchy.svg", Data(rendered.svg.utf8))
                try folder.commit()
                return nil
            }
            return rendered
        } catch {
            folder?.abandon()
            throw error
        }
    }
}
