import RestoreEngine
import Testing

@testable import RestoreScenario

/// T3: a crash while encoding writes no archive. The preservation listed the nodes encoded
/// before the crash as `preserved` and left out the ones after it, and the next launch told
/// the user to "background the app", which they had.
@Suite struct EncodeCrashOutcomeTests {
    @Test func nothingIsPreservedAndTheNextLaunchNamesTheCrash() throws {
        let run = try ScenarioRun(
            """
            name: t3e
            ui:
              class: UINavigationController
              restorationIdentifier: Nav
              children:
                - {class: A, restorationIdentifier: A}
                - {class: B, restorationIdentifier: B}
                - {class: C, restorationIdentifier: C}
            timeline: [{background: {crashWhileEncoding: Nav/B}}, launch]
            """)
        let preservation = try #require(run.outcome.preservation)
        #expect(preservation.performed == false)
        #expect(
            preservation.nodes.map { "\($0.locator) \($0.status) \($0.reason?.rawValue ?? "-")" } == [
                "Nav skipped no-archive", "Nav/A skipped no-archive", "Nav/B skipped no-archive",
                "Nav/C skipped no-archive",
            ])
        let next = run.outcome.diagnostics(.noArchive).filter { $0.severity == .warning }.map(\.message)
        #expect(
            next == [
                "Nothing was restored at launch 2: the app crashed while `B` (Nav/B) encoded its state at launch 1, so no archive was written (T3). Fix: fix the crash in encodeRestorableStateWithCoder:."
            ])
    }

    /// A cause told once: a later launch with nothing to restore has its own.
    @Test func aLaterForegroundKillIsItsOwnCause() throws {
        let run = try ScenarioRun(
            """
            name: t3e-later
            launchUI: {class: Home, restorationIdentifier: Home}
            ui: {class: Home, restorationIdentifier: Home}
            timeline: [{background: {crashWhileEncoding: Home}}, launch, {kill: system}, launch]
            """)
        let messages = run.outcome.diagnostics(.noArchive).filter { $0.severity == .warning }.map(\.message)
        #expect(messages.count == 2)
        #expect(messages.last?.contains("killed while in the foreground") == true)
    }
}
