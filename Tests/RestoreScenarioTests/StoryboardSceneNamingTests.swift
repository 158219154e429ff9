import Foundation
import RestoreEngine
import RestoreScenario
import Testing

/// Naming a storyboard's scenes in a scenario, as a newcomer does from a real app's storyboard
/// (r19 end-to-end walk).
@Suite struct StoryboardSceneNamingTests {
    /// Tabs.storyboard with a Storyboard ID on its tab bar (its Restoration ID stays `Tabs`).
    static let files: [String: String] = {
        let text =
            (try? String(
                contentsOf: ScenarioStoryboardTests.fixtures.appendingPathComponent("Tabs.storyboard"), encoding: .utf8))
            ?? ""
        return [
            "Named.storyboard": text.replacingOccurrences(
                of: #"<tabBarController restorationIdentifier="Tabs" id="#,
                with: #"<tabBarController storyboardIdentifier="TabsSB" restorationIdentifier="Tabs" id="#)
        ]
    }()

    /// "The user was on tab 2": the tab bar's tabs come from the file, and `selectedIndex` was
    /// refused as out of range of the scenario's (none) with "  has 0 children".
    @Test func aStoryboardTabBarsTabCanBeSelected() throws {
        let s = try ScenarioStoryboardTests.load(
            """
            name: tabs
            storyboards: {Main: Named.storyboard}
            ui:
              storyboard: {name: Main, identifier: TabsSB}
              selectedIndex: 1
            """, with: [], files: Self.files)
        let ui = try #require(s.ui)
        #expect(ui.children.count == 2)
        #expect(ui.selectedIndex == 1)
    }

    @Test func aTabPastTheFilesTabsIsRefusedWithTheScenesCount() throws {
        let errors = try ScenarioStoryboardTests.errors(
            """
            name: tabs
            storyboards: {Main: Named.storyboard}
            ui:
              storyboard: {name: Main, identifier: TabsSB}
              selectedIndex: 5
            """, with: [], files: Self.files)
        #expect(
            errors.contains {
                $0.contains(
                    "selectedIndex 5 is out of range: the scene 'TabsSB' (UITabBarController) has 2 children (0...1)")
            }, "\(errors)")
    }

    /// A nested scene named by its Storyboard ID, when that differs from its Restoration ID, is
    /// the file's child, given the scenario's state: it was appended as a second one beside it.
    @Test func aNestedSceneNamedByAnotherStoryboardIDIsTheSameChild() throws {
        let text = try #require(Self.files["Named.storyboard"]).replacingOccurrences(
            of: #"<navigationController restorationIdentifier="HomeNav" "#,
            with: #"<navigationController storyboardIdentifier="HomeNavSB" restorationIdentifier="HomeNav" "#)
        let s = try ScenarioStoryboardTests.load(
            """
            name: tabs
            storyboards: {Main: Nested.storyboard}
            ui:
              storyboard: {name: Main, identifier: TabsSB}
              children:
                - storyboard: {name: Main, identifier: HomeNavSB}
                  state: {filter: recent}
            """, with: [], files: ["Nested.storyboard": text])
        let ui = try #require(s.ui)
        #expect(ui.children.count == 2, "\(ui.children.map(\.restorationIdentifier))")
        #expect(ui.children.first?.restorationIdentifier == "HomeNav")
        #expect(ui.children.first?.state.map(\.key) == ["filter"])
    }

    /// Most pushed scenes of real storyboards have a Restoration ID and no Storyboard ID: naming
    /// one by its Restoration ID said only "no scene with the Storyboard ID".
    @Test func aSceneNamedByItsRestorationIDIsPointedAt() throws {
        let errors = try ScenarioStoryboardTests.errors(
            """
            name: tabs
            storyboards: {Main: Tabs.storyboard}
            ui:
              storyboard: {name: Main, identifier: Tabs}
            """, with: ["Tabs.storyboard"])
        #expect(
            errors.contains {
                $0.contains(
                    "storyboard 'Main' has no scene with the Storyboard ID 'Tabs': the scene at line 14 has it as Restoration ID; a scenario names a scene by its Storyboard ID, and it has none"
                )
            }, "\(errors)")
    }
}
