import RestoreEngine
import RestoreReport
import RestoreScenario
import RestoreTestSupport
import Testing

/// Which preserved nodes did not come back, as `--fail-on lost` sees them.
@Suite struct LostNodesTests {
    static func outcome(_ yaml: String) throws -> Outcome {
        try ScenarioParser.parse(yaml, file: "t.yaml").run(observer: nil)
    }

    static let nav = """
        name: t
        launchUI:
          class: UINavigationController
          restorationIdentifier: Nav
          children: [{class: Feed, restorationIdentifier: Feed}]
        ui:
          class: UINavigationController
          restorationIdentifier: Nav
          children: [{class: Feed, restorationIdentifier: Feed}, {class: Post, restorationIdentifier: Post}]
        """

    @Test func aForceQuitLosesEveryPreservedNode() throws {
        let outcome = try Self.outcome(Self.nav + "\ntimeline: [background, {kill: user}, launch]")
        #expect(LostNodes.of(outcome).map(\.locator) == ["Nav", "Nav/Feed", "Nav/Post"])
        let verdict = FailOn.lost.check(outcome)
        #expect(verdict.failed)
        #expect(verdict.message == "--fail-on lost: 3 preserved nodes did not come back: Nav, Nav/Feed, Nav/Post")
    }

    @Test func onlyTheNodeWithoutAWayBackIsLost() throws {
        let outcome = try Self.outcome(Self.nav)
        #expect(LostNodes.of(outcome).map(\.locator) == ["Nav/Post"])
    }

    @Test func nothingIsLostBeforeTheNextLaunch() throws {
        let outcome = try Self.outcome(Self.nav + "\ntimeline: [background]")
        #expect(LostNodes.of(outcome).isEmpty)
        #expect(!FailOn.lost.check(outcome).failed)
    }

    @Test func severityGatesIncludeEverythingAboveThem() throws {
        let outcome = try Self.outcome(
            """
            name: t
            ui:
              class: UINavigationController
              children: [{class: Feed, restorationIdentifier: Feed}]
            """)
        #expect(outcome.diagnostics.contains { $0.severity == .warning })
        #expect(FailOn.warning.check(outcome).failed)
        #expect(!FailOn.error.check(outcome).failed)
    }
}

/// A scenario without `ui:` goes to the background showing its launch UI (SPEC §3's default).
@Suite struct DefaultUITests {
    @Test func withoutUITheLaunchUIIsWhatIsPreserved() throws {
        let outcome = try ScenarioParser.parse(
            """
            name: t
            launchUI:
              class: UINavigationController
              restorationIdentifier: Nav
              children: [{class: Feed, restorationIdentifier: Feed}]
            """, file: "t.yaml"
        ).run()
        #expect(outcome.preservation?.nodes.map(\.locator) == ["Nav", "Nav/Feed"])
        #expect(outcome.restoration?.count.done == 2)
    }
}
