import RestoreTestSupport
import Testing

@testable import RestoreEngine

@Suite struct SwiftAPITests {
    // MARK: Determinism

    private func everything() -> (TestApp, UIViewController) {
        let app = TestApp()
        app.willEncode = { coder, _ in coder.encode("v", forKey: "appKey") }
        app.launchUI = {
            tabs(
                "Tabs",
                [
                    nav("Nav", [vc("List", "List", views: [table("table", rows: ["m3", "m1"], association: true)])]),
                    vc("Unmarked", nil),
                ])
        }
        app.restorationClasses["Detail"] = { path, _, _ in vc("Detail", path.last!, restorationClass: "Detail") }
        app.objectClasses["StoreRestorer"] = { path in
            UIStateRestoringObject(className: "Store", restorationIdentifier: path.last)
        }
        let list = vc(
            "List", "List", state: state(("scroll", 3)),
            views: [table("table", rows: ["m1", "m2", "m3"], selected: ["m2"], association: true)])
        let detail = vc(
            "Detail", "Detail", restorationClass: "Detail", state: state(("item", "m2")),
            presenting: vc("Modal", "Modal"))
        detail.addRestorableObject(
            UIStateRestoringObject(
                className: "Store", restorationIdentifier: "Store", objectRestorationClass: "StoreRestorer"))
        return (
            app,
            tabs(
                "Tabs", [nav("Nav", [list, detail]), vc("Unmarked", nil, views: [view("UIView", "v", kind: .view)])],
                selected: 0)
        )
    }

    @Test func sameSetupTwiceEmitsIdenticalEvents() throws {
        var runs: [([EngineEvent], Outcome)] = []
        for _ in 0..<2 {
            let (app, ui) = everything()
            let log = EventLog()
            let engine = runCycle(
                app, ui: ui, log: log, timeline: [.background, .kill(.system), .launch(LaunchOptions()), .background])
            runs.append((log.events, engine.outcome))
        }
        #expect(runs[0].0.count > 30)
        #expect(runs[0].0 == runs[1].0)
        #expect(runs[0].1 == runs[1].1)
        #expect(runs[0].1.diagnostics(.selectionDropped).count == 1)
    }

    // MARK: Scale

    @Test func hundredThousandNodesPreserveAndRestoreCompletely() throws {
        let navs = 100
        let depth = 500
        func hierarchy() -> UITabBarController {
            tabs(
                "Tabs",
                (0..<navs).map { n in
                    nav(
                        "nav\(n)",
                        (0..<depth).map { i in
                            vc("Page", "p\(i)", state: state(("i", .int(i))), views: [view("UIView", "v", kind: .view)])
                        })
                })
        }
        let app = TestApp()
        let launched = hierarchy()
        for page in launched.children.flatMap(\.children) { page.state = [] }
        app.launchUI = { launched }
        let ui = hierarchy()
        // No observer: the cost measured is the engine's, not an event log's.
        let engine = RestorationEngine(application: UIApplication(), boundary: DirectBoundary(app: app))
        let elapsed = ContinuousClock().measure {
            engine.start(with: ui)
            engine.run([.background, .kill(.system), .launch(LaunchOptions())])
        }
        let outcome = engine.outcome

        let total = 1 + navs * (1 + depth * 2)
        #expect(total > 100_000)
        #expect(outcome.preservation?.nodes.count == total)
        #expect(outcome.preservation?.nodes.allSatisfy { $0.status == .preserved } == true)
        #expect(outcome.restoration?.nodes.count == total)
        #expect(outcome.restoration?.nodes.allSatisfy { $0.status == .restored && $0.decoded == true } == true)
        #expect(launched.children[99].children[499].state == state(("i", 499)))
        // TestApp implements only the deprecated pair (P1).
        #expect(outcome.diagnostics.map(\.code) == [.deprecatedApi])
        print("100k-node cycle: \(elapsed)")
    }
}
