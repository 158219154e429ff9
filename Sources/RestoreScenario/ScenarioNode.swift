import Yams

/// One node of a scenario document, as the scenario reader judges it: a scalar with its text and
/// how it was written, a list or a mapping (pairs in file order, duplicates kept so the reader
/// can report them), each with the position it starts at.
///
/// Three front ends build it: `ScenarioJSON` straight from a JSON file's bytes,
/// `ScenarioYAML` straight from libyaml's events for YAML, and `init(yaml:)` from the tree Yams
/// composes (YAML with aliases, and text the other two leave to Yams). Keeping the reader on this
/// small value type, rather than on Yams's `Node` (a `Tag` object per node, tags resolved
/// through a class), is what lets a JSON scenario skip the YAML library entirely.
enum ScenarioNode: Equatable {
    case scalar(Scalar)
    case sequence(Sequence)
    case mapping(Mapping)

    /// Where a node starts: 1-based line, and column counted in Unicode scalars (as libyaml counts).
    struct Mark: Equatable {
        var line: Int
        var column: Int
    }

    /// A `Mark?` in 8 bytes instead of 17 (zero for none: marks are 1-based). Every node of the
    /// tree holds one, and a mapping's pairs are two nodes each: with `Mark?` stored as it is, a
    /// node took 64 bytes, with this 48, and the tree of the 200×200 grid (80,000 mappings, 80 MB
    /// of pair arrays) was the largest thing alive when `record` peaked in memory.
    struct PackedMark: Equatable {
        private var line: UInt32 = 0
        private var column: UInt32 = 0

        init(_ mark: Mark?) {
            guard let mark else { return }
            line = UInt32(clamping: mark.line)
            column = UInt32(clamping: mark.column)
        }

        var mark: Mark? { line == 0 ? nil : Mark(line: Int(line), column: Int(column)) }
    }

    struct Scalar: Equatable {
        /// The text after quotes and escapes are undone.
        var string: String
        /// The explicit tag (`tag:yaml.org,2002:int`, `!custom`), empty when none was written.
        var tag: String
        private var packedMark: PackedMark
        /// Unquoted: typed by the core schema from its text (`1.0`, `true`, `~`); quoted or block
        /// text is always a string (see `CoreScalar`).
        var isPlain: Bool

        init(string: String, isPlain: Bool, tag: String = "", mark: Mark?) {
            self.string = string
            self.tag = tag
            self.packedMark = PackedMark(mark)
            self.isPlain = isPlain
        }

        var mark: Mark? { packedMark.mark }

        /// The tag libyaml gives every quoted scalar (and so every JSON string).
        static let stringTag = "tag:yaml.org,2002:str"
    }

    /// A JSON document's collection a `Sequence` or `Mapping` reads its members from, made
    /// into nodes when asked for (see `ScenarioJSONDocument`).
    ///
    /// The collections hold the document `unowned(unsafe)`: a counted reference made every copy
    /// of every node (YAML's too) go through the runtime's generic copy, +5.7 % instructions for
    /// `record` of the 80×80 grid from YAML. Whoever reads a document's nodes keeps the document
    /// alive while they do (`ScenarioParser.parse`); nodes never outlive the parse.
    struct Backing {
        let document: ScenarioJSONDocument
        let index: Int
    }

    struct Sequence: RandomAccessCollection, Equatable {
        private var storage: [ScenarioNode]
        private var packedMark: PackedMark
        /// Set when the items are a JSON document's (then `storage` is empty); see `Backing`.
        private unowned(unsafe) var document: ScenarioJSONDocument?
        private var documentIndex: Int32 = 0

        init(nodes: [ScenarioNode], mark: Mark?) {
            self.storage = nodes
            self.packedMark = PackedMark(mark)
            self.document = nil
        }

        /// The array `index` of `document`.
        init(document: ScenarioJSONDocument, index: Int, mark: Mark?) {
            self.storage = []
            self.packedMark = PackedMark(mark)
            self.document = document
            self.documentIndex = Int32(truncatingIfNeeded: index)
        }

