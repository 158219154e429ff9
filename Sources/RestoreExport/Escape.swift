import RestoreTrace

/// Escaping for every text format the exporters write. Scenario and trace text is hostile until escaped.
enum Escape {
    /// Text for HTML element content and attribute values.
    /// Control characters are shown as `\u{1B}`, as on the terminal: the page never carries them raw.
    static func html(_ s: String) -> String {
        // Most names are plain ASCII with nothing to escape: a report escapes hundreds of
        // thousands of them, so those go back as they are.
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && !htmlSpecial($0) }) { return s }
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

    private static func htmlSpecial(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "&") || b == UInt8(ascii: "<") || b == UInt8(ascii: ">") || b == UInt8(ascii: "\"")
            || b == UInt8(ascii: "'")
    }

    /// The longest name drawn in a node (class, identifier, cause), in characters; the page shows it whole.
    static let drawnNameLimit = 60
    /// The longest title or tooltip drawn.
    static let drawnTitleLimit = 200

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
    static func dotHTML(_ s: String) -> String { html(visibleControls(s)) }

    /// Text inside a double-quoted DOT string. Backslashes are doubled so Graphviz's own escapes
    /// (`\N`, `\G`, `\l`) in an identifier stay literal.
    static func dotString(_ s: String) -> String {
        var out = ""
        for ch in visibleControls(s).unicodeScalars {
            switch ch {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
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
            } else if isControl(ch) {
                out.append("\u{FFFD}")
            } else {
                out.append(ch)
            }
        }
        return String(out)
    }

    private static func isControl(_ ch: Unicode.Scalar) -> Bool {
        ch.value < 0x20 || ch.value == 0x7F || (0x80...0x9F).contains(ch.value)
            || ch.value == 0xFFFE || ch.value == 0xFFFF
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
        text.withUnsafeBufferPointer { bytes in
            var i = 0
            var run = 0
            while i < bytes.count {
                let b = bytes[i]
                guard jsSpecial[Int(b)] else {
                    i += 1
                    continue
                }
                var escape: [UInt8]? = jsEscapes[Int(b)]
                var width = 1
                switch b {
                case 0xC2 where i + 1 < bytes.count && (0x80...0x9F).contains(bytes[i + 1]):
                    escape = Array(("\\u00" + String(hex4(UInt32(bytes[i + 1])).suffix(2))).utf8)
                    width = 2
                case 0xE2
                where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                    escape = Array((bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    width = 3
                default: break
                }
                guard let escape else {
                    i += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
                out.append(contentsOf: escape)
                i += width
                run = i
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
        }
    }

    /// The bytes `appendJSStringBody` looks at twice: the escaped ones and the lead bytes of C1 controls and U+2028/2029.
    /// The escape of each single byte `appendJSStringBody` escapes.
    private static let jsEscapes: [[UInt8]?] = (0...255).map { b -> [UInt8]? in
        switch b {
        case 0x5C: Array("\\\\".utf8)
        case 0x27: Array("\\'".utf8)
        case 0x0A: Array("\\n".utf8)
        case 0x0D: Array("\\r".utf8)
        case 0x3C, 0x3E, 0x26, 0x7F, 0..<0x20: Array(("\\u00" + String(hex4(UInt32(b)).suffix(2))).utf8)
        default: nil
        }
    }

    private static let jsSpecial: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for b in 0..<0x20 { table[b] = true }
        // DEL, the lead bytes of C1 controls and U+2028/2029, then \\ ' < > &.
        for b: UInt8 in [0x7F, 0xC2, 0xE2, 0x5C, 0x27, 0x3C, 0x3E, 0x26] { table[Int(b)] = true }
        return table
    }()

    /// A JSON string literal, quotes included (the trace's own escaping).
    static func jsonString(_ s: String) -> String { JSONValue.string(s).serialized }

    static func hex4(_ v: UInt32) -> String {
        let digits = Array("0123456789abcdef")
        return String((0..<4).reversed().map { digits[Int((v >> (UInt32($0) * 4)) & 0xF)] })
    }
}
