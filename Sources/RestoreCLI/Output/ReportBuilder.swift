import Foundation
import RestoreEngine
import RestoreExport
import RestoreReplay
import RestoreTrace

/// Writes the HTML report for a replayed trace.
public enum ReportBuilder {
    /// - Parameters:
    ///   - replay: the run to show (a what-if run when `baseline` is given).
    ///   - baseline: the faithful replay, when `replay` is a what-if.
    /// - Returns: the path of `index.html`.
    public static func write(trace: String, replay: ReplayResult, baseline: ReplayResult?, to directory: String) throws
        -> String
    {
        let input = try makeInput(trace: trace, replay: replay, baseline: baseline)
        do {
            try ReportWriter().write(input, to: URL(fileURLWithPath: directory))
        } catch {
            throw CLIFailure.badInput("\(directory): error: cannot write the report: \(error)")
        }
        return (directory as NSString).appendingPathComponent("index.html")
    }

    static func makeInput(trace: String, replay: ReplayResult, baseline: ReplayResult?) throws -> ReportInput {
        // The timeline shows what ran: the recording, or the what-if run's own events.
        // The page shows coders, not whole hierarchies or archives (the archive is `restoretrace
        // archive`'s job): leaving those payloads out keeps a big app's report a sane size.
        var events: [EngineEvent] = []
        var lines: [String] = []
        if baseline != nil {
            events = replay.events
            lines = events.enumerated().map { i, event in EventCodec.line(pageEvent(event), seq: i + 1) }
        } else {
            // Recorded lines go to the page as they are; only the few events with a hierarchy or
            // an archive are decoded (the drawing and the app-level keys need them).
            let reader = try TraceReader(path: trace)
            while let record = try reader.nextRecord() {
                if let kind = record.event, [.appRunning, .background, .launchUIBuilt, .archiveWritten].contains(kind) {
                    let event = try record.decoded()
                    events.append(event)
                    lines.append(EventCodec.line(pageEvent(event), seq: record.seq))
                } else {
                    events.append(record.envelope)
                    lines.append(String(decoding: record.bytes, as: UTF8.self))
                }
            }
        }
        let verdictSource = baseline ?? replay
        var extra: [(String, JSONValue)] = [("replay", ReplayJSON.verdict(verdictSource))]
        if let baseline {
            extra.append(
                (
                    "whatIf",
                    ReplayJSON.whatIf(replay.whatIf, OutcomeDiff(before: baseline.outcome, after: replay.outcome))
                ))
        }
        let title =
            baseline == nil
            ? replay.header.scenario
            : "\(replay.header.scenario) — what if \(replay.whatIf.edits.map(\.description).joined(separator: ", "))"
        return ReportInput(
            scenario: title, description: replay.header.description, tool: replay.header.tool,
            traceName: (trace as NSString).lastPathComponent, events: events, eventLines: lines,
            outcome: replay.outcome,
            outcomeJSON: OutcomeCodec.encode(replay.outcome, scenario: replay.header.scenario, extra: extra).serialized,
            replay: verdict(verdictSource))
    }

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

    static func verdict(_ r: ReplayResult) -> ReplayVerdict {
        ReplayVerdict(
            matched: r.matched, events: r.recordedEvents,
            firstDivergence: r.divergence.map { d in
                RestoreExport.Divergence(
                    seq: d.seq, recorded: d.recorded ?? "(the recording has nothing here)",
                    replayed: d.replayed ?? "(the replay made no such call)", context: d.context, rule: d.rule)
            })
    }
}
