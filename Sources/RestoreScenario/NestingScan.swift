import Foundation

/// Measures how deep a YAML or JSON text nests, from the text alone, before any tree is built.
///
/// Yams composes a document by recursion, one stack frame chain per level, and only then can the
/// scenario reader judge it: a file nested 20,000 levels deep overflowed the stack before a single
/// rule ran. This scan walks the bytes once with a small state machine (quotes, comments, block
/// scalars, flow brackets and block indentation) and stops at the first point deeper than the
/// limit, so such a file is refused with a location and no tree ever exists.
///
/// It is an upper bound, not a YAML parser: a block collection is counted when its indicator
/// (`- `, `? `, `key:`) appears at a new indentation, a flow collection at each `[`/`{` that opens
/// a node. Text that libyaml would reject anyway may be counted loosely; it is rejected by Yams
/// right after, with its own message.
struct NestingScan {
    /// Where the text first goes deeper than the limit.
    struct Excess: Equatable {
        var line: Int
        var column: Int
    }

    private enum Kind { case sequence, mapping }
    private enum Quote { case none, single, double }

    /// The text's bytes, read in place (a copy into an array was 20 MB at 200×200).
    private let bytes: UnsafeBufferPointer<UInt8>
    private let limit: Int
    private var blocks: [(indent: Int, kind: Kind)] = []
    private var flowDepth = 0
    private var quote = Quote.none
    /// Set after a `|` or `>` header: lines indented deeper than this are the scalar's text.
    private var blockScalarIndent: Int?

