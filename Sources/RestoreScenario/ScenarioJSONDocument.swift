import Foundation

/// A JSON scenario as one flat array of values: what `ScenarioJSONReader` fills, and what the
/// scenario reader reads through lazily backed `ScenarioNode`s (see `ScenarioNode.Mapping`).
///
/// Why flat: the reader's nodes used to be a tree, with an array of pairs or items per object and
/// array and a `String` per key and value, built for the whole file before the reader looked at
/// it and destroyed after (on the 80×80 grid, 409 M instructions to parse and read, 136 M of them
/// building the tree, callgrind). Here a value is one `Entry`: its kind, its position, the byte
/// range of its text in the file (a string with escapes or non-ASCII text keeps its decoded text
/// aside), and for an object or array where its members' indices start in `members`. The node
/// reader's fast path (`ScenarioReader.flatNode`) compares keys by their bytes and makes strings
/// only for the values it keeps; everything else sees `ScenarioNode`s made one level at a time.
final class ScenarioJSONDocument {
    enum Kind: UInt8 {
        /// A quoted string.
        case string
        /// A number, `true`, `false` or `null`, typed by `CoreScalar` from its text.
        case plain
        case array
        case object
    }

    /// 16 bytes: at 200×200 the grid has 1.7 M values, and with the decoded index and the kind
    /// in fields of their own (24 bytes) the document's pages cost `record` some 16k page faults
    /// more than the tree of nodes it replaced (whose memory the engine then reused).
    struct Entry {
        var line: UInt32
        /// The column (bits 3 and up), whether a string's text is in `decoded` (bit 2), the kind.
        private var columnAndKind: UInt32
        /// A scalar: where its text starts in `bytes` (a decoded string: its index in
        /// `decoded`); a collection: where its members start in `members`.
        var start: Int32
        /// A scalar: where its text ends; an array: its number of items; an object: its number
        /// of members (each a key's and a value's index in `members`).
        var end: Int32

        init(kind: Kind, line: UInt32, column: UInt32, start: Int32, end: Int32) {
            self.line = line
            columnAndKind = min(column, UInt32.max >> 3) << 3 | UInt32(kind.rawValue)
            self.start = start
            self.end = end
        }

        var kind: Kind { Kind(rawValue: UInt8(truncatingIfNeeded: columnAndKind & 3))! }
        var column: UInt32 { columnAndKind >> 3 }
        /// The index in `decoded` of a string's text when it is not its bytes (escapes, or
        /// characters beyond ASCII); -1 when it is.
        var decodedIndex: Int32 { columnAndKind & 4 != 0 ? start : -1 }

        /// The string's text is `decoded[index]`.
        mutating func setDecoded(_ index: Int32) {
            columnAndKind |= 4
            start = index
        }

        var mark: ScenarioNode.Mark { ScenarioNode.Mark(line: Int(line), column: Int(column)) }
    }

    // Stored properties are `@exclusivity(unchecked)`: the runtime's dynamic exclusivity check
    // on each access of a class's property (`swift_beginAccess`, a thread-local access set) was
    // 86 M of the 283 M instructions of parsing and reading the 80×80 grid (callgrind). The
    // document is filled by one reader, then read by one scenario reader, on one thread.

    /// The file's bytes, owned by the document.
    let bytes: UnsafeMutableBufferPointer<UInt8>
    @exclusivity(unchecked) var entries: [Entry] = []
    /// The members of each collection, contiguous: an array's item indices, an object's key and
    /// value indices in turn.
    @exclusivity(unchecked) var members: [Int32] = []
    @exclusivity(unchecked) var decoded: [String] = []
    /// The document's value (set once it is read).
    @exclusivity(unchecked) var root: Int32 = 0
    @exclusivity(unchecked) private var strings = RecentStrings()

    init(copying text: UnsafeBufferPointer<UInt8>) {
        bytes = .allocate(capacity: text.count)
        _ = bytes.initialize(from: text)
        // Room for a value per 4 bytes, more than a scenario has (the 200×200 grid: 1.7 M values
        // in 13.9 MB, one per 8.2 bytes), so the arrays never grow: reserved for one per 12
        // bytes, they were copied whole to grow once at 200×200. Room never written is never
        // given memory by the system.
        entries.reserveCapacity(text.count / 4)
        members.reserveCapacity(text.count / 4)
    }

    deinit { bytes.deallocate() }

    // MARK: Reading values

    /// The number of items of an array or members of an object.
    @inline(__always)
    func count(_ index: Int) -> Int { Int(entries[index].end) }

    /// The index of item `i` of the array `index`.
    @inline(__always)
    func item(_ index: Int, _ i: Int) -> Int { Int(members[Int(entries[index].start) + i]) }

    /// The key's and the value's index of member `i` of the object `index`.
    @inline(__always)
    func member(_ index: Int, _ i: Int) -> (key: Int, value: Int) {
        let at = Int(entries[index].start) + 2 * i
        return (Int(members[at]), Int(members[at + 1]))
    }

