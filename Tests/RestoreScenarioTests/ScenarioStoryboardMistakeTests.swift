import Foundation
import RestoreEngine
import RestoreScenario
import RestoreTestSupport
import Testing

/// Storyboard mistakes `record` met on real projects: each is refused with what to change, or
/// read the way Interface Builder means it, never an app quietly different from the files.
@Suite struct ScenarioStoryboardMistakeTests {
    /// Home, with a cleared Restoration ID on its table (`restorationIdentifier=""`, as Xcode
    /// writes once the field is emptied) and a real one on a text field.
    static let clearedIdentifier = StoryboardText.document(
        initial: "home",
        [
            StoryboardText.scene(
                "home",
                [
                    #"<tableViewController restorationIdentifier="Home" storyboardIdentifier="Home" id="home" sceneMemberID="viewController">"#,
                    #"    <tableView key="view" restorationIdentifier="" id="table">"#,
                    #"        <textField restorationIdentifier="Name" id="name"/>"#,
                    #"    </tableView>"#,
                    #"</tableViewController>"#,
                ])
        ])

    @Test func aClearedViewIdentifierIsNoNode() throws {
        let s = try ScenarioStoryboardTests.load(
            "name: cleared\napp: {mainStoryboard: Main}\nstoryboards: {Main: Main.storyboard}\n", with: [],
            files: ["Main.storyboard": Self.clearedIdentifier])
        #expect(s.launchUI?.views.map(\.restorationIdentifier) == ["Name"])
        let nodes = s.run().preservation?.nodes.map(\.locator)
        #expect(nodes == ["Home", "Home/Name"])
    }
}
