import Foundation
import RestoreEngine
import RestoreStoryboard
import RestoreTestSupport
import Testing

/// Apps split into several storyboards joined by references (Xcode 7+): a referenced scene is
/// judged, listed and reported as if it were in the referencing file, once.
@Suite struct LintReferenceTests {
    /// The files in the order given.
    static func lint(_ files: KeyValuePairs<String, String>) throws -> LintReport {
        try StoryboardLinter.lint(try files.map { try StoryboardReader.parse(Data($0.value.utf8), file: $0.key) })
    }

    /// Host (custom container) embeds Local, with the text view LocalText, and a reference to
    /// Alert.storyboard's Alert, with AlertText. Both files use the IB id `tv` for a text view.
    static let host = StoryboardText.document(
        initial: "host",
        [
            StoryboardText.scene(
                "host",
                [
                    #"<viewController restorationIdentifier="Host" id="host" customClass="HostViewController" sceneMemberID="viewController">"#,
                    #"    <containerView id="cv1"><segue destination="ref-alert" kind="embed" id="e1"/></containerView>"#,
                    #"    <containerView id="cv2"><segue destination="local" kind="embed" id="e2"/></containerView>"#,
                    #"</viewController>"#,
                ]),
            StoryboardText.scene(
                "ref-alert",
                [
                    #"<viewControllerPlaceholder storyboardName="Alert" id="ref-alert" sceneMemberID="viewController"/>"#
                ]),
            StoryboardText.scene(
                "local",
                [
                    #"<viewController restorationIdentifier="Local" id="local" customClass="LocalViewController" sceneMemberID="viewController">"#,
                    #"    <textView restorationIdentifier="LocalText" id="tv"/>"#,
                    #"</viewController>"#,
                ]),
        ])
    static let alert = StoryboardText.document(
        initial: "alert",
        [
            StoryboardText.scene(
                "alert",
                [
                    #"<viewController restorationIdentifier="Alert" id="alert" customClass="AlertViewController" sceneMemberID="viewController">"#,
                    #"    <textView restorationIdentifier="AlertText" id="tv"/>"#,
                    #"</viewController>"#,
                ])
        ])