    /// Whether the string `index` is exactly `word` (compared as bytes: a string whose text
    /// was decoded from escapes never is, so `word` must be plain ASCII).
    @inline(__always)
    func isString(_ index: Int, _ word: StaticString) -> Bool {
        let e = entries[index]
        let n = Int(e.end - e.start)
        return e.kind == .string && e.decodedIndex < 0 && n == word.utf8CodeUnitCount
            && memcmp(bytes.baseAddress! + Int(e.start), word.utf8Start, n) == 0
    }

    /// Whether the texts of two scalars are the same.
    func sameText(_ a: Int, _ b: Int) -> Bool {
        let x = entries[a]
        let y = entries[b]
        if x.decodedIndex >= 0 || y.decodedIndex >= 0 { return text(a) == text(b) }
        let n = Int(x.end - x.start)
        return n == Int(y.end - y.start)
            && memcmp(bytes.baseAddress! + Int(x.start), bytes.baseAddress! + Int(y.start), n) == 0
    }

    /// Whether the scalar's text is empty.
    func isEmptyText(_ index: Int) -> Bool {
        let e = entries[index]
        return e.decodedIndex >= 0 ? decoded[Int(e.decodedIndex)].isEmpty : e.start == e.end
    }

    /// A scalar's text (a string's after its escapes are undone).
    func text(_ index: Int) -> String {
        let e = entries[index]
        if e.decodedIndex >= 0 { return decoded[Int(e.decodedIndex)] }
        let range = UnsafeBufferPointer(rebasing: bytes[Int(e.start)..<Int(e.end)])
        return e.kind == .string ? strings.string(range) : String(decoding: range, as: UTF8.self)
    }

    /// A scalar typed as `CoreScalar(scalar(index))` types it. A number of digits (and one
    /// point) is read from its bytes, as `CoreScalar.resolvePlain` reads such a text first:
    /// making its string and typing that was 3,300 instructions for a view's `contentOffset`
    /// on the 80×80 grid.
    func coreScalar(_ index: Int) -> CoreScalar {
        let e = entries[index]
        if e.kind == .plain, e.start < e.end, bytes[Int(e.start)] &- UInt8(ascii: "0") < 10,
            let number = CoreScalar.simpleNumber(bytes: UnsafeBufferPointer(rebasing: bytes[Int(e.start)..<Int(e.end)]))
        {
            return number
        }
        return CoreScalar(scalar(index))
    }

    // MARK: Nodes

    /// The value as a node: a scalar with its text, a collection backed by this document.
    func node(_ index: Int) -> ScenarioNode {
        let e = entries[index]
        switch e.kind {
        case .object: return .mapping(ScenarioNode.Mapping(document: self, index: index, mark: e.mark))
        case .array: return .sequence(ScenarioNode.Sequence(document: self, index: index, mark: e.mark))
        case .string, .plain: return .scalar(scalar(index))
        }
    }

    /// The value as a tree of nodes that hold their members themselves.
    func tree(_ index: Int) -> ScenarioNode {
        let e = entries[index]
        switch e.kind {
        case .object:
            let pairs = (0..<count(index)).map { i in
                let m = member(index, i)
                return ScenarioNode.Pair(key: tree(m.key), value: tree(m.value))
            }
            return .mapping(ScenarioNode.Mapping(pairs: pairs, mark: e.mark))
        case .array:
            return .sequence(
                ScenarioNode.Sequence(nodes: (0..<count(index)).map { tree(item(index, $0)) }, mark: e.mark))
        case .string, .plain: return .scalar(scalar(index))
        }
    }

    /// A scalar as the reader's scalar: a string is quoted and carries the string tag, as
    /// libyaml gives it; a number or literal is plain.
    func scalar(_ index: Int) -> ScenarioNode.Scalar {
        let e = entries[index]
        return e.kind == .string
            ? ScenarioNode.Scalar(string: text(index), isPlain: false, tag: ScenarioNode.Scalar.stringTag, mark: e.mark)
            : ScenarioNode.Scalar(string: text(index), isPlain: true, mark: e.mark)
    }

    /// An object's members as the reader's pairs.
    func pairs(_ index: Int) -> [ScenarioNode.Pair] {
        let n = count(index)
        var pairs: [ScenarioNode.Pair] = []
        pairs.reserveCapacity(n)
        for i in 0..<n {
            let m = member(index, i)
            pairs.append(ScenarioNode.Pair(key: node(m.key), value: node(m.value)))
        }
        return pairs
    }

    /// An array's items as the reader's nodes.
    func items(_ index: Int) -> [ScenarioNode] {
        let n = count(index)
        var items: [ScenarioNode] = []
        items.reserveCapacity(n)
        for i in 0..<n { items.append(node(item(index, i))) }
        return items
    }
}
