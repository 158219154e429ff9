import ArgumentParser
import RestoreReport

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract:
            "Compare two traces of the same app: the first callback where they part, and how the outcome changed.",
        discussion: """
            Use it before and after a code change, or across two devices.

            Exit codes: 0 the traces agree; 1 they differ; 2 one cannot be read (located); 3 the output could not be written (the system's reason).

            Example: the app before and after a change
              restoretrace record Traces/homepwner.yaml -o before.jsonl
              restoretrace record Traces/homepwner-pushed-detail.yaml -o after.jsonl
              restoretrace diff before.jsonl after.jsonl
            """)

    @Argument(help: ArgumentHelp("The first trace (before).", valueName: "trace-a"))
    var a: String
    @Argument(help: ArgumentHelp("The second trace (after).", valueName: "trace-b"))
    var b: String
    @Flag(help: "Print the result as JSON.")
    var json = false

    func validate() throws {
        // Standard input is one stream: the second '-' would read what is left of it (nothing).
        if a == "-", b == "-" {
            throw ValidationError(
                "the two traces cannot both come from standard input ('-'); give at least one of them as a file")
        }
    }

    func run() throws {
        let leftovers = Leftovers()
        let comparison = try TraceComparison(a, b, leaving: leftovers)
        // The replays' engines are not needed past this point; exit frees them at once.
        defer { LeftForExit.current.park((comparison, leftovers)) }
        if json { printJSON(comparison.json) } else { print(comparison.text) }
        if !comparison.identical { throw Difference() }
    }
}
