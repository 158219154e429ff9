import Foundation
import RestoreEngine
import RestoreExport
import RestoreReplay
import RestoreTrace

/// The HTML report of a replayed trace: what `report` and `replay` write.
public enum Report {
    /// Replays the trace and writes its report into `directory` (default: beside the trace, see
    /// `DefaultPaths.reportDirectory(forTrace:)`). The trace is read once: the replay hands each
    /// line to the report as it goes.
    /// - Parameters:
    ///   - progress: told the recorded events replayed so far, after each step of the timeline
    ///     (the replay is most of a big report's time).
    ///   - leftovers: given the replay's engine, its result and the report's feed once the folder
    ///     is in place, instead of their being freed here (see `Leftovers`).
    /// - Returns: the path of `index.html`.
    public static func write(
        trace: String, to directory: String? = nil, progress: ((Int) -> Void)? = nil,
        leaving leftovers: Leftovers? = nil
    ) throws(RestoreFailure) -> String {
        if directory == "-" {
            throw RestoreFailure(
                .badInput, "-: error: a report is a folder and cannot go to standard output; pick a folder with -o")
        }
        let feed = try ReportFeed(directory: directory ?? DefaultPaths.reportDirectory(forTrace: trace))
        let replay: ReplayResult
        do {
            replay = try Replayer.replay(
                path: trace, progress: progress, observe: feed.observe, observeMatched: feed.observeMatched,
                keepingEngine: Leftovers.engines(into: leftovers))
        } catch {
            feed.abandon()
            throw RestoreFailure(error)
        }
        let index = try feed.finish(trace: trace, replay: replay)
        leftovers?.keep((feed, replay))
        return index
    }

    /// Writes the report of a what-if run next to its faithful baseline (the timeline shows the
    /// what-if run's own events), or of a faithful run whose trace is read again for its lines.
    /// - Parameters:
    ///   - replay: the run to show (a what-if run when `baseline` is given).
    ///   - baseline: the faithful replay, when `replay` is a what-if.
    ///   - leftovers: given the report's feed once the folder is in place (see `Leftovers`).
    /// - Returns: the path of `index.html`.
    public static func write(
        trace: String, replay: ReplayResult, baseline: ReplayResult?, to directory: String,
        leaving leftovers: Leftovers? = nil
    ) throws(RestoreFailure) -> String {
        let feed = try ReportFeed(directory: directory)
        do throws(RestoreFailure) {
            if baseline == nil {
                let reader: TraceReader
                do {
                    reader = try TraceReader(path: trace)
                    while let record = try reader.nextRecord() { feed.observe(record) }
                } catch { throw RestoreFailure(error) }
            } else {
                let add = whatIfTimeline(into: feed)
                for event in replay.events { add(event) }
            }
        } catch {
            feed.abandon()
            throw error
        }
        let index = try feed.finish(trace: trace, replay: replay, baseline: baseline)
        leftovers?.keep(feed)
        return index
    }

    /// Takes a what-if run's events into the report's timeline, one at a time as they are made:
    /// the timeline shows what ran, the run's own events, numbered from 1.
    static func whatIfTimeline(into feed: ReportFeed) -> (EngineEvent) -> Void {
        var seq = 0
        return { event in
            seq += 1
            feed.add(event, line: EventCodec.line(pageEvent(event), seq: seq))
        }
    }

    /// What the page shows besides the timeline: the outcome, the verdict, the what-if.
    public static func makeInput(trace: String, replay: ReplayResult, baseline: ReplayResult?) -> ReportInput {
        let verdictSource = baseline ?? replay
        let title =
            baseline == nil
            ? replay.header.scenario
            : "\(replay.header.scenario) — what if \(replay.whatIf.edits.map(\.description).joined(separator: ", "))"
        var input = ReportInput(
            scenario: title, description: replay.header.description, tool: replay.header.tool,
            traceName: (trace as NSString).lastPathComponent, events: [], eventLines: [],
            outcome: replay.outcome, replay: ReplayVerdict(verdictSource))
        if let baseline {
            input.whatIf = ReportWhatIf(
                edits: replay.whatIf.edits.map(\.description), before: baseline.outcome, after: replay.outcome,
                beforeEvents: baseline.events,
                idleSteps: replay.idleSteps(notIn: baseline))
        }
        return input
    }

    /// The page shows coders, not whole hierarchies or archives (the archive is `restoretrace
    /// archive`'s job): leaving those payloads out keeps a big app's report a sane size.
    static func pageEvent(_ e: EngineEvent) -> EngineEvent {
        guard e.hierarchy != nil || e.archive != nil else { return e }
        var slim = e
        if e.hierarchy != nil {
            slim.hierarchy = nil
            slim.reason = ReportFeed.hierarchyNote
        }
        if let a = e.archive {
            slim.archive = Archive(appLevel: a.appLevel)
            slim.reason = archiveNote(objects: a.entries.count)
        }
        return slim
    }

    /// What the timeline says instead of an archive's objects.
    static func archiveNote(objects: Int) -> String {
        "\(objects) objects archived (see `restoretrace archive`)"
    }
}
