import RestoreTrace

/// Text for a terminal: what the command line prints comes from scenarios and traces, and a
/// control character in it (an ESC sequence in a name) would be obeyed, not shown.
public enum TerminalText {
    /// `s` with its control characters written as `\u{1B}` (see `VisibleText`).
    public static func visible(_ s: String) -> String { VisibleText.escapingControls(s) }
    /// JSON text `s` safe to print, still the same JSON: its control characters written as
    /// JSON's `\uXXXX` escapes (see `VisibleText.escapingControls(json:)`).
    public static func visible(json s: String) -> String { VisibleText.escapingControls(json: s) }
    /// The same for JSON as UTF-8 bytes (a piece of a document, ending between two characters).
    public static func visible(jsonBytes b: [UInt8]) -> [UInt8] { VisibleText.escapingControls(jsonBytes: b) }
}
