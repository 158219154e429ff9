import Foundation

/// Reads a JSON scenario straight from its UTF-8 bytes into `ScenarioNode`s, without the YAML
/// library: one pass, every node located (line, and column in Unicode scalars, as libyaml would
/// give it), object members in file order with duplicates kept for the reader to report.
///
/// Why a parser of its own: measured parsing alone (release build, median of 3, 2 shared cores
/// under load from other builds, so absolute times are high but the ratios hold), on the 200×200
/// grid scenario (`restoretrace-bench --write-grid 200`, 13.9 MB, one line) and on the largest
/// sample turned into JSON (demo-travel, 5.7 KB):
///
/// | parser | grid 200×200 | demo-travel |
/// |---|---|---|
/// | this reader → located `ScenarioNode`s | 0.27 s | 29 µs |
/// | RestoreTrace's `JSONParser` → `JSONValue` | 0.37 s | 32 µs |
/// | Foundation `JSONSerialization` | 5.3 s | 107 µs |
/// | Foundation `JSONDecoder` into a generic `Decodable` enum | 8.2 s | 526 µs |
/// | the YAML route it replaces (text copied to `[Unicode.Scalar]`, libyaml via Yams, limits) | 4.9 s | 0.5 ms |
///
/// (Since then this reader builds each object's and array's members on one `MoveStack`
/// instead of copying them out of an array of their own: 424 M -> 333 M instructions on the
/// 100×100 grid, callgrind; the ranking only widened. It now fills one flat
/// `ScenarioJSONDocument` instead of a tree of nodes: see there.)
///
/// Besides being the fastest, it is the only one that gives what the reader needs: a position on
/// every node (`file:line:column` for each problem), members in file order and duplicate keys
/// kept (Foundation's dictionaries lose both, and `JSONParser` keeps no positions).
///
/// It takes only what it is sure the YAML route reads identically. Anything else — a syntax
/// error, a raw control character or U+FEFF, an unpaired surrogate, nesting past
/// `ScenarioLimits.maximumNesting` — makes
/// `parse` return nil and the caller takes the YAML route, which reads JSON too and words every
/// error the way the tests and users know. So valid JSON is fast, and invalid JSON is reported
/// exactly as before.
enum ScenarioJSON {
    /// The document as a tree of nodes of their own (not backed by the document, which is let
    /// go), or nil when the text should go the YAML route (see above).
    static func parse(_ text: String) -> ScenarioNode? {
        document(text).map { $0.tree(Int($0.root)) }
    }

    /// The flat document, or nil when the text should go the YAML route (see above).
    static func document(_ text: String) -> ScenarioJSONDocument? {
        var text = text
        // Native strings are contiguous UTF-8: no copy. A bridged one is made native first.
        return text.withUTF8 { bytes in
            // The document keeps offsets in 32 bits and columns in 29: a text that could
            // overflow them (only from standard input or an embedding caller; files stop at
            // 128 MB) takes the YAML route, which reads accepted JSON the same way.
            guard bytes.count < 1 << 29 else { return nil }
            let document = ScenarioJSONDocument(copying: bytes)
            var reader = ScenarioJSONReader(document: document)
            guard let root = try? reader.read() else { return nil }
            document.root = root
            return document
        }
    }
}

/// The cursor over the bytes, filling a `ScenarioJSONDocument`. Throws `NotTaken` to hand the
/// text to the YAML route.
struct ScenarioJSONReader {
    struct NotTaken: Error {}

    let document: ScenarioJSONDocument
    let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0
    private var line = 1
    private var lineStart = 0
    /// UTF-8 continuation bytes between `lineStart` and `i`: columns count scalars, not bytes.
    private var continuations = 0
    private var depth = 0
    /// The member indices of the objects and arrays being read, innermost last: each
    /// collection's go to `document.members` in one piece when it closes.
    private var open: [Int32] = []

    init(document: ScenarioJSONDocument) {
        self.document = document
        bytes = UnsafeBufferPointer(document.bytes)
    }

