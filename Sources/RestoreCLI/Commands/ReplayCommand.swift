import ArgumentParser
import Foundation
import RestoreEngine
import RestoreReplay
import RestoreTrace

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Re-run restoration from a trace alone and check every callback matches.",
        discussion: """
            Rebuilds the archive and the launch UI from the trace and runs the relaunch on the engine, with a stand-in app that answers every callback from the recorded answers (looked up by callback and path, so a run that departs from the recording can go on). Exits 0 when every callback matches, 1 at the first divergence (shown with the events before it, the node and the rule), 2 on a bad trace. Writes the HTML report next to the trace and prints its path.

            What-if: re-run on the recorded archive with one change and see how the outcome moves.

              --set shouldRestore=false      the delegate declines restoration
              --set bundleVersion=2.0        the archive came from another version
              --set deviceLocked=true        the device is locked at launch
              --set 'answer:Tabs/home/Detail=nil'
                                             that path's answer (or existing, new,
                                             storyboard, instanceOf:CLASS)
              --drop-id Tabs/home            it had no restoration identifier

            A what-if run departs from the recording by design, so it exits 0 and reports the change.
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

    @Flag(help: "Print the outcome as JSON (SPEC §5) with the replay verdict.")
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

    func run() throws {
        var edits: [WhatIfEdit] = []
        do {
            for s in settings { edits.append(try WhatIfEdit.parseSet(s)) }
        } catch { throw CLIFailure.badInput("error: \(error)") }
        for p in droppedIdentifiers { edits.append(.dropIdentifier(path: p)) }
        let whatIf = WhatIf(edits)

        let baseline: ReplayResult
        var modified: ReplayResult?
        let progress = Console.throttledProgress { "  … \($0) events replayed" }
        do {
            baseline = try Replayer.replay(path: trace, progress: progress)
            if !whatIf.isEmpty {
                modified = try Replayer.replay(path: trace, whatIf: whatIf, keepEvents: true, progress: progress)
            }
        } catch { throw CLIFailure.badInput("\(error)") }
        if let unmatched = modified?.unmatchedDrops, !unmatched.isEmpty {
            let known = baseline.outcome.preservation?.nodes.compactMap(\.path).prefix(8).joined(separator: ", ") ?? ""
            throw CLIFailure.badInput(
                "error: --drop-id \(unmatched.joined(separator: ", ")): no node had that restoration path when the app went to the background (paths there include: \(known))"
            )
        }
        let shown = modified ?? baseline
        let diff = modified.map { OutcomeDiff(before: baseline.outcome, after: $0.outcome) }

        var reportPath: String?
        if !noReport {
            // A what-if report goes beside the faithful one, never over it.
            let dir = reportDirectory ?? (Inputs.defaultReportDirectory(for: trace) + (whatIf.isEmpty ? "" : "-whatif"))
            do {
                reportPath = try ReportBuilder.write(
                    trace: trace, replay: shown, baseline: modified == nil ? nil : baseline, to: dir)
            } catch let failure as CLIFailure { throw failure } catch {
                throw CLIFailure.badInput("\(error)")
            }
        }

        if json {
            var extra: [(String, JSONValue)] = [("replay", ReplayJSON.verdict(baseline))]
            if let diff, let modified { extra.append(("whatIf", ReplayJSON.whatIf(modified.whatIf, diff))) }
            if let reportPath { extra.append(("report", .string(reportPath))) }
            print(OutcomeCodec.encode(shown.outcome, scenario: baseline.header.scenario, extra: extra).serialized)
        } else {
            printHuman(baseline: baseline, modified: modified, diff: diff, reportPath: reportPath)
        }
        if !baseline.matched { throw CLIFailure.difference }
    }

    private func printHuman(baseline: ReplayResult, modified: ReplayResult?, diff: OutcomeDiff?, reportPath: String?) {
        let name = baseline.header.scenario
        if let d = baseline.divergence {
            print("\(name): replayed \(baseline.recordedEvents) recorded events")
            Summary.divergence(d).forEach { print($0) }
        } else {
            print("\(name): replay matched — all \(baseline.recordedEvents) recorded events reproduced")
        }
        print("")
        if let modified, let diff {
            print("What if \(modified.whatIf.edits.map(\.description).joined(separator: ", ")):")
            if diff.isEmpty {
                print("  the outcome does not change")
            } else {
                print("  \(diff.gained.count) gained, \(diff.lost.count) lost")
                diff.lines.prefix(verbose ? .max : 30).forEach { print("  " + $0) }
            }
            print("")
        }
        Summary.lines(for: (modified ?? baseline).outcome, verbose: verbose).forEach { print($0) }
        if let reportPath {
            print("")
            print("Report: \(reportPath)")
        }
    }
}

/// The `replay` and `whatIf` members of the outcome JSON.
enum ReplayJSON {
    static func verdict(_ r: ReplayResult) -> JSONValue {
        .obj([
            ("matched", .bool(r.matched)),
            ("events", .int(r.recordedEvents)),
            ("replayedEvents", .int(r.replayedEvents)),
            ("firstDivergence", r.divergence.map(divergence) ?? .null),
        ])
    }

    static func divergence(_ d: Divergence) -> JSONValue {
        .obj([
            ("seq", .int(d.seq)),
            ("summary", .string(d.summary)),
            ("rule", d.rule.map(JSONValue.string)),
            ("path", d.path.map(JSONValue.string)),
            ("recorded", d.recorded.map(JSONValue.string) ?? .null),
            ("replayed", d.replayed.map(JSONValue.string) ?? .null),
            ("context", .array(d.context.map(JSONValue.string))),
        ])
    }

    static func whatIf(_ w: WhatIf, _ diff: OutcomeDiff) -> JSONValue {
        .object([
            ("edits", .array(w.edits.map { .string($0.description) })),
            ("gained", .int(diff.gained.count)),
            ("lost", .int(diff.lost.count)),
            (
                "changes",
                .array(
                    diff.changes.map { c in
                        .obj([
                            ("phase", .string(c.phase.rawValue)), ("locator", .string(c.locator)),
                            ("direction", .string(c.direction.rawValue)),
                            ("before", c.before.map(OutcomeCodec.encode) ?? .null),
                            ("after", c.after.map(OutcomeCodec.encode) ?? .null),
                        ])
                    })
            ),
        ])
    }
}
