import Foundation
import RestoreEngine
import RestoreStoryboard
import RestoreTestSupport
import Testing

/// A scene a segue shows is judged where UIKit puts it: pushed onto the source's navigation
/// controller, presented by the root of the source's screen. Judged on its own identifier it was
/// ★ under an unmarked navigation controller while `record` skipped it.
@Suite struct LintRunTimeSceneTests {
    static func lint(_ scenes: [String], initial: String) throws -> LintReport {
        let doc = try StoryboardReader.parse(
            Data(StoryboardText.document(initial: initial, scenes).utf8), file: "Main.storyboard")
        return try StoryboardLinter.lint([doc])
    }

    /// The run-time scene `id` in the JSON report.
    static func jsonScene(_ report: LintReport, _ id: String) throws -> [String: Any] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        let scenes = try #require((object["files"] as? [[String: Any]])?.first?["scenes"] as? [[String: Any]])
        return try #require(scenes.first { $0["controller"] as? String == id })
    }

    static func navigation(_ id: String, root: String, marked: Bool = false) -> String {
        StoryboardText.container(
            "navigationController", id: id, attributes: marked ? #"restorationIdentifier="\#(id)" "# : "",
            relationship: "rootViewController", children: [root])
    }

    /// A controller with the given attributes whose cell shows `destination` by a `kind` segue.
    static func source(_ id: String, _ attributes: String = "", shows destination: String, kind: String) -> String {
        StoryboardText.scene(
            id,
            [
                #"<tableViewController \#(attributes)id="\#(id)" customClass="\#(id.capitalized)ViewController" sceneMemberID="viewController">"#,
                #"    <tableViewCell id="cell-\#(id)"><segue destination="\#(destination)" kind="\#(kind)" id="s-\#(id)"/></tableViewCell>"#,
                #"</tableViewController>"#,
            ])
    }

    static let detail = StoryboardText.scene(
        "detail",
        [
            #"<viewController storyboardIdentifier="Detail" useStoryboardIdentifierAsRestorationIdentifier="YES" id="detail" customClass="DetailViewController" sceneMemberID="viewController"/>"#
        ])

    /// Canada2016's My Schedule and DuckDuckGo's debug screens: pushed from a scene under a
    /// navigation controller without an identifier.
    @Test func aSceneWithAnIdentifierPushedUnderAnUnmarkedNavigationControllerIsNeverPreserved() throws {
        let scenes = [
            Self.navigation("nav", root: "home"), Self.source("home", shows: "detail", kind: "show"), Self.detail,
        ]
        let report = try Self.lint(scenes, initial: "nav")
        let file = report.files[0]
        let scene = try Self.jsonScene(report, "detail")
        #expect(scene["preserved"] as? Bool == false)
        #expect(scene["reason"] as? String == "ancestor-not-preserved")
        let finding = try #require(file.findings.first { $0.id == "detail" })
        #expect(finding.code == .neverPreserved)
        #expect(finding.location.lineColumn == "15:13")
        #expect(
            finding.message
                == "`Detail` (DetailViewController) is shown by a show segue from `HomeViewController` but is never preserved: its ancestor `UINavigationController (nav)` has no restoration identifier"
        )
        #expect(
            finding.fix
                == "give `UINavigationController (nav)` a Restoration ID in the Identity inspector"
        )
        #expect(
            report.text.contains(
                "    ✗ DetailViewController (show), restoration identifier 'Detail'  skipped, ancestor-not-preserved: its ancestor `UINavigationController (nav)` has no restoration identifier\n"
            ))
    }

    /// Under a marked navigation controller the same scene is preserved.
    @Test func aSceneWithAnIdentifierPushedUnderAMarkedNavigationControllerIsPreserved() throws {
        let scenes = [
            Self.navigation("nav", root: "home", marked: true),
            Self.source("home", #"restorationIdentifier="Home" "#, shows: "detail", kind: "show"), Self.detail,
        ]
        let report = try Self.lint(scenes, initial: "nav")
        #expect(try Self.jsonScene(report, "detail")["preserved"] as? Bool == true)
        #expect(report.findings.isEmpty)
        #expect(report.text.contains("    ★ DetailViewController (show), restoration identifier 'Detail'\n"))
    }

    /// A scene without an identifier under unmarked containers: setting its Restoration ID alone
    /// does nothing, so the fix names them too.
    @Test func theFixForAnUnidentifiedPushedSceneNamesTheUnmarkedContainers() throws {
        let file = try Self.lint(
            [
                StoryboardText.container(
                    "tabBarController", id: "tab", relationship: "viewControllers", children: ["nav"]),
                Self.navigation("nav", root: "home"), Self.source("home", shows: "info", kind: "push"),
                StoryboardText.scene(
                    "info",
                    [#"<viewController id="info" customClass="InfoViewController" sceneMemberID="viewController"/>"#]),
            ], initial: "tab"
        ).files[0]
        let finding = try #require(file.findings.first { $0.id == "info" })
        #expect(finding.code == .segueSceneWithoutIdentifier)
        #expect(
            finding.fix
                == "set a Restoration ID in the Identity inspector; and give `UITabBarController (tab)` and `UINavigationController (nav)` a Restoration ID in the Identity inspector"
        )
    }

    /// Home presents a navigation controller without an identifier whose root, Compose, has one,
    /// with a text view Body: `record` skips all three; lint named only the navigation controller.
    @Test func whatArrivesWithAnUnmarkedPresentedContainerIsNeverPreserved() throws {
        let file = try Self.lint(
            [
                Self.source("home", #"restorationIdentifier="Home" "#, shows: "pnav", kind: "presentation"),
                Self.navigation("pnav", root: "compose"),
                StoryboardText.scene(
                    "compose",
                    [
                        #"<viewController restorationIdentifier="Compose" id="compose" customClass="ComposeViewController" sceneMemberID="viewController">"#,
                        #"    <textView restorationIdentifier="Body" id="body"/>"#,
                        #"</viewController>"#,
                    ]),
            ], initial: "home"
        ).files[0]
        #expect(
            file.findings.map { "\($0.location.lineColumn) \($0.code.rawValue) \($0.id)" } == [
                "10:13 segue-scene-without-identifier pnav", "15:13 never-preserved compose",
                "16:17 never-preserved body",
            ])
        #expect(
            try #require(file.findings.first { $0.id == "compose" }).message
                == "`Compose` (ComposeViewController) arrives with `UINavigationController` (a presentation segue from `Home`) but is never preserved: its ancestor `UINavigationController (pnav)` has no restoration identifier"
        )
    }

    /// A presentation is made by the root of the source's screen (UIKit forwards it up to a
    /// controller covering the screen), which encodes what it presents: from a scene under an
    /// unmarked navigation controller in a marked tab bar, the presented scene is preserved
    /// under the tab bar.
    @Test func aPresentedSceneHangsFromTheRootOfTheScreen() throws {
        let report = try Self.lint(
            [
                StoryboardText.container(
                    "tabBarController", id: "tab", attributes: #"restorationIdentifier="Tabs" "#,
                    relationship: "viewControllers", children: ["nav"]),
                Self.navigation("nav", root: "home"), Self.source("home", shows: "detail", kind: "presentation"),
                Self.detail,
            ], initial: "tab")
        #expect(report.text.contains("    ★ DetailViewController (presentation), restoration identifier 'Detail'\n"))
        #expect(!report.findings.contains { $0.id == "detail" })
    }

    /// A custom segue's `perform()` is the app's: where it puts the scene is unknown, so the scene
    /// is judged on its own identifier, as before.
    @Test func aCustomSegueIsJudgedOnTheScenesOwnIdentifier() throws {
        let report = try Self.lint(
            [Self.navigation("nav", root: "home"), Self.source("home", shows: "detail", kind: "custom"), Self.detail],
            initial: "nav")
        #expect(report.text.contains("    ★ DetailViewController (custom), restoration identifier 'Detail'\n"))
        #expect(!report.findings.contains { $0.id == "detail" })
    }

    /// The views of a scene shown only at run time are listed under it, kept or lost with it, as
    /// a launch-tree controller's are: the JSON had them, the text did not (r17 storyboard hunt, #5).
    @Test func theViewsOfARunTimeSceneAreListedUnderIt() throws {
        let report = try Self.lint(
            [
                Self.navigation("nav", root: "home", marked: true),
                Self.source("home", #"restorationIdentifier="Home" "#, shows: "detail", kind: "show"),
                StoryboardText.scene(
                    "detail",
                    [
                        #"<viewController id="detail" customClass="DetailViewController" sceneMemberID="viewController">"#,
                        #"    <textView restorationIdentifier="Notes" id="tv"/>"#,
                        #"</viewController>"#,
                    ]),
            ], initial: "nav")
        let lines = report.text.split(separator: "\n").map(String.init)
        let scene = try #require(
            lines.firstIndex { $0.contains("DetailViewController (show), no restoration identifier") })
        #expect(lines[scene + 1] == "        ✗ view UITextView 'Notes'  skipped, view-owner-not-preserved", "\(lines)")
    }
}
