import Foundation
import RestoreEngine
import RestoreReplay
import RestoreTrace

/// Replaying a trace, optionally with what-if edits, and writing its report: what `replay` does,
/// as a library call.
public enum Replaying {
    /// What to replay and what to write.
    public struct Request: Sendable {
        public var trace: String
        /// What-if changes as `--set` takes them, `NAME=VALUE`.
        public var settings: [String]
        /// Restoration paths to replay as if they had no restoration identifier.
        public var droppedIdentifiers: [String]
        /// Write the HTML report (to `reportDirectory`, or beside the trace). Without one, a
        /// what-if run keeps none of its events (`ReplaySummary.modified?.events` is empty); with
        /// one, it hands them to the report as they are made and keeps none either. The faithful
        /// run of a what-if with a report keeps only what its drawing reads (the last hierarchy at
        /// background, the scenes' windows).
        public var writeReport: Bool
        public var reportDirectory: String?

        public init(
            trace: String, settings: [String] = [], droppedIdentifiers: [String] = [], writeReport: Bool = true,
            reportDirectory: String? = nil
        ) {
            self.trace = trace
            self.settings = settings
            self.droppedIdentifiers = droppedIdentifiers
            self.writeReport = writeReport
            self.reportDirectory = reportDirectory
        }

        /// The edits the settings and dropped identifiers ask for.
        func whatIf() throws(RestoreFailure) -> WhatIf {
            var edits: [WhatIfEdit] = []
            // Every bad flag is said at once, one line each, as every bad input is.
            var problems: [String] = []
            for s in settings {
                // A line break in a flag's value would print as a line of its own in every message
                // that names it (a forged `error:` in a CI log): refused, shown escaped.
                if s.unicodeScalars.contains("\n") {
                    problems.append("error: --set '\(LineBreaks.shown(s))' holds a line break; a setting is one line")
                    continue
                }
                do { edits.append(try WhatIfEdit.parseSet(s)) } catch { problems.append("error: \(error)") }
            }
            for p in droppedIdentifiers {
                if p.unicodeScalars.contains("\n") {
                    problems.append("error: --drop-id '\(LineBreaks.shown(p))' holds a line break; a path is one line")
                } else if let problem = WhatIfEdit.pathProblem(p) {
                    problems.append("error: --drop-id '\(p)': \(problem)")
                } else {
                    edits.append(.dropIdentifier(path: p))
                }
            }
            guard problems.isEmpty else { throw RestoreFailure(.badInput, problems.joined(separator: "\n")) }
            let whatIf = WhatIf(edits)
            if let name = whatIf.repeatedSetting {
                let what = name.hasPrefix("drop-id ") ? "--\(name) is given twice" : "'\(name)' is set twice"
                throw RestoreFailure(.badInput, "error: \(what); give each setting once")
            }
            return whatIf
        }
    }

