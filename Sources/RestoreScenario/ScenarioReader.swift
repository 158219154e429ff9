import RestoreEngine

/// The state of one parse: the file name and every problem found so far.
///
/// Readers never stop at the first problem: each returns nil for a value it cannot read, records
/// why, and the caller carries on with the next key, so one run reports the whole file.
final class ScenarioReader {
    let file: String
    private(set) var problems: [Diagnostic] = []
    /// Restoration class names used by nodes and objects, checked against `classes:` at the end
    /// (the section may come after its users in the file).
    var classReferences: [(name: String, node: ScenarioNode, key: String)] = []
    /// `storyboards:` entries that name a `.storyboard` file, in file order.
    var storyboardFiles: [(name: String, path: String, node: ScenarioNode)] = []
    /// `app: {mainStoryboard:}`, for its location.
    var mainStoryboardNode: ScenarioNode?
    /// Nodes with `storyboard:` and no `class`, to be instantiated from the file.
    var storyboardNodes: [(reference: StoryboardReference, node: ScenarioNode)] = []
    /// Scene sessions named by `{close: S}` / `{disconnect: S}` steps, checked against `scenes:` at the end.
    var sessionReferences: [(name: String, node: ScenarioNode)] = []
    /// `crashWhileDecoding` values: a scene-based app's name a session, checked against `scenes:`.
    var crashReferences: [(name: String, node: ScenarioNode)] = []
    /// Each scene's `configuration:` as written, by session, checked against the Info.plist's.
    var configurationNodes: [String: ScenarioNode] = [:]
    /// Each scene's `session:` value, in order: where a check of the whole list points.
    var sessionNodes: [ScenarioNode] = []
    /// `background: {crashWhileEncoding:}` values: a scene-based app's name a session, checked against `scenes:`.
    var encodeCrashReferences: [(name: String, node: ScenarioNode)] = []
    /// Where each timeline step's crash key is, by step index (`Scenario.keyLocations`).
    var keyLocations = SourcePositions()
    /// `app.infoPlist` and the `app:` keys written explicitly, which the plist does not override.
    var infoPlistReading = InfoPlistReading()
    /// The last view property found to apply to its view's class (see `checkApplies`): views
    /// of one class repeat the same properties, and the check looks classes up by name.
    var lastAppliedProperty: (key: String, className: String, inherits: String?)?

    init(file: String) { self.file = file }

    /// Records a problem at a node's position.
    func fail(_ node: ScenarioNode?, _ message: String) {
        fail(at: node?.mark, message)
    }

    /// Records a problem found in another file (a storyboard the scenario names).
    func append(_ problem: Diagnostic) { problems.append(problem) }

    /// Records a problem at a position (1:1 when Yams gave none).
    func fail(at mark: ScenarioNode.Mark?, _ message: String) {
        problems.append(
            Diagnostic(at: SourceLocation(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1), message))
    }

    // MARK: Mappings

    /// Reads a mapping whose keys must come from `allowed`.
    ///
    /// Reports a non-mapping, non-string keys, duplicate keys (the first one wins) and unknown
    /// keys with a suggestion. `misplaced` gives a specific message for keys that are valid
    /// elsewhere but not here (view properties on a controller, say).
    /// - Returns: nil when `node` is not a mapping.
    func fields(
        _ node: ScenarioNode, of what: @autoclosure () -> String, allowed: [String],
        misplaced: (String) -> String? = { _ in nil }
    ) -> Fields? {
        guard case .mapping(let mapping) = node else {
            fail(node, "expected a mapping for \(what()), found \(Self.describe(node))")
            return nil
        }
        // The accepted keys and their indices in the mapping are gathered (in local lists,
        // handed to `Fields` at the end: appending to a `Fields` that was also read in the loop
        // copied it). Copying each key node and value into lists of their own, and destroying
        // those lists after, was 40 % of reading the grid's nodes (callgrind, 60×60).
        var keys: [String] = []
        var accepted: [Int32] = []
        keys.reserveCapacity(mapping.count)
        accepted.reserveCapacity(mapping.count)
        var lengths: UInt64 = 0
        let pairs = mapping.pairs  // once: a JSON document's are made when asked for
        for index in pairs.indices {
            let keyNode = pairs[index].key
            guard let key = scalarKey(keyNode) else { continue }
            let length = Fields.lengthBit(key)
            if lengths & length != 0, let first = keys.firstIndex(where: { Fields.sameKey($0, key) }) {
                let line = pairs[Int(accepted[first])].key.mark?.line ?? 1
                fail(keyNode, "duplicate key '\(Self.echoed(key))' (first at line \(line)); keep one of them")
                continue
            }
            guard allowed.contains(where: { Fields.sameKey($0, key) }) else {
                if let message = misplaced(key) {
                    fail(keyNode, message)
                } else {
                    fail(
                        keyNode,
                        "unknown key '\(Self.echoed(key))' in \(what())" + Self.suggestion(for: key, among: allowed))
                }
                continue
            }
            keys.append(key)
            accepted.append(Int32(index))
            lengths |= length
        }
        return Fields(node: node, pairs: pairs, order: keys, accepted: accepted, lengths: lengths)
    }

