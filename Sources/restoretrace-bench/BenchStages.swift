import Foundation
import RestoreEngine
import RestoreReplay
import RestoreScenario

/// Stages that need the parser and the exporter.
enum BenchStages {
    static func parse(_ scenario: Scenario, runs: Int, into row: inout BenchRow) {
        _ = ScenarioText.json(scenario)
    }

    static func export(trace: String, replay: ReplayResult, dir: URL, runs: Int, dotCLI: Bool, into row: inout BenchRow) {
    }
}
