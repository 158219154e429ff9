import RestoreEngine

/// Trace format 2: the lines after an event line (its hierarchy's node lines, then its archive's
/// entry lines; see `TraceLines`) as ranges of the record's bytes, turned back into the format-1
/// members on request, so every decoder downstream reads one shape. Problems are located at the
/// node or entry line they are on.
struct LineGroup: Sendable {
    struct Member: Sendable {
        var range: Range<Int>
        var line: Int
        var unterminated: Bool
    }
    var file: String
    var nodes: [Member] = []
    var entries: [Member] = []

    /// Where each node hangs: its parent's index and slot (nil for the root).
    typealias Links = [(parent: Int, slot: String)?]

    static let slots = ["children", "presented", "views"]

    // MARK: Counts on the event line

    /// Whether a `hierarchy` or `archive` member is there and not null: the event line has a
    /// group. (A two-element array of them to ask was an allocation for every line read; gone
    /// with the changes of 1,583.9M -> 1,541.8M instructions, -2.7 %, g80 replay, callgrind.)
    static func present(_ head: JSONValue?) -> Bool {
        guard let head else { return false }
        return !head.isNull
    }

    /// How many node and entry lines follow an event line whose `hierarchy` and `archive` are
    /// these values (nil when absent): `{"nodes":K}` with K ≥ 1, `{"appLevel":…,"entries":M}`.
    static func counts(hierarchy: JSONValue?, archive: JSONValue?) throws(DecodeProblem) -> (nodes: Int, entries: Int) {
        var nodes = 0
        var entries = 0
        if let h = hierarchy, !h.isNull {
            guard case .object(let m) = h, m.count == 1, m[0].0 == "nodes", let k = m[0].1.intValue, k >= 1 else {
                throw DecodeProblem(
                    EventField.hierarchy.name,
                    "must be {\"nodes\":K} in trace format 2: the number (1 or more) of node lines after the event line"
                )
            }
            nodes = k
        }
        if let a = archive, !a.isNull {
            guard case .object = a, let k = a["entries"]?.intValue, k >= 0 else {
                throw DecodeProblem(
                    EventField.archive.name,
                    "must be {\"appLevel\":{…},\"entries\":M} in trace format 2: the number of entry lines after the event line"
                )
            }
            entries = k
        }
        return (nodes, entries)
    }

    // MARK: Assembling

    /// The hierarchy as one nested node object, and where each node hangs.
    func hierarchy(in bytes: [UInt8]) throws(TraceError) -> (JSONValue, Links) {
        var members: [[(String, JSONValue)]] = []
        var links: Links = []
        var hung: [[(slot: String, node: Int)]] = Array(repeating: [], count: nodes.count)
        var depth = [Int](repeating: 1, count: nodes.count)
        for (i, node) in nodes.enumerated() {
            var pairs = try object(node, in: bytes, index: i, named: "node")
            var parent: Int?
            var slot: String?
            pairs.removeAll { name, value in
                if name == "parent" {
                    parent = value.intValue ?? -1
                } else if name == "slot" {
                    slot = value.stringValue ?? ""
                }
                return name == "parent" || name == "slot"
            }
            if let nested = pairs.first(where: { Self.slots.contains($0.0) })?.0 {
                throw error(
                    node, in: bytes, member: nested, "a node line holds no '\(nested)': each node is a line of its own")
            }
            if i == 0 {
                guard parent == nil, slot == nil else {
                    throw error(node, in: bytes, member: "parent", "node 0 is the root: it has no 'parent' or 'slot'")
                }
                links.append(nil)
            } else {
                guard let p = parent, (0..<i).contains(p) else {
                    throw error(
                        node, in: bytes, member: "parent",
                        "node \(i) needs a 'parent' among the nodes before it (0…\(i - 1))")
                }
                guard let s = slot, Self.slots.contains(s) else {
                    throw error(
                        node, in: bytes, member: "slot", "node \(i) needs a 'slot': children, presented or views")
                }
                if s == "presented", hung[p].contains(where: { $0.slot == "presented" }) {
                    throw error(node, in: bytes, member: "slot", "node \(p) already has a presented node")
                }
                depth[i] = depth[p] + 1
                guard depth[i] <= NodeBlueprint.maximumDepth else {
                    throw error(
                        node, in: bytes, member: "parent",
                        "node \(i) is \(depth[i]) levels deep; a hierarchy nests at most \(NodeBlueprint.maximumDepth) (UIKit's are a few dozen)"
                    )
                }
                hung[p].append((s, i))
                links.append((p, s))
            }
            members.append(pairs)
        }
        // Children come after their parents: build from the last node up.
        var built = [JSONValue?](repeating: nil, count: nodes.count)
        for i in nodes.indices.reversed() {
            var pairs = members[i]
            members[i] = []
            for slot in Self.slots {
                let values = hung[i].filter { $0.slot == slot }.map { built[$0.node]! }
                guard !values.isEmpty else { continue }
                pairs.append((slot, slot == "presented" ? values[0] : .array(values)))
            }
            for (_, n) in hung[i] { built[n] = nil }
            built[i] = .object(pairs)
        }
        return (built[0] ?? .null, links)
    }

