import ArgumentParser
import Foundation
import RestoreReport
import RestoreTrace

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Run a scenario on the engine and write its trace.",
        discussion: """
            Runs the scenario's timeline (default: background, kill by the system, relaunch) and streams every callback UIKit makes into the app — and every system event — into a JSON Lines trace. The trace alone is enough to replay. With no SCENARIO it records the built-in demo app.

            Your own app: a scenario of three lines beside its storyboard records the app as Interface Builder describes it (run `restoretrace lint Main.storyboard` first to see what it preserves):
              name: MyApp
              app: {mainStoryboard: Main}
              storyboards: {Main: Main.storyboard}
            Then add ui: for the screens the user had open and timeline: for what happens next; `restoretrace schema scenario` lists every key.

            Exit codes: 0 recorded, whatever the scenario's findings (lost screens are results, not failures), unless --fail-on asks; 1 --fail-on matched (the trace is still written); 2 a bad scenario (every problem listed as FILE:LINE:COLUMN), and no trace is written; 3 the trace could not be written (a read-only folder, a full disk: the path and the system's reason).

            Examples:
              restoretrace record
              restoretrace record Traces/homepwner.yaml --json
              restoretrace record Traces/homepwner.yaml --fail-on lost
            """)

    @Argument(
        help: ArgumentHelp(
            "The scenario file (YAML or JSON). Omit it to record the built-in demo.", valueName: "scenario"))
    var scenario: String?

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "Where to write the trace (default: next to the scenario, as NAME.trace.jsonl; restoretrace-demo.trace.jsonl for the demo).",
            valueName: "trace"))
    var output: String?

    @Option(
        help: ArgumentHelp(
            "Skip the scenario's preservation and relaunch against UIKit's own archive (data.data, its .savedState folder or an app container): which saved controllers come back under the app as the scenario describes it now.",
            valueName: "archive"))
    var archive: String?

    @Flag(
        help:
            "Print the outcome as JSON (restoretrace-outcome/1: each node's path, class, status and reason; the findings) instead of the summary."
    )
    var json = false

    @Flag(name: .shortAndLong, help: "List every lost node and finding, including informational ones.")
    var verbose = false

    @Option(name: .customLong("fail-on"), help: FailOn.help)
    var failOn: [FailOn] = []

    func validate() throws {
        try OutputPath.check(output, flag: "-o", orStandardOutput: true)
        // Standard input is one stream: the scenario would take it all and leave the archive nothing.
        if scenario == "-", archive == "-" {
            throw ValidationError(
                "the scenario and --archive cannot both come from standard input ('-'); give one of them as a file")
        }
        try TraceOutputName.check(output)
        // Both would go to standard output, where the outcome was dropped without a word.
        if json, let output, output == "-" || Self.isStandardOutput(output) {
            throw ValidationError(
                "--json prints the outcome on standard output, where '-o \(output)' sends the trace; write the trace to a file, or leave out --json"
            )
        }
    }

    /// Whether `path` is this process's standard output under another name (`/dev/stdout`,
    /// `/proc/self/fd/1`, the file stdout is redirected to).
    static func isStandardOutput(_ path: String) -> Bool { InputGuard.names(path, descriptor: STDOUT_FILENO) }

    func run() throws {
        // A folder holding both an archive and scene sessions: which one is read, as `import`
        // and `archive` say it.
        if let archive, let note = Importing.note(reading: archive) { Console.error("note: \(note)") }
        let recorded =
            try archive.map { try Recording.record(scenarioAt: scenario, againstArchive: $0, to: output) }
            ?? Recording.record(
                scenarioAt: scenario, to: output, progress: Console.throttledProgress { "  … \($0) events recorded" })
        // The trace went to standard output: nothing else may go there (--fail-on speaks on stderr).
        if recorded.path != "-" {
            if json { printJSON(writing: recorded.writeJSON) } else { print(recorded.text(verbose: verbose)) }
        }
        // The scenario, outcome and engine are not needed past this point; exit frees them at once.
        defer { LeftForExit.current.park(recorded) }
        try FailOn.enforce(failOn.map { $0.check(recorded.outcome) })
    }
}