    /// The first place `text` nests deeper than `limit`, or nil when it stays within it.
    static func firstExcess(in text: String, limit: Int) -> Excess? {
        var text = text
        return text.withUTF8 { bytes in
            var scan = NestingScan(bytes: bytes, limit: limit)
            return scan.run()
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, limit: Int) {
        self.bytes = bytes
        self.limit = limit
    }

    private mutating func run() -> Excess? {
        // libyaml also breaks lines at CR, NEL (U+0085), LS (U+2028) and PS (U+2029): a comment
        // ended by U+2028 hid 3,000 `{` on the "same" line from this scan, and Yams's recursion
        // then overflowed the stack. Texts with none of them (nearly all) keep the `memchr` path.
        let otherBreaks = Self.hasOtherLineBreaks(bytes)
        var start = 0
        var lineNumber = 1
        while start <= bytes.count {
            var end = bytes.count
            var next = bytes.count + 1
            if otherBreaks {
                (end, next) = lineEnd(from: start)
            } else if start < bytes.count, let base = bytes.baseAddress,
                // The line's end by `memchr` (a loop here was a fifth of the scan).
                let newline = memchr(base + start, 0x0A, bytes.count - start)
            {
                end = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
                next = end + 1
            }
            if let column = scanLine(start, end) {
                return Excess(line: lineNumber, column: Self.scalarColumn(bytes[start..<column]))
            }
            start = next
            lineNumber += 1
        }
        return nil
    }

    /// Whether the text holds a line break other than LF (CR, NEL, LS, PS).
    private static func hasOtherLineBreaks(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        if memchr(base, 0x0D, bytes.count) != nil { return true }
        var from = 0
        // NEL is C2 85; LS and PS are E2 80 A8 and E2 80 A9.
        for lead: UInt8 in [0xC2, 0xE2] {
            from = 0
            while from < bytes.count, let hit = memchr(base + from, Int32(lead), bytes.count - from) {
                let i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if lead == 0xC2, i + 1 < bytes.count, bytes[i + 1] == 0x85 { return true }
                if lead == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9
                {
                    return true
                }
                from = i + 1
            }
        }
        return false
    }

    /// Where the line starting at `start` ends, and where the next one starts (CR LF is one break).
    private func lineEnd(from start: Int) -> (end: Int, next: Int) {
        var i = start
        while i < bytes.count {
            switch bytes[i] {
            case 0x0A: return (i, i + 1)
            case 0x0D: return (i, i + 1 < bytes.count && bytes[i + 1] == 0x0A ? i + 2 : i + 1)
            case 0xC2 where i + 1 < bytes.count && bytes[i + 1] == 0x85: return (i, i + 2)
            case 0xE2
            where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                return (i, i + 3)
            default: i += 1
            }
        }
        return (bytes.count, bytes.count + 1)
    }

    /// Scans one line; returns the byte offset where the limit was crossed.
    private mutating func scanLine(_ start: Int, _ end: Int) -> Int? {
        var p = start
        while p < end, bytes[p] == 0x20 { p += 1 }
        let indent = p - start
        let blank = p == end || bytes[p] == 0x0D || bytes[p] == UInt8(ascii: "#")
        if let scalarIndent = blockScalarIndent {
            if blank || indent > scalarIndent { return nil }
            blockScalarIndent = nil
        }
        // Inside a quoted scalar or a flow collection, lines carry on where the last one stopped.
        if quote != .none || flowDepth > 0 {
            return scanContent(from: start, to: end, lineIndent: indent)
        }
        if blank || (indent == 0 && bytes[p] == UInt8(ascii: "%")) { return nil }
        if indent == 0, isDocumentMarker(at: p, end) {
            blocks.removeAll()
            return scanContent(from: p + 3, to: end, lineIndent: 0)
        }
        while let last = blocks.last, last.indent > indent { blocks.removeLast() }
        // Leading `- ` and `? ` indicators: each one opens (or continues) a block collection.
        while p < end, bytes[p] == UInt8(ascii: "-") || bytes[p] == UInt8(ascii: "?"), isBlank(p + 1, end) {
            if open(p - start, bytes[p] == UInt8(ascii: "-") ? .sequence : .mapping) { return p }
            p += 1
            while p < end, bytes[p] == 0x20 { p += 1 }
        }
        // The key's column is where it starts on its line (walking back to the line's start for
        // it, over the indentation just skipped, was a second pass over every line's indent).
        return scanContent(from: p, to: end, lineIndent: indent, keyColumn: p - start)
    }

    /// Scans node text: quotes, comments, flow brackets, and (in block context) the first `key:`.
    /// `keyColumn` is the column of `p0` in block context, nil in flow context or inside a
    /// quoted scalar carried over from the line before.
    private mutating func scanContent(from p0: Int, to end: Int, lineIndent: Int, keyColumn: Int? = nil) -> Int? {
        var keyColumn = keyColumn
        var nodeStart = true
        var p = p0
        while p < end {
            let b = bytes[p]
            switch quote {
            case .double:
                // The text of a double-quoted scalar, up to its end or an escape, in one loop.
                if b != UInt8(ascii: "\\"), b != UInt8(ascii: "\"") {
                    p += 1
                    while p < end, bytes[p] != UInt8(ascii: "\\"), bytes[p] != UInt8(ascii: "\"") { p += 1 }
                    continue
                }
                if b == UInt8(ascii: "\\") {
                    p += 2
                    continue
                }
                if b == UInt8(ascii: "\"") { quote = .none }
                p += 1
                continue
            case .single:
                if b == UInt8(ascii: "'") {
                    if p + 1 < end, bytes[p + 1] == UInt8(ascii: "'") {
                        p += 2
                        continue
                    }
                    quote = .none
                }
                p += 1
                continue
            case .none: break
            }
            // A run of bytes that mean nothing to the scan (most of a scenario's text: keys,
            // names, numbers) only ends a node's start: skipped in one loop rather than each
            // through the `switch` below (the scan was 182 M instructions on the 100×100 grid's
            // YAML, 5 % of `record`).
            if Self.isOrdinary(b) {
                nodeStart = false
                p += 1
                while p < end, Self.isOrdinary(bytes[p]) { p += 1 }
                continue
            }
            switch b {
            case 0x20, 0x09, 0x0D:
                break
            case UInt8(ascii: "#") where p == 0 || [0x20, 0x09, 0x0A].contains(bytes[p - 1]):
                return nil
            case UInt8(ascii: "\"") where nodeStart, UInt8(ascii: "'") where nodeStart:
                quote = b == UInt8(ascii: "\"") ? .double : .single
                nodeStart = false
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                if flowDepth > 0 || nodeStart {
                    flowDepth += 1
                    if blocks.count + flowDepth > limit { return p }
                    nodeStart = true
                } else {
                    nodeStart = false
                }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if flowDepth > 0 { flowDepth -= 1 }
                nodeStart = false
            case UInt8(ascii: ",") where flowDepth > 0:
                nodeStart = true
            case UInt8(ascii: ":") where flowDepth > 0:
                nodeStart = true
            case UInt8(ascii: ":") where isBlank(p + 1, end):
                if let column = keyColumn {
                    keyColumn = nil
                    if open(column, .mapping) { return p0 }
                }
                nodeStart = true
            case UInt8(ascii: "|") where nodeStart && flowDepth == 0,
                UInt8(ascii: ">") where nodeStart && flowDepth == 0:
                blockScalarIndent = lineIndent
                return nil
            case UInt8(ascii: "&") where nodeStart, UInt8(ascii: "!") where nodeStart:
                // An anchor or a tag precedes the node it names: the node still starts after it.
                while p + 1 < end, bytes[p + 1] != 0x20, bytes[p + 1] != UInt8(ascii: ",") { p += 1 }
            default:
                nodeStart = false
            }
            p += 1
        }
        return nil
    }

    /// Opens a block collection at `column`, or continues the one already open there.
    /// - Returns: true when that goes past the limit.
    private mutating func open(_ column: Int, _ kind: Kind) -> Bool {
        if let last = blocks.last, last.indent == column {
            if last.kind == kind { return false }
            // A sequence at its parent key's indentation (`key:` then `- a`) nests inside the
            // mapping; a key after such a sequence ends it.
            if last.kind == .sequence {
                blocks.removeLast()
                if let parent = blocks.last, parent.indent == column, parent.kind == kind { return false }
            }
        }
        blocks.append((column, kind))
        return blocks.count + flowDepth > limit
    }

    /// True for a byte the `switch` in `scanContent` only sends to its `default` (every byte but
    /// tab, CR, space and `!"#&',:>[]{|}`).
    @inline(__always)
    private static func isOrdinary(_ b: UInt8) -> Bool {
        // Bit n set: byte n (below 64) or byte 64 + n is one the switch looks at.
        let low: UInt64 =
            1 << 0x09 | 1 << 0x0D | 1 << 0x20 | 1 << 0x21 | 1 << 0x22 | 1 << 0x23 | 1 << 0x26 | 1 << 0x27 | 1 << 0x2C
            | 1 << 0x3A | 1 << 0x3E
        let high: UInt64 = 1 << (0x5B - 64) | 1 << (0x5D - 64) | 1 << (0x7B - 64) | 1 << (0x7C - 64) | 1 << (0x7D - 64)
        if b < 64 { return low & (1 << UInt64(b)) == 0 }
        if b < 128 { return high & (1 << UInt64(b - 64)) == 0 }
        return true
    }

    private func isBlank(_ p: Int, _ end: Int) -> Bool {
        p >= end || bytes[p] == 0x20 || bytes[p] == 0x09 || bytes[p] == 0x0D
    }

    private func isDocumentMarker(at p: Int, _ end: Int) -> Bool {
        guard p + 3 <= end else { return false }
        let marker = bytes[p..<p + 3]
        return (marker.elementsEqual("---".utf8) || marker.elementsEqual("...".utf8)) && isBlank(p + 3, end)
    }

    /// The 1-based column of the byte after `prefix`, counted in Unicode scalars as libyaml counts.
    private static func scalarColumn(_ prefix: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
        prefix.reduce(1) { count, byte in byte & 0xC0 == 0x80 ? count : count + 1 }
    }
}