    /// Replays the trace faithfully and, when the request has edits, again with them; then writes
    /// the report of the run shown (the what-if run, beside the faithful report, never over it).
    /// - Parameter leftovers: given the engines and the report's feed once done with, instead of
    ///   their being freed here (see `Leftovers`).
    public static func run(_ request: Request, progress: ((Int) -> Void)? = nil, leaving leftovers: Leftovers? = nil)
        throws(RestoreFailure) -> ReplaySummary
    {
        let whatIf = try request.whatIf()
        let directory =
            request.reportDirectory
            ?? (DefaultPaths.reportDirectory(forTrace: request.trace) + (whatIf.isEmpty ? "" : "-whatif"))
        // A faithful report takes the trace's lines from the replay's own pass over it.
        let feed = request.writeReport && whatIf.isEmpty ? try ReportFeed(directory: directory) : nil
        let baseline: ReplayResult
        var modified: ReplayResult?
        let traceBefore = whatIf.isEmpty ? nil : TraceFile(request.trace)
        do {
            // A what-if report draws the faithful run too, and needs only the events the drawing
            // reads: keeping every event (and its snapshots, and reading on one thread) made a
            // 200×200 what-if report peak at 738 MB.
            baseline = try Replayer.replay(
                path: request.trace, keepDrawing: request.writeReport && !whatIf.isEmpty, progress: progress,
                observe: feed?.observe, observeMatched: feed?.observeMatched,
                // Freed before a what-if run, not kept beside it: kept, the baseline's app and
                // archive were the what-if's peak twice over.
                keepingEngine: whatIf.isEmpty ? Leftovers.engines(into: leftovers) : nil)
        } catch {
            feed?.abandon()
            throw RestoreFailure(error)
        }
        // A what-if changes what the app answers from its recording; past a cut there is none.
        if !whatIf.isEmpty, let cut = baseline.cutOff {
            throw RestoreFailure(
                .badInput,
                "\(cut.location.file):\(cut.location.line ?? 0):1: error: a what-if needs the whole trace, and this one is cut off (\(cut.diagnostic.message)); replay it without --set/--drop-id to see the events before the cut, or record it again"
            )
        }
        if let why = whatIf.inapplicable(sceneBased: baseline.outcome.scenes != nil) {
            throw RestoreFailure(.badInput, "error: " + why)
        }
        // A what-if on a path the recording never had would change nothing: say so, with the
        // nearest paths. Every such edit is said at once.
        var refusals: [String] = []
        for unknown in whatIf.unknownPaths(known: baseline.outcome.preservation?.nodes.compactMap(\.path) ?? []) {
            if let label = WhatIfEdit.labelHint(unknown.path) {
                refusals.append("error: \(unknown.edit): \(label); give a path made of identifiers alone")
            } else {
                refusals.append(
                    "error: \(unknown.edit): no node had the restoration path '\(unknown.path)' when the app went to the background"
                        + (unknown.nearest.isEmpty ? "" : "; nearest: \(unknown.nearest.joined(separator: ", "))"))
            }
        }
        for refused in whatIf.unconsultedAnswers(
            nodes: baseline.outcome.preservation?.nodes ?? [],
            restored: whatIf.hasAnswers ? baseline.outcome.launches.flatMap(\.nodes) : [])
        {
            refusals.append("error: \(refused.edit): \(refused.why)")
        }
        for unknown in whatIf.unknownSessions(known: baseline.outcome.scenes?.map(\.session) ?? []) {
            refusals.append(
                "error: \(unknown.edit): "
                    + (unknown.nearest.isEmpty
                        ? "the recording has no scene session (the app is not scene-based), so no activity to change"
                        : "the recording has no scene session '\(unknown.session)'; nearest: \(unknown.nearest.joined(separator: ", "))")
            )
        }
        guard refusals.isEmpty else { throw RestoreFailure(.badInput, refusals.joined(separator: "\n")) }
        // A what-if report takes the run's events as they are made, one at a time: kept until
        // the run ended, they were most of a 200×200 what-if report's 738 MB peak.
        let whatIfFeed = request.writeReport && !whatIf.isEmpty ? try ReportFeed(directory: directory) : nil
        do {
            if !whatIf.isEmpty {
                let handOver = whatIfFeed.map(Report.whatIfTimeline(into:))
                // The baseline has just proved every line of the trace, unless the file changed since.
                modified = try Replayer.replay(
                    path: request.trace, whatIf: whatIf, handingOver: handOver,
                    linesProved: traceBefore != nil && TraceFile(request.trace) == traceBefore, progress: progress,
                    keepingEngine: Leftovers.engines(into: leftovers))
            }
        } catch {
            whatIfFeed?.abandon()
            throw RestoreFailure(error)
        }
        do throws(RestoreFailure) {
            var summary = try summarize(baseline, modified)
            if let feed {
                summary.reportPath = try feed.finish(trace: request.trace, replay: baseline)
                leftovers?.keep(feed)
            } else if let whatIfFeed, let modified {
                summary.reportPath = try whatIfFeed.finish(trace: request.trace, replay: modified, baseline: baseline)
                leftovers?.keep(whatIfFeed)
            }
            return summary
        } catch {
            whatIfFeed?.abandon()
            throw error
        }
    }

    /// The summary of the two runs, once the what-if run is checked against what it was asked.
    private static func summarize(_ baseline: ReplayResult, _ modified: ReplayResult?)
        throws(RestoreFailure) -> ReplaySummary
    {
        if let shared = modified?.ambiguousDrops, !shared.isEmpty {
            throw RestoreFailure(
                .badInput,
                "error: --drop-id \(shared.joined(separator: ", ")): two or more siblings have \(shared.count == 1 ? "this restoration path" : "each of these restoration paths") (a navigation stack may hold two controllers with one identifier), so it does not name one of them; to ask it of one, remove its identifier in the app or the scenario and record it again"
            )
        }
        if let unmatched = modified?.unmatchedDrops, !unmatched.isEmpty {
            let nodes = baseline.outcome.preservation?.nodes ?? []
            if let object = nodes.first(where: { $0.kind == .object && $0.path.map(unmatched.contains) == true }) {
                throw RestoreFailure(
                    .badInput,
                    "error: --drop-id \(object.path ?? ""): this is a registered object, whose identifier the app gives in code (UIApplication.registerObject(forStateRestoration:restorationIdentifier:)); --drop-id takes a view controller's or a view's path. To ask it of the object, remove its identifier in the app or the scenario and record it again"
                )
            }
            let paths = nodes.compactMap(\.path)
            if unmatched.allSatisfy(paths.contains), modified?.preservedByEngine != true {
                // Preserved, yet the engine never walked them: the archive is UIKit's, adopted as it is.
                throw RestoreFailure(
                    .badInput,
                    "error: --drop-id \(unmatched.joined(separator: ", ")): this trace's archive was read from UIKit's (import, record --archive), not preserved by the engine, so there is no preservation to drop an identifier from; to ask it of the app, remove the identifier in a scenario and record it"
                )
            }
            let known = paths.prefix(8).joined(separator: ", ")
            throw RestoreFailure(
                .badInput,
                "error: --drop-id \(unmatched.joined(separator: ", ")): no node had that restoration path when the app went to the background (paths there include: \(known))"
            )
        }
        return ReplaySummary(baseline: baseline, modified: modified)
    }
}

