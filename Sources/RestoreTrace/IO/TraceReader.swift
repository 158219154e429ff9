import Foundation
import RestoreEngine

/// Reads a trace line by line without loading it whole: the header first, then one event per
/// `next()`. Strict: every problem is a `TraceError` naming the file and line.
public final class TraceReader {
    public let file: String
    public private(set) var header: TraceHeader
    /// The line number of the last line returned.
    public private(set) var lineNumber = 1
    private let handle: FileHandle?
    private var chunk: [UInt8] = []
    private var position = 0
    private var atEnd = false
    private var expectedSeq = 1
    private var linesRead = 0
    private var lastLaunch = 1
    /// The keys of the archive last written (nil before one, or after it was deleted).
    private var knownKeys: Set<String>?

    /// Opens a trace; `-` reads standard input (held in memory, so several readers can share it).
    public init(path: String) throws(TraceError) {
        file = path == "-" ? "<stdin>" : path
        if path == "-" {
            handle = nil
            chunk = StandardInput.bytes
            atEnd = true
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
            handle = h
        }
        header = TraceHeader(scenario: "", app: .init())
        guard let first = try readLine() else {
            throw TraceError(
                file: file, line: 1, "the trace is empty",
                hint: "a trace starts with a header line; was the recording interrupted before it began?")
        }
        let value: JSONValue
        do { value = try JSONParser.parse(first.bytes) } catch {
            if let hint = scenarioHint(path, first.bytes) {
                throw TraceError(file: file, line: 1, column: 1, "this is a scenario, not a trace", hint: hint)
            }
            throw TraceError(
                file: file, line: 1, column: error.column, "this is not a restoretrace trace: \(error.message)",
                hint: "line 1 must be {\"format\":\"restoretrace-trace/1\",…}")
        }
        do { header = try TraceHeader.decode(value) } catch {
            if let hint = scenarioHint(path, first.bytes) {
                throw TraceError(file: file, line: 1, column: 1, "this is a scenario, not a trace", hint: hint)
            }
            throw TraceError(file: file, line: 1, "header field '\(error.field)' \(error.message)")
        }
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

    deinit { try? handle?.close() }

    /// The next event, decoded and checked whole, or nil at the end of the trace.
    public func next() throws(TraceError) -> TraceEvent? {
        guard let line = try readLine() else {
            try checkHasEvents()
            return nil
        }
        let event = try decodeWhole(line)
        try checkOrder(seq: event.seq, launch: event.event.launch)
        try checkStructure(
            event: event.event.event, phase: event.event.phase, key: event.event.key, line: line,
            archiveKeys: event.event.archive.map { Set($0.entries.map(\.key)) })
        return event
    }

    /// The next event with only its envelope kept decoded (see `RecordedEvent`), or nil at the end.
    /// Every line is checked as `next()` checks it — payloads included — so every command that
    /// reads a trace gives the same verdict on it; lines in the writer's shape keep their
    /// payloads as bytes afterwards, so a replay's memory stays small.
    public func nextRecord() throws(TraceError) -> RecordedEvent? {
        guard let line = try readLine() else {
            try checkHasEvents()
            return nil
        }
        let record: RecordedEvent
        if let scanned = RecordedEvent.scan(line.bytes, file: file, line: lineNumber) {
            do { _ = try scanned.decoded() } catch { throw located(error, in: line) }
            record = scanned
        } else {
            record = RecordedEvent(whole: try decodeWhole(line), bytes: line.bytes, file: file, line: lineNumber)
        }
        try checkOrder(seq: record.seq, launch: record.launch)
        try checkStructure(
            event: record.event, phase: record.phase, key: record.key, line: line, archiveKeys: try record.archiveKeys()
        )
        return record
    }

    /// The end of the file: a trace with a header and no events was cut off before it began.
    private func checkHasEvents() throws(TraceError) {
        guard expectedSeq == 1 else { return }
        throw TraceError(
            file: file, line: 1, column: 1, "the trace has a header but no events",
            hint: "the recording stopped before its first event: record it again")
    }

    /// What every reader of a trace relies on, across lines: the app starts once, first; a
    /// restoration names only keys the archive written before it holds.
    private func checkStructure(
        event: SystemEvent?, phase: Phase, key: String?, line: Line, archiveKeys: Set<String>?
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
        guard phase == .restoration, let key else { return }
        guard let knownKeys, knownKeys.contains(key) else {
            throw TraceError(
                file: file, line: lineNumber, column: column(ofMember: "key", in: line),
                knownKeys == nil
                    ? "event \(expectedSeq - 1) restores '\(key)', but no archive was written before it"
                    : "event \(expectedSeq - 1) names '\(key)', which the archive does not contain",
                hint: "the trace is incomplete or edited: every restored key must be in the archive written before it")
        }
    }

    /// A payload problem found after the fast scan, with the column of its member.
    private func located(_ error: TraceError, in line: Line) -> TraceError {
        var e = error
        if e.diagnostic.location?.column == nil, let field = Self.field(of: e.diagnostic.message) {
            e.diagnostic.location?.column = column(ofMember: field, in: line)
        }
        return e
    }

    /// `field 'coder.Key' …` → `coder`.
    private static func field(of message: String) -> String? {
        guard message.hasPrefix("field '") else { return nil }
        let name = message.dropFirst("field '".count).prefix { $0 != "'" }
        return name.split(whereSeparator: { $0 == "." || $0 == "[" }).first.map(String.init)
    }

    /// The column (in characters, as JSON errors count) where `"name":` first appears in the line, or 1.
    private func column(ofMember name: String, in line: Line) -> Int {
        let needle = Array("\"\(name)\":".utf8)
        guard needle.count <= line.bytes.count else { return 1 }
        for i in 0...(line.bytes.count - needle.count) where line.bytes[i] == needle[0] {
            if line.bytes[i..<i + needle.count].elementsEqual(needle) {
                return String(decoding: line.bytes[..<i], as: UTF8.self).count + 1
            }
        }
        return 1
    }

    private func decodeWhole(_ line: Line) throws(TraceError) -> TraceEvent {
        let value: JSONValue
        do { value = try JSONParser.parse(line.bytes) } catch {
            if line.unterminated {
                throw TraceError(
                    file: file, line: lineNumber,
                    "the last line is cut off (\(error.message)); the \(lineNumber - 1) lines before it are whole",
                    hint: "the recording was interrupted: record it again, or delete the last line to use what is there"
                )
            }
            throw TraceError(file: file, line: lineNumber, column: error.column, "malformed JSON: \(error.message)")
        }
        do { return try EventCodec.decode(value) } catch {
            let top = error.field.split(whereSeparator: { $0 == "." || $0 == "[" }).first.map(String.init) ?? ""
            throw TraceError(
                file: file, line: lineNumber, column: column(ofMember: top, in: line),
                "field '\(error.field)' \(error.message)")
        }
    }

    private func checkOrder(seq: Int, launch: Int) throws(TraceError) {
        guard seq == expectedSeq else {
            throw TraceError(
                file: file, line: lineNumber, "events out of order: expected seq \(expectedSeq), found \(seq)",
                hint: "events must be numbered 1, 2, 3… in file order; was the file edited or concatenated?")
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

    private struct Line {
        var bytes: [UInt8]
        var unterminated: Bool
    }

    private func readLine() throws(TraceError) -> Line? {
        var line: [UInt8] = []
        while true {
            if position >= chunk.count {
                if atEnd { break }
                let data: Data?
                do { data = try handle?.read(upToCount: 1 << 20) } catch {
                    throw TraceError(file: file, line: lineNumber + 1, "reading failed: \(error.localizedDescription)")
                }
                guard let data, !data.isEmpty else {
                    atEnd = true
                    break
                }
                chunk = [UInt8](data)
                position = 0
            }
            if let nl = chunk[position...].firstIndex(of: 0x0A) {
                line.append(contentsOf: chunk[position..<nl])
                position = nl + 1
                linesRead += 1
                lineNumber = linesRead
                return try validated(Line(bytes: line, unterminated: false))
            }
            line.append(contentsOf: chunk[position...])
            position = chunk.count
        }
        if line.isEmpty { return nil }
        linesRead += 1
        lineNumber = linesRead
        return try validated(Line(bytes: line, unterminated: true))
    }

    private func validated(_ line: Line) throws(TraceError) -> Line {
        if line.bytes.isEmpty {
            throw TraceError(
                file: file, line: lineNumber, "empty line",
                hint: "a trace has one JSON object per line and no blank lines")
        }
        if String(validating: line.bytes, as: UTF8.self) == nil {
            throw TraceError(file: file, line: lineNumber, "not valid UTF-8", hint: "traces are UTF-8 JSON Lines")
        }
        return line
    }
}
