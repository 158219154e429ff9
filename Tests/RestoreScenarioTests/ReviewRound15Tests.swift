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

    /// A controller that decoded a reference to a restored registered object holds it again, so
    /// the next background preserves the object (it was neither preserved nor skipped, and lost
    /// at the next launch with no reason).
    @Test func aRestoredObjectIsPreservedAgainAtTheNextBackground() throws {
        let run = try ScenarioRun(
            """
            name: or
            classes: {ORC: {answer: new}}
            launchUI: {class: Home, restorationIdentifier: Home}
            ui:
              class: Home
              restorationIdentifier: Home
              state: {k: 1}
              objects: [{restorationIdentifier: cart, class: Cart, objectRestorationClass: ORC, state: {items: 3}}]
            timeline: [background, {kill: system}, launch, background, {kill: system}, launch]
            """)
        let preserved = run.outcome.preservation?.nodes.map { "\($0.locator) \($0.status)" }
        #expect(preserved == ["Home preserved", "cart preserved"])
        #expect(run.outcome.preservation?.launch == 2)
        let restored = run.outcome.restoration?.nodes.map { "\($0.locator) \($0.status)" }
        #expect(restored == ["Home restored", "cart restored"])
        #expect(run.calls(.restorationClassObject, launch: 3).count == 1)
    }

    /// The launch after a crash before restoration, or after a restoration never completed, says
    /// that cause and its fix: it blamed decodeRestorableStateWithCoder:, which never crashed.
    @Test func nothingRestoredAfterAnEarlyCrashNamesThatCrash() throws {
        for (launch, fix) in [
            ("{launch: {crashBeforeRestoration: true}}", "application:willFinishLaunchingWithOptions:"),
            ("{launch: {extendStateRestoration: never}}", "call completeStateRestoration"),
        ] {
            let run = try ScenarioRun(
                """
                name: early
                ui: {class: Home, restorationIdentifier: Home}
                timeline: [background, {kill: system}, \(launch), launch]
                """)
            let said = run.outcome.diagnostics.first { $0.message.hasPrefix("Nothing was restored at launch 3") }
            let message = try #require(said?.message, "\(launch)")
            #expect(message.contains(fix), "\(message)")
            #expect(!message.contains("decodeRestorableStateWithCoder"), "\(message)")
        }
    }

    /// An object lost because its parent object was lost gets the object's fix, not a
    /// controller's (+viewControllerWithRestorationIdentifierPath:coder:).
    @Test func anObjectUnderALostObjectGetsTheObjectsFix() throws {
        let run = try ScenarioRun(
            """
            name: objects
            classes: {ORC: {answer: new}, NilRC: {answer: nil}}
            ui:
              class: Home
              restorationIdentifier: Home
              objects:
                - {restorationIdentifier: gone, class: Gone, objectRestorationClass: NilRC}
                - {restorationIdentifier: child, class: Child, objectRestorationClass: ORC, restorationParent: gone}
            """)
        let said = run.outcome.diagnostics.first { $0.message.hasPrefix("`child` (gone/child) was not restored") }
        let message = try #require(said?.message)
        #expect(message.contains("objectWithRestorationIdentifierPath:coder:"), "\(message)")
        #expect(!message.contains("viewControllerWithRestorationIdentifierPath"), "\(message)")
    }

    /// A launch's bundleVersion stays for later launches, as an installed update does (the
    /// reference said later launches went back to app.bundleVersion; it now says this).
    @Test func aLaunchsBundleVersionStaysForLaterLaunches() throws {
        let run = try ScenarioRun(
            """
            name: update
            app: {bundleVersion: "1"}
            ui: {class: Home, restorationIdentifier: Home}
            timeline: [background, {kill: system}, {launch: {bundleVersion: "2"}}, background, {kill: system}, launch, background]
            """)
        let versions = run.system(.archiveWritten).map {
            $0.archive?.appLevelValue(ReservedKeys.bundleVersion)?.stringValue ?? "?"
        }
        #expect(versions == ["1", "2", "2"])
    }

    /// A tab that did not come back leaves the restored tabs after it at their own indexes:
    /// ranked among those that came back, BVC moved into tab 0 and CVC sat in two tabs.
    @Test func aSharedIdentifierTabThatIsLostMovesNoOther() throws {
        let run = try ScenarioRun(
            """
            name: tab3
            classes: {NilRC: {answer: nil}}
            launchUI:
              class: UITabBarController
              restorationIdentifier: Tabs
              children:
                - {class: AVC, restorationIdentifier: list, restorationClass: NilRC}
                - {class: BVC, restorationIdentifier: list}
                - {class: CVC, restorationIdentifier: list}
            timeline: [background, {kill: system}, launch, background]
            """)
        let encoded = run.calls(.encode, launch: 2).map { "\($0.receiver ?? "") \($0.key ?? "")" }
        #expect(
            encoded == ["UITabBarController Tabs", "AVC Tabs/:[0]:/list", "BVC Tabs/:[1]:/list", "CVC Tabs/:[2]:/list"])
    }

    /// The decoded reference replaces the object the launch UI's controller built with that
    /// identifier: kept beside it, the two were an ambiguous path and the restored state was dropped.
    @Test func aRestoredObjectReplacesTheLaunchUIsOwn() throws {
        let run = try ScenarioRun(
            """
            name: obj2
            classes: {ORC: {answer: new}}
            launchUI:
              class: Home
              restorationIdentifier: Home
              objects: [{restorationIdentifier: cart, class: Cart, objectRestorationClass: ORC, state: {items: 0}}]
            ui:
              class: Home
              restorationIdentifier: Home
              objects: [{restorationIdentifier: cart, class: Cart, objectRestorationClass: ORC, state: {items: 3}}]
            timeline: [background, {kill: system}, launch, background]
            """)
        #expect(run.outcome.diagnostics.filter { $0.severity == .error }.isEmpty)
        let cart = run.calls(.encode, launch: 2).first { $0.receiver == "Cart" }
        #expect(cart?.coder?.map(\.key) == ["items"])
        #expect(cart?.coder?.first?.value == .int(3))
    }
}
