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

    /// A crash deletes the saved activities (S4): the summary and the outcome show what was saved
    /// (SPEC §8: the last preservation's) and the reason says it is gone, as after a force quit.
    /// The outcome said `saved: null`, and the report "Nothing saved".
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
                "  ✗ main (Default Configuration): saved com.example.browse, restored nothing — archive-deleted-crash"
            ), "\(lines)")
        #expect(outcome.scenes?.first?.saved?.type == "com.example.browse")
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

    /// The session UIKit makes at a launch with none left (S3) had nothing to restore: it is
    /// neither counted nor drawn as lost (it was "✗ … restored nothing", with no reason).
    @Test func aNewSessionIsNeitherRestoredNorLost() throws {
        let outcome = try LostNodesTests.outcome(
            """
            name: s
            app: {lifecycle: scenes, userActivityTypes: [com.example.browse]}
            scenes: [{session: main, ui: {class: Feed}, activity: {type: com.example.browse}}]
            timeline: [background, {close: main}, {kill: system}, launch]
            """)
        #expect(outcome.scenes?.map(\.isNew) == [false, true])
        let lines = OutcomeSummary.lines(for: outcome, verbose: false)
        #expect(lines.contains("Scenes: 0 of 1 session restored, 1 new"), "\(lines)")
        #expect(
            lines.contains(
                "  + new-session-2 (Default Configuration): new at this launch (no session was left to reconnect), nothing to restore"
            ), "\(lines)")
    }

    /// After a crash deleted a session's activity, a later backgrounding is the last
    /// preservation: one that saved nothing (it crashed) shows nothing saved, as its message says
    /// ("it has no earlier activity"), not the deleted activity (r17 review).
    @Test func aLaterPreservationReplacesAnActivityACrashDeleted() throws {
        let outcome = try LostNodesTests.outcome(
            """
            name: s
            app: {lifecycle: scenes, userActivityTypes: [t.a]}
            scenes: [{session: a, ui: {class: VC}, activity: {type: t.a, userInfo: {k: v}}}]
            timeline: [background, {kill: system}, {launch: {crashWhileDecoding: a}}, launch, {background: {crashWhileEncoding: a}}, launch]
            """)
        #expect(outcome.scenes?.first?.saved == nil)
        #expect(outcome.diagnostics.contains { $0.message.contains("it has no earlier activity") })
    }

    /// A session that never saved, at a launch that crashed before the scenes connected, was not
    /// restored with no reason (SPEC §2: each one not restored says why).
    @Test func aSessionThatNeverSavedSaysSoAfterACrashBeforeRestoration() throws {
        let outcome = try LostNodesTests.outcome(
            """
            name: s
            app: {lifecycle: scenes, userActivityTypes: [t.a]}
            scenes: [{session: a, ui: {class: VC}}]
            timeline: [{kill: system}, {launch: {crashBeforeRestoration: true}}]
            """)
        #expect(outcome.scenes?.first?.reason == .noArchive)
    }
}
