import Foundation
import RestoreExport
import RestoreReplay
import RestoreTrace

/// Exporting a trace to another tool's format: what `export` does, as a library call.
public enum Exporting {
    public enum Format: String, Sendable, CaseIterable {
        /// Trace Event Format JSON for Perfetto and chrome://tracing.
        case chromeTrace = "chrome-trace"
        /// The two hierarchies as Graphviz DOT.
        case dot
        /// The same, laid out and rendered by libgvc.
        case svg
        /// The outcome object (SPEC §5) with the replay verdict.
        case json
    }

    /// The trace in `format`, as the command prints it.
    public static func render(trace: String, as format: Format) throws(RestoreFailure) -> String {
        switch format {
        case .json: try outcomeJSON(trace)
        case .chromeTrace: try chromeTrace(trace)
        case .dot, .svg: try drawing(trace, svg: format == .svg)
        }
    }

    /// Exports into `path`, atomically: the file appears whole or not at all.
    /// `-` is standard output.
    public static func write(trace: String, as format: Format, to path: String) throws(RestoreFailure) {
        do { try InputGuard.refuseWritingOntoInputs(output: path, inputs: [trace]) } catch {
            throw RestoreFailure(error)
        }
        let text = try render(trace: trace, as: format)
        if path == "-" {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        do {
            let file = try AtomicFileWriter(path: path)
            file.write(text)
            try file.commit()
        } catch {
            throw RestoreFailure(error)
        }
    }

    private static func outcomeJSON(_ trace: String) throws(RestoreFailure) -> String {
        let replay: ReplayResult
        do { replay = try Replayer.replay(path: trace) } catch { throw RestoreFailure(error) }
        let extra: [(String, JSONValue)] = [("replay", ReplayJSON.verdict(replay))]
        return OutcomeCodec.encode(replay.outcome, scenario: replay.header.scenario, extra: extra).serialized + "\n"
    }

    /// The timeline needs the events only: no replay.
    private static func chromeTrace(_ trace: String) throws(RestoreFailure) -> String {
        let events: [TraceEvent]
        let scenario: String
        do {
            let reader = try TraceReader(path: trace)
            events = try reader.readAll()
            scenario = reader.header.scenario
        } catch { throw RestoreFailure(error) }
        do { return try ChromeTraceExporter.json(events: events.map(\.event), scenario: scenario) + "\n" } catch {
            throw RestoreFailure(error)
        }
    }

    /// The drawing needs the outcome (a replay) and the events for presented controllers.
    private static func drawing(_ trace: String, svg: Bool) throws(RestoreFailure) -> String {
        let replay: ReplayResult
        do { replay = try Replayer.replay(path: trace, keepEvents: true) } catch { throw RestoreFailure(error) }
        let dot = DotBuilder(
            outcome: replay.outcome, events: replay.events, options: .init(title: replay.header.scenario)
        ).build()
        guard svg else { return dot }
        do { return try SVGRenderer.render(dot: dot) } catch { throw RestoreFailure(error) }
    }
}
