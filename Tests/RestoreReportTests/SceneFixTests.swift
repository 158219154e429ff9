import RestoreEngine
import RestoreReport
import Testing

/// A scene-based app's findings give scene-based fixes: `save-declined`'s own fix is the
/// app-based opt-in (`application:shouldSaveApplicationState:`), which UIKit never asks it.
@Suite struct SceneFixTests {
    @Test func aSessionWithNoActivityIsToldToReturnOne() throws {
        let outcome = try LostNodesTests.outcome(
            """
            name: s
            app: {lifecycle: scenes, userActivityTypes: [com.example.browse]}
            scenes: [{session: main, ui: {class: Feed}}]
            """)
        let declined = try #require(outcome.diagnostics.first { $0.code == .saveDeclined })
        #expect(
            declined.message.hasSuffix(
                "Fix: return the scene's NSUserActivity from stateRestorationActivity(for:) (scene.userActivity, kept current in updateUserActivityState(_:)), with its type listed under NSUserActivityTypes."
            ))
        #expect(!declined.message.contains("shouldSaveApplicationState"))
    }

    /// A crash deletes the saved activities (S4): the summary says one was saved and deleted, not
    /// "saved nothing", which read as if the app never saved.
    @Test func aSessionWhoseActivityACrashDeletedSaysSo() throws {
        let outcome = try LostNodesTests.outcome(
            """
            name: s
            app: {lifecycle: scenes, userActivityTypes: [com.example.browse]}
            scenes: [{session: main, ui: {class: Feed}, activity: {type: com.example.browse}}]
            timeline: [background, {kill: system}, {launch: {crashBeforeRestoration: true}}]
            """)
        let lines = OutcomeSummary.lines(for: outcome, verbose: false)
        #expect(
            lines.contains(
                "  ✗ main (Default Configuration): saved an activity, deleted after the crash, restored nothing — archive-deleted-crash"
            ), "\(lines)")
    }

    /// A force quit deletes the saved activity with the session: the summary shows what was
    /// saved (SPEC §8: the last preservation's) and the reason says it is gone.
    @Test func aSessionWhoseActivityAForceQuitDeletedSaysSo() throws {
        let outcome = try LostNodesTests.outcome(
            """
            name: s
            app: {lifecycle: scenes, userActivityTypes: [com.example.browse]}
            scenes: [{session: main, ui: {class: Feed}, activity: {type: com.example.browse}}]
            timeline: [background, {kill: user}, launch]
            """)
        let lines = OutcomeSummary.lines(for: outcome, verbose: false)
        #expect(
            lines.contains(
                "  ✗ main (Default Configuration): saved com.example.browse, restored nothing — archive-deleted-user-quit"
            ), "\(lines)")
    }
}
