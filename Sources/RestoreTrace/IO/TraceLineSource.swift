import Foundation
import RestoreEngine

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
    /// The bytes read and not yet split into lines: `chunk[position..<end]`.
    private var chunk: [UInt8] = []
    private var position = 0
    private var end = 0
    /// Where `chunk` starts in the file.
    private var chunkStart = 0
    /// Where the next line starts in the file.
    var offset: Int { chunkStart + position }
    private var atEnd = false
    /// Physical lines read so far.
    private(set) var linesRead = 0
    /// Recognise part lines (format 2, and line 1 of any trace, whose format is not known yet).
    var joinsParts = true

    /// How much of a trace standard input may hold: a pipe is read into memory (several readers
    /// share it), a file is streamed and has no limit.
    static let maximumStandardInputBytes = 1 << 30

    /// Standard input's trace (`-`), read into memory up to `maximumStandardInputBytes`.
    static func standardInput(file: String) throws(TraceError) -> TraceLineSource {
        // Its first line is judged before the rest is read, as a file's is: a first line that is
        // not JSON and runs past `garbageLineBytes` throws here, not after a gigabyte of zeros.
        // (Only that: a JSON header may run past it, and is read whole below.)
        let head = StandardInput.read(upTo: garbageLineBytes + 2)
        if head.overflowed, head.bytes.first != UInt8(ascii: "{"), !head.bytes.contains(0x0A) {
            var garbage = TraceLineSource(file: file, handle: nil, bytes: head.bytes)
            _ = try garbage.next()
        }
        let input = StandardInput.read(upTo: maximumStandardInputBytes)
        guard !input.overflowed else {
            throw TraceError(
                file: file, "standard input runs past the \(maximumStandardInputBytes >> 20) MB a piped trace may have",
                hint: "write the trace to a file and pass its path: a trace file is read as a stream, at any size")
        }
        return TraceLineSource(file: file, handle: nil, bytes: input.bytes)
    }

    init(file: String, handle: FileHandle?, bytes: [UInt8]) {
        self.file = file
        self.handle = handle
        chunk = bytes
        end = bytes.count
        atEnd = handle == nil
    }

    func close() { try? handle?.close() }

    /// The next line, parts joined; nil at the end of the file.
    mutating func next() throws(TraceError) -> TraceLine? {
        guard let first = try physical() else { return nil }
        guard joinsParts, first.bytes.starts(with: Self.partPrefix) else { return first }
        return try joinParts(from: first)
    }

    /// `next()`, the line's bytes appended to `out` rather than returned in an array of their
    /// own (the returned line's `bytes` is empty): a group's node and entry lines go straight
    /// into their record's bytes, 320,000 arrays fewer at 200×200. Same checks, same errors.
    mutating func next(appendingTo out: inout [UInt8]) throws(TraceError) -> TraceLine? {
        let start = out.count
        guard let unterminated = try appendPhysical(to: &out) else { return nil }
        linesRead += 1
        if out.count == start {
            throw TraceError(
                file: file, line: linesRead, column: 1, "empty line",
                hint: "a trace has one JSON object per line and no blank lines")
        }
        if !Self.isUTF8(out, from: start) { throw notUTF8(Array(out[start...]), unterminated: unterminated) }
        let line = TraceLine(bytes: [], unterminated: unterminated, number: linesRead, lastNumber: linesRead)
        guard joinsParts, out[start...].starts(with: Self.partPrefix) else { return line }
        var first = line
        first.bytes = Array(out[start...])
        out.removeSubrange(start...)
        let joined = try joinParts(from: first)
        out.append(contentsOf: joined.bytes)
        return TraceLine(
            bytes: [], unterminated: joined.unterminated, number: joined.number, lastNumber: joined.lastNumber)
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
                throw .cutOff(
                    file: file, line: first.number,
                    "the trace ends inside a line split over \(count) part lines, after \(expected - 1) of them",
                    hint: "the recording was cut off; what comes before line \(first.number) was read")
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
            throw TraceError.malformedJSON(error, file: file, line: line.number, unterminated: line.unterminated)
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
        guard let unterminated = try appendPhysical(to: &line) else { return nil }
        return try checked(line, unterminated: unterminated)
    }

    /// Appends the next `count` physical lines to `out` as they are in the file, joined by
    /// newlines (none after the last), unchecked: for a second reader taking lines that a first
    /// one has read and checked (see `TraceFollower`).
    /// - Returns: whether the last of them ended the file without a newline; nil when the file
    ///   ends before the `count` lines do.
    mutating func appendRaw(lines count: Int, to out: inout [UInt8]) throws(TraceError) -> Bool? {
        var unterminated = false
        for n in 0..<count {
            if n > 0 { out.append(0x0A) }
            guard let u = try appendPhysical(to: &out) else { return nil }
            linesRead += 1
            unterminated = u
        }
        return unterminated
    }

    /// How long a line not starting with `{` (not JSON) may run before the file is refused.
    static let garbageLineBytes = 1 << 20
    /// How long any line may run: format 1 wrote an archive on one line (34 MB at 200×200).
    static let maximumLineBytes = 1 << 30

    /// Appends the next physical line, without its newline, to `out`.
    /// - Returns: whether the file ended without a newline after it; nil at the end of the file.
    private mutating func appendPhysical(to out: inout [UInt8]) throws(TraceError) -> Bool? {
        var appended = false
        let start = out.count
        while true {
            if out.count - start > Self.garbageLineBytes {
                // Bounded before the parser sees it: `/dev/zero` or a binary file given as a trace
                // grew one line without end (5 GB in 8 s).
                let isJSON = out[start] == UInt8(ascii: "{")
                if !isJSON || out.count - start > Self.maximumLineBytes {
                    throw TraceError(
                        file: file, line: linesRead + 1,
                        isJSON
                            ? "this line runs past \(Self.maximumLineBytes >> 20) MB without a line break; a trace's longest line (an archive written by format 1) is far shorter"
                            : "this is not a restoretrace trace: a line that does not start with '{' runs past \(Self.garbageLineBytes >> 20) MB without a line break",
                        hint: "a trace is JSON Lines, as restoretrace record writes it")
                }
            }
            if position >= end {
                if atEnd { break }
                try refill()
                continue
            }
            let (position, end) = (position, end)
            let newline = chunk.withUnsafeBufferPointer { b -> Int? in
                let base = b.baseAddress! + position
                guard let hit = memchr(base, 0x0A, end - position) else { return nil }
                return position + (UnsafeRawPointer(hit) - UnsafeRawPointer(base))
            }
            let stop = newline ?? end
            chunk.withUnsafeBufferPointer { b in
                out.append(contentsOf: UnsafeBufferPointer(rebasing: b[position..<stop]))
            }
            if let newline {
                self.position = newline + 1
                return false
            }
            appended = true
            self.position = end
        }
        return appended ? true : nil
    }

    /// How many bytes the next `count` physical lines take, newlines included, and how many of
    /// them there are (fewer when the file ends first), found without reading them: what a record's buffer reserves before its
    /// node and entry lines are appended. Grown by doubling, the 31 MB archive of a 200x200 trace
    /// was copied five times and held at twice its size at the replay's memory peak.
    func extent(ofLines count: Int) -> (bytes: Int, lines: Int) {
        var left = count
        var bytes = 0
        /// The bytes scanned end inside a line (the file's last, when it ends so).
        var partial = false
        /// Counts lines in `block`; true once `left` reached zero.
        func scan(_ block: UnsafeRawBufferPointer) -> Bool {
            var at = 0
            while left > 0, at < block.count, let hit = memchr(block.baseAddress! + at, 0x0A, block.count - at) {
                at = UnsafeRawPointer(hit) - block.baseAddress! + 1
                left -= 1
            }
            bytes += left == 0 ? at : block.count
            if left > 0, !block.isEmpty { partial = block[block.count - 1] != 0x0A }
            return left == 0
        }
        guard count > 0 else { return (0, 0) }
        let found = chunk.withUnsafeBytes { scan(UnsafeRawBufferPointer(rebasing: $0[position..<end])) }
        guard !found, !atEnd, let handle else { return (bytes, count - left + (partial ? 1 : 0)) }
        var block = [UInt8](repeating: 0, count: 1 << 20)
        var offset = chunkStart + end
        while true {
            let n = block.withUnsafeMutableBytes {
                pread(handle.fileDescriptor, $0.baseAddress, $0.count, off_t(offset))
            }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return (bytes, count - left + (partial ? 1 : 0)) }
            if block.withUnsafeBytes({ scan(UnsafeRawBufferPointer(rebasing: $0[..<n])) }) { return (bytes, count) }
            offset += n
        }
    }

    /// Reads the next block into `chunk`, reusing its storage: a fresh megabyte per block (and
    /// a `Data` copied into it) was page faults and copying at 129 MB.
    private mutating func refill() throws(TraceError) {
        guard let handle else {
            atEnd = true
            return
        }
        let size = 1 << 20
        if chunk.count < size { chunk = [UInt8](repeating: 0, count: size) }
        var n: Int
        repeat {
            n = chunk.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, size) }
        } while n < 0 && errno == EINTR
        guard n >= 0 else {
            throw TraceError(file: file, line: linesRead + 1, "reading failed: \(String(cString: strerror(errno)))")
        }
        chunkStart += end
        position = 0
        end = n
        if n == 0 { atEnd = true }
    }

    /// The file's bytes in `range` (of offsets), read again: for a second reader that took
    /// lines without keeping them (see `TraceFollower`). Short when the file is.
    func bytes(in range: Range<Int>) throws(TraceError) -> [UInt8] {
        guard let handle else { return Array(chunk[min(range.lowerBound, end)..<min(range.upperBound, end)]) }
        var out = [UInt8](repeating: 0, count: range.count)
        var done = 0
        while done < range.count {
            let n = out.withUnsafeMutableBytes {
                pread(handle.fileDescriptor, $0.baseAddress! + done, range.count - done, off_t(range.lowerBound + done))
            }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else {
                throw TraceError(file: file, "reading failed: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            done += n
        }
        out.removeLast(range.count - done)
        return out
    }

    private mutating func checked(_ bytes: [UInt8], unterminated: Bool) throws(TraceError) -> TraceLine {
        linesRead += 1
        if bytes.isEmpty {
            throw TraceError(
                file: file, line: linesRead, column: 1, "empty line",
                hint: "a trace has one JSON object per line and no blank lines")
        }
        if !Self.isUTF8(bytes) { throw notUTF8(bytes, unterminated: unterminated) }
        return TraceLine(bytes: bytes, unterminated: unterminated, number: linesRead, lastNumber: linesRead)
    }

    /// The error for a line that is not UTF-8. The file's last line stopping inside a character
    /// (UTF-8 writes é as two bytes) was cut there, as one stopping inside a string is.
    private func notUTF8(_ bytes: [UInt8], unterminated: Bool) -> TraceError {
        if unterminated, let lead = bytes.suffix(3).lastIndex(where: { $0 >= 0xC0 }),
            Self.isUTF8(Array(bytes[..<lead]))
        {
            return .cutOff(
                file: file, line: linesRead,
                "the last line is cut off (inside a character); the \(linesRead - 1) lines before it are whole",
                hint: "the recording was interrupted: record it again")
        }
        return TraceError(
            file: file, line: linesRead, column: 1, "not valid UTF-8", hint: "traces are UTF-8 JSON Lines")
    }

    /// Whether `bytes` are valid UTF-8. Trace lines are almost always ASCII, checked 8 bytes at
    /// a time here; `String(validating:)` (which also builds a String) was 2 % of a 200×200 replay.
    static func isUTF8(_ bytes: [UInt8], from start: Int = 0) -> Bool {
        let ascii = bytes.withUnsafeBytes { all -> Bool in
            let raw = UnsafeRawBufferPointer(rebasing: all[start...])
            var i = 0
            var high: UInt64 = 0
            // Four words a turn: one at a time was 2 % of a replay (every line is checked).
            while i + 32 <= raw.count {
                high |=
                    raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)
                i += 32
            }
            while i + 8 <= raw.count {
                high |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                i += 8
            }
            if i < raw.count, raw.count >= 8 {
                // The last few bytes, as the line's last word (its first bytes were checked):
                // a byte at a time was ~20 instructions a line.
                high |= raw.loadUnaligned(fromByteOffset: raw.count - 8, as: UInt64.self)
            } else {
                while i < raw.count {
                    high |= UInt64(raw[i])
                    i += 1
                }
            }
            return high & 0x8080_8080_8080_8080 == 0
        }
        return ascii || String(validating: bytes[start...], as: UTF8.self) != nil
    }
}
