import Foundation
import RestoreEngine
import RestoreScenario

/// The engine alone on the grid app, in this process, without an observer, cut into its phases:
/// issue 17's engine target counts nodes through preservation and restoration (nodes × 2 over
/// the two phases' seconds), so those are timed apart from making the engine, building the app's
/// UI from its blueprint, the kill (which frees the dead app's controllers) and freeing the engine.
struct EnginePhases {
    var n: Int
    var nodes: Int
    var runs: Int
    /// Seconds of each phase, the fastest of `runs` runs (each phase's own minimum).
    var make = Double.infinity
    var build = Double.infinity
    var preserve = Double.infinity
    var kill = Double.infinity
    var relaunch = Double.infinity
    var free = Double.infinity

    /// Nodes through preservation and restoration per second, each node counted once per phase.
    var nodesPerSecond: Double { Double(nodes * 2) / (preserve + relaunch) }

    static func measure(grid n: Int, runs: Int) -> EnginePhases {
        let scenario = ScenarioGenerator.grid(n)
        var phases = EnginePhases(n: n, nodes: scenario.ui?.nodeCount ?? 0, runs: max(1, runs))
        let timed = { (body: () -> Void) -> Double in Measure.median(1) { body() }.seconds }
        for _ in 0..<phases.runs {
            var engine: RestorationEngine?
            phases.make = min(phases.make, timed { engine = scenario.makeEngine() })
            phases.build = min(
                phases.build,
                timed {
                    engine!.start(with: scenario.ui?.instantiateViewController(classes: engine!.application.classes))
                })
            var (preserve, kill, relaunch) = (0.0, 0.0, 0.0)
            for step in scenario.timeline {
                let t = timed { engine!.run([step]) }
                switch step {
                case .background, .backgroundCrashingWhileEncoding: preserve += t
                case .kill: kill += t
                case .launch: relaunch += t
                default: break
                }
            }
            phases.preserve = min(phases.preserve, preserve)
            phases.kill = min(phases.kill, kill)
            phases.relaunch = min(phases.relaunch, relaunch)
            phases.free = min(phases.free, timed { engine = nil })
        }
        return phases
    }

    var summary: String {
        let s = Measure.seconds
        return
            "engine at \(n)×\(n), \(Format.count(nodes)) nodes, in this process, no observer, fastest of \(runs): "
            + "make the engine \(s(make)), build UI \(s(build)), preserve \(s(preserve)), kill (frees the app) "
            + "\(s(kill)), relaunch + restore \(s(relaunch)), free \(s(free)); preservation and restoration "
            + "\(Format.perSecond(nodesPerSecond)) nodes/s (nodes × 2 phases)"
    }

    var json: [String: Any] {
        [
            "n": n, "nodes": nodes, "runs": runs, "makeSeconds": make, "buildSeconds": build,
            "preserveSeconds": preserve, "killSeconds": kill, "relaunchSeconds": relaunch, "freeSeconds": free,
            "nodesPerSecond": nodesPerSecond,
        ]
    }
}
