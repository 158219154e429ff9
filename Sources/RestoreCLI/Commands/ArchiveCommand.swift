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
            throw CLIFailure(message: "\(trace): no archive was written in this trace (preservation never ran or was declined)", code: 0)
        }
        if json {
            print(TraceJSON.archive(archive).serialized)
        } else {
            print(ArchiveDump.text(archive), terminator: "")
        }
    }
}
