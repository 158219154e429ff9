import Foundation
import RestoreEngine
import RestoreExport
import RestoreReplay
import RestoreTrace

/// The HTML report of a replayed trace: what `report` and `replay` write.
public enum Report {
    /// Replays the trace and writes its report into `directory` (default: beside the trace, see
    /// `DefaultPaths.reportDirectory(forTrace:)`).
    /// - Returns: the path of `index.html`.
    public static func write(trace: String, to directory: String? = nil) throws(RestoreFailure) -> String {
        if directory == "-" {
            throw RestoreFailure(
                .badInput, "-: error: a report is a folder and cannot go to standard output; pick a folder with -o")
        }
        let replay: ReplayResult
        do { replay = try Replayer.replay(path: trace) } catch { throw RestoreFailure(error) }
        return try write(
            trace: trace, replay: replay, baseline: nil, to: directory ?? DefaultPaths.reportDirectory(forTrace: trace))
    }

    /// Writes the report of a replay that already ran.
    /// - Parameters:
    ///   - replay: the run to show (a what-if run when `baseline` is given).
    ///   - baseline: the faithful replay, when `replay` is a what-if.
    /// - Returns: the path of `index.html`.
    public static func write(trace: String, replay: ReplayResult, baseline: ReplayResult?, to directory: String)
        throws(RestoreFailure) -> String
    {
        let input: ReportInput
        do { input = try makeInput(trace: trace, replay: replay, baseline: baseline) } catch {
            throw RestoreFailure(error)
        }
        do {
            try ReportWriter().write(input, to: URL(fileURLWithPath: directory))
        } catch {
            throw RestoreFailure(error, writing: directory)
        }
        return (directory as NSString).appendingPathComponent("index.html")
    }

    /// What the page shows: the events, the outcome and its JSON, the verdict.
    public static func makeInput(trace: String, replay: ReplayResult, baseline: ReplayResult?) throws(TraceError)
        -> ReportInput
    {
        // The timeline shows what ran: the recording, or the what-if run's own events.
        let (events, lines) = try baseline == nil ? recordedEvents(trace) : replayedEvents(replay)
        let verdictSource = baseline ?? replay
        var extra: [(String, JSONValue)] = [("replay", ReplayJSON.verdict(verdictSource))]
        if let baseline {
            let diff = OutcomeDiff(before: baseline.outcome, after: replay.outcome)
            extra.append(("whatIf", ReplayJSON.whatIf(replay.whatIf, diff)))
        }
        let title =
            baseline == nil
            ? replay.header.scenario
            : "\(replay.header.scenario) — what if \(replay.whatIf.edits.map(\.description).joined(separator: ", "))"
        var input = ReportInput(
            scenario: title, description: replay.header.description, tool: replay.header.tool,
            traceName: (trace as NSString).lastPathComponent, events: events, eventLines: lines,
            outcome: replay.outcome,
            outcomeJSON: OutcomeCodec.encode(replay.outcome, scenario: replay.header.scenario, extra: extra).serialized,
            replay: ReplayVerdict(verdictSource))
        if let baseline {
            input.whatIf = ReportWhatIf(
                edits: replay.whatIf.edits.map(\.description), before: baseline.outcome, after: replay.outcome,
                beforeEvents: baseline.events)
        }
        return input
    }

    /// A what-if run's own events, numbered from 1.
    private static func replayedEvents(_ replay: ReplayResult) -> ([EngineEvent], [String]) {
        let lines = replay.events.enumerated().map { i, event in EventCodec.line(pageEvent(event), seq: i + 1) }
        return (replay.events, lines)
    }

    /// The recorded lines go to the page as they are; only the few events with a hierarchy or an
    /// archive are decoded (the drawing and the app-level keys need them).
    private static func recordedEvents(_ trace: String) throws(TraceError) -> ([EngineEvent], [String]) {
        var events: [EngineEvent] = []
        var lines: [String] = []
        let reader = try TraceReader(path: trace)
        while let record = try reader.nextRecord() {
            // Scene sessions: their windows, and the activity the app ended saving with (SPEC §8).
            let decoded: Set<SystemEvent> = [
                .appRunning, .background, .launchUIBuilt, .archiveWritten, .sceneConnected,
            ]
            if record.event.map(decoded.contains) == true || record.callback == .didUpdateUserActivity {
                let event = try record.decoded()
                events.append(event)
                lines.append(EventCodec.line(pageEvent(event), seq: record.seq))
            } else {
                events.append(record.envelope)
                lines.append(String(decoding: record.bytes, as: UTF8.self))
            }
        }
        return (events, lines)
    }

    /// The page shows coders, not whole hierarchies or archives (the archive is `restoretrace
    /// archive`'s job): leaving those payloads out keeps a big app's report a sane size.
    static func pageEvent(_ e: EngineEvent) -> EngineEvent {
        guard e.hierarchy != nil || e.archive != nil else { return e }
        var slim = e
        if let h = e.hierarchy {
            slim.hierarchy = nil
            slim.reason = "hierarchy of \(h.nodeCount) nodes (drawn above)"
        }
        if let a = e.archive {
            slim.archive = Archive(appLevel: a.appLevel)
            slim.reason = "\(a.entries.count) objects archived (see `restoretrace archive`)"
        }
        return slim
    }
}
