import RestoreEngine
import Testing

@testable import RestoreScenario

/// A launch while the device is locked cannot read the archive (R12; S3 for scene sessions).
/// A crash in it before restoration was treated as a crash during restoration (T3, S4) and
/// deleted the archive it never read, so the next unlocked launch restored nothing.
@Suite struct LockedCrashTests {
    @Test func aLockedLaunchThatCrashesKeepsTheArchive() throws {
        let run = try ScenarioRun(
            """
            name: locked-crash
            launchUI: {class: Home, restorationIdentifier: Home}
            ui: {class: Home, restorationIdentifier: Home}
            timeline:
              - background
              - kill: system
              - launch: {deviceLocked: true, crashBeforeRestoration: true}
              - launch
            """)
        #expect(run.system(.archiveDeleted).map(\.launch) == [3])  // discarded after launch 3 (R9) only
        #expect(
            run.outcome.launches.map { "\($0.launch) \($0.performed) \($0.reason?.rawValue ?? "-")" } == [
                "2 false device-locked", "3 true -",
            ])
        #expect(run.outcome.restored("Home")?.status == .restored)
        #expect(run.outcome.diagnostics(.archiveDeletedCrash).isEmpty)
    }

    @Test func aLockedSceneLaunchThatCrashesKeepsTheActivities() throws {
        let scenario = try parsed(
            """
            name: locked-crash-scenes
            app: {lifecycle: scenes, userActivityTypes: [t]}
            scenes:
              - {session: a, ui: {class: V}, activity: {type: t, userInfo: {k: 1}}}
            timeline:
              - background
              - kill: system
              - launch: {deviceLocked: true, crashBeforeRestoration: true}
              - launch
            """)
        let recorder = ClosureRecorder(nil)
        let outcome = scenario.run(observer: recorder)
        #expect(recorder.events.filter { $0.event == .archiveDeleted }.isEmpty)
        #expect(outcome.scenes?.first?.restored?.type == "t")
        #expect(outcome.diagnostics(.deviceLocked).count == 1)
    }
}
