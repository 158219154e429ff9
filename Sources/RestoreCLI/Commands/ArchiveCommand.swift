import ArgumentParser
import RestoreExport
import RestoreTrace

struct ArchiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive",
        abstract: "Print the preserved archive the way Apple's restorationArchiveTool does.",
        discussion: """
            Shows the last archive the trace wrote: the restoration class map, the top-level keys (bundle version, system version, timestamp, idiom), then one block per preserved object with its archive key, class and every coder key — UIKit's own (kUIViewControllerChildrenKey, …) and the app's.

            Example:
              restoretrace archive restoretrace-demo.trace.jsonl
            """)

    @Argument(help: ArgumentHelp("The trace.", valueName: "trace"))
    var trace: String

    @Flag(help: "Print the archive as JSON (the trace's own encoding) instead.")
    var json = false

    func run() throws {
        let events: [TraceEvent]
        do { events = try TraceReader(path: trace).readAll() } catch { throw CLIFailure.badInput("\(error)") }
        guard let archive = events.last(where: { $0.event.archive != nil })?.event.archive else {
            // Not an error: the trace is fine, it just has no archive (that is a finding in itself).
            print(
                "No archive was written in \(trace): preservation never ran or was declined (see `restoretrace replay`)."
            )
            return
        }
        if json {
            print(TraceJSON.archive(archive))
        } else {
            print(ArchiveDump.text(archive), terminator: "")
        }
    }
}
