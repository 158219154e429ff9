import RestoreEngine
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
}
