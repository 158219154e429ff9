import RestoreEngine
import Testing

@testable import RestoreScenario

/// Defects round 15's acceptance hunt found, each with the scenario it used.
@Suite struct ReviewRound15Tests {
    /// Tabs sharing an identifier each get the controller restored for their own archive key:
    /// every restored child took the first tab with its identifier, so one controller sat in
    /// both tabs and the other was gone, while the outcome said both were restored.
    @Test func tabsSharingAnIdentifierKeepTheirOwnControllers() throws {
        let run = try ScenarioRun(
            """
            name: tabdup
            launchUI:
              class: UITabBarController
              restorationIdentifier: Tabs
              selectedIndex: 1
              children:
                - {class: InboxVC, restorationIdentifier: list, state: {w: inbox}}
                - {class: ArchiveVC, restorationIdentifier: list, state: {w: archive}}
            timeline: [background, {kill: system}, launch, background]
            """)
        let tabs = try #require(run.root)
        #expect(tabs.children.map(\.className) == ["InboxVC", "ArchiveVC"])
        #expect(tabs.selectedIndex == 1)
        let encoded = run.calls(.encode, launch: 2).map { "\($0.receiver ?? "") \($0.key ?? "")" }
        #expect(encoded == ["UITabBarController Tabs", "InboxVC Tabs/:[0]:/list", "ArchiveVC Tabs/:[1]:/list"])
    }
}
