import ArgumentParser
import RestoreReport

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write the HTML report (index.html + hierarchy.svg) for a trace.",
        discussion: """
            Replays the trace to get its outcome and verdict, then writes one folder that opens offline from disk: the verdict, both hierarchies drawn side by side with preserved ★ / skipped ✗ / restored / lost markers, the filterable callback timeline with every coder's contents, and the findings. A big trace's timeline, node rows and findings go to data/*.js files beside index.html, which the page loads when it needs them, so index.html stays small at any size; progress goes to standard error at a terminal when it takes over a second.

            Exit codes: 0 the report was written (even if the replay diverged: the report shows it); 2 a bad trace (located), or -o names a file; 3 the folder could not be written (the path and the system's reason).

            Example:
              restoretrace report Traces/homepwner.trace.jsonl -o homepwner-report
            """)

    @Argument(help: ArgumentHelp("The trace.", valueName: "trace"))
    var trace: String

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("The folder to write (default: beside the trace, TRACE-report/).", valueName: "dir"))
    var output: String?

    func validate() throws { try OutputPath.check(output, flag: "-o", orStandardOutput: false) }

    func run() throws {
        let leftovers = Leftovers()
        // The replay's engine, outcome and the report's feed are left for the exit to free at once.
        defer { LeftForExit.current.park(leftovers) }
        print(
            try Report.write(
                trace: trace, to: output, progress: Console.throttledProgress(Console.eventsReplayed),
                leaving: leftovers))
    }
}
