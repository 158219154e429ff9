import Foundation
import RestoreEngine
import RestoreStoryboard
import RestoreTestSupport
import Testing

/// The fix a finding gives is all the user has to do: following it once preserves the node.
@Suite struct LintFixTests {
    static func lint(_ files: [String: String]) throws -> LintReport {
        try StoryboardLinter.lint(
            try files.keys.sorted().map { try StoryboardReader.parse(Data(files[$0]!.utf8), file: $0) })
    }

    /// Tab bar → navigation controller → Home: neither container has a Restoration ID. The message
    /// blamed the tab bar and the fix named only the navigation controller, so following the fix
    /// left Home lost (Canada2016's IpadLoginViewController).
    @Test func theFixNamesEveryUnmarkedAncestor() throws {
        let main = StoryboardText.document(
            initial: "tab",
            [
                StoryboardText.container(
                    "tabBarController", id: "tab", relationship: "viewControllers", children: ["nav"]),
                StoryboardText.container(
                    "navigationController", id: "nav", relationship: "rootViewController", children: ["home"]),
                StoryboardText.scene(
                    "home",
                    [
                        #"<viewController restorationIdentifier="Home" id="home" customClass="HomeViewController" sceneMemberID="viewController">"#,
                        #"    <textView restorationIdentifier="Notes" id="notes"/>"#,
                        #"</viewController>"#,
                    ]),
            ])
        let findings = try Self.lint(["Main.storyboard": main]).files[0].findings
        #expect(findings.map(\.code) == [.neverPreserved, .neverPreserved])
        #expect(
            findings[0].message
                == "`Home` (HomeViewController) is never preserved: its ancestor `UITabBarController (tab)` has no restoration identifier"
        )
        let both =
            "give `UITabBarController (tab)` and `UINavigationController (nav)` a Restoration ID in the Identity inspector"
        #expect(findings.map(\.fix) == [both, both])
    }

    /// "Use Storyboard ID" is offered only where a Storyboard ID is there to use: offered to a
    /// controller without one, ticking it changed nothing (r19 end-to-end walk).
    @Test func useStoryboardIDIsOfferedOnlyWithAStoryboardID() throws {
        func fix(navAttributes: String) throws -> String? {
            let main = StoryboardText.document(
                initial: "nav",
                [
                    StoryboardText.container(
                        "navigationController", id: "nav", attributes: navAttributes,
                        relationship: "rootViewController",
                        children: ["home"]),
                    StoryboardText.scene(
                        "home",
                        [
                            #"<viewController restorationIdentifier="Home" id="home" customClass="HomeViewController" sceneMemberID="viewController">"#,
                            #"</viewController>"#,
                        ]),
                ])
            return try Self.lint(["Main.storyboard": main]).files[0].findings.first { $0.code == .neverPreserved }?.fix
        }
        #expect(
            try fix(navAttributes: "")
                == "give `UINavigationController (nav)` a Restoration ID in the Identity inspector")
        #expect(
            try fix(navAttributes: #"storyboardIdentifier="Nav" "#)
                == "give `UINavigationController (nav)` a Restoration ID in the Identity inspector (or tick \"Use Storyboard ID\")"
        )
    }

    /// The `dash` scene (Restoration ID `Dash`, of `dashClass`) embedding the `chart` scene, under
    /// a navigation controller without an identifier when `underNav`; its findings.
    static func containerFindings(dashClass: String?, underNav: Bool) throws -> [LintFinding] {
        let custom = dashClass.map { #" customClass="\#($0)""# } ?? ""
        var scenes = [
            StoryboardText.scene(
                "dash",
                [
                    #"<viewController restorationIdentifier="Dash" id="dash"\#(custom) sceneMemberID="viewController">"#,
                    #"    <containerView id="box">"#,
                    #"        <segue destination="chart" kind="embed" id="e1"/>"#,
                    #"    </containerView>"#,
                    #"</viewController>"#,
                ]),
            StoryboardText.scene(
                "chart",
                [
                    #"<viewController restorationIdentifier="Chart" id="chart" customClass="ChartViewController" sceneMemberID="viewController"/>"#
                ]),
        ]
        if underNav {
            scenes.insert(
                StoryboardText.container(
                    "navigationController", id: "nav", relationship: "rootViewController", children: ["dash"]),
                at: 0)
        }
        let main = StoryboardText.document(initial: underNav ? "nav" : "dash", scenes)
        return try Self.lint(["Main.storyboard": main]).files[0].findings
    }

    /// A custom container that does not encode its embedded child, under a navigation controller
    /// without an identifier: both steps, from the top down.
    @Test func theFixNamesTheContainerToTeachToo() throws {
        let findings = try Self.containerFindings(dashClass: "DashViewController", underNav: true)
        let chart = try #require(findings.first { $0.code == .neverPreserved && $0.id == "chart" })
        #expect(
            chart.fix
                == "give `UINavigationController (nav)` a Restoration ID in the Identity inspector; encode `Chart` in DashViewController.encodeRestorableState(with:) (the `Dash` scene) (coder.encode(child, forKey: …)) and decode it back"
        )
        // The container's own finding names its class beside its restoration identifier, so the
        // two names in one sentence are told apart.
        let container = try #require(findings.first { $0.code == .customContainer })
        #expect(container.message.hasPrefix("`Dash` (DashViewController) embeds `Chart` through container views"))
    }

    /// A container without a class of the app's has no encodeRestorableState(with:) to write in:
    /// the fix says to make one, not to edit a class named after its restoration identifier.
    @Test func theFixForAPlainContainerAsksForACustomClass() throws {
        let findings = try Self.containerFindings(dashClass: nil, underNav: false)
        let chart = try #require(findings.first { $0.code == .neverPreserved && $0.id == "chart" })
        #expect(
            chart.fix
                == "encode `Chart` in the encodeRestorableState(with:) of a custom class for `Dash` (a UIViewController subclass) (coder.encode(child, forKey: …)) and decode it back"
        )
    }
}
