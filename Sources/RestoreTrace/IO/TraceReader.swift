import Foundation

/// Reads a trace line by line without loading it whole: the header first, then one event per
/// `next()`. Strict: every problem is a `TraceError` naming the file and line.
public final class TraceReader {
    public let file: String
    public private(set) var header: TraceHeader
    /// The line number of the last line returned.
    public private(set) var lineNumber = 1
    private let handle: FileHandle
    private var chunk: [UInt8] = []
    private var position = 0
    private var atEnd = false
    private var expectedSeq = 1
    private var linesRead = 0
    private var lastLaunch = 1

    public init(path: String) throws(TraceError) {
        file = path
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw TraceError(
                file: path, "no such file", hint: "record one first: restoretrace record SCENARIO -o \(path)")
        }
        guard !isDir.boolValue else { throw TraceError(file: path, "is a folder, not a trace file") }
        guard let h = FileHandle(forReadingAtPath: path) else {
            throw TraceError(file: path, "cannot be read (permissions?)")
        }
        handle = h
        header = TraceHeader(scenario: "", app: .init())
        guard let first = try readLine() else {
            throw TraceError(
                file: path, line: 1, "the trace is empty",
                hint: "a trace starts with a header line; was the recording interrupted before it began?")
        }
        let value: JSONValue
        do { value = try JSONParser.parse(first.bytes) } catch {
            throw TraceError(
                file: path, line: 1, column: error.column, "this is not a restoretrace trace: \(error.message)",
                hint: "line 1 must be {\"format\":\"restoretrace-trace/1\",…}")
        }
        do { header = try TraceHeader.decode(value) } catch {
            throw TraceError(file: path, line: 1, "header field '\(error.field)' \(error.message)")
        }
    }

    deinit { try? handle.close() }

    /// The next event, decoded and checked whole, or nil at the end of the trace.
    public func next() throws(TraceError) -> TraceEvent? {
        guard let line = try readLine() else { return nil }
        let event = try decodeWhole(line)
        try checkOrder(seq: event.seq, launch: event.event.launch)
        return event
    }

    /// The next event with only its envelope decoded (see `RecordedEvent`), or nil at the end.
    /// Lines in the writer's shape take a fast path; anything else is decoded whole, so every
    /// problem outside the payloads is reported exactly as `next()` reports it.
    public func nextRecord() throws(TraceError) -> RecordedEvent? {
        guard let line = try readLine() else { return nil }
        let record: RecordedEvent
        if let scanned = RecordedEvent.scan(line.bytes, file: file, line: lineNumber) {
            record = scanned
        } else {
            record = RecordedEvent(whole: try decodeWhole(line), bytes: line.bytes, file: file, line: lineNumber)
        }
        try checkOrder(seq: record.seq, launch: record.launch)
        return record
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
            throw TraceError(file: file, line: lineNumber, "field '\(error.field)' \(error.message)")
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
                do { data = try handle.read(upToCount: 1 << 20) } catch {
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
