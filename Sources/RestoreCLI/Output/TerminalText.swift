import RestoreReport
import RestoreTrace

/// Every line this module prints goes through here, so no command can forget it: names and
/// messages come from scenarios and traces, and control characters in them are shown as
/// `\u{1B}` instead of being obeyed by the terminal. JSON goes through `printJSON`, and DOT
/// and SVG never come here (their escaping draws such characters).
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { "\($0)" }.joined(separator: separator)
    StandardOutput.print(TerminalText.visible(text) + terminator)
}

/// Prints a command's `--json` output: the same characters are kept from the terminal, as
/// JSON's `\uXXXX` escapes, so the output stays JSON that reads back to the same names. The
/// writers escape C0 controls already, but not every character a terminal obeys (DEL, C1,
/// bidirectional overrides, line separators): `print`'s `\u{…}` made their JSON invalid.
func printJSON(_ json: String, terminator: String = "\n") {
    StandardOutput.print(TerminalText.visible(json: json) + terminator)
}

/// `printJSON` for a document written in pieces (`ReplaySummary.writeJSON`): each piece is made
/// safe and printed as it comes, so the whole document is never held as text.
func printJSON(writing write: (@escaping ([UInt8]) -> Void) -> Void, terminator: String = "\n") {
    write { StandardOutput.print(bytes: TerminalText.visible(jsonBytes: $0)) }
    StandardOutput.print(terminator)
}
