/// Text printed a line at a time (a summary, a lint report): a name inside one of its lines
/// comes from a scenario, trace, archive or storyboard, and a line break in it would start a
/// line of its own that could pass for the tool's (a forged "✓ … restored").
public enum LineBreaks {
    /// `s` with each line break shown as `\u{A}`, as the terminal shows the other control
    /// characters (`VisibleText`, which leaves line breaks alone: the text it prints has many).
    public static func shown(_ s: String) -> String {
        guard s.unicodeScalars.contains("\n") else { return s }
        var out = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            if scalar == "\n" { out.append(contentsOf: #"\u{A}"#.unicodeScalars) } else { out.append(scalar) }
        }
        return String(out)
    }

    /// `lines` as one text, a line each, none able to start another.
    public static func joining(_ lines: [String]) -> String { lines.map(shown).joined(separator: "\n") }
}
