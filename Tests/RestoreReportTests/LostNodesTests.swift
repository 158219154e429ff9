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

/// Which saved scene sessions did not come back, as `--fail-on lost` sees them in a scene-based app.
@Suite struct LostSessionsTests {
    /// Two scene sessions, each saving an activity of a declared type (SPEC §8).
    static let scenes = """
        name: s
        app: {lifecycle: scenes, userActivityTypes: [com.example.browse]}
        scenes:
          - session: main
            ui: {class: Feed}
            activity: {type: com.example.browse, userInfo: {item: "42"}}
          - session: side
            ui: {class: Feed}
            activity: {type: com.example.browse}
        """

    @Test func aSceneSessionWhoseActivityDidNotComeBackIsLost() throws {
        let restored = try LostNodesTests.outcome(Self.scenes)
        #expect(LostSessions.of(restored).isEmpty)
        #expect(!FailOn.lost.check(restored).failed)
        // Locked at the relaunch: both sessions reconnect with no activity (S3).
        let locked = try LostNodesTests.outcome(
            Self.scenes + "\ntimeline: [background, {kill: system}, {launch: {deviceLocked: true}}]")
        #expect(LostSessions.of(locked).map(\.session) == ["main", "side"])
        let verdict = FailOn.lost.check(locked)
        #expect(verdict.failed)
        #expect(
            verdict.message
                == "--fail-on lost: 2 saved scene sessions did not come back: scene session main, scene session side")
        // A crash before restoration deletes the saved activities (S4).
        let crashed = try LostNodesTests.outcome(
            Self.scenes + "\ntimeline: [background, {kill: system}, {launch: {crashBeforeRestoration: true}}]")
        #expect(LostSessions.of(crashed).map(\.session) == ["main", "side"])
    }

    @Test func aSceneSessionNotYetRelaunchedOrClosedByTheUserIsNotLost() throws {
        #expect(LostSessions.of(try LostNodesTests.outcome(Self.scenes + "\ntimeline: [background]")).isEmpty)
        let closed = try LostNodesTests.outcome(
            Self.scenes + "\ntimeline: [background, {close: side}, {kill: system}, launch]")
        #expect(LostSessions.of(closed).isEmpty)
        #expect(closed.scenes?.map(\.session) == ["main", "side"])
    }

    /// A force quit loses what was saved, as it loses the legacy archive's nodes (T2); a session
    /// that never saved anything is not lost (nothing was there to lose), whatever the kill.
    @Test func aForceQuitLosesEverySavedSession() throws {
        let quit = try LostNodesTests.outcome(Self.scenes + "\ntimeline: [background, {kill: user}, launch]")
        #expect(LostSessions.of(quit).map(\.session) == ["main", "side"])
        #expect(FailOn.lost.check(quit).failed)
        let neverSaved = try LostNodesTests.outcome(Self.scenes + "\ntimeline: [{kill: user}, launch]")
        #expect(LostSessions.of(neverSaved).isEmpty)
        let foreground = try LostNodesTests.outcome(Self.scenes + "\ntimeline: [{kill: system}, launch]")
        #expect(LostSessions.of(foreground).isEmpty)
        // As for the legacy archive: not before a launch could have brought it back, and not
        // when the last launch did restore it and the quit came after.
        let noRelaunch = try LostNodesTests.outcome(Self.scenes + "\ntimeline: [background, {kill: user}]")
        #expect(LostSessions.of(noRelaunch).isEmpty)
        let quitAfterRestore = try LostNodesTests.outcome(
            Self.scenes + "\ntimeline: [background, {kill: system}, launch, {kill: user}]")
        #expect(LostSessions.of(quitAfterRestore).isEmpty)
        #expect(quitAfterRestore.scenes?.first?.restored != nil)
        // A session the user closed after a locked relaunch is gone on purpose, not lost.
        let closed = try LostNodesTests.outcome(
            Self.scenes + "\ntimeline: [background, {kill: system}, {launch: {deviceLocked: true}}, {close: side}]")
        #expect(LostSessions.of(closed).map(\.session) == ["main"])
    }
}
