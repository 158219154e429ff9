import RestoreEngine
import RestoreReport
import RestoreScenario

/// Scenarios recorded into traces the tests can read, tamper with and replay.
public enum TemporaryTrace {
    /// Records `scenario` into a fresh temporary folder, exactly as `restoretrace record` would.
    /// - Returns: the trace's path and the recorded outcome.
    public static func record(_ scenario: Scenario) throws -> (path: String, outcome: Outcome) {
        let path = try Samples.temporaryDirectory().appendingPathComponent("\(scenario.name).trace.jsonl").path
        return (path, try Recording.record(scenario, to: path).outcome)
    }
}
