import Foundation
import RestoreEngine

/// Reads a trace line by line without loading it whole: the header first, then one event per
/// `next()`. Strict: every problem is a `TraceError` naming the file and line.
public final class TraceReader {
    // Stored properties are `@exclusivity(unchecked)`: dynamic exclusivity checks (a runtime call
    // and a thread-local access set per access) on the reader, follower, comparator and
    // stand-in were ~3 % of a replay's instructions (grid 80, callgrind). One thread at a time
    // uses a reader (a replay's reading thread has it alone until it is joined), and no access
    // to one of these properties overlaps another.
    public let file: String
    @exclusivity(unchecked) public private(set) var header: TraceHeader
    /// The trace format's version from the header: 1 (one line per event) or 2 (bounded lines,
    /// see `TraceLines`). Both read into the same events.
    @exclusivity(unchecked) public private(set) var formatVersion = TraceHeader.version
    /// The line number of the last event line returned.
    @exclusivity(unchecked) public private(set) var lineNumber = 1
    /// The physical lines the header takes (more than 1 only when it is split into part lines).
    @exclusivity(unchecked) public private(set) var headerLines = 1
    /// The physical lines the last record read by `nextRecord` spans: its event line, its node
    /// and entry lines and any part lines.
    @exclusivity(unchecked) public private(set) var lastRecordLines = 0
    /// The last record read by `nextRecord` is those lines as they are in the file (none split
    /// into parts) and in the writer's shape, so a `TraceFollower` can take it again as bytes.
    @exclusivity(unchecked) public private(set) var lastRecordIsVerbatim = false
    /// Where the lines of the last record read by `nextRecord` are in the file (byte offsets,
    /// its last newline included), for reading it again (`TraceFollower.record(at:line:)`).
    @exclusivity(unchecked) public private(set) var lastRecordOffsets = 0..<0
    @exclusivity(unchecked) var source: TraceLineSource
    /// The seq the next event must have.
    @exclusivity(unchecked) private(set) var expectedSeq = 1
    @exclusivity(unchecked) private var lastLaunch = 1
    /// Where the file ends inside an event (a recording cut off by a crash, SPEC §4): the
    /// events before it were read, and the trace ends there. Nil for a whole trace.
    @exclusivity(unchecked) public internal(set) var cutOff: TraceError?
    /// Told of every trace read that was cut off, once per reader (the command line warns).
    nonisolated(unsafe) public static var onCutOff: ((TraceError) -> Void)?
    /// The keys of the archive last written (nil before one, or after it was deleted).
    @exclusivity(unchecked) private var knownKeys: ArchiveKeySet?

    /// Opens a trace; `-` reads standard input (held in memory, so several readers can share it).
    public init(path: String) throws(TraceError) {
        file = path == "-" ? "<stdin>" : path
        if path == "-" {
            source = try TraceLineSource.standardInput(file: file)
        } else {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
                throw TraceError(
                    file: path, "no such file", hint: "record one first: restoretrace record SCENARIO -o \(path)")
            }
            guard !isDir.boolValue else { throw TraceError(file: path, "is a folder, not a trace file") }
            guard let h = FileHandle(forReadingAtPath: path) else {
                throw TraceError(file: path, "cannot be read: \(String(cString: strerror(errno)))")
            }
            source = TraceLineSource(file: file, handle: h, bytes: [])
        }
        header = TraceHeader(scenario: "", app: .init())
        guard let first = try source.next() else {
            throw TraceError(
                file: file, line: 1, "the trace is empty",
                hint: "a trace starts with a header line; was the recording interrupted before it began?")
        }
        let value: JSONValue
        do { value = try JSONParser.parse(first.bytes) } catch {
            if first.unterminated, error.atEnd, first.bytes.starts(with: Array(#"{"format":"restoretrace-trace/"#.utf8))
            {
                throw TraceError(
                    file: file, line: 1, column: error.column,
                    "the trace is cut off inside its header (\(error.message)): the recording stopped before its first event",
                    hint: "record it again")
            }
            if let hint = scenarioHint(path, first.bytes) {
                throw TraceError(file: file, line: 1, column: 1, "this is a scenario, not a trace", hint: hint)
            }
            // An editor's byte order mark: named, where it read as "unexpected character '�'".
            // Not skipped: every reader of the trace, ours and others, finds lines by offset.
            if first.bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
                throw TraceError(
                    file: file, line: 1, column: 1,
                    "the trace starts with a UTF-8 byte order mark (EF BB BF), which restoretrace never writes: an editor added it",
                    hint: path == "-"
                        ? "save it as UTF-8 without a BOM, or drop its first 3 bytes (tail -c +4 FILE) before it is piped"
                        : "save it as UTF-8 without a BOM, or drop the first 3 bytes: tail -c +4 \(ShellWord.quoted(file)) > fixed.trace.jsonl"
                )
            }
            throw TraceError(
                file: file, line: 1, column: error.column, "this is not a restoretrace trace: \(error.message)",
                hint: "line 1 must be {\"format\":\"\(TraceHeader.format)\",…}")
        }
        do { header = try TraceHeader.decode(value) } catch {
            if let hint = scenarioHint(path, first.bytes) {
                throw TraceError(file: file, line: 1, column: 1, "this is a scenario, not a trace", hint: hint)
            }
            throw TraceError(file: file, line: 1, "header field '\(error.field)' \(error.message)")
        }
        formatVersion = TraceHeader.version(of: value) ?? TraceHeader.version
        source.joinsParts = formatVersion >= 2
        lineNumber = first.lastNumber
        headerLines = first.lastNumber
    }

