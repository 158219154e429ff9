import ArgumentParser
import RestoreReport

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Convert UIKit's own restoration archive (data.data) into a trace.",
        discussion: """
            Reads the archive an app left in Library/Saved Application State/BUNDLE.savedState/data.data — the file, its .savedState folder, the app's data container, or Xcode's download of it (BUNDLE.xcappdata) — and writes a trace whose header says "source": "uikit-archive" and whose archive-written event is the archive, so archive, report and diff work on it. An archive has no launch to replay: to see which saved controllers come back under your app as it is now, run record SCENARIO --archive ARCHIVE.

            Getting the archive:
              1. Run the app from Xcode, go where the bug is, and press the Home button (or swipe up): UIKit saves when the app goes to the background.
              2. Stop the app with Xcode's Stop button. A force-quit from the app switcher, or a crash at the next launch, deletes the archive.
              3. Simulator: pass the app's data container (xcrun simctl get_app_container booted BUNDLE data). Device: Xcode › Window › Devices and Simulators › your app › Download Container…, then pass the .xcappdata. The archive cannot be read while the device is locked.
            A scene-based app keeps its state per scene session (KnownSceneSessions/data.data and each session's folder): the same paths read it. A .savedState holding both is read as the app restores from it, and a note says how to read the other. "-" reads the archive from standard input.

            Exit codes: 0 imported; 2 the archive cannot be read (damaged, truncated, a cycle, absurd sizes, a newer archive version: the message names the file and where in the archive); 3 the trace could not be written.

            Examples:
              app=$(xcrun simctl get_app_container booted com.example.app data)
              restoretrace import "$app"
              restoretrace import data.data -o app.trace.jsonl
              restoretrace import ~/Downloads/com.example.app.xcappdata
            """)

    @Argument(
        help: ArgumentHelp(
            "data.data, its .savedState folder, an app data container, or Xcode's container download (.xcappdata).",
            valueName: "archive"))
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
        if let note = imported.note { Console.error("note: \(note)") }
        // The trace went to standard output: nothing else may go there.
        if imported.path != "-" { print(imported.text) }
    }
}