/// What a replay found, with the what-if run and the report when there are any.
public struct ReplaySummary: Sendable {
    /// The faithful replay.
    public var baseline: ReplayResult
    /// The replay with the what-if edits.
    public var modified: ReplayResult?
    /// How the outcome moved from the baseline to the what-if run.
    public var diff: OutcomeDiff?
    /// The report's `index.html`, when one was written.
    public var reportPath: String?

    public init(baseline: ReplayResult, modified: ReplayResult?, reportPath: String? = nil) {
        self.baseline = baseline
        self.modified = modified
        self.diff = modified.map { OutcomeDiff(before: baseline.outcome, after: $0.outcome) }
        self.reportPath = reportPath
    }

    /// Steps of the timeline the change made do nothing (a `background` after a launch it locked,
    /// R12): the faithful run ran them. Said, or the shown preservation would be an older one
    /// with no word why.
    public var idleUnderChange: [IdleStep] { modified?.idleSteps(notIn: baseline) ?? [] }

    /// The run whose outcome is shown: the what-if run when there is one.
    public var shown: ReplayResult { modified ?? baseline }
    /// Whether the faithful replay reproduced every recorded callback (a what-if run departs by design).
    public var matched: Bool { baseline.matched }

    /// The SPEC §5 outcome object with the `replay` verdict, the `whatIf` change and the report's path.
    public var json: String {
        var bytes: [UInt8] = []
        writeJSON { bytes += $0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `json`, handed to `sink` about a megabyte at a time as it is written, never whole. At
    /// 200×200 the outcome is 44 MB; building it as one tree, then one string, then escaping and
    /// printing that string made `replay --json` 1.2 s slower and 240 MB larger than `replay`.
    public func writeJSON(to sink: @escaping ([UInt8]) -> Void) {
        var extra: [(String, JSONValue)] = [("replay", ReplayJSON.verdict(baseline))]
        if let diff, let modified {
            extra.append(
                ("whatIf", ReplayJSON.whatIf(modified.whatIf, diff, idle: idleUnderChange, unchanged: unchanged)))
        }
        if let reportPath { extra.append(("report", .string(reportPath))) }
        var stream = ExportStream(draining: sink)
        OutcomeJSONWriter.write(shown.outcome, scenario: baseline.header.scenario, extra: extra, to: &stream)
        stream.drainRest()
    }

    /// For a what-if that changed nothing, why (empty when there is nothing more to say); nil
    /// when it changed something, or for a faithful replay. Text and JSON (`whatIf.unchanged`)
    /// say the same: a script was told only that nothing moved.
    public var unchanged: String? {
        guard let modified, let diff, diff.isEmpty else { return nil }
        // Nothing to change is not the same answer as a change that makes no difference.
        if baseline.outcome.restoration == nil {
            return
                "the trace has no launch after the app went to the background, so nothing is restored for the change to act on"
        }
        if baseline.outcome.scenes == nil, baseline.outcome.launches.allSatisfy({ !$0.performed }) {
            // No archive reached a launch (a declined save, a force quit): said as for a trace with no launch.
            let why = baseline.outcome.launches.map { "launch \($0.launch): \($0.reason?.rawValue ?? "not performed")" }
            return
                "no launch of the recording restored anything (\(why.joined(separator: ", "))), so nothing is restored for the change to act on"
        }
        let reasons = [unusedAnswers(modified), unusedActivityTypes(modified)].filter { !$0.isEmpty }
        // Never an empty reason: JSON's `unchanged` was "" and the text said nothing more.
        return reasons.isEmpty
            ? "no node's fate, no finding and no scene session of this recording depends on it"
            : reasons.joined(separator: "; ")
    }

    /// Why an `answer:` changed nothing, when the baseline says: a node without a restoration
    /// class that came back from the object at its path or the storyboard. Its answer is the app
    /// delegate's, and `nil` is what an app delegate that does not know it answers already, so
    /// UIKit goes on and finds it as before (R3) (r19 end-to-end walk: "does not change", no why).
    private func unusedAnswers(_ run: ReplayResult) -> String {
        var reasons: [String] = []
        for case .answer(let path, let answer) in run.whatIf.edits where answer == .nil {
            guard let node = baseline.outcome.restoration?.nodes.first(where: { $0.path == path }),
                let via = node.via, via == .existing || via == .storyboard
            else { continue }
            let found = via == .existing ? "the object already at that path" : "the scene in the archived storyboard"
            reasons.append(
                "`\(path)` has no restoration class, so its answer is the app delegate's; nil lets UIKit go on to \(found), as in the recording (R3)"
            )
        }
        return reasons.joined(separator: "; ")
    }

    /// The verdict, the what-if change, the outcome summary and where the report is, for people.
    ///
    /// A what-if run leads with its answer (what the change gained and lost); the faithful
    /// replay's verdict follows, since that is not what the question was about.
    public func text(verbose: Bool = false) -> String {
        var out: [String] = []
        if let modified, let diff {
            out.append("What if \(modified.whatIf.edits.map(\.description).joined(separator: ", ")):")
            if let unchanged {
                out.append("  the outcome does not change" + (unchanged.isEmpty ? "" : ": " + unchanged))
            } else {
                var counts = "  \(diff.gained.count) gained, \(diff.lost.count) lost"
                if !diff.countLines.isEmpty { counts += " (" + diff.countLines.joined(separator: "; ") + ")" }
                if let findings = diff.findingCount { counts += "; " + findings }
                if !diff.sceneChanges.isEmpty {
                    counts += "; scene sessions: \(diff.sceneCounts.gained) gained, \(diff.sceneCounts.lost) lost"
                }
                out.append(counts)
                let lines = diff.lines
                out += lines.prefix(verbose ? .max : 30).map { "  " + $0 }
                if !verbose, lines.count > 30 {
                    out.append(
                        "  … and \(lines.count - 30) more (--verbose lists them, --json and the report have them all)")
                }
            }
            out += idleUnderChange.map { "  " + $0.description }
        }
        out += verdictLines + [""]
        out += OutcomeSummary.lines(for: shown.outcome, verbose: verbose)
        if let reportPath { out += ["", "Report: \(reportPath)"] }
        return LineBreaks.joining(out)
    }

    /// Why an unchanged outcome is no answer to an `activity:SESSION.type` what-if: the new type
    /// never reached a save. Empty when every one did.
    private func unusedActivityTypes(_ run: ReplayResult) -> String {
        let reasons = run.whatIf.activityTypes.keys.sorted().compactMap { session -> String? in
            switch run.activityTypeUses[session] {
            case .applied?: nil
            case .noActivity?:
                "scene session `\(session)` returns no activity from stateRestorationActivity(for:), so there is no type to change"
            case .crashed?:
                "the app crashes in stateRestorationActivity(for:) for scene session `\(session)`, so no activity is saved to change"
            case nil:
                "scene session `\(session)` is never asked for its activity in this trace (it is not connected when the app goes to the background, or the app ended before)"
            }
        }
        return reasons.joined(separator: "; ")
    }

    private var verdictLines: [String] {
        let name = baseline.header.scenario
        guard let d = baseline.divergence else {
            // Under a what-if's answer, this is about the trace as recorded, not the change.
            let what = modified == nil ? "replay matched" : "the trace as recorded (without the change) replays exactly"
            return ["\(name): \(what) — all \(baseline.recordedEvents) recorded events reproduced"]
        }
        return ["\(name): replayed \(baseline.recordedEvents) recorded events"] + OutcomeSummary.divergence(d)
    }
}

/// A trace file as `stat` sees it: the same before and after a replay means a second replay reads
/// the lines the first one proved. Standard input is read once and held, so it is always the same.
struct TraceFile: Equatable {
    private var fields: [Int] = []

    /// nil when the file cannot be looked at.
    init?(_ path: String) {
        guard path != "-" else { return }
        var s = stat()
        guard stat(path, &s) == 0 else { return nil }
        fields = [
            Int(s.st_dev), Int(s.st_ino), Int(s.st_size), Int(s.st_mtim.tv_sec), Int(s.st_mtim.tv_nsec),
            Int(s.st_ctim.tv_sec), Int(s.st_ctim.tv_nsec),
        ]
    }
}