    /// The views of a scene reached through a reference were dropped from the referencing tree,
    /// and with them their findings (`record` walks them).
    @Test func viewsOfAReferencedSceneAreListedAndJudged() throws {
        let report = try Self.lint(["Main.storyboard": Self.host, "Alert.storyboard": Self.alert])
        let main = report.files[0]
        #expect(
            main.views.map { "\($0.location.file)/\($0.id)/\($0.restorationIdentifier)" } == [
                "Main.storyboard/tv/LocalText", "Alert.storyboard/tv/AlertText",
            ])
        #expect(main.views.allSatisfy { !$0.preserved && $0.reason == .viewOwnerNotPreserved })
        #expect(
            main.findings.map { "\($0.location.file):\($0.location.lineColumn) \($0.code.rawValue) \($0.id)" } == [
                "Main.storyboard:5:13 custom-container host",
                "Main.storyboard:14:13 never-preserved local",
                "Main.storyboard:15:17 never-preserved tv",
                "Alert.storyboard:5:13 never-preserved alert",
                "Alert.storyboard:6:17 never-preserved tv",
            ])
        #expect(
            report.text.contains(
                """
                      ✗ Alert (AlertViewController) [embedded]  skipped, not-encoded-by-container: its container `Host` is a custom container that does not encode its children
                          ✗ view UITextView 'AlertText'  skipped, view-owner-not-preserved
                      ✗ Local (LocalViewController) [embedded]
                """))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        let views = try #require(((json["files"] as? [[String: Any]])?.first?["views"]) as? [[String: Any]])
        #expect(views.map { $0["storyboard"] as? String } == ["Main", "Alert"])
    }

    /// Main's initial controller is a reference to Tabs, whose tab is a reference to Profile, where
    /// an unmarked navigation controller holds Profile. Profile's finding came once per file whose
    /// launch tree reaches it (Main's and Tabs'), and was counted twice.
    @Test func aFindingReachedFromSeveralFilesIsReportedOnce() throws {
        let chain = StoryboardText.ReferenceChain.self
        let report = try Self.lint([
            "Main.storyboard": chain.main, "Tabs.storyboard": chain.tabs, "Profile.storyboard": chain.profile,
        ])
        let found = report.files.map { file in file.findings.map { "\($0.location.file):\($0.location.lineColumn)" } }
        #expect(found == [["Profile.storyboard:10:13"], [], []])
        #expect(report.findings.count == 1)
        #expect(report.text.hasSuffix("3 storyboards: 0 errors, 1 warning, 0 notes\n"))
        // Each file's tree still shows it.
        #expect(report.files.map { $0.controllers.last?.preserved } == [false, false, false])
    }

    /// Nav → Home, whose show segue leads to a reference to B.storyboard's Detail (B: no
    /// Restoration ID, or `detail` more: one).
    static func segueIntoReference(detail more: String = "") -> KeyValuePairs<String, String> {
        let a = StoryboardText.document(
            initial: "nav",
            [
                StoryboardText.container(
                    "navigationController", id: "nav", attributes: #"restorationIdentifier="Nav" "#,
                    relationship: "rootViewController", children: ["home"]),
                StoryboardText.scene(
                    "home",
                    [
                        #"<viewController restorationIdentifier="Home" id="home" customClass="HomeViewController" sceneMemberID="viewController">"#,
                        #"    <barButtonItem id="add"><segue destination="to-b" kind="show" id="s1"/></barButtonItem>"#,
                        #"</viewController>"#,
                    ]),
                StoryboardText.scene(
                    "to-b",
                    [
                        #"<viewControllerPlaceholder storyboardName="B" referencedIdentifier="Detail" id="to-b" sceneMemberID="viewController"/>"#
                    ]),
            ])
        let b = StoryboardText.document([
            StoryboardText.scene(
                "detail",
                [
                    #"<viewController storyboardIdentifier="Detail"\#(more) id="detail" customClass="DetailViewController" sceneMemberID="viewController"/>"#
                ])
        ])
        return ["A.storyboard": a, "B.storyboard": b]
    }

    /// A segue into a storyboard reference listed `UIViewController`, "no restoration identifier",
    /// whatever the scene it stands for has, and made no finding for it.
    @Test func aSegueIntoAReferenceIsJudgedByTheSceneItStandsFor() throws {
        let missing = try Self.lint(Self.segueIntoReference())
        #expect(missing.text.contains("    ✗ DetailViewController (show), no restoration identifier\n"))
        #expect(
            missing.findings.map { "\($0.location.file):\($0.location.lineColumn) \($0.code.rawValue)" } == [
                "B.storyboard:5:13 segue-scene-without-identifier", "B.storyboard:1:1 no-initial-view-controller",
            ])
        #expect(
            missing.findings.first?.message
                == "`Detail` is shown by a show segue from `Home` but has no restoration identifier: it is lost once shown"
        )
        let scene = try #require(missing.files[0].scenes.first { $0.controller == "to-b" })
        #expect(scene.className == "DetailViewController")
        #expect(scene.storyboardIdentifier == "Detail")

        let marked = try Self.lint(Self.segueIntoReference(detail: #" restorationIdentifier="Detail""#))
        #expect(marked.text.contains("    ★ DetailViewController (show), restoration identifier 'Detail'\n"))
        #expect(marked.findings.map(\.code) == [.noInitialViewController])
    }

    /// The custom-container finding named a referenced child `reference to Alert` though the
    /// reference was followed.
    @Test func aCustomContainerNamesTheReferencedChild() throws {
        let report = try Self.lint(["Main.storyboard": Self.host, "Alert.storyboard": Self.alert])
        let container = try #require(report.findings.first { $0.code == .customContainer })
        #expect(container.message.hasPrefix("`Host` embeds `Alert`, `Local` through container views"))
    }

    /// In a scene-based app each Restoration ID is reported inert once, in its own file: a
    /// reference shows the identifier of the scene it stands for, which is not at the reference.
    @Test func anInertIdentifierBehindAReferenceIsReportedOnceAtItsScene() throws {
        var report = try Self.lint(Self.segueIntoReference(detail: #" restorationIdentifier="Detail""#))
        report.read(try InfoPlist.read(path: Fixture.path("Scenes-Info.plist")))
        let inert = report.findings.filter { $0.code == .legacyRestorationInert && $0.message.contains("'Detail'") }
        #expect(inert.map { "\($0.location.file):\($0.location.lineColumn)" } == ["B.storyboard:5:13"])
    }
}
