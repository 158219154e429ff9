import Foundation
import RestoreEngine
import RestoreExport
import RestoreReplay
import RestoreTrace

/// Exporting a trace to another tool's format: what `export` does, as a library call.
///
/// Each format holds as little as it can: chrome-trace streams the trace to the file event by
/// event; json writes the replay's outcome member by member; dot and svg keep only the one
/// hierarchy the drawing needs, not every event.
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
        String(decoding: try export(trace, as: format) { () throws(RestoreFailure) in ExportStream() }, as: UTF8.self)
    }

    /// Exports into `path`, atomically: the file appears whole or not at all.
    /// `-` is standard output, written only once the whole export has succeeded.
    /// - Parameter leftovers: given what the export built (a replay's engine and outcome, the
    ///   timeline's index of encodes) once the output is written, instead of its being freed here
    ///   (see `Leftovers`).
    public static func write(trace: String, as format: Format, to path: String, leaving leftovers: Leftovers? = nil)
        throws(RestoreFailure)
    {
        do { try InputGuard.refuseWritingOntoInputs(output: path, inputs: [trace]) } catch {
            throw RestoreFailure(error)
        }
        if path == "-" {
            let bytes = try export(trace, as: format, leaving: leftovers) { () throws(RestoreFailure) in
                ExportStream()
            }
            do { try StandardOutput.write(bytes) } catch { throw RestoreFailure(error) }
            return
        }
        _ = try export(trace, as: format, leaving: leftovers) { () throws(RestoreFailure) in
            try ExportStream(path: path)
        }
    }

    /// Runs one export; `open` makes the destination once the trace has been opened (or, for the
    /// formats that need a replay, replayed), so a bad trace is reported before the output is touched.
    private static func export(
        _ trace: String, as format: Format, leaving leftovers: Leftovers? = nil,
        open: () throws(RestoreFailure) -> ExportStream
    ) throws(RestoreFailure) -> [UInt8] {
        switch format {
        case .json: try outcomeJSON(trace, leaving: leftovers, open: open)
        case .chromeTrace: try chromeTrace(trace, leaving: leftovers, open: open)
        case .dot, .svg: try drawing(trace, svg: format == .svg, leaving: leftovers, open: open)
        }
    }

    private static func outcomeJSON(
        _ trace: String, leaving leftovers: Leftovers?, open: () throws(RestoreFailure) -> ExportStream
    ) throws(RestoreFailure) -> [UInt8] {
        let replay: ReplayResult
        do { replay = try Replayer.replay(path: trace, keepingEngine: Leftovers.engines(into: leftovers)) } catch {
            throw RestoreFailure(error)
        }
        defer { leftovers?.keep(replay) }
        var stream = try open()
        let extra: [(String, JSONValue)] = [("replay", ReplayJSON.verdict(replay))]
        OutcomeJSONWriter.write(replay.outcome, scenario: replay.header.scenario, extra: extra, to: &stream)
        stream.buffer.append(10)
        return try stream.finish()
    }

    /// The timeline needs the events only, and each only once: no replay, nothing kept. Each line's
    /// payloads are decoded once, for the event and its check together: `check()` (the reader's
    /// located error) runs only when decoding failed, so the verdict is `nextRecord()`'s.
    private static func chromeTrace(
        _ trace: String, leaving leftovers: Leftovers?, open: () throws(RestoreFailure) -> ExportStream
    ) throws(RestoreFailure) -> [UInt8] {
        let reader: TraceReader
        do { reader = try TraceReader(path: trace) } catch { throw RestoreFailure(error) }
        var stream = try open()
        var writer = ChromeTraceWriter(scenario: reader.header.scenario, into: &stream.buffer)
        do {
            while let record = try reader.nextRecord(checkingPayloads: false) {
                writer.append(try checkedEvent(record), to: &stream.buffer)
                stream.drainIfFull()
            }
        } catch { throw RestoreFailure(error) }
        writer.finish(&stream.buffer)
        leftovers?.keep(writer)
        stream.buffer.append(10)
        return try stream.finish()
    }

    /// The event with every payload decoded; a payload that does not decode gets the reader's
    /// located error (`check()`), as `nextRecord()` would have given it.
    private static func checkedEvent(_ record: RecordedEvent) throws(TraceError) -> EngineEvent {
        do { return try record.decoded() } catch {
            try record.check()
            throw error
        }
    }

    /// The drawing needs the outcome (a replay) and the hierarchy that last went to the
    /// background (for presented controllers and storyboard origins), not every event.
    private static func drawing(
        _ trace: String, svg: Bool, leaving leftovers: Leftovers?, open: () throws(RestoreFailure) -> ExportStream
    ) throws(RestoreFailure) -> [UInt8] {
        let replay: ReplayResult
        do {
            replay = try Replayer.replay(
                path: trace, keepDrawing: true, keepingEngine: Leftovers.engines(into: leftovers))
        } catch { throw RestoreFailure(error) }
        // The replayed events the drawing reads: the recorded ones when the replay matched (it
        // wrote their lines byte for byte), its own when it diverged.
        let events = replay.events
        defer { leftovers?.keep((replay, events)) }
        let dot = DotBuilder(outcome: replay.outcome, events: events, options: .init(title: replay.header.scenario))
            .build()
        var text = dot
        if svg {
            do { text = try SVGRenderer.render(dot: dot) } catch { throw RestoreFailure(error) }
        }
        var stream = try open()
        stream.buffer.append(contentsOf: text.utf8)
        return try stream.finish()
    }
}
