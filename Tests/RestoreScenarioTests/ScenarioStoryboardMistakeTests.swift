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

    /// An Info.plist of one scene configuration, "Default Configuration", whose storyboard is Main.
    static var scenePlist: String {
        plist([
            "NSUserActivityTypes": ["com.example.view"],
            "UIApplicationSceneManifest": [
                "UISceneConfigurations": [
                    "UIWindowSceneSessionRoleApplication": [
                        ["UISceneConfigurationName": "Default Configuration", "UISceneStoryboardFile": "Main"]
                    ]
                ]
            ],
        ])
    }

    @Test func aClearedViewIdentifierIsNoNode() throws {
        let s = try ScenarioStoryboardTests.load(
            "name: cleared\napp: {mainStoryboard: Main}\nstoryboards: {Main: Main.storyboard}\n", with: [],
            files: ["Main.storyboard": Self.clearedIdentifier])
        #expect(s.launchUI?.views.map(\.restorationIdentifier) == ["Name"])
        let nodes = s.run().preservation?.nodes.map(\.locator)
        #expect(nodes == ["Home", "Home/Name"])
    }

    /// A Main storyboard whose initial view controller is a reference to `identifier` in Profile.
    static func startingAtAReference(to identifier: String) -> String {
        StoryboardText.document(
            initial: "ref",
            [
                StoryboardText.scene(
                    "ref",
                    [
                        #"<viewControllerPlaceholder storyboardName="Profile" referencedIdentifier="\#(identifier)" id="ref" sceneMemberID="viewController"/>"#
                    ])
            ])
    }

    /// A reference naming a scene the listed file does not have: the file is there, so "add it to
    /// the scenario" sent the user to a line they had already written.
    @Test func aReferenceToAMissingSceneOfAListedFileSaysWhichScenesItHas() throws {
        let main = Self.startingAtAReference(to: "ProfileNavX")
        let profile = StoryboardText.document([
            StoryboardText.scene(
                "pnav",
                [
                    #"<navigationController storyboardIdentifier="ProfileNav" id="pnav" sceneMemberID="viewController"/>"#
                ]),
            StoryboardText.scene(
                "pset",
                [#"<viewController storyboardIdentifier="Settings" id="pset" sceneMemberID="viewController"/>"#]),
        ])
        let found = try ScenarioStoryboardTests.errors(
            """
            name: refs
            app: {mainStoryboard: Main}
            storyboards: {Main: Main.storyboard, Profile: Profile.storyboard}
            """, with: [], files: ["Main.storyboard": main, "Profile.storyboard": profile])
        #expect(
            found == [
                "Main.storyboard:5:13: the storyboard reference 'ref' names scene 'ProfileNavX' of storyboard 'Profile', which does not exist (did you mean 'ProfileNav'?); set the reference's Referenced ID to a Storyboard ID of Profile.storyboard: 'ProfileNav', 'Settings'"
            ])
    }

    /// A scene configuration's storyboard whose initial view controller is a reference not
    /// followed: the main storyboard's case was an error, the scene's an empty window, silently.
    @Test func aSceneStoryboardStartingAtAReferenceNotFollowedIsAnError() throws {
        let main = Self.startingAtAReference(to: "ProfileNav")
        let plist = Self.scenePlist
        let found = try ScenarioStoryboardTests.errors(
            """
            name: scenes
            app: {infoPlist: Info.plist}
            storyboards: {Main: Main.storyboard}
            scenes: [{session: main}]
            """, with: [], files: ["Info.plist": plist, "Main.storyboard": main])
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.hasPrefix("Main.storyboard:5:13: the storyboard reference 'ref'") == true, "\(found)")
    }

    /// An Info.plist naming a main storyboard the scenario does not list built an app with no UI
    /// ("0 of 0 nodes", exit 0), where `app.mainStoryboard` with the same name is refused.
    @Test func aPlistsMainStoryboardNotListedIsAnError() throws {
        let plist = Self.plist(["UIMainStoryboardFile": "Main"])
        let found = try ScenarioStoryboardTests.errors(
            """
            name: plist
            app: {infoPlist: Info.plist}
            storyboards: {main: Main.storyboard}
            """, with: [], files: ["Info.plist": plist, "Main.storyboard": Self.clearedIdentifier])
        #expect(
            found == [
                "app.yaml:2:18: Info.plist 'Info.plist' names the storyboard 'Main' (UIMainStoryboardFile), which is not under 'storyboards:' (did you mean 'main'?); list it by that name, such as 'storyboards: {Main: Main.storyboard}'"
            ])
        // Listed by the plist's name, it is the launch UI.
        let s = try ScenarioStoryboardTests.load(
            "name: plist\napp: {infoPlist: Info.plist}\nstoryboards: {Main: Main.storyboard}\n", with: [],
            files: ["Info.plist": plist, "Main.storyboard": Self.clearedIdentifier])
        #expect(s.launchUI?.restorationIdentifier == "Home")
    }

    /// The same for a scene configuration's `UISceneStoryboardFile`: the session got an empty window.
    @Test func aPlistsSceneStoryboardNotListedIsAnError() throws {
        let plist = Self.scenePlist
        let found = try ScenarioStoryboardTests.errors(
            """
            name: plist
            app: {infoPlist: Info.plist}
            storyboards: {MainUI: Main.storyboard}
            scenes: [{session: main}]
            """, with: [], files: ["Info.plist": plist, "Main.storyboard": Self.clearedIdentifier])
        #expect(
            found == [
                "app.yaml:2:18: Info.plist 'Info.plist' names the storyboard 'Main' (UISceneStoryboardFile of 'Default Configuration'), which is not under 'storyboards:' (did you mean 'MainUI'?); list it by that name, such as 'storyboards: {Main: Main.storyboard}'"
            ])
        // A session that writes its own `ui:` does not load the storyboard: nothing to list.
        let s = try ScenarioStoryboardTests.load(
            """
            name: plist
            app: {infoPlist: Info.plist}
            storyboards: {MainUI: Main.storyboard}
            scenes: [{session: main, ui: {class: Home, restorationIdentifier: Home}}]
            """, with: [], files: ["Info.plist": plist, "Main.storyboard": Self.clearedIdentifier])
        #expect(s.scenes.first?.ui?.className == "Home")
    }

    /// With no `storyboards:` at all and no UI written, the plist's storyboard was ignored just as
    /// silently ("0 of 0 nodes", exit 0); with the UI written by hand, nothing is asked for.
    @Test func aPlistsStoryboardWithNoStoryboardsAndNoUIIsAnError() throws {
        let legacy = Self.plist(["UIMainStoryboardFile": "Main"])
        let main = try ScenarioStoryboardTests.errors(
            "name: plist\napp: {infoPlist: Info.plist}\n", with: [], files: ["Info.plist": legacy])
        #expect(
            main == [
                "app.yaml:2:18: Info.plist 'Info.plist' names the storyboard 'Main' (UIMainStoryboardFile), which is not under 'storyboards:'; list it by that name, such as 'storyboards: {Main: Main.storyboard}'"
            ])
        let scenes = try ScenarioStoryboardTests.errors(
            "name: plist\napp: {infoPlist: Info.plist}\nscenes: [{session: main}]\n", with: [],
            files: ["Info.plist": Self.scenePlist])
        #expect(scenes.count == 1 && scenes.first?.contains("UISceneStoryboardFile") == true, "\(scenes)")
        let written = try ScenarioStoryboardTests.load(
            "name: plist\napp: {infoPlist: Info.plist}\nui: {class: Home, restorationIdentifier: Home}\n", with: [],
            files: ["Info.plist": legacy])
        #expect(written.ui?.className == "Home")
    }

    static func plist(_ contents: [String: Any]) -> String {
        let data = try! PropertyListSerialization.data(fromPropertyList: contents, format: .xml, options: 0)
        return String(decoding: data, as: UTF8.self)
    }
}
