import Foundation
import RestoreEngine
import RestoreScenario
import RestoreTestSupport
import RestoreTrace

/// Scenarios built in code (the replay tests do not depend on the YAML parser).
enum Fixtures {
    static func vc(_ cls: String, _ id: String?, children: [NodeBlueprint] = [], state: [CoderEntry] = [])
        -> NodeBlueprint
    {
        var b = NodeBlueprint(className: cls, restorationIdentifier: id)
        b.children = children
        b.state = state
        return b
    }

    /// Tab bar → [nav "home" → [Home, Detail (restoration class)], unmarked nav → [Settings]] with a table.
    static func tabApp() -> Scenario {
        var s = Scenario(name: "fixture-tabs")
        var home = vc("HomeController", "home", state: [CoderEntry(key: "scroll", value: .int(3))])
        var table = NodeBlueprint(role: .view, className: "UITableView", restorationIdentifier: "list")
        table.viewState.rows = ["m1", "m2", "m3"]
        table.viewState.selected = ["m2"]
        table.viewState.modelAssociation = true
        home.views = [table]
        var detail = vc("DetailController", "detail", state: [CoderEntry(key: "item", value: .string("m2"))])
        detail.restorationClass = "DetailController"
        let nav = vc("UINavigationController", "homeNav", children: [home, detail])
        let unmarked = vc("UINavigationController", nil, children: [vc("SettingsController", "settings")])
        var tabs = vc("UITabBarController", "Tabs", children: [nav, unmarked])
        tabs.selectedIndex = 0
        s.ui = tabs
        var launchTabs = vc(
            "UITabBarController", "Tabs",
            children: [
                vc(
                    "UINavigationController", "homeNav",
                    children: [
                        {
                            var h = vc("HomeController", "home")
                            h.views = [table]
                            return h
                        }()
                    ]),
                vc("UINavigationController", nil, children: [vc("SettingsController", "settings")]),
            ])
        launchTabs.selectedIndex = 0
        s.launchUI = launchTabs
        s.classes = ["DetailController": RestorationClassSpec(answer: .new)]
        var launch = LaunchOptions()
        launch.data = ["Tabs/homeNav/home/list": ["m3", "m2", "m1"]]
        s.timeline = [.background, .kill(.system), .launch(launch)]
        s.app.delegate.shouldRestoreApplicationState = .ifEqual([
            CoderEntry(key: ReservedKeys.bundleVersion, value: .string("1.0"))
        ])
        return s
    }

    static func temporaryPath(_ name: String) throws -> String {
        try Samples.temporaryDirectory().appendingPathComponent(name).path
    }

    /// Records a scenario into a fresh temporary trace and returns its path.
    static func record(_ s: Scenario) throws -> (path: String, outcome: Outcome) { try TemporaryTrace.record(s) }

    static func lines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
    }

    static func write(_ lines: [String], to path: String) throws {
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }
}