    /// One member of a mapping whose keys are the user's own. A struct rather than a tuple, as
    /// `ScenarioNode.Pair` is: an array of tuples is copied and destroyed through the runtime's
    /// generic tuple witnesses.
    struct Member {
        var key: String
        var keyNode: ScenarioNode
        var value: ScenarioNode
    }

    /// A mapping whose keys are the user's own (state keys, paths, class names), in file order.
    /// Duplicates are reported and dropped.
    func pairs(_ node: ScenarioNode, of what: @autoclosure () -> String) -> [Member]? {
        guard case .mapping(let mapping) = node else {
            fail(node, "expected a mapping for \(what()), found \(Self.describe(node))")
            return nil
        }
        // A small mapping (a node's state has a few keys) finds duplicates by a scan of what it
        // kept; hashing every key into a dictionary cost more than the scan until ~16 keys.
        let hashed = mapping.count > 16
        var seen: [String: ScenarioNode] = [:]
        var keys: [String] = []
        var result: [Member] = []
        keys.reserveCapacity(mapping.count)
        result.reserveCapacity(mapping.count)
        for (keyNode, value) in mapping {
            guard let key = scalarKey(keyNode) else { continue }
            // By the separate list of keys: reading `result[i].key` copied the whole entry.
            let first =
                hashed ? seen[key] : keys.indices.first { Fields.sameKey(keys[$0], key) }.map { result[$0].keyNode }
            if let first {
                fail(keyNode, "duplicate key '\(key)' (first at line \(first.mark?.line ?? 1)); keep one of them")
                continue
            }
            if hashed { seen[key] = keyNode }
            keys.append(key)
            result.append(Member(key: key, keyNode: keyNode, value: value))
        }
        return result
    }

    /// A key's text; a list or mapping as a key (`? [a, b]`) is reported.
    private func scalarKey(_ node: ScenarioNode) -> String? {
        guard case .scalar(let scalar) = node else {
            fail(node, "a key must be a name, found \(Self.describe(node))")
            return nil
        }
        return scalar.string
    }

    // MARK: Lists

    /// Reads a list; a single item where a list belongs is an error, not silently wrapped.
    func list(_ node: ScenarioNode, of what: @autoclosure () -> String) -> [ScenarioNode]? {
        guard case .sequence(let sequence) = node else {
            fail(node, "expected a list for \(what()), found \(Self.describe(node))")
            return nil
        }
        return sequence.nodes
    }

    // MARK: Describing and suggesting

    /// How a node reads in a message: `'text'`, `null`, `a list`, `a mapping`.
    static func describe(_ node: ScenarioNode) -> String {
        if case .scalar(let scalar) = node {
            return CoreScalar(scalar) == .null && scalar.string.isEmpty ? "nothing" : "'\(scalar.string)'"
        }
        if case .sequence = node { return "a list" }
        if case .mapping = node { return "a mapping" }
        return "an unsupported YAML node"
    }

    /// A key as a message repeats it: whole up to 120 characters, else its start and end around
    /// how many characters it has (a 200,000-character key made a 200 KB error line).
    static func echoed(_ key: String) -> String {
        guard key.count > 120 else { return key }
        return "\(key.prefix(60))…\(key.suffix(40)), \(key.count) characters"
    }

