import RestoreEngine
import RestoreTrace

/// What the report keeps of one event once its line has gone to the page's data: what the
/// timeline's filters, the deciding-event links and the node rows' "decided at" need.
struct EventDigest: Sendable {
    var launch: Int
    var phase: Phase
    var callback: Callback?
    var event: SystemEvent?
    var path: String?

    init(_ e: EngineEvent) {
        (launch, phase, callback, event, path) = (e.launch, e.phase, e.callback, e.event, e.path)
    }

    init(launch: Int, phase: Phase, callback: Callback?, event: SystemEvent?, path: String?) {
        (self.launch, self.phase, self.callback, self.event, self.path) = (launch, phase, callback, event, path)
    }

    /// The callback's selector or the system event's name.
    var name: String { callback?.rawValue ?? event?.rawValue ?? "?" }
}

/// The callback timeline's data, taken one event at a time: the lines go out in chunks (see
/// `ChunkedData`) as they come, and only a digest of each event stays in memory. At the end it
/// writes the timeline index the page filters on: per event its launch, phase, name and path as
/// numbers into tables, so a filter runs without loading a single chunk.
final class TimelineData {
    private let chunks: ChunkedData
    private(set) var digests: [EventDigest] = []
    private var names: [String] = []
    private var nameIndex: [String: Int] = [:]
    private var lastName: (name: String, index: Int)?
    private var paths = PathTable()
    /// Four numbers per event: launch, phase, name, path (-1 without one).
    private var columns: [Int] = []

    init(folder: AtomicFolderWrite.Transaction?, inlineBudget: Int) {
        chunks = ChunkedData(kind: "events", stem: "events", folder: folder, inlineBudget: inlineBudget)
    }

    var count: Int { digests.count }
    /// True when the chunks are files; false when the page carries them inline.
    var external: Bool { chunks.external }
    var inlineStatements: [[UInt8]] { chunks.inlineStatements }

    /// Takes the next event (its seq is `count + 1`) and its JSON line.
    /// - Throws: `ExportError.invalidEventLine` for a line that is not a JSON object.
    func add(_ digest: EventDigest, line: [UInt8]) throws(ExportError) {
        try line.withUnsafeBufferPointer { bytes throws(ExportError) in try add(digest, line: bytes) }
    }

    /// The same, the line given as bytes read in place.
    func add(_ digest: EventDigest, line: UnsafeBufferPointer<UInt8>) throws(ExportError) {
        digests.append(digest)
        // A cheap shape check on the bytes: a full JSON parse of every line belongs to the trace reader.
        var start = 0
        var end = line.count
        while start < end, Self.isSpace(line[start]) { start += 1 }
        while end > start, Self.isSpace(line[end - 1]) { end -= 1 }
        guard start < end, line[start] == UInt8(ascii: "{"), line[end - 1] == UInt8(ascii: "}") else {
            throw ExportError.invalidEventLine(seq: digests.count)
        }
        try chunks.add(bytes: UnsafeBufferPointer(rebasing: line[start..<end]))
        columns.append(digest.launch)
        columns.append(Self.phases.firstIndex(of: digest.phase) ?? 0)
        columns.append(nameColumn(digest.name))
        columns.append(digest.path.map { paths.number(of: $0) } ?? -1)
    }

    /// The name's index in `names`. Events come in runs of one callback (a walk calls it on
    /// every node): the run's name is compared, not hashed, which halves the interning.
    private func nameColumn(_ name: String) -> Int {
        if let last = lastName, last.name == name { return last.index }
        let index = intern(name, &names, &nameIndex)
        lastName = (name, index)
        return index
    }

    func finish() throws(ExportError) { try chunks.finish() }

    static let phases: [Phase] = [.launch, .preservation, .termination, .restoration]

    /// The index's JSON: chunk starts (seq), the name and path tables, the columns, and the extra
    /// members (`decided`, `anchors`) already serialized.
    func indexJSON(extra: [(String, String)]) -> [UInt8] {
        var out = Array("{\"events\":\(count),\"chunks\":[".utf8)
        out += Array(chunks.starts.map { String($0 + 1) }.joined(separator: ",").utf8)
        out += Array("],\"phases\":[".utf8)
        out += Array(Self.phases.map { Escape.jsonString($0.rawValue) }.joined(separator: ",").utf8)
        out += Array("],\"names\":".utf8)
        Self.appendStrings(names, to: &out)
        out += Array(",\"paths\":".utf8)
        Self.appendStrings(paths.paths, to: &out)
        out += Array(",\"columns\":[".utf8)
        for (i, v) in columns.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out.appendDecimal(v)
        }
        out.append(UInt8(ascii: "]"))
        for (key, json) in extra {
            out += Array(",\(Escape.jsonString(key)):".utf8)
            out += Array(json.utf8)
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    private static func appendStrings(_ list: [String], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (i, s) in list.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            JSONValue.string(s).write(to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    private func intern(_ s: String, _ list: inout [String], _ index: inout [String: Int]) -> Int {
        if let i = index[s] { return i }
        index[s] = list.count
        list.append(s)
        return list.count - 1
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }
}
