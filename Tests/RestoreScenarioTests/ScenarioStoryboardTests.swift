import Foundation
import RestoreEngine
import RestoreScenario
import RestoreTestSupport
import Testing

/// Scenarios whose app is a storyboard file (SPEC §3 `storyboards:`, `app.mainStoryboard`,
/// class-less `storyboard:` nodes).
@Suite struct ScenarioStoryboardTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("RestoreStoryboardTests/Fixtures")

    /// A folder with the scenario, copies of the named fixtures and the `files` written (name → text) beside it.
    static func scenario(_ yaml: String, with storyboards: [String], files: [String: String] = [:]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for name in storyboards {
            try FileManager.default.copyItem(
                at: fixtures.appendingPathComponent(name), to: dir.appendingPathComponent(name))
        }
        for (name, text) in files {
            try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let path = dir.appendingPathComponent("app.yaml").path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func load(_ yaml: String, with storyboards: [String], files: [String: String] = [:]) throws -> Scenario {
        try ScenarioLoader.load(path: try scenario(yaml, with: storyboards, files: files))
    }

    static func errors(_ yaml: String, with storyboards: [String], files: [String: String] = [:]) throws -> [String] {
        let path = try scenario(yaml, with: storyboards, files: files)
        do {
            _ = try ScenarioLoader.load(path: path)
            Issue.record("expected problems")
            return []
        } catch {
            return error.problems.map {
                let at = $0.location
                return
                    "\(((at?.file ?? "") as NSString).lastPathComponent):\(at?.line ?? 0):\(at?.column ?? 0): \($0.message)"
            }
        }
    }

    @Test func mainStoryboardIsTheLaunchUIAndTheUIWhenUIIsAbsent() throws {
        let s = try Self.load(
            """
            name: tabs
            app: {mainStoryboard: Tabs}
            storyboards: {Tabs: Tabs.storyboard}
            """, with: ["Tabs.storyboard"])
        let launch = try #require(s.launchUI)
        #expect(launch.className == "UITabBarController")
        #expect(launch.children.map(\.restorationIdentifier) == ["HomeNav", nil])
        #expect(
            launch.origin == StoryboardOrigin(file: "Tabs.storyboard", sceneID: "Sc1-tb-001", objectID: "Tb1-aa-Tab"))
        #expect(s.ui == launch)
        #expect(s.storyboardFiles == ["Tabs": "Tabs.storyboard"])
        // Scenes with a Storyboard ID can be instantiated by it (R3 step 4).
        #expect(s.storyboards["Tabs"]?.keys.sorted() == ["Detail", "Home"])
        let outcome = s.run()
        let skipped = outcome.preservation?.nodes.filter { $0.status == .skipped }.map(\.locator)
        #expect(
            skipped == [
                "Tabs/<UINavigationController>", "Tabs/<UINavigationController>/Settings",
                "Tabs/<UINavigationController>/Settings/SyncSwitch",
            ])
    }

    @Test func aClasslessNodeIsInstantiatedFromTheFileAndTheScenarioAddsToIt() throws {
        let s = try Self.load(
            """
            name: pushed
            storyboards: {Tabs: Tabs.storyboard}
            ui:
              storyboard: {name: Tabs, identifier: Home}
              state: {filter: unread}
              views:
                - {class: UITableView, restorationIdentifier: HomeTable, rows: [a, b], selected: [b]}
              children:
                - storyboard: {name: Tabs, identifier: Detail}
                  restorationIdentifier: Detail
            """, with: ["Tabs.storyboard"])
        let ui = try #require(s.ui)
        #expect(ui.className == "HomeViewController")
        #expect(ui.inherits == "UITableViewController")
        #expect(ui.restorationIdentifier == "Home")
        #expect(ui.state.map(\.key) == ["filter"])
        #expect(ui.views.count == 1)
        #expect(ui.views[0].viewState.selected == ["b"])
        #expect(ui.views[0].origin?.objectID == "Hm1-bb-Tbl")
        let detail = try #require(ui.children.first)
        #expect(detail.className == "DetailViewController")
        #expect(detail.restorationIdentifier == "Detail")
        #expect(detail.views.map(\.restorationIdentifier) == ["Notes"])
    }

    /// A child naming a scene the file already builds is that child (state, views and objects
    /// reach a nested scene); one naming another scene is pushed after the file's.
    @Test func aChildNamingAFileChildMergesIntoIt() throws {
        let s = try ScenarioLoader.load(path: Samples.path("master-detail.yaml"))
        let split = try #require(s.ui)
        #expect(
            split.children.map(\.restorationIdentifier) == ["MasterNavigationController", "DetailNavigationController"])
        let master = try #require(split.children.first?.children.first)
        #expect(master.children.isEmpty)
        #expect(master.className == "MasterViewController")
        #expect(
            master.origin
                == StoryboardOrigin(file: "MasterDetail.storyboard", sceneID: "Sce-md-003", objectID: "Tvc-md-003"))
        #expect(master.objects.map(\.restorationIdentifier) == ["ViewContext"])
        #expect(master.views.map(\.viewState.selected) == [["x-coredata://5C1/Event/p2"]])
        #expect(master.views.first?.origin?.objectID == "Tbl-md-003")
        let detail = try #require(split.children.last?.children)
        #expect(detail.map(\.restorationIdentifier) == ["DetailViewController"])
        #expect(detail.first?.state.map(\.key) == ["detailItemURI"])

        let pushed = try Self.load(
            """
            name: pushed-twice
            storyboards: {Tabs: Tabs.storyboard}
            ui:
              storyboard: {name: Tabs, identifier: Home}
              children:
                - storyboard: {name: Tabs, identifier: Detail}
                - storyboard: {name: Tabs, identifier: Detail}
            """, with: ["Tabs.storyboard"])
        #expect(pushed.ui?.children.count == 2, "scenes the file does not build under the node are pushed")
    }

    @Test func aStoryboardReferenceIntoAnotherListedFileIsFollowed() throws {
        let s = try Self.load(
            """
            name: dash
            app: {mainStoryboard: Container}
            storyboards: {Container: Container.storyboard, Goals: Goals.storyboard}
            """, with: ["Container.storyboard", "Goals.storyboard"])
        #expect(s.launchUI?.isCustomContainer == true)
        #expect(s.launchUI?.children.map(\.className) == ["SummaryViewController", "GoalListViewController"])
        #expect(s.launchUI?.children[1].origin?.file == "Goals.storyboard")
    }

    @Test func problemsAreLocatedInTheScenarioOrInTheStoryboard() throws {
        #expect(
            try Self.errors(
                """
                name: missing
                storyboards: {Main: Main.storyboard}
                """, with: []) == [
                    "app.yaml:2:21: storyboard 'Main' (Main.storyboard): cannot read the storyboard: no such file"
                ])
        #expect(
            try Self.errors(
                """
                name: bad
                storyboards: {Main: MissingDestination.storyboard}
                """, with: ["MissingDestination.storyboard"]
            ).last
                == "MissingDestination.storyboard:17:29: the show segue 'Shw-Gl-001' leads to 'Gon-e0-001', which is not a scene in this storyboard; reconnect or delete it in Xcode"
        )
        #expect(
            try Self.errors(
                """
                name: refs
                app: {mainStoryboard: Container}
                storyboards: {Container: Container.storyboard}
                """, with: ["Container.storyboard"]) == [
                    "Container.storyboard:71:17: the storyboard reference 'Ref-Ct-003' leads into Goals.storyboard, which was not given; add it to the scenario, such as 'storyboards: {Goals: Goals.storyboard}'"
                ])
        #expect(
            try Self.errors(
                """
                name: typo
                storyboards: {Tabs: Tabs.storyboard}
                app: {mainStoryboard: Main}
                ui:
                  storyboard: {name: Tabs, identifier: Detial}
                """, with: ["Tabs.storyboard"]) == [
                    "app.yaml:3:23: mainStoryboard 'Main' is not a storyboard file under 'storyboards:'; add it there, such as 'storyboards: {Main: Main.storyboard}'",
                    "app.yaml:5:3: storyboard 'Tabs' has no scene with the Storyboard ID 'Detial' (did you mean 'Detail'?)",
                ])
        // A misspelt storyboard name is pointed at the file it meant (r19 end-to-end walk: it was
        // told to add a second file), in `mainStoryboard` and in a node.
        #expect(
            try Self.errors(
                """
                name: typo
                storyboards: {Tabs: Tabs.storyboard}
                app: {mainStoryboard: Tab}
                ui:
                  storyboard: {name: Tabz, identifier: Detail}
                """, with: ["Tabs.storyboard"]) == [
                    "app.yaml:3:23: mainStoryboard 'Tab' is not a storyboard file under 'storyboards:' (did you mean 'Tabs'?)",
                    "app.yaml:5:3: the node has no 'class:' and storyboard 'Tabz' is not a storyboard file under 'storyboards:' (did you mean 'Tabs'?); give 'class:' or add the file",
                ])
    }

    @Test func aClasslessNodeNeedsAStoryboardFile() {
        let found = located(
            problems(
                """
                name: handwritten
                ui:
                  storyboard: {name: Main, identifier: Home}
                """))
        #expect(found.count == 1)
        #expect(found.first?.contains("'storyboard' is not a storyboard file") == false)
        #expect(found.first?.hasPrefix("3:3: the node has no 'class:' and storyboard 'Main'") == true)
    }
}