    /// What to say when a scenario is given where a trace belongs.
    private func scenarioHint(_ path: String, _ firstLine: [UInt8]) -> String? {
        let text = String(decoding: firstLine.prefix(4096), as: UTF8.self)
        let yamlNames = [".yaml", ".yml"].contains { path.lowercased().hasSuffix($0) }
        let looksLikeScenario =
            yamlNames || text.contains("restoretrace-scenario/") || text.hasPrefix("#")
            || ["name:", "format:", "ui:", "app:", "description:"].contains { text.hasPrefix($0) }
            || (text.contains("\"ui\"") && !text.contains("restoretrace-trace/"))
        guard looksLikeScenario else { return nil }
        return "it looks like a scenario: record it first (restoretrace record \(path) -o TRACE), then use the trace"
    }

    deinit { source.close() }

    /// The next event, decoded and checked whole, or nil at the end of the trace.
    public func next() throws(TraceError) -> TraceEvent? {
        guard let read = try readEvent() else {
            try checkHasEvents()
            return nil
        }
        let event = try decodeWhole(read)
        try checkOrder(seq: event.seq, launch: event.event.launch)
        try checkStructure(
            event: event.event.event, phase: event.event.phase, key: event.event.key,
            keyIsIn: { keys in event.event.key.map(keys.contains) ?? false }, line: read.line,
            archiveKeys: event.event.archive.map { ArchiveKeySet($0.entries.map(\.key)) })
        return event
    }

    /// The next event with only its envelope kept decoded (see `RecordedEvent`), or nil at the end.
    /// Every line is checked as `next()` checks it — payloads included — so every command that
    /// reads a trace gives the same verdict on it; lines in the writer's shape keep their
    /// payloads as bytes afterwards, so a replay's memory stays small.
    public func nextRecord() throws(TraceError) -> RecordedEvent? { try nextRecord(checkingPayloads: true) }

    /// `nextRecord()`, optionally leaving the payloads of lines in the writer's shape unchecked:
    /// for a caller (the replay) that proves most lines by matching them byte for byte against the
    /// writer's own output — which always decodes — and calls `RecordedEvent.check()`, in file
    /// order, on every line it did not prove, so its verdict is the same as `nextRecord()`'s.
    public func nextRecord(checkingPayloads: Bool) throws(TraceError) -> RecordedEvent? {
        let linesBefore = source.linesRead
        let offsetBefore = source.offset
        guard let read = try readEvent() else {
            try checkHasEvents()
            return nil
        }
        let record: RecordedEvent
        if let scanned = read.scanned {
            if checkingPayloads { try scanned.check() }
            record = scanned
        } else {
            record = RecordedEvent(whole: try decodeWhole(read), bytes: read.bytes, file: file, line: lineNumber)
        }
        lastRecordLines = source.linesRead - linesBefore
        lastRecordOffsets = offsetBefore..<source.offset
        let logicalLines = 1 + (read.group.map { $0.nodes.count + $0.entries.count } ?? 0)
        lastRecordIsVerbatim = read.scanned != nil && lastRecordLines == logicalLines
        do {
            try checkOrder(seq: record.seq, launch: record.launch)
            try checkStructure(
                event: record.event, phase: record.phase, key: record.key, keyIsIn: record.keyIsIn, line: read.line,
                archiveKeys: try record.archiveKeySet())
        } catch {
            // A line's own payloads are checked before how it fits with the lines around it.
            if !checkingPayloads { try record.check() }
            throw error
        }
        return record
    }

    func setLineNumber(_ n: Int) { lineNumber = n }

    /// The end of the file: a trace with a header and no events was cut off before it began.
    private func checkHasEvents() throws(TraceError) {
        guard expectedSeq == 1 else { return }
        if let cutOff {
            throw TraceError(
                file: file, line: cutOff.location.line, column: 1,
                "the trace has no whole event: \(cutOff.diagnostic.message)",
                hint: "the recording stopped inside its first event: record it again")
        }
        throw TraceError(
            file: file, line: 1, column: 1, "the trace has a header but no events",
            hint: "the recording stopped before its first event: record it again")
    }

