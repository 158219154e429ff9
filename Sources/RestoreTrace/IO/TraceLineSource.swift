import Foundation

/// One line of a trace as the reader sees it: a physical line, or (format 2) the line that part
/// lines spell out, joined.
struct TraceLine {
    var bytes: [UInt8]
    /// The file ended without a newline after it.
    var unterminated: Bool
    /// Its (first) physical line number.
    var number: Int
    /// The last physical line it spans (its last part line), or `number`.
    var lastNumber: Int
    var isJoined: Bool { lastNumber != number }
}

/// The physical lines of a trace, read in blocks; with `joinsParts`, format 2's part lines come
/// back as the one line they spell out (see `TraceLines`). Every line is checked to be non-empty
/// UTF-8; problems are located `TraceError`s.
struct TraceLineSource {
    let file: String
    private let handle: FileHandle?
    private var chunk: [UInt8] = []
    private var position = 0
    private var atEnd = false
    /// Physical lines read so far.
    private(set) var linesRead = 0
    /// Recognise part lines (format 2, and line 1 of any trace, whose format is not known yet).
    var joinsParts = true

    init(file: String, handle: FileHandle?, bytes: [UInt8]) {
        self.file = file
        self.handle = handle
        chunk = bytes
        atEnd = handle == nil
    }

    func close() { try? handle?.close() }

    /// The next line, parts joined; nil at the end of the file.
    mutating func next() throws(TraceError) -> TraceLine? {
        guard let first = try physical() else { return nil }
        guard joinsParts, first.bytes.starts(with: Self.partPrefix) else { return first }
        return try joinParts(from: first)
    }

    private static let partPrefix = Array(#"{"part":"#.utf8)

    /// Reads part lines 2…P after part 1 and returns the line they spell out.
    private mutating func joinParts(from first: TraceLine) throws(TraceError) -> TraceLine {
        let (index, count, text) = try part(first)
        guard index == 1 else {
            throw TraceError(
                file: file, line: first.number, column: 1,
                "part \(index) of a split line, but not after part \(index - 1)",
                hint: "a line longer than 64 KiB is written as part lines 1, 2, …; was the file edited or cut?")
        }
        var joined = text
        var last = first
        for expected in 2...count {
            guard let line = try physical() else {
                throw TraceError(
                    file: file, line: first.number, column: 1,
                    "the trace ends inside a line split over \(count) part lines, after \(expected - 1) of them",
                    hint:
                        "the recording was cut off: record it again, or delete lines \(first.number)–\(last.number) to use what comes before"
                )
            }
            guard line.bytes.starts(with: Self.partPrefix) else {
                throw TraceError(
                    file: file, line: line.number, column: 1,
                    "expected part \(expected) of \(count) of the line split from line \(first.number)",
                    hint: "part lines follow one another: was the file edited?")
            }
            let (i, n, piece) = try part(line)
            guard i == expected, n == count else {
                throw TraceError(
                    file: file, line: line.number, column: 1,
                    "part \(i) of \(n) where part \(expected) of \(count) was expected (the line split from line \(first.number))",
                    hint: "part lines follow one another: was the file edited?")
            }
            joined += piece
            last = line
        }
        return TraceLine(bytes: joined, unterminated: last.unterminated, number: first.number, lastNumber: last.number)
    }

    /// `{"part":i,"of":P,"text":"…"}` read strictly.
    private func part(_ line: TraceLine) throws(TraceError) -> (Int, Int, [UInt8]) {
        let value: JSONValue
        do { value = try JSONParser.parse(line.bytes) } catch {
            if line.unterminated {
                throw TraceError(
                    file: file, line: line.number, column: 1,
                    "the last line is cut off (\(error.message)); the \(line.number - 1) lines before it are whole",
                    hint: "the recording was interrupted: record it again, or delete the last line to use what is there"
                )
            }
            throw TraceError(file: file, line: line.number, column: error.column, "malformed JSON: \(error.message)")
        }
        guard case .object(let members) = value, members.count == 3, members[1].0 == "of", members[2].0 == "text",
            let i = members[0].1.intValue, let n = members[1].1.intValue, let text = members[2].1.stringValue,
            n >= 2, (1...n).contains(i)
        else {
            throw TraceError(
                file: file, line: line.number, column: 1,
                "a part line must be {\"part\":i,\"of\":P,\"text\":\"…\"} with 1 ≤ i ≤ P and P ≥ 2")
        }
        return (i, n, Array(text.utf8))
    }

    /// The next physical line, checked; nil at the end of the file.
    private mutating func physical() throws(TraceError) -> TraceLine? {
        var line: [UInt8] = []
        while true {
            if position >= chunk.count {
                if atEnd { break }
                try refill()
                if atEnd, position >= chunk.count { break }
                continue
            }
            let newline = chunk.withUnsafeBufferPointer { b -> Int? in
                let base = b.baseAddress! + position
                guard let hit = memchr(base, 0x0A, b.count - position) else { return nil }
                return position + (UnsafeRawPointer(hit) - UnsafeRawPointer(base))
            }
            if let nl = newline {
                line.append(contentsOf: chunk[position..<nl])
                position = nl + 1
                return try checked(line, unterminated: false)
            }
            line.append(contentsOf: chunk[position...])
            position = chunk.count
        }
        if line.isEmpty { return nil }
        return try checked(line, unterminated: true)
    }

    private mutating func refill() throws(TraceError) {
        let data: Data?
        do { data = try handle?.read(upToCount: 1 << 20) } catch {
            throw TraceError(file: file, line: linesRead + 1, "reading failed: \(error.localizedDescription)")
        }
        guard let data, !data.isEmpty else {
            atEnd = true
            return
        }
        chunk = [UInt8](data)
        position = 0
    }

    private mutating func checked(_ bytes: [UInt8], unterminated: Bool) throws(TraceError) -> TraceLine {
        linesRead += 1
        if bytes.isEmpty {
            throw TraceError(
                file: file, line: linesRead, column: 1, "empty line",
                hint: "a trace has one JSON object per line and no blank lines")
        }
        if String(validating: bytes, as: UTF8.self) == nil {
            throw TraceError(
                file: file, line: linesRead, column: 1, "not valid UTF-8", hint: "traces are UTF-8 JSON Lines")
        }
        return TraceLine(bytes: bytes, unterminated: unterminated, number: linesRead, lastNumber: linesRead)
    }
}
