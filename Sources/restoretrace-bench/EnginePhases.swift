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
    /// Seconds of each phase in the fastest of `runs` runs (see `measure`).
    var make = Double.infinity
    var build = Double.infinity
    var preserve = Double.infinity
    var kill = Double.infinity
    var relaunch = Double.infinity
    var free = Double.infinity

    /// Nodes through preservation and restoration per second, each node counted once per phase.
    var nodesPerSecond: Double { Double(nodes * 2) / (preserve + relaunch) }

    /// Every phase comes from one run: the run whose preservation plus restoration was fastest.
    /// (Each phase's own minimum could mix runs and give a rate no single run reached.)
    static func measure(grid n: Int, runs: Int) -> EnginePhases {
        let scenario = ScenarioGenerator.grid(n)
        let template = EnginePhases(n: n, nodes: scenario.ui?.nodeCount ?? 0, runs: max(1, runs))
        let timed = { (body: () -> Void) -> Double in Measure.median(1) { body() }.seconds }
        var best = template
        for _ in 0..<template.runs {
            var run = template
            var engine: RestorationEngine?
            run.make = timed { engine = scenario.makeEngine() }
            run.build = timed {
                engine!.start(with: scenario.ui?.instantiateViewController(classes: engine!.application.classes))
            }
            (run.preserve, run.kill, run.relaunch) = (0, 0, 0)
            for step in scenario.timeline {
                let t = timed { engine!.run([step]) }
                switch step {
                case .background, .backgroundCrashingWhileEncoding: run.preserve += t
                case .kill: run.kill += t
                case .launch: run.relaunch += t
                default: break
                }
            }
            run.free = timed { engine = nil }
            if run.preserve + run.relaunch < best.preserve + best.relaunch { best = run }
        }
        return best
    }

    var summary: String {
        let s = Measure.seconds
        return
            "engine at \(n)×\(n), \(Format.count(nodes)) nodes, in this process, no observer, fastest run of \(runs): "
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