    /// What every reader of a trace relies on, across lines: the app starts once, first; a
    /// restoration names only keys the archive written before it holds.
    /// `key` is made only for an event of the restoration phase; `keyIsIn` says whether it is
    /// in a key set without making it when it can.
    private func checkStructure(
        event: SystemEvent?, phase: Phase, key: @autoclosure () -> String?, keyIsIn: (ArchiveKeySet) -> Bool,
        line: TraceLine, archiveKeys: ArchiveKeySet?
    ) throws(TraceError) {
        if expectedSeq == 2, event != .appRunning {
            throw TraceError(
                file: file, line: lineNumber, column: 1, "the first event must be 'app-running'",
                hint: "a trace's events start with 'app-running'; was the start of the file cut?")
        }
        if expectedSeq > 2, event == .appRunning {
            throw TraceError(
                file: file, line: lineNumber, column: 1, "a second 'app-running' event: a trace has one first launch")
        }
        if let archiveKeys { knownKeys = archiveKeys }
        if event == .archiveDeleted { knownKeys = nil }
        guard phase == .restoration, let knownKeys, keyIsIn(knownKeys) else {
            guard phase == .restoration, let key = key() else { return }
            throw TraceError(
                file: file, line: lineNumber, column: column(ofMember: "key", in: line),
                knownKeys == nil
                    ? "event \(expectedSeq - 1) restores '\(key)', but no archive was written before it"
                    : "event \(expectedSeq - 1) names '\(key)', which the archive does not contain",
                hint: "the trace is incomplete or edited: every restored key must be in the archive written before it")
        }
    }

    /// The column (in characters, as JSON errors count) where `"name":` first appears in the line, or 1.
    private func column(ofMember name: String, in line: TraceLine) -> Int {
        line.isJoined ? 1 : LineGroup.column(ofMember: name, in: line.bytes)
    }

    private func decodeWhole(_ read: EventLines) throws(TraceError) -> TraceEvent {
        let line = read.line
        var value: JSONValue
        if let parsed = read.value { value = parsed } else { value = try parse(line) }
        var links: LineGroup.Links?
        if let group = read.group, case .object(var pairs) = value {
            for (i, (name, member)) in pairs.enumerated() where !member.isNull {
                if name == EventField.hierarchy.name { (pairs[i].1, links) = try group.hierarchy(in: read.bytes) }
                if name == EventField.archive.name { pairs[i].1 = try group.archive(head: member, in: read.bytes) }
            }
            value = .object(pairs)
        }
        do { return try EventCodec.decode(value) } catch {
            let message = "field '\(error.field)' \(error.message)"
            if let (l, column) = read.group?.locate(error.field, links: links, in: read.bytes) {
                throw TraceError(file: file, line: l, column: column, message)
            }
            let top = error.field.split(whereSeparator: { $0 == "." || $0 == "[" }).first.map(String.init) ?? ""
            throw TraceError(file: file, line: line.number, column: column(ofMember: top, in: line), message)
        }
    }

    /// A line as JSON, or its located problem.
    private func parse(_ line: TraceLine) throws(TraceError) -> JSONValue {
        do { return try JSONParser.parse(line.bytes) } catch {
            if line.isJoined, !line.unterminated {
                throw TraceError(
                    file: file, line: line.number, column: 1,
                    "malformed JSON in the line split over lines \(line.number)–\(line.lastNumber): \(error.message) (character \(error.column) of the joined text)"
                )
            }
            throw TraceError.malformedJSON(error, file: file, line: line.number, unterminated: line.unterminated)
        }
    }

    /// Far past any timeline (a launch per step); what a number may be before arithmetic on it
    /// (a timeline track of the Chrome trace is launch × 10) could overflow.
    public static let maximumLaunch = 1_000_000

    private func checkOrder(seq: Int, launch: Int) throws(TraceError) {
        guard seq == expectedSeq else {
            throw TraceError(
                file: file, line: lineNumber, "events out of order: expected seq \(expectedSeq), found \(seq)",
                hint: "events must be numbered 1, 2, 3… in file order; was the file edited or concatenated?")
        }
        guard launch <= Self.maximumLaunch else {
            throw TraceError(
                file: file, line: lineNumber,
                "launch \(launch) is past the \(Self.maximumLaunch) launches a trace may have: the file was edited or damaged",
                hint: "launches are numbered 1, 2, 3… as the app is relaunched; record the scenario again")
        }
        guard launch >= lastLaunch else {
            throw TraceError(
                file: file, line: lineNumber,
                "launch \(launch) comes after launch \(lastLaunch): launches must not go back")
        }
        expectedSeq += 1
        lastLaunch = launch
    }

    /// Reads every remaining event.
    public func readAll() throws(TraceError) -> [TraceEvent] {
        var out: [TraceEvent] = []
        while let e = try next() { out.append(e) }
        return out
    }
}
