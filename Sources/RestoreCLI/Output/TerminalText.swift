import RestoreReport

/// Every line this module prints goes through here, so no command can forget it: names and
/// messages come from scenarios and traces, and control characters in them are shown as
/// `\u{1B}` instead of being obeyed by the terminal. JSON output is unaffected (its writer
/// already escapes every control character), and so are DOT and SVG (their escaping draws them).
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { "\($0)" }.joined(separator: separator)
    Swift.print(TerminalText.visible(text), terminator: terminator)
}
