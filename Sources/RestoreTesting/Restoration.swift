import RestoreEngine
import RestoreScenario

/// Records a scenario inside a user's own test, for Swift Testing expectations on what came back.
///
/// ```swift
/// import RestoreTesting
/// import Testing
///
/// @Test func detailComesBack() throws {
///     try Restoration.record(file: "Scenarios/app.yaml")
///         .expectRestored("Tabs/home/Detail")
///         .expectLost("Tabs/settings", reason: .noRestorationIdentifier)
/// }
/// ```
///
/// The run is the one `restoretrace record` makes (same engine, same timeline, same outcome), kept
/// in memory: no trace file is written.
public enum Restoration {
    /// Runs an already parsed scenario.
    public static func record(_ scenario: Scenario) -> RecordedRestoration {
        RecordedRestoration(scenario: scenario, outcome: scenario.run(observer: nil))
    }

    /// Loads the scenario file at `path` (YAML or JSON; storyboards it names are relative to it) and runs it.
    /// - Throws: `ScenarioError`, located (`file:line:column: error: …`), when the file has problems.
    public static func record(file path: String) throws(ScenarioError) -> RecordedRestoration {
        record(try ScenarioLoader.load(path: path))
    }

    /// Parses a scenario written in the test and runs it.
    /// - Parameters:
    ///   - yaml: the scenario's text, as a scenario file would hold it.
    ///   - file: the name problems are reported against, and the folder `storyboards:` and
    ///     `infoPlist:` paths are relative to: pass a path beside the storyboard (e.g. `#filePath`)
    ///     to run a storyboard with a small scenario around it.
    /// - Throws: `ScenarioError`, located, when the text has problems.
    public static func record(yaml: String, file: String = "scenario.yaml") throws(ScenarioError)
        -> RecordedRestoration
    {
        record(try ScenarioParser.parse(yaml, file: file))
    }
}
