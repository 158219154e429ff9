import ArgumentParser
import RestoreReport

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Re-run restoration from a trace alone and check every callback matches.",
        discussion: """
            Rebuilds the archive and the launch UI from the trace and runs the relaunch on the engine, with a stand-in app that answers every callback from the recorded answers (looked up by callback and path, so a run that departs from the recording can go on). Writes the HTML report next to the trace and prints its path.

            What-if: re-run on the recorded archive with one change and see how the outcome moves.

              --set shouldRestore=false      the delegate declines restoration
              --set bundleVersion=2.0        the archive came from another version
              --set deviceLocked=true        the device is locked at every launch
              --set 'answer:Tabs/home/Detail=nil'
                                             that path's answer (or existing, new,
                                             storyboard, instanceOf:CLASS)
              --drop-id Tabs/home            it had no restoration identifier

            Scene-based apps (app.lifecycle: scenes):
              --set userActivityTypes=com.example.browse,com.example.compose
                                             Info.plist's NSUserActivityTypes
              --set activity:main.type=com.example.browse
                                             the activity type session 'main' saves

            A what-if run departs from the recording by design, so it exits 0 and reports the change.

            Examples:
              restoretrace replay Traces/demo-travel.trace.jsonl
              restoretrace replay Traces/demo-travel.trace.jsonl --set shouldRestore=false

            Exit codes: 0 every callback matches; 1 at the first divergence (shown with the events before it, the node and the rule), or when --fail-on matched; 2 a bad trace or change (located); 3 the report could not be written (the path and the system's reason).
            """)

    @Argument(help: ArgumentHelp("The trace to replay.", valueName: "trace"))
    var trace: String

    @Option(
        name: .customLong("set"), help: ArgumentHelp("A what-if change, NAME=VALUE (repeatable).", valueName: "change"))
    var settings: [String] = []

    @Option(
        name: .customLong("drop-id"),
        help: ArgumentHelp("Replay as if this node had no restoration identifier (repeatable).", valueName: "path"))
    var droppedIdentifiers: [String] = []

    @Flag(help: "Print the outcome as JSON (restoretrace-outcome/1) with the replay verdict and the what-if change.")
    var json = false

    @Option(
        name: .customLong("report-dir"),
        help: ArgumentHelp(
            "Where to write the report (default: beside the trace, TRACE-report/, or TRACE-report-whatif/ for a what-if).",
            valueName: "dir"))
    var reportDirectory: String?

    @Flag(name: .customLong("no-report"), help: "Do not write the HTML report.")
    var noReport = false

    @Flag(name: .shortAndLong, help: "List every lost node and finding.")
    var verbose = false

    @Option(name: .customLong("fail-on"), help: FailOn.replayHelp)
    var failOn: [FailOn] = []

    func validate() throws {
        try OutputPath.check(reportDirectory, flag: "--report-dir", orStandardOutput: false)
        // Given both, --report-dir was dropped without a word.
        if noReport, reportDirectory != nil {
            throw ValidationError(
                "--no-report writes no report, so --report-dir has nowhere to be used; give one of them")
        }
        if reportDirectory == "-" {
            throw ValidationError(
                "a report is a folder and cannot go to standard output; pick a folder with --report-dir, or use --json for the outcome"
            )
        }
    }

    func run() throws {
        let request = Replaying.Request(
            trace: trace, settings: settings, droppedIdentifiers: droppedIdentifiers, writeReport: !noReport,
            reportDirectory: reportDirectory)
        let leftovers = Leftovers()
        let summary = try Replaying.run(
            request, progress: Console.throttledProgress(Console.eventsReplayed), leaving: leftovers)
        // The engines, outcomes and report feed are not needed past this point; exit frees them at once.
        defer { LeftForExit.current.park((summary, leftovers)) }
        if json { printJSON(writing: summary.writeJSON) } else { print(summary.text(verbose: verbose)) }
        if !summary.matched { throw Difference() }
        // The gate looks at the run shown: the what-if run when there is one.
        try FailOn.enforce(failOn.map { $0.check(summary.shown.outcome) })
    }
}
