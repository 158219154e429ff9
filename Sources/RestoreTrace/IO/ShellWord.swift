/// A path as one word of a shell command the tool prints for the user to paste ("Next:
/// restoretrace replay …", hints): as it is when every character is one a shell reads as
/// itself, else single-quoted. Unquoted, `my app.trace.jsonl` was two words, and a name holding
/// `$(…)` ran it when the line was pasted (r20 fuzz).
public enum ShellWord {
    public static func quoted(_ path: String) -> String {
        let plain =
            !path.isEmpty
            && path.utf8.allSatisfy { b in
                (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                    || "._/-+:@%,=".utf8.contains(b)
            }
        // A leading `-` is an option to the command, quoted or not: the path is written from
        // `./` instead. A leading `=` is expanded by zsh (macOS's shell), `~` by every shell.
        if path.hasPrefix("-") { return quoted("./" + path) }
        guard plain, !path.hasPrefix("=") else { return "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        return path
    }
}
