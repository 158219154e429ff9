import Foundation
import RestoreEngine
import RestoreExport
import RestoreScenario

/// `--engine-only N`: runs just the engine on a generated scenario, for profiling.
enum EngineOnly {
    static func run(_ n: Int) {
        let s = ScenarioGenerator.generate(controllers: n)
        let t = Measure.median(3) { s.run() }
        print("engine \(n): \(Measure.seconds(t.seconds)), \(t.result.restoration?.nodes.count ?? 0) restored nodes")
    }

    /// `--engine-plain N`: N nodes as issue 2 counts them — a tab bar of navigation controllers of
    /// plain controllers with one view each, all restored from the launch UI (`existing`).
    static func plain(_ n: Int) {
        let perNav = max(1, (n - 11) / 20)
        var tabs = NodeBlueprint(className: "UITabBarController", restorationIdentifier: "Tabs")
        for t in 0..<10 {
            var nav = NodeBlueprint(className: "UINavigationController", restorationIdentifier: "nav\(t)")
            for i in 0..<perNav {
                var vc = NodeBlueprint(className: "ScreenController", restorationIdentifier: "s\(i)")
                vc.state = [CoderEntry(key: "row", value: .int(i))]
                var view = NodeBlueprint(role: .view, className: "UIScrollView", restorationIdentifier: "scroll")
                view.viewState.contentOffset = [0, Double(i % 100)]
                vc.views = [view]
                nav.children.append(vc)
            }
            tabs.children.append(nav)
        }
        var s = Scenario(name: "plain-\(n)")
        s.ui = tabs
        s.launchUI = tabs
        let nodes = tabs.nodeCount
        let t = Measure.median(3) { s.run() }
        let restored = t.result.restoration?.nodes.filter { $0.status == .restored }.count ?? 0
        print(
            "engine, \(nodes) nodes (plain, restored from the launch UI): \(Measure.seconds(t.seconds)); \(restored) restored"
        )
        // Where it goes: building the UI the app is in, preservation, the relaunch (launch UI + restoration).
        let engine = s.makeEngine()
        let build = Measure.median(1) { s.ui!.instantiateViewController(classes: engine.application.classes) }
        engine.start(with: build.result)
        let preserve = Measure.median(1) { engine.enterBackground() }
        engine.kill(.system)
        let relaunch = Measure.median(1) { engine.relaunch() }
        print(
            "  build UI \(Measure.seconds(build.seconds)), preserve \(Measure.seconds(preserve.seconds)), relaunch + restore \(Measure.seconds(relaunch.seconds))"
        )
    }

    /// `--engine-grid N`: the engine alone on the N×N grid (the benchmark app), with no
    /// observer and with one that drops every event (so events are built but not written):
    /// nodes/s through preservation and restoration.
    static func grid(_ n: Int) {
        let s = ScenarioGenerator.grid(n)
        let nodes = s.ui?.nodeCount ?? 0
        let plain = Measure.median(3) { s.run() }
        let observed = Measure.median(3) { s.run(observer: DroppingObserver()) }
        let rate = { (seconds: Double) in Int(Double(nodes) / seconds) }
        print(
            "engine grid \(n)×\(n), \(nodes) nodes: no observer \(Measure.seconds(plain.seconds)) (\(rate(plain.seconds)) nodes/s), events built \(Measure.seconds(observed.seconds)) (\(rate(observed.seconds)) nodes/s)"
        )
        print("  " + EnginePhases.measure(grid: n, runs: 3).summary)
    }

    /// Receives every event and keeps none.
    final class DroppingObserver: EngineObserver {
        var count = 0
        func engine(_ engine: RestorationEngine, didEmit event: EngineEvent) { count += 1 }
    }

    /// `--svg-only FILE.dot`: in-process layout + render of a DOT file, to compare with `dot -Tsvg`.
    static func svg(_ path: String) {
        guard let dot = try? String(contentsOfFile: path, encoding: .utf8) else {
            print("cannot read \(path)")
            return
        }
        let t = Measure.median(5) { try? SVGRenderer.render(dot: dot) }
        guard t.result != nil else { return }
        print("in-process svg: \(Measure.seconds(t.seconds)) (median of 5), \(t.result?.utf8.count ?? 0) bytes")
    }
}
