import Foundation
import RestoreScenario

/// `--engine-only N`: runs just the engine on a generated scenario, for profiling.
enum EngineOnly {
    static func run(_ n: Int) {
        let s = ScenarioGenerator.generate(controllers: n)
        let t = Measure.median(3) { s.run() }
        print("engine \(n): \(Measure.seconds(t.seconds)), \(t.result.restoration?.nodes.count ?? 0) restored nodes")
    }
}
