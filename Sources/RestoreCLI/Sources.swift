import Foundation
import RestoreEngine
import RestoreScenario
import RestoreTrace

/// Loading inputs and naming outputs, shared by the commands.
enum Inputs {
    /// The scenario at `path`, or the built-in demo when nil.
    static func scenario(_ path: String?) throws -> Scenario {
        guard let path else { return try ScenarioParser.parse(DemoScenario.yaml, file: "<built-in demo>") }
        do { return try ScenarioLoader.load(path: path) } catch { throw CLIFailure.badInput("\(error)") }
    }

    /// `Traces/login.yaml` → `Traces/login.trace.jsonl`; the demo → `./restoretrace-demo.trace.jsonl`.
    static func defaultTracePath(for scenarioPath: String?) -> String {
        guard let scenarioPath else { return "restoretrace-demo.trace.jsonl" }
        var base = scenarioPath
        for ext in [".yaml", ".yml", ".json"] where base.hasSuffix(ext) {
            base.removeLast(ext.count)
            break
        }
        return base + ".trace.jsonl"
    }

    /// `x.trace.jsonl` → `x-report` beside it.
    static func defaultReportDirectory(for tracePath: String) -> String {
        var base = tracePath
        for ext in [".trace.jsonl", ".jsonl", ".json", ".trace"] where base.hasSuffix(ext) {
            base.removeLast(ext.count)
            break
        }
        return base + "-report"
    }

    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    static func byteCount(_ n: Int) -> String {
        if n < 1024 { return "\(n) B" }
        if n < 1024 * 1024 { return String(format: "%.1f KB", Double(n) / 1024) }
        return String(format: "%.1f MB", Double(n) / 1024 / 1024)
    }
}

/// Recording a scenario into a trace: what `record` does, as a library call.
public enum Recording {
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
        ScenarioApp(scenario: scenario).declareClasses(in: &classes)
        return TraceHeader(
            scenario: scenario.name, description: scenario.description, app: scenario.app.configuration,
            classes: classes.declared, shouldRestoreRule: scenario.app.delegate.shouldRestoreApplicationState)
    }
}
