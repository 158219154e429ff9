import Foundation
import RestoreEngine
import RestoreExport
import RestoreReplay
import RestoreTrace

/// A report fed one recorded event at a time, by a replay's own pass over the trace
/// (`Replayer.replay(observe:)`), so the trace is read once. Lines go to the page as they are;
/// only the few payloads the page draws from are decoded: the hierarchy at background (the
/// drawing), the archive's app-level keys, scene windows and activities. Launch hierarchies
/// are left as bytes and out of the page.
public final class ReportFeed {
    private let stream: ReportStream
    private let directory: String
    /// The first failure while taking events; thrown by `finish`.
    private var failure: RestoreFailure?

    /// What the timeline says instead of a hierarchy's nodes.
    static let hierarchyNote = "hierarchy recorded (drawn above, listed under Nodes)"

    /// Starts the report in `directory`.
    /// - Throws: `RestoreFailure` when the folder cannot be written or holds other files.
    public init(directory: String) throws(RestoreFailure) {
        self.directory = directory
        do { stream = try ReportStream(directory: URL(fileURLWithPath: directory)) } catch {
            throw RestoreFailure(error, writing: directory)
        }
    }

    /// Takes the next recorded event.
    public func observe(_ record: RecordedEvent) {
        guard failure == nil else { return }
        do throws(RestoreFailure) {
            let wanted = Self.payloads(record)
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
            if event.hierarchy == nil, Self.hasHierarchy(record) { event.reason = Self.hierarchyNote }
            try add(event, bytes: Array(EventCodec.line(Report.pageEvent(event), seq: record.seq).utf8))
        } catch {
            failure = error
        }
    }

    /// Takes the next event of a run held in memory, with its page line.
    func add(_ event: EngineEvent, line: String) throws(RestoreFailure) {
        try add(event, bytes: Array(line.utf8))
    }

    private func add(_ event: EngineEvent, bytes: [UInt8]) throws(RestoreFailure) {
        do { try stream.add(event, line: bytes) } catch { throw RestoreFailure(error, writing: directory) }
    }

    /// Payloads to decode for the page; empty means the line goes as it is.
    static func payloads(_ r: RecordedEvent) -> EventPayloads {
        if r.callback == .didUpdateUserActivity { return .all }
        switch r.event {
        // The drawing reads the last hierarchy at background; scene cards their windows.
        case .background?, .sceneConnected?: return .all
        case .archiveWritten?: return .all
        // Launch hierarchies are not drawn: decode the rest, leave the hierarchy out of the page.
        case .appRunning?, .launchUIBuilt?: return EventPayloads.all.subtracting(.hierarchy)
        default: return []
        }
    }

    private static func hasHierarchy(_ r: RecordedEvent) -> Bool {
        r.event == .appRunning || r.event == .launchUIBuilt
    }

    /// Removes what was written; an earlier report stays.
    public func abandon() { stream.abandon() }

    /// Writes the page and puts the folder in place.
    /// - Returns: the path of `index.html`.
    public func finish(trace: String, replay: ReplayResult, baseline: ReplayResult? = nil) throws(RestoreFailure)
        -> String
    {
        if let failure {
            stream.abandon()
            throw failure
        }
        do { try stream.finish(Report.makeInput(trace: trace, replay: replay, baseline: baseline)) } catch {
            throw RestoreFailure(error, writing: directory)
        }
        return (directory as NSString).appendingPathComponent("index.html")
    }
}
