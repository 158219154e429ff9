import ArgumentParser
import RestoreReport

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract:
            "Export a trace: a Perfetto / chrome://tracing timeline, the hierarchy as DOT or SVG, or the outcome as JSON.",
        discussion: """
            Formats:
              chrome-trace  Trace Event Format JSON: a track per launch and phase, a
                            slice per callback, flow arrows from each node's encode
                            to its decode. Open it in ui.perfetto.dev or
                            chrome://tracing.
              dot           the two hierarchies (at preservation, after
                            restoration) as Graphviz DOT
              svg           the same, laid out and rendered in-process by libgvc
              json          the outcome (restoretrace-outcome/1, as record --json)
                            with the replay verdict
            Writes to standard output unless -o FILE is given (written atomically).

            Exit codes: 0 exported; 2 a bad trace (located); 3 the file could not be written (the path and the system's reason).

            Examples:
              restoretrace export Traces/homepwner.trace.jsonl --format dot -o h.dot
              restoretrace export Traces/homepwner.trace.jsonl --format chrome-trace
            """)

    @Argument(help: ArgumentHelp("The trace.", valueName: "trace"))
    var trace: String

    @Option(help: ArgumentHelp("chrome-trace, dot, svg or json.", valueName: "format"))
    var format: Exporting.Format

    @Option(
        name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    func validate() throws { try OutputPath.check(output, flag: "-o", orStandardOutput: true) }

    func run() throws {
        // Streams to the file; standard output gets the export in one piece once it succeeded.
        let leftovers = Leftovers()
        // What the export built (a replay's engine and outcome) is left for the exit to free at once.
        defer { LeftForExit.current.park(leftovers) }
        try Exporting.write(trace: trace, as: format, to: output ?? "-", leaving: leftovers)
    }
}

extension Exporting.Format: ExpressibleByArgument {}