    /// The archive as one object: its event line's `head` with the entries in place of their count.
    func archive(head: JSONValue, in bytes: [UInt8]) throws(TraceError) -> JSONValue {
        var list: [JSONValue] = []
        for (i, entry) in entries.enumerated() {
            list.append(.object(try object(entry, in: bytes, index: i, named: "entry")))
        }
        guard case .object(let pairs) = head else { return head }
        return .object(pairs.map { $0.0 == "entries" ? ($0.0, .array(list)) : $0 })
    }

    /// A node or entry line's members after its index, which must be `index`.
    private func object(_ m: Member, in bytes: [UInt8], index: Int, named kind: String) throws(TraceError)
        -> [(String, JSONValue)]
    {
        let value: JSONValue
        do { value = try JSONParser.parse(Array(bytes[m.range])) } catch {
            throw TraceError.malformedJSON(error, file: file, line: m.line, unterminated: m.unterminated)
        }
        guard case .object(let pairs) = value, let (name, n) = pairs.first, name == kind, n.intValue == index else {
            throw TraceError(
                file: file, line: m.line, column: 1, "expected \(kind) line \(index) of its event",
                hint: "\(kind) lines are numbered 0, 1, 2 … after their event line; was the file edited?")
        }
        return Array(pairs.dropFirst())
    }

    private func error(_ m: Member, in bytes: [UInt8], member: String, _ message: String) -> TraceError {
        TraceError(
            file: file, line: m.line, column: Self.column(ofMember: member, in: Array(bytes[m.range])), message)
    }

    // MARK: Locating decode problems

    /// The node or entry line a decoding problem (`hierarchy.children[2].views[0].state.k`,
    /// `archive.entries[5].coder`) is on, with the column of the member it names.
    func locate(_ field: String, links: Links?, in bytes: [UInt8]) -> (line: Int, column: Int)? {
        var steps = field.split(separator: ".").map(String.init)
        guard let top = steps.first else { return nil }
        steps.removeFirst()
        if top.hasPrefix("archive"), top == "archive", let first = steps.first, first.hasPrefix("entries["),
            let i = Int(first.dropFirst("entries[".count).dropLast()), entries.indices.contains(i)
        {
            let member = steps.dropFirst().first.map(Self.memberName) ?? "entry"
            return (entries[i].line, Self.column(ofMember: member, in: Array(bytes[entries[i].range])))
        }
        guard top == "hierarchy", let links, !nodes.isEmpty else { return nil }
        var node = 0
        var member = "node"
        for step in steps {
            let name = Self.memberName(step)
            let index = step.firstIndex(of: "[").flatMap { Int(step[step.index(after: $0)...].dropLast()) } ?? 0
            let kids = links.indices.filter { links[$0]?.parent == node && links[$0]?.slot == name }
            guard Self.slots.contains(name), kids.indices.contains(index) else {
                member = name
                break
            }
            node = kids[index]
        }
        return (nodes[node].line, Self.column(ofMember: member, in: Array(bytes[nodes[node].range])))
    }

    /// `children[2]` → `children`.
    private static func memberName(_ step: String) -> String { String(step.prefix { $0 != "[" }) }

    /// The column (in characters) where `"name":` first appears in a line, or 1.
    static func column(ofMember name: String, in line: [UInt8]) -> Int {
        let needle = Array("\"\(name)\":".utf8)
        guard needle.count <= line.count else { return 1 }
        for i in 0...(line.count - needle.count) where line[i] == needle[0] {
            if line[i..<i + needle.count].elementsEqual(needle) {
                return String(decoding: line[..<i], as: UTF8.self).count + 1
            }
        }
        return 1
    }

    // MARK: Keys

    /// `entries[*].key` read from the entry lines without decoding them; nil if one is unusual.
    /// A key without escapes is taken as the bytes it is, with no String made of it.
    func archiveKeys(in bytes: [UInt8]) -> ArchiveKeySet? {
        var keys = ArchiveKeySet()
        for m in entries {
            var p = JSONParser(bytes: bytes, at: m.range.lowerBound)
            var found = false
            do {
                try p.enterObject()
                var first = true
                while !found, let name = try p.nextMemberKey(first: &first) {
                    guard p.bytes(name, are: "key") else {
                        try p.skipValue()
                        continue
                    }
                    if let plain = Self.plainString(bytes, at: p.i) {
                        bytes.withUnsafeBufferPointer { keys.append(UnsafeBufferPointer(rebasing: $0[plain])) }
                    } else {
                        guard case .string(let k) = try p.value() else { return nil }
                        Array(k.utf8).withUnsafeBufferPointer { keys.append($0) }
                    }
                    found = true
                }
            } catch { return nil }
            guard found else { return nil }
        }
        keys.seal()
        return keys
    }

    /// The contents of the JSON string at `start` when it has no escape or control character
    /// (so its value is those bytes); nil otherwise, or when no string starts there.
    private static func plainString(_ bytes: [UInt8], at start: Int) -> Range<Int>? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") else { return nil }
        // A word at a time, as the parser finds a plain run (a byte at a time was ~8
        // instructions a byte of every archive key read).
        let i = bytes.withUnsafeBytes { JSONParser.plainRunEnd(in: $0, from: start + 1) }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
        return start + 1..<i
    }
}
