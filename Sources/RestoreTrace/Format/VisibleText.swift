/// Text from a scenario, trace or storyboard made safe to show: control characters become
/// visible escapes (`\u{1B}`) instead of reaching a terminal, which would obey them (an ESC
/// sequence in a name can recolour, move the cursor or rewrite what was printed before it).
public enum VisibleText {
    /// `s` with C0 controls (but newline and tab), DEL, the C1 controls, the line and paragraph
    /// separators and the bidirectional overrides written as `\u{XX}`.
    public static func escapingControls(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: isControl) else { return s }
        var out = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            if isControl(scalar) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// JSON text `s` with the characters `escapingControls` escapes written as JSON's own
    /// `\uXXXX` escapes: the same JSON when read, and safe to print. In JSON they can only be
    /// inside strings (its structure is ASCII), so the swap never touches the structure; a
    /// `\u{…}` there would make the JSON invalid (a bidirectional override in a name did).
    public static func escapingControls(json s: String) -> String {
        guard s.unicodeScalars.contains(where: isControl) else { return s }
        var out = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            if isControl(scalar) {
                // Every such character is in the Basic Multilingual Plane: one 4-digit escape.
                let hex = String(scalar.value, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// `escapingControls(json:)` on UTF-8 bytes, without making a String of them: a command's
    /// `--json` output is written in pieces of about a megabyte (44 MB at 200×200), and looking
    /// for these characters scalar by scalar in one String of it was slower than writing it.
    /// `bytes` is valid UTF-8 cut between two characters, as a writer's piece always is.
    public static func escapingControls(jsonBytes bytes: [UInt8]) -> [UInt8] {
        guard var next = nextControl(in: bytes, from: 0) else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        var done = 0
        while true {
            out += bytes[done..<next.start]
            let hex = String(next.scalar, radix: 16)
            out += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            done = next.start + next.length
            guard let following = nextControl(in: bytes, from: done) else { break }
            next = following
        }
        out += bytes[done...]
        return out
    }

    /// The first character at or after `from` that `isControl` holds, in UTF-8: where it starts,
    /// how many bytes it takes, and its scalar value. Each such character is one to three bytes:
    /// C0 and DEL one, C1 (`C2 80`…`C2 9F`) two, the separators, marks and overrides (`E2 80 8B`,
    /// `8E`, `8F`, `A8`…`AE`, `E2 81 A6`…`A9`) and the byte order mark (`EF BB BF`) three.
    private static func nextControl(in bytes: [UInt8], from: Int) -> (start: Int, length: Int, scalar: UInt32)? {
        bytes.withUnsafeBufferPointer { b in
            var i = from
            let n = b.count
            while i < n {
                let c = b[i]
                if c < 0x20 {
                    if c != 0x0A, c != 0x09 { return (i, 1, UInt32(c)) }
                } else if c == 0x7F {
                    return (i, 1, 0x7F)
                } else if c == 0xC2, i + 1 < n, (0x80...0x9F).contains(b[i + 1]) {
                    return (i, 2, UInt32(b[i + 1]))
                } else if c == 0xE2, i + 2 < n {
                    let (b1, b2) = (b[i + 1], b[i + 2])
                    if b1 == 0x80, (0xA8...0xAE).contains(b2) || b2 == 0x8B || b2 == 0x8E || b2 == 0x8F {
                        return (i, 3, 0x2000 + UInt32(b2 - 0x80))
                    }
                    if b1 == 0x81, (0xA6...0xA9).contains(b2) { return (i, 3, 0x2040 + UInt32(b2 - 0x80)) }
                } else if c == 0xEF, i + 2 < n, b[i + 1] == 0xBB, b[i + 2] == 0xBF {
                    return (i, 3, 0xFEFF)
                }
                i += 1
            }
            return nil
        }
    }

    /// True for the characters `escapingControls` escapes.
    public static func isControl(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x0A, 0x09: false
        // And the invisible ones a name can hide in: a zero-width space, the left-to-right and
        // right-to-left marks, a byte order mark (an editor's, echoed raw in an error: r20 fuzz).
        // Not the zero-width joiner, which emoji sequences are made of.
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200B, 0x200E, 0x200F, 0xFEFF:
            true
        default: false
        }
    }
}
