import Foundation

/// A trace's lines taken a second time, as the bytes they are in the file, behind a
/// `TraceReader` that has read and checked them: how a replay compares the engine's events with
/// the recording without parsing the trace twice. The follower is told how many physical lines
/// each record spans (`TraceReader.lastRecordLines`) and checks nothing; a record is rebuilt
/// from its bytes (`record(_:line:unterminated:)`) only where one is needed — a difference, a
/// report's observer, a line to check.
public final class TraceFollower {
    // Stored properties are `@exclusivity(unchecked)`: dynamic exclusivity checks (a runtime call
    // and a thread-local access set per access) on the reader, follower, comparator and
    // stand-in were ~3 % of a replay's instructions (grid 80, callgrind). One thread (the
    // replay's engine thread) uses a follower, and no access to one of these properties
    // overlaps another.
    public let file: String
    @exclusivity(unchecked) private var source: TraceLineSource
    /// Trace format 2: a record with a hierarchy or an archive is followed by its node and entry lines.
    private let grouped: Bool
    /// Physical lines taken so far, the header's included.
    public var linesRead: Int { source.linesRead }
    /// Where the next line starts in the file.
    public var offset: Int { source.offset }

    /// Follows the trace at `path` (`-`: standard input, as `TraceReader` reads it) that `reader`
    /// reads, from its first event.
    public init(path: String, following reader: TraceReader) throws(TraceError) {
        file = reader.file
        grouped = reader.formatVersion >= 2
        if path == "-" {
            source = try TraceLineSource.standardInput(file: file)
        } else {
            guard let h = FileHandle(forReadingAtPath: path) else {
                throw TraceError(file: path, "cannot be read: \(String(cString: strerror(errno)))")
            }
            source = TraceLineSource(file: file, handle: h, bytes: [])
        }
        var header: [UInt8] = []
        guard try source.appendRaw(lines: reader.headerLines, to: &header) != nil else { throw changed(line: 1) }
    }

    deinit { source.close() }

    /// Appends the next `lines` physical lines to `out`, joined by newlines (none after the last).
    /// - Returns: whether the file ended without a newline after them.
    /// - Throws: when the file ends before them: it changed since the reader read it.
    public func take(lines: Int, into out: inout [UInt8]) throws(TraceError) -> Bool {
        let first = source.linesRead + 1
        guard let unterminated = try source.appendRaw(lines: lines, to: &out) else { throw changed(line: first) }
        return unterminated
    }

    /// The file's bytes in `range` (offsets, as `offset` gives them), read again: the lines of
    /// a record taken one at a time and not kept.
    /// - Throws: when the file no longer has them: it changed since the reader read it.
    public func bytes(in range: Range<Int>, line: Int) throws(TraceError) -> [UInt8] {
        let bytes = try source.bytes(in: range)
        guard bytes.count == range.count else { throw changed(line: line) }
        return bytes
    }

    /// The record a reader made of the lines at `offsets` (`TraceReader.lastRecordOffsets` of a
    /// verbatim record) starting at physical line `line`, read again; nil when they are not (any
    /// longer) a record in the writer's shape.
    public func record(at offsets: Range<Int>, line: Int) -> RecordedEvent? {
        guard var raw = try? source.bytes(in: offsets), raw.count == offsets.count, !raw.isEmpty else { return nil }
        let unterminated = raw.last != 0x0A
        if !unterminated { raw.removeLast() }
        return record(raw, line: line, unterminated: unterminated)
    }

    /// The record the reader made of these bytes (a record's lines as `take` gives them, starting
    /// at physical line `line`), or nil when they are not a record in the writer's shape.
    public func record(_ raw: [UInt8], line: Int, unterminated: Bool) -> RecordedEvent? {
        RecordedEvent.verbatim(raw, file: file, line: line, grouped: grouped, unterminated: unterminated)
    }

    /// What to say when the lines are not what the reader read.
    public func changed(line: Int) -> TraceError {
        TraceError(
            file: file, line: line, "the trace changed while it was replayed",
            hint: "replay a copy of a trace that is still being written to")
    }
}
