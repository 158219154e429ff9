import ArgumentParser
import RestoreReplay
import RestoreTrace

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract:
            "Compare two traces of the same app: the first callback where they part, and how the outcome changed.",
        discussion: """
            Use it before and after a code change, or across two devices. Exits 0 when the traces agree, 1 when they differ, 2 when one cannot be read.

            Example:
              restoretrace diff before.trace.jsonl after.trace.jsonl
            """)

    @Argument(help: ArgumentHelp("The first trace (before).", valueName: "trace-a"))
    var a: String
    @Argument(help: ArgumentHelp("The second trace (after).", valueName: "trace-b"))
    var b: String
    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() throws {
        let result: TraceDiff.Result
        do { result = try TraceDiff.diff(a, b) } catch { throw CLIFailure.badInput("\(error)") }
        if json {
            print(
                JSONValue.obj([
                    ("identical", .bool(result.identical)),
                    ("eventsA", .int(result.eventsA)), ("eventsB", .int(result.eventsB)),
                    ("firstDifference", result.firstDifference.map(ReplayJSON.divergence) ?? .null),
                    ("outcome", .array(result.outcome.lines.map(JSONValue.string))),
                ]).serialized)
        } else if result.identical {
            print("The traces agree: \(result.eventsA) events, same outcome.")
        } else {
            if result.headerA.scenario != result.headerB.scenario {
                print(
                    "note: the traces record different scenarios ('\(result.headerA.scenario)' and '\(result.headerB.scenario)')"
                )
            }
            if let d = result.firstDifference {
                print("First difference at event \(d.seq)" + (d.rule.map { " (\($0))" } ?? ""))
                if !d.context.isEmpty { d.context.forEach { print("    " + Divergence.brief($0)) } }
                print("  A: \(d.recorded ?? "(trace ends)")")
                print("  B: \(d.replayed ?? "(trace ends)")")
            } else {
                print("Every event matches (\(result.eventsA)).")
            }
            print("")
            if result.outcome.isEmpty {
                print("The outcome is the same.")
            } else {
                print("Outcome changes (A → B):")
                result.outcome.lines.forEach { print("  " + $0) }
            }
        }
        if !result.identical { throw CLIFailure.difference }
    }
}
