/// A list of JSON items the page loads in chunks: each chunk is one statement
/// `(window.restoretraceData=…||[]).push(["KIND",N,'JSON'])` that the page script receives and
/// parses with `JSON.parse` (a JS object literal would turn a `"__proto__"` key into a prototype).
///
/// Small lists stay inline: their statements go into the page as `<script>` elements. Once the
/// list passes its inline budget and the report has a folder, every chunk becomes a file
/// `data/STEM-NNNN.js` that the page inserts as a `<script src>` when it needs it (the page
/// opens from `file://`, where `fetch` fails), so the page stays small at any size.
final class ChunkedData {
    let kind: String
    let stem: String
    private let folder: AtomicFolderWrite.Transaction?
    private let inlineBudget: Int
    /// Index (0-based) of the first item of each chunk.
    private(set) var starts: [Int] = []
    /// Chunk statements still held for the page; empty once the list went to files.
    private(set) var inlineStatements: [[UInt8]] = []
    private var inlineBytes = 0
    /// True once the chunks are files in `data/`.
    private(set) var external = false
    private(set) var count = 0
    /// The open chunk's items, escaped for the statement's string literal as they come: each
    /// byte is read once, where escaping whole chunks at their close read them twice (a 200x200
    /// report's event lines are 60 MB).
    private var current: [UInt8] = []
    /// The open chunk's size before escaping: what `bytesPerChunk` bounds. Counting `current`
    /// instead would close chunks of text heavy in `<`, `&` or quotes sooner (an escape is up to
    /// six bytes), and so change where the report's chunk files split.
    private var currentRawBytes = 0
    /// An item being written by `add(writing:)`, escaped into `current` once written.
    private var item: [UInt8] = []
    private var currentItems = 0
    /// Items are plain texts joined by NUL (the page splits them) rather than a JSON array:
    /// node rows, which would otherwise be escaped twice.
    private let texts: Bool

    /// A chunk closes at this many items or bytes, whichever comes first.
    static let itemsPerChunk = 1_000
    static let bytesPerChunk = 512 * 1024

    init(kind: String, stem: String, folder: AtomicFolderWrite.Transaction?, inlineBudget: Int, texts: Bool = false) {
        self.texts = texts
        self.kind = kind
        self.stem = stem
        self.folder = folder
        self.inlineBudget = inlineBudget
    }

    /// Appends one item: its JSON text (an object or a string literal), or its text (NUL-free).
    func add(_ json: some Collection<UInt8>) throws(ExportError) {
        try add { $0.append(contentsOf: json) }
    }

    /// Appends one item written by `write`, which appends its bytes to the buffer it is given
    /// (reused from item to item).
    func add(writing write: (inout [UInt8]) -> Void) throws(ExportError) {
        item.removeAll(keepingCapacity: true)
        write(&item)
        try item.withUnsafeBufferPointer { bytes throws(ExportError) in try add(bytes: bytes) }
    }

    /// Appends one item given as bytes read in place.
    func add(bytes: UnsafeBufferPointer<UInt8>) throws(ExportError) {
        if currentItems == 0 {
            starts.append(count)
            if !texts {
                current.append(UInt8(ascii: "["))
                currentRawBytes += 1
            }
        } else {
            // A NUL is escaped as the literal holds it.
            if texts { Escape.appendJSStringBody(Self.nul, to: &current) } else { current.append(UInt8(ascii: ",")) }
            currentRawBytes += 1
        }
        Escape.appendJSStringBody(bytes, to: &current)
        currentRawBytes += bytes.count
        currentItems += 1
        count += 1
        if currentItems >= Self.itemsPerChunk || currentRawBytes >= Self.bytesPerChunk { try closeChunk() }
    }

    /// Closes the last chunk.
    func finish() throws(ExportError) {
        finished = true
        if currentItems > 0 { try closeChunk() }
    }

    /// True once `finish` was called.
    private(set) var finished = false

    /// `data/STEM-0001.js` for chunk 1.
    static func fileName(stem: String, chunk: Int) -> String {
        let digits = String(chunk)
        return "data/\(stem)-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".js"
    }

    private static let nul: [UInt8] = [0]

    private func closeChunk() throws(ExportError) {
        if !texts { current.append(UInt8(ascii: "]")) }
        defer {
            current.removeAll(keepingCapacity: true)
            currentRawBytes = 0
            currentItems = 0
        }
        if external {
            // The statement's three parts go to the file as they are: no buffer is built for it.
            guard let folder else { return }
            let sink = try folder.open(Self.fileName(stem: stem, chunk: starts.count))
            Self.statementHead(kind: kind, chunk: starts.count).withUnsafeBytes { sink.append($0) }
            current.withUnsafeBytes { sink.append($0) }
            Self.statementTail.withUnsafeBytes { sink.append($0) }
            try sink.close()
            return
        }
        var statement = Self.statementHead(kind: kind, chunk: starts.count)
        statement.reserveCapacity(statement.count + current.count + Self.statementTail.count)
        statement += current
        statement += Self.statementTail
        inlineStatements.append(statement)
        inlineBytes += statement.count
        if inlineBytes > inlineBudget, folder != nil {
            // Too big for the page: every chunk so far, and every one after, becomes a file.
            external = true
            for (i, s) in inlineStatements.enumerated() { try write(s, chunk: i + 1) }
            inlineStatements = []
        }
    }

    private func write(_ statement: [UInt8], chunk: Int) throws(ExportError) {
        guard let folder else { return }
        let sink = try folder.open(Self.fileName(stem: stem, chunk: chunk))
        statement.withUnsafeBytes { sink.append($0) }
        try sink.close()
    }

    /// One registration statement; `chunk` 0 for a single object (an index).
    static func statement(kind: String, chunk: Int, json: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        appendStatement(kind: kind, chunk: chunk, json: json, to: &out)
        return out
    }

    /// `statement(kind:chunk:json:)` appended to `out`.
    static func appendStatement(kind: String, chunk: Int, json: [UInt8], to out: inout [UInt8]) {
        out.reserveCapacity(out.count + 80 + json.count + json.count / 32)
        out += statementHead(kind: kind, chunk: chunk)
        Escape.appendJSStringBody(json, to: &out)
        out += statementTail
    }

    /// A statement up to its string literal's body.
    private static func statementHead(kind: String, chunk: Int) -> [UInt8] {
        Array("(window.restoretraceData=window.restoretraceData||[]).push([\"\(kind)\",\(chunk),'".utf8)
    }

    private static let statementTail = Array("']);\n".utf8)
}
