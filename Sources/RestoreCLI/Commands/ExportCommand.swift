import ArgumentParser
import Foundation
import RestoreExport
import RestoreReplay
import RestoreTrace

struct ExportCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case chromeTrace = "chrome-trace"
        case dot, svg, json
    }

    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract:
            "Export a trace: a Perfetto / chrome://tracing timeline, the hierarchy as DOT or SVG, or the outcome as JSON.",
        discussion: """
            Formats:
              chrome-trace  Trace Event Format JSON: a track per launch and phase, a slice per callback, flow
                            arrows from each node's encode to its decode. Open it in ui.perfetto.dev or chrome://tracing.
              dot           the two hierarchies (at preservation, after restoration) as Graphviz DOT
              svg           the same, laid out and rendered in-process by libgvc
              json          the outcome object (SPEC §5) with the replay verdict
            Writes to standard output unless -o FILE is given (written atomically).

            Example:
              restoretrace export demo.trace.jsonl --format chrome-trace -o t.json
            """)

    @Argument(help: ArgumentHelp("The trace.", valueName: "trace"))
    var trace: String

    @Option(help: ArgumentHelp("chrome-trace, dot, svg or json.", valueName: "format"))
    var format: Format

    @Option(
        name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    func run() throws {
        let text: String
        do {
            switch format {
            case .json:
                let replay = try Replayer.replay(path: trace)
                text =
                    OutcomeCodec.encode(
                        replay.outcome, scenario: replay.header.scenario,
                        extra: [("replay", ReplayJSON.verdict(replay))]
                    ).serialized + "\n"
            case .chromeTrace:
                // The timeline needs the events only: no replay.
                let reader = try TraceReader(path: trace)
                text =
                    try ChromeTraceExporter.json(
                        events: reader.readAll().map(\.event), scenario: reader.header.scenario) + "\n"
            case .dot, .svg:
                // The drawing needs the outcome (a replay) and the events for presented controllers.
                let replay = try Replayer.replay(path: trace, keepEvents: true)
                let dot = DotBuilder(
                    outcome: replay.outcome, events: replay.events, options: .init(title: replay.header.scenario)
                ).build()
                text = format == .dot ? dot : try SVGRenderer.render(dot: dot)
            }
        } catch let failure as CLIFailure {
            throw failure
        } catch {
            throw CLIFailure.badInput("\(error)")
        }
        guard let output else {
            print(text, terminator: "")
            return
        }
        do {
            let file = try AtomicFileWriter(path: output)
            file.write(text)
            try file.commit()
        } catch { throw CLIFailure.badInput("\(error)") }
    }
}
