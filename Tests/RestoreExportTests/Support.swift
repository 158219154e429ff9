import Foundation
import RestoreEngine
import RestoreTestSupport
import RestoreTrace

@testable import RestoreExport

/// An engine run turned into what the exporters take.
struct Fixture {
    var name: String
    var events: [EngineEvent]
    var outcome: Outcome
    var lines: [String] { events.enumerated().map { EventCodec.line($0.element, seq: $0.offset + 1) } }

    func input(replay: ReplayVerdict? = ReplayVerdict(matched: true, events: 0)) -> ReportInput {
        ReportInput(
            scenario: name, description: "A tab bar with a navigation stack; the city screen does not come back.",
            tool: "restoretrace 0.1.0", traceName: name + ".trace.jsonl", events: events, eventLines: lines,
            outcome: outcome,
            replay: replay.map {
                var r = $0
                r.events = events.count
                return r
            })
    }

    static func run(_ name: String, app: TestApp, ui: UIViewController, willFinish: Bool = true) -> Fixture {
        let log = EventLog()
        let engine = RestorationEngine(application: UIApplication(), boundary: DirectBoundary(app: app))
        engine.observer = log
        engine.start(with: ui)
        engine.run([.background, .kill(.system), .launch(LaunchOptions())])
        return Fixture(name: name, events: log.events, outcome: engine.outcome)
    }

    /// A tab bar + navigation app (shagedorn's StateRestorationDemo, grown a little): the city
    /// screen's restoration class answers nil so it is lost, a tab without an identifier is skipped.
    static func tabBarNavigation(cityID: String = "City", extraID: String = "Settings") -> Fixture {
        func build(forLaunch: Bool) -> UITabBarController {
            let first = UIViewController(className: "FirstViewController", restorationIdentifier: "First")
            first.state = [CoderEntry(key: "encodingKeySliderValue", value: .double(0.8926057))]
            let second = UIViewController(className: "SecondViewController", restorationIdentifier: "Second")
            second.state = [CoderEntry(key: "encodingKeySegmentIndex", value: .int(1))]
            var list = ViewState()
            list.rows = ["m1", "m2", "m3"]
            list.selected = ["m2"]
            list.modelAssociation = true
            second.addView(
                UIView(className: "UITableView", restorationIdentifier: "list", kind: .tableView, viewState: list))
            let context = UIStateRestoringObject(
                className: "ViewContext", restorationIdentifier: "Context", objectRestorationClass: "ContextRestorer")
            context.state = [CoderEntry(key: "store", value: "main")]
            second.addRestorableObject(context)
            var stack: [UIViewController] = [second]
            if !forLaunch {
                let city = UIViewController(className: "CityViewController", restorationIdentifier: cityID)
                city.restorationClass = "CityViewController"
                city.state = [
                    CoderEntry(key: "encodingKeyCityName", value: "Paris"),
                    CoderEntry(key: "visits", value: .array([1, 2])),
                ]
                stack.append(city)
                let compose = UIViewController(className: "ComposeViewController", restorationIdentifier: "Compose")
                compose.restorationClass = "ComposeViewController"
                compose.state = [CoderEntry(key: "draft", value: "Hello")]
                first.present(compose)
            }
            let nav = UINavigationController(restorationIdentifier: "NavigationController", viewControllers: stack)
            let settings = UIViewController(className: "SettingsViewController", restorationIdentifier: extraID)
            let unmarked = UINavigationController(restorationIdentifier: nil, viewControllers: [settings])
            return UITabBarController(
                restorationIdentifier: "TabController", viewControllers: [first, nav, unmarked], selectedIndex: 1)
        }
        let app = TestApp()
        app.launchUI = { build(forLaunch: true) }
        app.restorationClasses["CityViewController"] = { _, _, _ in nil }
        app.restorationClasses["ComposeViewController"] = { _, _, _ in
            let c = UIViewController(className: "ComposeViewController", restorationIdentifier: "Compose")
            c.restorationClass = "ComposeViewController"
            return c
        }
        app.objectClasses["ContextRestorer"] = { _ in
            UIStateRestoringObject(className: "ViewContext", restorationIdentifier: "Context")
        }
        return run("tabbar-navigation", app: app, ui: build(forLaunch: false))
    }

    /// A wide, deep navigation app with `count` controllers, each with a view; every `lostEvery`-th
    /// leaf has no identifier so it and its views are skipped.
    static func large(controllers count: Int, lostEvery: Int = 0) -> Fixture {
        let app = TestApp()
        app.launchUI = { build(controllers: count, lostEvery: lostEvery) }
        return run("large-\(count)", app: app, ui: build(controllers: count, lostEvery: lostEvery))
    }

    /// `preserved` identified controllers, then a navigation controller without an identifier
    /// holding `skipped` more: a long block of skipped rows, each taller (its reason, the
    /// ancestor that caused it) than the preserved rows a node table measures first.
    static func skippedBlock(preserved: Int, skipped: Int) -> Fixture {
        func build() -> UIViewController {
            let kept = (0..<preserved).map { UIViewController(className: "Kept", restorationIdentifier: "K\($0)") }
            let lost = (0..<skipped).map { UIViewController(className: "Lost", restorationIdentifier: "L\($0)") }
            return UITabBarController(
                restorationIdentifier: "Root",
                viewControllers: [
                    UINavigationController(restorationIdentifier: "Good", viewControllers: kept),
                    UINavigationController(restorationIdentifier: nil, viewControllers: lost),
                ])
        }
        let app = TestApp()
        app.launchUI = build
        return run("skipped-block", app: app, ui: build())
    }

    /// A navigation controller `Nav` whose `count` children all have the identifier `Page`, as
    /// navigation children may (SPEC §2).
    static func sharedIdentifiers(count: Int) -> Fixture {
        func build() -> UIViewController {
            UINavigationController(
                restorationIdentifier: "Nav",
                viewControllers: (0..<count).map { _ in
                    UIViewController(className: "PageController", restorationIdentifier: "Page")
                })
        }
        let app = TestApp()
        app.launchUI = build
        return run("shared-identifiers", app: app, ui: build())
    }

    private static func build(controllers count: Int, lostEvery: Int) -> UIViewController {
        let root = UITabBarController(restorationIdentifier: "Root", viewControllers: [])
        var made = 1
        var tab = 0
        while made < count {
            var stack: [UIViewController] = []
            for depth in 0..<min(20, count - made) {
                let id = lostEvery > 0 && (made % lostEvery == 0) ? nil : "S\(tab)_\(depth)"
                let vc = UIViewController(className: "Screen\(depth)", restorationIdentifier: id)
                vc.addView(UIView(className: "UIScrollView", restorationIdentifier: "scroll", kind: .scrollView))
                stack.append(vc)
                made += 1
            }
            root.addChild(UINavigationController(restorationIdentifier: "Nav\(tab)", viewControllers: stack))
            made += 1
            tab += 1
        }
        return root
    }
}
