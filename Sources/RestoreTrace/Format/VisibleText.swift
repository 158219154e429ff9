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

    /// True for the characters `escapingControls` escapes.
    public static func isControl(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x0A, 0x09: false
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
