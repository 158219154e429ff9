import ArgumentParser
import RestoreReport

struct ArchiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive",
        abstract: "Print the preserved archive the way Apple's restorationArchiveTool does.",
        discussion: """
            Shows the last archive the trace wrote: the restoration class map, the top-level keys (bundle version, system version, timestamp, idiom), then one block per preserved object with its archive key, class and every coder key — UIKit's own (kUIViewControllerChildrenKey, …) and the app's.

            Exit codes: 0 printed (a trace without an archive says so, and is not an error); 2 a bad trace (located).

            Example:
              restoretrace archive restoretrace-demo.trace.jsonl
            """)

    @Argument(help: ArgumentHelp("The trace.", valueName: "trace"))
    var trace: String

    @Flag(help: "Print the archive as JSON (the trace's own encoding) instead.")
    var json = false

    func run() throws {
        let listing = try ArchiveListing(trace: trace)
        print(json ? listing.json : listing.text, terminator: "")
    }
}
