import RestoreTrace

/// Escaping for every text format the exporters write. Scenario and trace text is hostile until escaped.
enum Escape {
    /// Text for HTML element content and attribute values.
    /// Control characters are shown as `\u{1B}`, as on the terminal: the page never carries them raw.
    static func html(_ s: String) -> String {
        // Most names are plain ASCII with nothing to escape: a report escapes hundreds of
        // thousands of them, so those go back as they are.
        if s.utf8.allSatisfy(isPlainHTML) { return s }
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for ch in VisibleText.escapingControls(s).unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    /// A byte `html` copies as it is: printable ASCII other than `& < > " '`.
    @inline(__always)
    static func isPlainHTML(_ b: UInt8) -> Bool {
        b >= 0x20 && b < 0x7F && b != UInt8(ascii: "&") && b != UInt8(ascii: "<") && b != UInt8(ascii: ">")
            && b != UInt8(ascii: "\"") && b != UInt8(ascii: "'")
    }

    /// The longest name drawn in a node (class, identifier, cause), in characters; the page shows it whole.
    static let drawnNameLimit = 60
    /// The longest title or tooltip drawn.
    static let drawnTitleLimit = 200

    /// The longest name or value the page writes into itself (lists, tables of keys, scene
    /// cards), in characters; the node tables and the search, which load on demand, keep every
    /// name whole. Written whole, 45 lost nodes with 150 KB identifiers made a 7 MB page.
    static let shownLimit = 500

    /// `s` as the page writes it inline: `drawn(s, limit: shownLimit)`.
    static func shown(_ s: String) -> String { drawn(s, limit: shownLimit) }

    /// `s` shortened for drawing: its start and end with `…` between, at most `limit` characters.
    /// Graphviz lays a label out by its full width; a 14,000-character identifier broke the
    /// layout ("Edge length larger than 65535") and a 10 MB name took minutes.
    static func drawn(_ s: String, limit: Int) -> String {
        let scalars = s.unicodeScalars
        guard scalars.count > limit else { return s }
        let head = (limit - 1) / 2
        let tail = limit - 1 - head
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars.prefix(head))
        out.append("…")
        out.append(contentsOf: scalars.suffix(tail))
        return String(out)
    }

    /// Text inside a DOT HTML-like label: XML-escaped, with control characters made visible
    /// because XML 1.0 cannot carry them and Graphviz would write them raw into the SVG.
    /// Backslashes are doubled: Graphviz replaces `\N`, `\G`, `\L`… in an HTML-like label too, and
    /// `nav\N` was drawn as `navn1` (an entity, `&#92;N`, is replaced as well; libgvc 2.43).
    static func dotHTML(_ s: String) -> String {
        html(visibleControls(s)).replacingOccurrences(of: "\\", with: "\\\\")
    }

    /// Text inside a double-quoted DOT string (a plain label). Backslashes are doubled so
    /// Graphviz's own escapes (`\N`, `\G`, `\l`) in an identifier stay literal.
    static func dotString(_ s: String) -> String { dotQuoted(s, backslash: "\\\\") }

    /// Text inside a double-quoted DOT `tooltip`. Graphviz reads a tooltip's backslashes twice,
    /// so each is written four times: doubled, `a\\N` still became `a` and the node's name
    /// (measured with libgvc 2.43: `\\\\N` is the one spelling drawn as `\N`).
    static func dotTooltip(_ s: String) -> String { dotQuoted(s, backslash: "\\\\\\\\") }

