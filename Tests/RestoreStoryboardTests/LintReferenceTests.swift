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
        #expect(
            container.message.hasPrefix("`Host` (HostViewController) embeds `Alert`, `Local` through container views"))
        #expect(container.fix.hasPrefix("in HostViewController.encodeRestorableState(with:) call coder.encode"))
        // A plain UIViewController (no custom class) has no encodeRestorableState of the app's:
        // the fix said "in UIViewController.encodeRestorableState(with:)".
        let plain = try Self.lint([
            "Main.storyboard": Self.host.replacingOccurrences(of: #" customClass="HostViewController""#, with: ""),
            "Alert.storyboard": Self.alert,
        ])
        let fix = try #require(plain.findings.first { $0.code == .customContainer }?.fix)
        #expect(
            fix.hasPrefix(
                "give `Host` a custom class (a UIViewController subclass), and in its encodeRestorableState(with:) call"
            ),
            "\(fix)")
    }

    /// In a scene-based app each Restoration ID is reported inert once, in its own file: a
    /// reference shows the identifier of the scene it stands for, which is not at the reference.
    @Test func anInertIdentifierBehindAReferenceIsReportedOnceAtItsScene() throws {
        var report = try Self.lint(Self.segueIntoReference(detail: #" restorationIdentifier="Detail""#))
        report.read(try InfoPlist.read(path: Fixture.path("Scenes-Info.plist")))
        let inert = report.findings.filter { $0.code == .legacyRestorationInert && $0.message.contains("'Detail'") }
        #expect(inert.map { "\($0.location.file):\($0.location.lineColumn)" } == ["B.storyboard:5:13"])
    }

    /// A plain scene `id` with restoration identifier `rid`, and the show segues it makes to `shows`.
    static func plain(_ id: String, _ rid: String?, shows: [String] = []) -> String {
        StoryboardText.scene(
            id,
            [
                "<viewController \(rid.map { "restorationIdentifier=\"\($0)\" " } ?? "")id=\"\(id)\" customClass=\"\(id.capitalized)ViewController\" sceneMemberID=\"viewController\">"
            ] + shows.map { "    <segue destination=\"\($0)\" kind=\"show\" id=\"s-\(id)-\($0)\"/>" } + [
                "</viewController>"
            ])
    }

    static func reference(_ id: String, to storyboard: String) -> String {
        StoryboardText.scene(
            id,
            [
                "<viewControllerPlaceholder storyboardName=\"\(storyboard)\" id=\"\(id)\" sceneMemberID=\"viewController\"/>"
            ])
    }

    /// Two children sharing an identifier, one brought in by a storyboard reference (Xcode's
    /// modular layout): the same error as two local ones (R11), as `record` reports. Lint saw the
    /// reference's own missing identifier, and reported nothing (r17 storyboard hunt, #1).
    @Test func childrenSharingAnIdentifierThroughAReferenceAreFound() throws {
        let main = StoryboardText.document(
            initial: "host",
            [
                StoryboardText.scene(
                    "host",
                    [
                        #"<viewController restorationIdentifier="Host" id="host" customClass="HostViewController" sceneMemberID="viewController">"#,
                        #"    <containerView id="cv1"><segue destination="panel" kind="embed" id="e1"/></containerView>"#,
                        #"    <containerView id="cv2"><segue destination="ref-other" kind="embed" id="e2"/></containerView>"#,
                        #"</viewController>"#,
                    ]),
                Self.plain("panel", "Panel"), Self.reference("ref-other", to: "Other"),
            ])
        let other = StoryboardText.document(initial: "opanel", [Self.plain("opanel", "Panel")])
        let report = try Self.lint(["Main.storyboard": main, "Other.storyboard": other])
        let found = report.files[0].findings.filter { $0.code == .duplicateIdentifier }
        #expect(found.map(\.severity) == [.error])
        #expect(found.first?.message.contains("share the restoration identifier 'Panel'") == true)
        // Two tabs referencing the same navigation controller: the built-in container's warning.
        let tabs = StoryboardText.document(
            initial: "tabs",
            [
                StoryboardText.container(
                    "tabBarController", id: "tabs", attributes: #"restorationIdentifier="Tabs" "#,
                    relationship: "viewControllers", children: ["ref-a", "ref-b"]),
                Self.reference("ref-a", to: "Feed"), Self.reference("ref-b", to: "Feed"),
            ])
        let feed = StoryboardText.document(
            initial: "fnav",
            [
                StoryboardText.container(
                    "navigationController", id: "fnav", attributes: #"restorationIdentifier="FeedNav" "#,
                    relationship: "rootViewController", children: ["feed"]),
                Self.plain("feed", "Feed"),
            ])
        let twice = try Self.lint(["Main.storyboard": tabs, "Feed.storyboard": feed])
        #expect(twice.files[0].findings.filter { $0.code == .duplicateIdentifier }.map(\.severity) == [.warning])
    }

    /// A scene a segue shows inside a referenced storyboard is judged where the app puts it: under
    /// the referencing file's launch tree, not under the referenced file's own initial controller
    /// as if that were the window's root. It was ★ with no finding, and `record` lost it (r17
    /// storyboard hunt, #2).
    @Test func aSceneShownInsideAReferencedStoryboardIsJudgedUnderTheApp() throws {
        let main = StoryboardText.document(
            initial: "tab",
            [
                StoryboardText.container(
                    "tabBarController", id: "tab", relationship: "viewControllers", children: ["ref-feed"]),
                Self.reference("ref-feed", to: "Feed"),
            ])
        let feed = StoryboardText.document(
            initial: "fnav",
            [
                StoryboardText.container(
                    "navigationController", id: "fnav", attributes: #"restorationIdentifier="FeedNav" "#,
                    relationship: "rootViewController", children: ["feed"]),
                Self.plain("feed", "Feed", shows: ["detail"]), Self.plain("detail", "Detail"),
            ])
        let report = try Self.lint(["Main.storyboard": main, "Feed.storyboard": feed])
        let detail = try #require(report.files[1].scenes.first { $0.controller == "detail" })
        #expect(!detail.preserved)
        #expect(detail.reason == .ancestorNotPreserved)
        // A storyboard a segue presents from another file is not put under that file: the app's
        // main storyboard shown modally from an onboarding file keeps its own window (r17 review).
        let app = StoryboardText.document(
            initial: "nav",
            [
                StoryboardText.container(
                    "navigationController", id: "nav", attributes: #"restorationIdentifier="Nav" "#,
                    relationship: "rootViewController", children: ["home"]),
                Self.plain("home", "Home", shows: ["detail"]), Self.plain("detail", "Detail"),
            ])
        let onboarding = StoryboardText.document(
            initial: "welcome",
            [
                StoryboardText.scene(
                    "welcome",
                    [
                        #"<viewController id="welcome" customClass="WelcomeViewController" sceneMemberID="viewController">"#,
                        #"    <segue destination="ref-main" kind="presentation" id="p"/>"#, #"</viewController>"#,
                    ]),
                Self.reference("ref-main", to: "Main"),
            ])
        for files: KeyValuePairs<String, String> in [
            ["Main.storyboard": app, "Onboarding.storyboard": onboarding],
            ["Onboarding.storyboard": onboarding, "Main.storyboard": app],
        ] {
            let report = try Self.lint(files)
            let file = try #require(report.files.first { $0.file == "Main.storyboard" })
            #expect(file.scenes.first { $0.controller == "detail" }?.preserved == true)
        }
    }

    /// A storyboard localized in two folders: a reference reaches the copy in the referencing
    /// file's folder (or Base.lproj's), not whichever copy was given last (r17 storyboard hunt, #3).
    @Test func aReferenceReachesTheCopyInItsOwnLocalization() throws {
        let main = StoryboardText.document(
            initial: "tabs",
            [
                StoryboardText.container(
                    "tabBarController", id: "tabs", attributes: #"restorationIdentifier="Tabs" "#,
                    relationship: "viewControllers", children: ["ref-feed"]),
                Self.reference("ref-feed", to: "Feed"),
            ])
        func feed(_ rid: String) -> String {
            StoryboardText.document(initial: "fnav", [Self.plain("fnav", rid)])
        }
        for order in [["Base", "de"], ["de", "Base"]] {
            let report = try StoryboardLinter.lint(
                try [("Base.lproj/Main.storyboard", main)]
                    .map { try StoryboardReader.parse(Data($0.1.utf8), file: $0.0) }
                    + order.map {
                        try StoryboardReader.parse(
                            Data(feed($0 == "Base" ? "Feed" : "Stale").utf8), file: "\($0).lproj/Feed.storyboard")
                    })
            #expect(report.files[0].controllers.compactMap(\.path) == ["Tabs", "Tabs/Feed"], "\(order)")
        }
    }
}
