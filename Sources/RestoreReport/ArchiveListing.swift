import RestoreEngine
import RestoreExport
import RestoreTrace

/// The last archive a trace wrote: what `archive` prints, as a library call.
public struct ArchiveListing: Sendable {
    /// The trace it came from.
    public var trace: String
    /// The last archive written, or nil when preservation never ran or was declined.
    public var archive: Archive?

    /// Reads the trace and keeps its last archive.
    public init(trace: String) throws(RestoreFailure) {
        self.trace = trace
        let events: [TraceEvent]
        do { events = try TraceReader(path: trace).readAll() } catch { throw RestoreFailure(error) }
        archive = events.last(where: { $0.event.archive != nil })?.event.archive
    }

    /// The archive the way Apple's `restorationArchiveTool` prints it, or why there is none.
    public var text: String {
        guard let archive else { return noArchive + "\n" }
        return ArchiveDump.text(archive)
    }

    /// The archive as JSON (the trace's own encoding), or why there is none.
    public var json: String {
        guard let archive else { return noArchive + "\n" }
        return TraceJSON.archive(archive) + "\n"
    }

    // Not an error: the trace is fine, it just has no archive (that is a finding in itself).
    private var noArchive: String {
        "No archive was written in \(trace): preservation never ran or was declined (see `restoretrace replay`)."
    }
}