        // (Each accessor tests `document` itself: going through a `Backing` made a counted
        // reference for every YAML node's `endIndex`.)
        var nodes: [ScenarioNode] {
            guard let document else { return storage }
            return document.items(Int(documentIndex))
        }
        var mark: Mark? { packedMark.mark }
        var startIndex: Int { 0 }
        var endIndex: Int {
            guard let document else { return storage.count }
            return document.count(Int(documentIndex))
        }
        var count: Int { endIndex }
        subscript(i: Int) -> ScenarioNode {
            guard let document else { return storage[i] }
            return document.node(document.item(Int(documentIndex), i))
        }

        static func == (a: Sequence, b: Sequence) -> Bool {
            a.mark == b.mark && a.nodes == b.nodes
        }
    }

    /// A mapping's member. A struct rather than a `(key, value)` tuple: an array of tuples is
    /// copied and destroyed through the runtime's generic tuple witnesses, an array of this
    /// through code compiled for it (reading the 100×100 grid's tree, then destroying it:
    /// 483 M + 61 M instructions as tuples, 428 M + 56 M as this, callgrind).
    struct Pair {
        var key: ScenarioNode
        var value: ScenarioNode
    }

    struct Mapping: RandomAccessCollection, Equatable {
        private var storage: [Pair]
        private var packedMark: PackedMark
        /// Set when the members are a JSON document's (then `storage` is empty); see `Backing`.
        private unowned(unsafe) var document: ScenarioJSONDocument?
        private var documentIndex: Int32 = 0

        init(pairs: [Pair], mark: Mark?) {
            self.storage = pairs
            self.packedMark = PackedMark(mark)
            self.document = nil
        }

        /// The object `index` of `document`.
        init(document: ScenarioJSONDocument, index: Int, mark: Mark?) {
            self.storage = []
            self.packedMark = PackedMark(mark)
            self.document = document
            self.documentIndex = Int32(truncatingIfNeeded: index)
        }

        var backing: Backing? { document.map { Backing(document: $0, index: Int(documentIndex)) } }

        /// The members, made into nodes each time when they are a document's: read it once.
        var pairs: [Pair] {
            guard let document else { return storage }
            return document.pairs(Int(documentIndex))
        }
        var mark: Mark? { packedMark.mark }
        var startIndex: Int { 0 }
        var endIndex: Int {
            guard let document else { return storage.count }
            return document.count(Int(documentIndex))
        }
        var count: Int { endIndex }
        subscript(i: Int) -> (key: ScenarioNode, value: ScenarioNode) {
            guard let document else { return (storage[i].key, storage[i].value) }
            let m = document.member(Int(documentIndex), i)
            return (document.node(m.key), document.node(m.value))
        }

        static func == (a: Mapping, b: Mapping) -> Bool {
            let x = a.pairs
            let y = b.pairs
            return a.mark == b.mark && x.count == y.count
                && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        }
    }

    var mark: Mark? {
        switch self {
        case .scalar(let s): s.mark
        case .sequence(let s): s.mark
        case .mapping(let m): m.mark
        }
    }

    /// The same document from Yams's tree. Aliases are expanded here, so call it only after
    /// `ScenarioLimits.expansionProblem` has bounded what they add.
    init(yaml node: Node) {
        let mark = node.mark.map { Mark(line: $0.line, column: $0.column) }
        switch node {
        case .scalar(let s):
            self = .scalar(
                Scalar(
                    string: s.string, isPlain: s.style == .plain || s.style == .any, tag: s.tag.description,
                    mark: mark))
        case .sequence(let items):
            self = .sequence(Sequence(nodes: items.map(ScenarioNode.init(yaml:)), mark: mark))
        case .mapping(let mapping):
            self = .mapping(
                Mapping(
                    pairs: mapping.map { Pair(key: ScenarioNode(yaml: $0.key), value: ScenarioNode(yaml: $0.value)) },
                    mark: mark))
        }
    }
}
