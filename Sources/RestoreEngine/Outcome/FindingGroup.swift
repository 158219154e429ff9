import Foundation

/// Findings that say the same thing about different nodes, folded into one entry: a big app
/// repeats one warning for every node (14,850 times on a 100×100 app), and a reader needs the
/// cause once, how often, and where to look first.
public struct FindingGroup: Hashable, Sendable {
    /// The stable reason code; nil for problems with an input file.
    public var code: ReasonCode?
    public var severity: Severity
    /// The message with the node it names replaced by `‹node›`, so findings differing only in
    /// their node share it.
    public var cause: String
    /// The findings in the group, in the order the engine reported them.
    public var members: [Diagnostic]

    /// How many findings the group folds.
    public var count: Int { members.count }

    /// The first `limit` nodes the group is about (path, else locator), in report order.
    public func firstPaths(_ limit: Int) -> [String] {
        Array(members.lazy.compactMap { $0.path ?? $0.locator }.prefix(limit))
    }

    /// Groups `diagnostics` by severity, code and cause, in the order each group first appears
    /// (never a dictionary's order, so output stays deterministic).
    public static func grouping(_ diagnostics: [Diagnostic]) -> [FindingGroup] {
        var groups: [FindingGroup] = []
        var index: [Key: Int] = [:]
        for d in diagnostics {
            // Keyed by the cause's bytes: hashing the String normalizes it first (its `‹node›` is
            // not ASCII), which was a sixth of the grouping.
            let key = Key(code: d.code, severity: d.severity, cause: causeBytes(of: d))
            if let i = index[key] {
                groups[i].members.append(d)
            } else {
                index[key] = groups.count
                let cause = String(decoding: key.cause, as: UTF8.self)
                groups.append(FindingGroup(code: d.code, severity: d.severity, cause: cause, members: [d]))
            }
        }
        return groups
    }

    /// The message without the node it is about: its path, its locator and its identifier
    /// (the last component, as the message quotes it) become `‹node›`.
    ///
    /// Only where the message quotes them (`` `Name` ``, `(Path)`, `'Name'`): replaced anywhere,
    /// a session `photo` turned the type `com.example.photoActivity` into `com.example.‹node›Activity`,
    /// and two findings about different types were folded into one about a type that does not exist.
    ///
    /// Names are matched by their bytes, as UIKit compares restoration identifiers (literally,
    /// `isEqualToString:`): `é` written precomposed and `e` + U+0301 are two identifiers, and their
    /// findings are two groups. (String comparison, which this once used, took them for one.)
    public static func cause(of d: Diagnostic) -> String { String(decoding: causeBytes(of: d), as: UTF8.self) }

    private static func causeBytes(of d: Diagnostic) -> [UInt8] {
        // On UTF-8 bytes: every name is quoted between ASCII marks, so a byte match is a match.
        // String's generic `replacing`, eight times a finding, was 86 % of `record` on an app of
        // 80,000 findings (4.5 s of 5.3 s).
        var text = Array(d.message.utf8)
        var names = [d.path, d.locator].compactMap { $0 }.filter { !$0.isEmpty }
        // A path that is also the locator (most are) is replaced once: the second pass finds nothing.
        if names.count == 2, names[0].utf8.elementsEqual(names[1].utf8) { names.removeLast() }
        let node = Array("‹node›".utf8)
        for name in names.sorted(by: { $0.count > $1.count }) {
            for (open, close) in [(UInt8(ascii: "`"), UInt8(ascii: "`")), (0x28, 0x29), (0x27, 0x27)] {
                replace(&text, [open] + Array(name.utf8) + [close], with: [open] + node + [close])
            }
        }
        let backtick = UInt8(ascii: "`")
        for name in names {
            replace(&text, [backtick] + lastComponent(name) + [backtick], with: [backtick] + node + [backtick])
        }
        // Messages name a node as "`Name` (Path)": that pair reads as one placeholder.
        replace(&text, Array("`‹node›` (‹node›)".utf8), with: node)
        // A view's owner is its path's parent, a different one for every view of a skipped
        // stack: named, each view was a group of its own ("188 more findings of 188 more kinds"
        // for one cause at 200×200). The owner stays in each member's path.
        if d.code == .viewOwnerNotPreserved, let path = d.locator ?? d.path {
            let components = path.split(separator: "/")
            if components.count >= 2 {
                let owner = Array(components[components.count - 2].utf8)
                replace(&text, Array("its owner `".utf8) + owner + [backtick], with: Array("its owner `‹owner›`".utf8))
            }
        }
        return text
    }

    /// The last non-empty component of a `/`-separated name, as `split(separator: "/").last` gives
    /// it (the whole name when it has none), without walking its Characters.
    private static func lastComponent(_ name: String) -> [UInt8] {
        let bytes = Array(name.utf8)
        let slash = UInt8(ascii: "/")
        var end = bytes.count
        while end > 0, bytes[end - 1] == slash { end -= 1 }
        guard end > 0 else { return bytes }
        var start = end
        while start > 0, bytes[start - 1] != slash { start -= 1 }
        return Array(bytes[start..<end])
    }

    /// Replaces every occurrence of `needle` in `text`, left to right, as `String.replacing` does.
    private static func replace(_ text: inout [UInt8], _ needle: [UInt8], with replacement: [UInt8]) {
        guard !needle.isEmpty, text.count >= needle.count else { return }
        // Found in place, and the text copied only when there is something to replace: most
        // of the nine needles a finding is searched for are not in it.
        let hits: [Int] = text.withUnsafeBytes { t in
            needle.withUnsafeBytes { n in
                var found: [Int] = []
                var start = 0
                // memchr for the first byte, then memcmp (memmem is not in every C library).
                while start + n.count <= t.count,
                    let hit = memchr(t.baseAddress! + start, Int32(n[0]), t.count - n.count + 1 - start)
                {
                    let at = t.baseAddress!.distance(to: UnsafeRawPointer(hit))
                    if memcmp(hit, n.baseAddress!, n.count) == 0 {
                        found.append(at)
                        start = at + n.count
                    } else {
                        start = at + 1
                    }
                }
                return found
            }
        }
        guard !hits.isEmpty else { return }
        var out: [UInt8] = []
        out.reserveCapacity(text.count + hits.count * max(0, replacement.count - needle.count))
        var copied = 0
        for at in hits {
            out += text[copied..<at]
            out += replacement
            copied = at + needle.count
        }
        out += text[copied...]
        text = out
    }

    private struct Key: Hashable {
        var code: ReasonCode?
        var severity: Severity
        var cause: [UInt8]

        // The cause's bytes hashed as one block: an array hashes element by element (a call a
        // byte, 4 % of a replay with 80,000 findings).
        func hash(into hasher: inout Hasher) {
            hasher.combine(code)
            hasher.combine(severity)
            hasher.combine(cause.count)
            cause.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }
}