    private static func dotQuoted(_ s: String, backslash: String) -> String {
        var out = ""
        for ch in visibleControls(s).unicodeScalars {
            switch ch {
            case "\\": out += backslash
            case "\"": out += "\\\""
            // Graphviz decodes entities in a quoted string: `a&lt;b` was drawn `a<b`, and the
            // report's drawing disagreed with its own cards (r19 CLI hunt).
            case "&": out += "&amp;"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    /// Replaces C0 controls and DEL with their Unicode control pictures (a newline shows as ␊).
    static func visibleControls(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: isControl) else { return s }
        var out = String.UnicodeScalarView()
        for ch in s.unicodeScalars {
            if ch.value < 0x20 {
                out.append(Unicode.Scalar(0x2400 + ch.value)!)
            } else if ch.value == 0x7F {
                out.append("\u{2421}")
            } else if (0x80...0x9F).contains(ch.value) || ch.value == 0xFFFE || ch.value == 0xFFFF {
                out.append("\u{FFFD}")
            } else if isControl(ch) {
                // A bidirectional override or a line separator: as the page shows it (VisibleText).
                // Raw in a tooltip, "City\u{202E}gnp.exe" read "Cityexe.png".
                out.append(contentsOf: VisibleText.escapingControls(String(ch)).unicodeScalars)
            } else {
                out.append(ch)
            }
        }
        return String(out)
    }

    private static func isControl(_ ch: Unicode.Scalar) -> Bool {
        ch.value < 0x20 || ch.value == 0x7F || (0x80...0x9F).contains(ch.value)
            || ch.value == 0xFFFE || ch.value == 0xFFFF || VisibleText.isControl(ch)
    }

    /// JSON text made safe inside `<script>`: `<`, `>`, `&` and the JavaScript line separators
    /// become `\uXXXX`, which JSON decodes back to the same characters.
    static func scriptJSON(_ json: String) -> String {
        // Byte-level: the page can carry 100,000 events, and the escapes are all ASCII.
        var out: [UInt8] = []
        out.reserveCapacity(json.utf8.count + json.utf8.count / 16)
        let bytes = Array(json.utf8)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "<"): out += Array("\\u003c".utf8)
            case UInt8(ascii: ">"): out += Array("\\u003e".utf8)
            case UInt8(ascii: "&"): out += Array("\\u0026".utf8)
            // DEL and C1 controls can only be inside JSON strings, where `\u00XX` means the same.
            case 0x7F: out += Array("\\u007f".utf8)
            case 0xC2 where i + 1 < bytes.count && (0x80...0x9F).contains(bytes[i + 1]):
                out += Array("\\u00".utf8) + Array(hex4(UInt32(bytes[i + 1])).utf8.suffix(2))
                i += 1
            case 0xE2
            where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                out += Array((bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                i += 2
            default: out.append(b)
            }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` as the body of a single-quoted JavaScript string, safe inline in `<script>`
    /// and in a `data/*.js` file: `\\`, `'`, line breaks, `<`, `>`, `&`, U+2028/2029, DEL and C1
    /// controls are escaped; everything else is copied in runs.
    static func appendJSStringBody(_ text: [UInt8], to out: inout [UInt8]) {
        text.withUnsafeBufferPointer { appendJSStringBody($0, to: &out) }
    }

    /// The same, from a buffer. Sixteen bytes at a time are looked at together and copied
    /// when none needs escaping (JSON event lines are mostly such runs). Escapes and short runs
    /// are written into a small buffer on the stack that goes to `out` in one append: a big
    /// report's node rows hold ~60 escapes each (`<` and `>`, 10 million at 200x200), and byte
    /// by byte, with an append per escaped byte, this was 8.6 % of a report's instructions
    /// (grid 80, callgrind).
    static func appendJSStringBody(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        let needed = out.count + bytes.count + bytes.count / 4
        if out.capacity < needed { out.reserveCapacity(Swift.max(needed, 2 * out.capacity)) }
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        let kinds = jsKindsPointer
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: EscapeWriter.size) { scratch in
            var writer = EscapeWriter(scratch: scratch.baseAddress!)
            var i = 0
            var run = 0
            while i < count {
                if i + 16 <= count, !mayNeedEscape(UnsafeRawPointer(base + i)) {
                    i += 16
                    continue
                }
                // At most the next sixteen bytes one by one, then whole blocks again.
                let blockEnd = Swift.min(i + 16, count)
                while i < blockEnd {
                    let b = base[i]
                    let kind = kinds[Int(b)]
                    if kind == JSKind.copy {
                        i += 1
                        continue
                    }
                    let escaped: UInt32
                    var width = 1
                    switch kind {
                    case JSKind.short:
                        writer.copy(base + run, i - run, to: &out)
                        writer.put(UInt8(ascii: "\\"), shortEscape(b), to: &out)
                        i += 1
                        run = i
                        continue
                    case JSKind.unicode: escaped = UInt32(b)
                    default:
                        // A lead byte: escaped only as a C1 control or U+2028/2029.
                        if b == 0xC2, i + 1 < count, (0x80...0x9F).contains(base[i + 1]) {
                            escaped = UInt32(base[i + 1])
                            width = 2
                        } else if b == 0xE2, i + 2 < count, base[i + 1] == 0x80,
                            base[i + 2] == 0xA8 || base[i + 2] == 0xA9
                        {
                            escaped = 0x2000 | UInt32(base[i + 2] & 0x7F)
                            width = 3
                        } else {
                            i += 1
                            continue
                        }
                    }
                    writer.copy(base + run, i - run, to: &out)
                    writer.putUnicodeEscape(escaped, to: &out)
                    i += width
                    run = i
                }
            }
            writer.copy(base + run, count - run, to: &out)
            writer.flush(to: &out)
        }
    }

    /// Gathers an escaped text's pieces on the stack and appends them to the output together.
    private struct EscapeWriter {
        // Small enough to be on the stack (a larger temporary allocation is a malloc per call).
        static let size = 1_024
        /// Runs this long or longer go to the output directly rather than through the buffer.
        static let longRun = 256
        let scratch: UnsafeMutablePointer<UInt8>
        var used = 0

        @inline(__always)
        mutating func copy(_ p: UnsafePointer<UInt8>, _ n: Int, to out: inout [UInt8]) {
            guard n > 0 else { return }
            if n >= Self.longRun {
                flush(to: &out)
                out.append(contentsOf: UnsafeBufferPointer(start: p, count: n))
                return
            }
            if used + n > Self.size { flush(to: &out) }
            (scratch + used).update(from: p, count: n)
            used += n
        }

        @inline(__always)
        mutating func put(_ a: UInt8, _ b: UInt8, to out: inout [UInt8]) {
            if used + 2 > Self.size { flush(to: &out) }
            scratch[used] = a
            scratch[used + 1] = b
            used += 2
        }

        /// `\uXXXX` with lowercase hex digits, as `appendUnicodeEscape` writes them.
        @inline(__always)
        mutating func putUnicodeEscape(_ v: UInt32, to out: inout [UInt8]) {
            if used + 6 > Self.size { flush(to: &out) }
            @inline(__always) func digit(_ d: UInt32) -> UInt8 { d < 10 ? UInt8(48 + d) : UInt8(87 + d) }
            scratch[used] = UInt8(ascii: "\\")
            scratch[used + 1] = UInt8(ascii: "u")
            scratch[used + 2] = digit((v >> 12) & 0xF)
            scratch[used + 3] = digit((v >> 8) & 0xF)
            scratch[used + 4] = digit((v >> 4) & 0xF)
            scratch[used + 5] = digit(v & 0xF)
            used += 6
        }

        mutating func flush(to out: inout [UInt8]) {
            guard used > 0 else { return }
            out.append(contentsOf: UnsafeBufferPointer(start: scratch, count: used))
            used = 0
        }
    }

    /// Whether any of the 16 bytes at `p` may need escaping: a control, DEL or any byte from
    /// 0x80 (a lead byte is looked at one by one), `&`, `'`, `<`, `>` or `\`. A superset of
    /// the escaped bytes, tested eight at a time with word arithmetic (Swift's `SIMD16` took
    /// several times the instructions of the byte loop here).
    @inline(__always)
    private static func mayNeedEscape(_ p: UnsafeRawPointer) -> Bool {
        mayNeedEscape(p.loadUnaligned(as: UInt64.self))
            || mayNeedEscape(p.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    }

    @inline(__always)
    private static func mayNeedEscape(_ x: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        /// Some byte of `y` is zero (exact as a yes or no).
        func hasZero(_ y: UInt64) -> Bool { (y &- ones) & ~y & highs != 0 }
        // A byte below 0x20, or above 0x7E (DEL and every byte from 0x80).
        let below20 = (x &- 0x20 &* ones) & ~x & highs
        let above7E = ((x &+ ones) | x) & highs
        if below20 | above7E != 0 { return true }
        // `&` 0x26 and `'` 0x27 differ in bit 0; `<` 0x3C and `>` 0x3E in bit 1.
        return hasZero((x ^ (0x26 &* ones)) & ~ones) || hasZero((x ^ (0x3C &* ones)) & ~(2 &* ones))
            || hasZero(x ^ (0x5C &* ones))
    }

    /// What `appendJSStringBody` does with each byte.
    private enum JSKind {
        static let copy: UInt8 = 0
        /// `\\`, `\'`, `\n`, `\r`.
        static let short: UInt8 = 1
        /// `\u00XX`.
        static let unicode: UInt8 = 2
        /// The lead byte of a C1 control or of U+2028/2029: looked at with the bytes after it.
        static let lead: UInt8 = 3
    }

    /// `jsKinds` where the loop reads it without bounds checks; allocated once, never freed,
    /// never written after it is made (so shared by every thread safely).
    nonisolated(unsafe) private static let jsKindsPointer: UnsafePointer<UInt8> = {
        let p = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        p.initialize(from: jsKinds, count: 256)
        return UnsafePointer(p)
    }()

    private static let jsKinds: [UInt8] = (0...255).map { b -> UInt8 in
        switch b {
        case 0x5C, 0x27, 0x0A, 0x0D: JSKind.short
        case 0x3C, 0x3E, 0x26, 0x7F, 0..<0x20: JSKind.unicode
        case 0xC2, 0xE2: JSKind.lead
        default: JSKind.copy
        }
    }

    @inline(__always)
    private static func shortEscape(_ b: UInt8) -> UInt8 {
        switch b {
        case 0x0A: UInt8(ascii: "n")
        case 0x0D: UInt8(ascii: "r")
        default: b
        }
    }

    /// `\uXXXX` with lowercase hex digits, as `hex4` writes them.
    @inline(__always)
    private static func appendUnicodeEscape(_ v: UInt32, to out: inout [UInt8]) {
        func digit(_ d: UInt32) -> UInt8 { d < 10 ? UInt8(48 + d) : UInt8(87 + d) }
        out.append(UInt8(ascii: "\\"))
        out.append(UInt8(ascii: "u"))
        out.append(digit((v >> 12) & 0xF))
        out.append(digit((v >> 8) & 0xF))
        out.append(digit((v >> 4) & 0xF))
        out.append(digit(v & 0xF))
    }

    /// A JSON string literal, quotes included (the trace's own escaping).
    static func jsonString(_ s: String) -> String { JSONValue.string(s).serialized }

    static func hex4(_ v: UInt32) -> String {
        let digits = Array("0123456789abcdef")
        return String((0..<4).reversed().map { digits[Int((v >> (UInt32($0) * 4)) & 0xF)] })
    }
}