    /// ` (did you mean 'x'?)` for the closest candidate, or nothing when none is close.
    static func suggestion(for word: String, among candidates: [String]) -> String {
        guard let best = closest(to: word, among: candidates) else { return "" }
        // A deprecated delegate method is never suggested alone: its iOS 13.2 replacement comes first.
        if let secure = secureReplacements[best], candidates.contains(secure) {
            return " (did you mean '\(secure)', or the deprecated '\(best)'?)"
        }
        return " (did you mean '\(best)'?)"
    }

    /// The candidate a typo most likely meant: close in edit distance, or one the word abbreviates.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let lower = word.lowercased()
        guard !lower.isEmpty else { return nil }
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let c = candidate.lowercased()
            var distance = editDistance(lower, c)
            // `restorationID` abbreviates `restorationIdentifier`: as good as a one-letter typo.
            if lower.count >= 4, c.hasPrefix(lower) || lower.hasPrefix(c) { distance = min(distance, 1) }
            // `childs` for `children`: a plural made with `s` on the key's stem.
            if lower.count >= 5, lower.hasSuffix("s"), c.hasPrefix(lower.dropLast()) { distance = min(distance, 1) }
            let limit = max(1, c.count / 3)
            // A distance as long as the word itself means nothing in common ('c' vs 'a').
            if distance <= limit, distance < lower.count, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// Levenshtein distance over Unicode scalars.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

/// A mapping's known keys, read once; absent keys are nil.
///
/// The mapping's own pairs, and the keys the reader accepted (known keys, first of duplicates)
/// with their indices in the pairs, in file order, searched by a linear scan: a scenario mapping has a handful of
/// keys, and comparing a few short strings costs less than hashing them into a dictionary for
/// each of the file's tens of thousands of nodes. The scans compare lengths first (see
/// `lengths`, then `sameKey`): copying entries while scanning retained each of their
/// references, and the runtime's string comparison for every key that differs cost more than
/// the rest of the scan (~4 % of record at 200×200).
struct Fields {
    let node: ScenarioNode
    private let pairs: [ScenarioNode.Pair]
    /// The keys read, in file order (their own list: reading a key from its node in `pairs`
    /// copied the node, and the scans read keys far more often than anything else).
    let order: [String]
    /// `order[i]` is the key of `pairs[accepted[i]]`.
    private let accepted: [Int32]
    /// Bit `n % 64` set when an accepted key has `n` UTF-8 bytes. The reader asks a node for
    /// every key it may have (15 on a controller, 24 on a view) and most are absent; nearly all
    /// of those differ in length from every key present, so one test answers without comparing
    /// strings (`index(of:)` was 13 % of reading the grid's nodes).
    private let lengths: UInt64

    /// `order[i]` is the key of `pairs[accepted[i]]`; `lengths` has `lengthBit` of each key.
    init(
        node: ScenarioNode, pairs: [ScenarioNode.Pair], order: [String], accepted: [Int32],
        lengths: UInt64
    ) {
        self.node = node
        self.pairs = pairs
        self.order = order
        self.accepted = accepted
        self.lengths = lengths
    }

    @inline(__always)
    subscript(key: String) -> ScenarioNode? { mayHave(key) ? index(of: key).map { pairs[$0].value } : nil }
    @inline(__always)
    func has(_ key: String) -> Bool { mayHave(key) && index(of: key) != nil }
    /// Where the key itself is written.
    func keyNode(_ key: String) -> ScenarioNode? { mayHave(key) ? index(of: key).map { pairs[$0].key } : nil }

    /// False when no key read has `key`'s length. Inlined where it is asked: the reader asks
    /// with literals, whose length is then a constant, and most of its lookups end here
    /// without a call (`index(of:)` was still 14 % of reading the grid's nodes when called
    /// for every lookup).
    @inline(__always)
    func mayHave(_ key: String) -> Bool { lengths & Self.lengthBit(key) != 0 }

    /// The index in `pairs` of the accepted key `key`.
    private func index(of key: String) -> Int? {
        for i in order.indices where Self.sameKey(order[i], key) { return Int(accepted[i]) }
        return nil
    }

    @inline(__always)
    static func lengthBit(_ key: String) -> UInt64 { 1 << UInt64(key.utf8.count & 63) }

    /// `a == b`, with the byte counts (stored in the string, so free to read) compared first:
    /// most keys compared differ, and most differ in length.
    @inline(__always)
    static func sameKey(_ a: String, _ b: String) -> Bool { a.utf8.count == b.utf8.count && a == b }
}
