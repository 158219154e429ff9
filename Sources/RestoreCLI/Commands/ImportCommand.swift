import ArgumentParser
import RestoreReport

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Convert UIKit's own restoration archive (data.data) into a trace.",
        discussion: """
            Reads the archive an app left in Library/Saved Application State/BUNDLE.savedState/data.data — the file, its .savedState folder, or the app's data container (xcrun simctl get_app_container booted BUNDLE data) — and writes a trace whose header says "source": "uikit-archive" and whose archive-written event is the archive, so archive, report, replay and diff work on it.

            Exit codes: 0 imported; 2 the archive cannot be read (damaged, truncated, a cycle, absurd sizes, a newer archive version: the message names the file and where in the archive); 3 the trace could not be written.

            Examples:
              restoretrace import "$(xcrun simctl get_app_container booted com.example.app data)"
              restoretrace import data.data -o app.trace.jsonl
            """)

    @Argument(help: ArgumentHelp("data.data, its .savedState folder, or an app data container.", valueName: "archive"))
    var archive: String

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "Where to write the trace (default: BUNDLE.trace.jsonl in the current folder).", valueName: "trace"))
    var output: String?

    func validate() throws {
        try OutputPath.check(output, flag: "-o", orStandardOutput: true)
        try TraceOutputName.check(output)
    }

    func run() throws {
        let imported = try Importing.importArchive(at: archive, to: output)
        // The trace went to standard output: nothing else may go there.
        if imported.path != "-" { print(imported.text) }
    }
}
