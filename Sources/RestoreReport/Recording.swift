import Foundation
import RestoreEngine
import RestoreScenario
import RestoreTrace

/// Recording a scenario into a trace: what `record` does, as a library call.
public enum Recording {
    /// What one recording produced.
    public struct Result: Sendable {
        public var scenario: Scenario
        /// Where the trace was written.
        public var path: String
        public var outcome: Outcome
        /// The number of events written.
        public var events: Int
        /// The engine that ran, kept as long as this result so that whoever holds the result
        /// decides when its object graph is freed (`record` leaves it to the process's exit).
        let engine: KeptEngine?

        /// The SPEC §5 outcome object, serialized.
        public var json: String {
            var bytes: [UInt8] = []
            writeJSON { bytes += $0 }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// `json`, handed to `sink` about a megabyte at a time as it is written, never whole (see
        /// `ReplaySummary.writeJSON`).
        public func writeJSON(to sink: @escaping ([UInt8]) -> Void) {
            var stream = ExportStream(draining: sink)
            OutcomeJSONWriter.write(outcome, scenario: scenario.name, extra: [], to: &stream)
            stream.drainRest()
        }

        /// The summary `record` prints: where the trace went, what was lost and why, what to do next.
        public func text(verbose: Bool = false) -> String {
            let size = DefaultPaths.byteCount(DefaultPaths.fileSize(path))
            var lines =
                ["\(scenario.name): recorded \(events) events to \(path) (\(size))", ""]
                + OutcomeSummary.lines(for: outcome, verbose: verbose)
            // Only a file can be replayed later: "Next: restoretrace replay /dev/null" led nowhere.
            var status = stat()
            if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
                lines += ["", "Next: restoretrace replay \(ShellWord.quoted(path))"]
            }
            return LineBreaks.joining(lines)
        }
    }

    /// Loads the scenario at `scenarioPath` (the built-in demo when nil) and records it to
    /// `output` (default: beside the scenario, see `DefaultPaths.trace(forScenario:)`).
    public static func record(
        scenarioAt scenarioPath: String?, to output: String? = nil, progress: ((Int) -> Void)? = nil
    ) throws(RestoreFailure) -> Result {
        let scenario = try loadScenario(scenarioPath)
        return try record(scenario, from: scenarioPath, to: output, progress: progress)
    }

    /// SPEC §6 `record SCENARIO --archive ARCHIVE`: relaunches the scenario's app against UIKit's
    /// archive instead of its own preservation.
    public static func record(
        scenarioAt scenarioPath: String?, againstArchive archivePath: String, to output: String? = nil
    ) throws(RestoreFailure) -> Result {
        let scenario = try loadScenario(scenarioPath)
        if scenario.app.lifecycle == .scenes {
            // UIKit never reads a view-controller archive for a scene-based app (SPEC §8, S1).
            throw RestoreFailure(
                .badInput,
                "\(scenarioPath ?? scenario.name): error: a scene-based app ('lifecycle: scenes') never reads UIKit's view-controller archive (data.data), so --archive needs an app-based scenario\n"
                    + "  hint: to see what the app saved, run restoretrace archive \(ShellWord.quoted(archivePath)) (restoretrace import \(ShellWord.quoted(archivePath)) makes a trace to replay)"
            )
        }
        let uikit = try Importing.read(archivePath)
        if let untraceable = uikit.untraceableNumber() { throw RestoreFailure(untraceable) }
        // The archive as given, and the data.data found in the folder or container it names.
        return try record(
            scenario, from: scenarioPath, to: output, against: uikit.model,
            // `-` is checked against the file standard input reads: `--archive - -o a.data < a.data`
            // replaced a device's archive with the trace (r20 fuzz).
            alsoReading: archivePath == "-" ? ["-"] : [archivePath, uikit.file])
    }

    /// Records `scenario` (read from `scenarioPath`), against UIKit's `archive` when given.
    ///
    /// Keys that do nothing are found in the recording's own run, which then leaves no trace. A
    /// device or pipe at the output is written as the run goes and cannot be taken back: there
    /// the keys are checked in a run of their own first.
    private static func record(
        _ scenario: Scenario, from scenarioPath: String?, to output: String?, against archive: Archive? = nil,
        alsoReading otherInputs: [String] = [], progress: ((Int) -> Void)? = nil
    ) throws(RestoreFailure) -> Result {
        let path = output ?? DefaultPaths.trace(forScenario: scenarioPath)
        if AtomicFileWriter.writesInPlace(path), let unfired = scenario.keysThatDoNothing(against: archive) {
            throw RestoreFailure(unfired)
        }
        var unfired: ScenarioError?
        var engine: RestorationEngine?
        let recorded: (outcome: Outcome, events: Int)
        do {
            try InputGuard.refuseWritingOntoInputs(output: path, inputs: inputs(scenario, scenarioPath) + otherInputs)
            recorded = try TraceRecorder.record(
                header: header(for: scenario), to: path, progress: progress, committing: { unfired == nil },
                run: { observer in
                    let run = scenario.runFindingKeysThatDoNothing(
                        observer: observer, against: archive, keepingEngine: { engine = $0 })
                    unfired = run.keysThatDoNothing
                    return run.outcome
                })
        } catch {
            throw RestoreFailure(error)
        }
        if let unfired { throw RestoreFailure(unfired) }
        return Result(
            scenario: scenario, path: path, outcome: recorded.outcome, events: recorded.events,
            engine: engine.map(KeptEngine.init))
    }

    /// What a recording reads: the scenario and the storyboards and Info.plist it names. The
    /// trace must not be written onto any of them: `-o Main.storyboard` replaced the storyboard.
    /// A scenario read from standard input is `-`, which the guard checks against the file that
    /// standard input reads: `record - -o S.yaml < S.yaml` replaced the scenario (r20 fuzz).
    private static func inputs(_ scenario: Scenario, _ scenarioPath: String?) -> [String] {
        guard let scenarioPath else { return scenario.filesRead(scenarioPath: "") }
        if scenarioPath == "-" { return ["-"] + scenario.filesRead(scenarioPath: "") }
        return [scenarioPath] + scenario.filesRead(scenarioPath: scenarioPath)
    }

    /// The scenario at `path`, or the built-in demo when nil.
    public static func loadScenario(_ path: String?) throws(RestoreFailure) -> Scenario {
        do {
            guard let path else { return try ScenarioParser.parse(DemoScenario.yaml, file: "<built-in demo>") }
            return try ScenarioLoader.load(path: path)
        } catch {
            throw RestoreFailure(error)
        }
    }

    /// Runs the scenario's timeline and writes its trace atomically.
    /// - Returns: the outcome and the number of events written.
    public static func record(_ scenario: Scenario, to path: String, progress: ((Int) -> Void)? = nil)
        throws(TraceError) -> (outcome: Outcome, events: Int)
    {
        try TraceRecorder.record(header: header(for: scenario), to: path, progress: progress) { observer in
            scenario.run(observer: observer)
        }
    }

    /// The trace header for a scenario: app facts, custom classes, the restore rule.
    public static func header(for scenario: Scenario) -> TraceHeader {
        var classes = ClassHierarchy()
        ScenarioApp.declareClasses(of: scenario, in: &classes)
        return TraceHeader(
            scenario: scenario.name, description: scenario.description, app: scenario.app.configuration,
            classes: classes.declared,
            // A scene-based app is never asked shouldRestore (S1): no rule to re-evaluate.
            shouldRestoreRule: scenario.app.lifecycle == .scenes ? nil : scenario.app.delegate.effectiveRestoreRule)
    }
}
