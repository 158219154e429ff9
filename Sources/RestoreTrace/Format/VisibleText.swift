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

    /// True for the characters `escapingControls` escapes.
    public static func isControl(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x0A, 0x09: false
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