    mutating func read() throws(NotTaken) -> Int32 {
        skipSpace()
        // Only text that starts like JSON; YAML flow mappings (`{name: x}`) fail below and go back.
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{") || bytes[i] == UInt8(ascii: "[") else {
            throw NotTaken()
        }
        let root = try value()
        skipSpace()
        guard i == bytes.count else { throw NotTaken() }
        return root
    }

    /// A new entry for the value starting here.
    private func entry(_ kind: ScenarioJSONDocument.Kind, start: Int, end: Int) -> ScenarioJSONDocument.Entry {
        ScenarioJSONDocument.Entry(
            kind: kind, line: UInt32(truncatingIfNeeded: line),
            column: UInt32(truncatingIfNeeded: i - lineStart - continuations + 1),
            start: Int32(truncatingIfNeeded: start),
            end: Int32(truncatingIfNeeded: end))
    }

    /// Adds `e` to the document; its index.
    private func add(_ e: ScenarioJSONDocument.Entry) -> Int32 {
        document.entries.append(e)
        return Int32(truncatingIfNeeded: document.entries.count - 1)
    }

    /// Skips white space. Inlined for the common case of none (a generated file has no space
    /// between its tokens): the call cost more than the test, 450k calls on the 80×80 grid.
    @inline(__always)
    private mutating func skipSpace() {
        if i < bytes.count, bytes[i] > 0x20 { return }
        skipSpaces()
    }

    private mutating func skipSpaces() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09: i += 1
            case 0x0A: newLine(after: i)
            case 0x0D:
                // CRLF is one break; a lone CR is a break too, as libyaml counts lines.
                if i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                newLine(after: i)
            default: return
            }
        }
    }

    private mutating func newLine(after p: Int) {
        i = p + 1
        line += 1
        lineStart = i
        continuations = 0
    }

    private mutating func value() throws(NotTaken) -> Int32 {
        guard i < bytes.count else { throw NotTaken() }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return try string()
        case UInt8(ascii: "t"): return try literal("true")
        case UInt8(ascii: "f"): return try literal("false")
        case UInt8(ascii: "n"): return try literal("null")
        default: return try number()
        }
    }

    /// `true`, `false`, `null`: plain scalars, typed by `CoreScalar` from their text as YAML's are.
    private mutating func literal(_ word: StaticString) throws(NotTaken) -> Int32 {
        var e = entry(.plain, start: i, end: i)
        let count = word.utf8CodeUnitCount
        guard i + count <= bytes.count else { throw NotTaken() }
        let w = word.utf8Start
        for k in 0..<count where bytes[i + k] != w[k] { throw NotTaken() }
        i += count
        e.end = Int32(truncatingIfNeeded: i)
        return add(e)
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?`, kept as text: `CoreScalar` types it
    /// exactly as it types the same plain scalar in YAML.
    private mutating func number() throws(NotTaken) -> Int32 {
        var e = entry(.plain, start: i, end: i)
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count else { throw NotTaken() }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
        } else {
            guard try digits() > 0 else { throw NotTaken() }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard try digits() > 0 else { throw NotTaken() }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard try digits() > 0 else { throw NotTaken() }
        }
        e.end = Int32(truncatingIfNeeded: i)
        return add(e)
    }

    private mutating func digits() throws(NotTaken) -> Int {
        let start = i
        while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
        return i - start
    }

    private mutating func nest() throws(NotTaken) {
        depth += 1
        // The YAML route refuses this with its located message (NestingScan).
        if depth > ScenarioLimits.maximumNesting { throw NotTaken() }
    }

    private mutating func object() throws(NotTaken) -> Int32 {
        let index = add(entry(.object, start: 0, end: 0))
        try nest()
        i += 1
        let start = open.count
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
            i += 1
        } else {
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw NotTaken() }
                open.append(try string())
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw NotTaken() }
                i += 1
                skipSpace()
                open.append(try value())
                skipSpace()
                guard i < bytes.count else { throw NotTaken() }
                if bytes[i] == UInt8(ascii: ",") {
                    i += 1
                    continue
                }
                guard bytes[i] == UInt8(ascii: "}") else { throw NotTaken() }
                i += 1
                break
            }
        }
        depth -= 1
        close(index, from: start, count: (open.count - start) / 2)
        return index
    }

    private mutating func array() throws(NotTaken) -> Int32 {
        let index = add(entry(.array, start: 0, end: 0))
        try nest()
        i += 1
        let start = open.count
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
            i += 1
        } else {
            while true {
                skipSpace()
                open.append(try value())
                skipSpace()
                guard i < bytes.count else { throw NotTaken() }
                if bytes[i] == UInt8(ascii: ",") {
                    i += 1
                    continue
                }
                guard bytes[i] == UInt8(ascii: "]") else { throw NotTaken() }
                i += 1
                break
            }
        }
        depth -= 1
        close(index, from: start, count: open.count - start)
        return index
    }

    /// The collection `index` closes: its members (`open` above `start`) move to the document.
    private mutating func close(_ index: Int32, from start: Int, count: Int) {
        document.entries[Int(index)].start = Int32(truncatingIfNeeded: document.members.count)
        document.entries[Int(index)].end = Int32(truncatingIfNeeded: count)
        document.members.append(contentsOf: open[start...])
        open.removeSubrange(start...)
    }

    /// A string, positioned at its opening quote. Plain ASCII without escapes (nearly every key
    /// and value) is one scan, its text left in the bytes; other text is decoded aside.
    private mutating func string() throws(NotTaken) -> Int32 {
        var e = entry(.string, start: i + 1, end: i + 1)
        i += 1
        let start = i
        while i < bytes.count {
            let b = bytes[i]
            guard b >= 0x20, b < 0x7F, b != UInt8(ascii: "\""), b != UInt8(ascii: "\\") else { break }
            i += 1
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "\"") {
            e.end = Int32(truncatingIfNeeded: i)
            i += 1
            return add(e)
        }
        var out = Array(bytes[start..<i])
        while true {
            guard i < bytes.count else { throw NotTaken() }
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                i += 1
                e.setDecoded(Int32(truncatingIfNeeded: document.decoded.count))
                document.decoded.append(String(decoding: out, as: UTF8.self))
                return add(e)
            case UInt8(ascii: "\\"):
                i += 1
                try escape(into: &out)
            case 0x20...0x7F:
                // DEL too: the YAML route escapes it (`escapeUnprintables`) and reads the same.
                out.append(b)
                i += 1
            case 0x80...:
                try multibyte(into: &out)
            default:
                // Raw control characters: invalid JSON.
                throw NotTaken()
            }
        }
    }

    /// One UTF-8 sequence (the text is valid UTF-8: it came from a `String`). The characters
    /// libyaml refuses raw or reads as line breaks (C1 controls, U+2028/U+2029, U+FFFE/U+FFFF)
    /// are taken as they are: in a string they are themselves in JSON, and the YAML route escapes
    /// them to read the same. Sent there, a JSON key over 1,024 characters in the same file was
    /// refused (libyaml's limit on a key), valid JSON as it was. U+FEFF still goes there.
    private mutating func multibyte(into out: inout [UInt8]) throws(NotTaken) {
        let b = bytes[i]
        let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
        guard i + length <= bytes.count else { throw NotTaken() }
        if b == 0xEF, bytes[i + 1] == 0xBB, bytes[i + 2] == 0xBF { throw NotTaken() }  // U+FEFF
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<i + length]))
        i += length
        continuations += length - 1
    }

    /// After a backslash: JSON's escapes, each meaning what YAML's double-quoted escape of the
    /// same spelling means.
    private mutating func escape(into out: inout [UInt8]) throws(NotTaken) {
        guard i < bytes.count else { throw NotTaken() }
        let e = bytes[i]
        i += 1
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800..<0xDC00).contains(scalar) {
                guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                    throw NotTaken()
                }
                i += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw NotTaken() }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let u = Unicode.Scalar(scalar) else { throw NotTaken() }
            out.append(contentsOf: String(u).utf8)
        default: throw NotTaken()
        }
    }

    private mutating func hex4() throws(NotTaken) -> UInt32 {
        guard i + 4 <= bytes.count else { throw NotTaken() }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt32
            switch b {
            case 48...57: d = UInt32(b - 48)
            case 65...70: d = UInt32(b - 55)
            case 97...102: d = UInt32(b - 87)
            default: throw NotTaken()
            }
            v = v * 16 + d
            i += 1
        }
        return v
    }
}
