import Foundation
import RestoreEngine
import RestoreReport
import RestoreScenario
import RestoreTestSupport
import Testing

/// The report, the summary, the archive listing and the outcome JSON of scene-based traces (SPEC §8).
@Suite struct SceneReportTests {
    static func report(_ trace: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rt-scenes-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        return try String(contentsOfFile: try Report.write(trace: trace, to: dir), encoding: .utf8)
    }

    @Test func oneCardPerSessionWithTheActivitySavedAndRestoredSideBySide() throws {
        let html = try Self.report(Samples.path("restoring-your-apps-state-scenes.trace.jsonl"))
        #expect(html.contains("Restored 2 of 2 scene sessions at launch 2."))
        #expect(html.contains("id=\"session-main\""))
        #expect(html.contains("id=\"session-photo\""))
        #expect(
            html.contains(
                "<th scope=\"row\"><code>editorTitle</code></th><td><code>&quot;Cherries&quot;</code></td><td><code>&quot;Cherries&quot;</code></td>"
            ))
        #expect(html.contains("restorationIdentifier DetailParentViewController (inert)"))
        #expect(html.contains("id=\"legacy-inert\""))
        // The drawing is read top to bottom, a cluster per session, not as a legacy run's two sides.
        #expect(
            html.contains(
                "<p class=\"hint\">One cluster per scene session: the activity it saved, then what the next launch restored from it.</p>"
            ))
        #expect(!html.contains("(left)"))
        #expect(
            try Self.report(Samples.path("homepwner.trace.jsonl")).contains(
                "<p class=\"hint\">At preservation (left) and after restoration (right).")
        )
    }

    @Test func aLostSessionSaysWhyAndWhatTheAppReturned() throws {
        let html = try Self.report(Samples.path("scene-migration-breaks-restoration.trace.jsonl"))
        #expect(html.contains("Restored 0 of 1 scene session at launch 2."))
        #expect(html.contains("<code class=\"code\">activity-type-not-declared</code>"))
        #expect(html.contains("The app returned <code>com.example.notes.browse</code>"))
    }

    /// Each finding's "Why … Fix" line speaks of the scene: it told a scene app to return YES
    /// from shouldSaveApplicationState: and to fix decodeRestorableStateWithCoder:, callbacks
    /// UIKit never makes for it (S1).
    @Test func findingsAreExplainedInTheSceneLifeCyclesTerms() throws {
        let scenario = try ScenarioParser.parse(
            """
            name: scene-why
            app: {lifecycle: scenes, userActivityTypes: [t]}
            scenes:
              - {session: quiet, ui: {class: A}}
              - {session: main, ui: {class: B}, activity: {type: t}}
            timeline: [background, {kill: system}, {launch: {deviceLocked: true}}]
            """, file: "scene-why.yaml")
        let (path, _) = try TemporaryTrace.record(scenario)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let html = try Self.report(path)
        let why = html.components(separatedBy: "Why: ").dropFirst().map { $0.prefix { $0 != "<" } }
        #expect(why.count >= 2, "\(why)")
        for line in why {
            #expect(!line.contains("shouldSave"), "\(line)")
            #expect(!line.contains("decodeRestorableStateWithCoder"), "\(line)")
            #expect(!line.contains("encrypted archive"), "\(line)")
        }
        #expect(why.contains { $0.contains("stateRestorationActivity(for:) returned nil") })
        // The scene fix is the finding's own words: said there, it is not said again under "Why:".
        let items = html.components(separatedBy: "<li class=\"diag").dropFirst()
        #expect(items.contains { $0.contains("protectedDataDidBecomeAvailableNotification") })
    }

    @Test func sceneTextIsEscaped() throws {
        let scenario = try ScenarioParser.parse(
            """
            name: escape
            app: {lifecycle: scenes, userActivityTypes: ["<b>t</b>"]}
            scenes:
              - session: "<script>s</script>"
                configuration: "A & B"
                activity: {type: "<b>t</b>", userInfo: {"<k>": "<v>"}}
            """, file: "t.yaml")
        let (path, _) = try TemporaryTrace.record(scenario)
        let html = try Self.report(path)
        #expect(!html.contains("<script>s</script>"))
        #expect(!html.contains("<b>t</b>"))
        #expect(html.contains("&lt;script&gt;s&lt;/script&gt;"))
        #expect(html.contains("A &amp; B"))
    }

    @Test func theArchiveListsEachSessionsActivity() throws {
        let listing = try ArchiveListing(trace: Samples.path("restoring-your-apps-state-scenes.trace.jsonl"))
        #expect(listing.sessions?.map(\.session) == ["main", "photo"])
        #expect(listing.text.contains("[Session] main (Configuration: Main Scene)"))
        #expect(listing.text.contains("activityType \"com.example.apple-samplecode.staterestore.mainActivity\""))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(listing.json.utf8)) as? [String: Any])
        #expect(json["format"] as? String == "restoretrace-archive/1")
        let first = try #require((json["sessions"] as? [[String: Any]])?.first)
        #expect(
            (first["activity"] as? [String: Any])?["type"] as? String
                == "com.example.apple-samplecode.staterestore.mainActivity")
    }

    /// UIKit's own folder saves each activity's title: read, it was never shown (r19 import hunt).
    @Test func uikitsSavedStateListingShowsTheActivityTitle() throws {
        let listing = try ArchiveListing(trace: UIKitSceneFixtures.path("scenes.savedState"))
        #expect(
            listing.text.contains(
                "activityType \"com.example.apple-samplecode.staterestore.mainActivity\"\n    title \"Cherries\"\n"))
    }

    @Test func theOutcomeJSONHasScenesAndTheSummaryCountsThem() throws {
        let summary = try Replaying.run(
            .init(trace: Samples.path("scene-migration-breaks-restoration.trace.jsonl"), writeReport: false))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(summary.json.utf8)) as? [String: Any])
        let scenes = try #require(json["scenes"] as? [[String: Any]])
        #expect(scenes.count == 1)
        #expect(scenes[0]["session"] as? String == "notes")
        #expect(scenes[0]["saved"] is NSNull)
        #expect(scenes[0]["restored"] is NSNull)
        #expect(scenes[0]["reason"] as? String == "activity-type-not-declared")
        #expect((json["preservation"] as? [String: Any])?["reason"] as? String == "scene-based-app")
        #expect(summary.text().contains("Scenes: 0 of 1 session restored"))
        // App-based traces have no `scenes` member.
        let legacy = try Replaying.run(.init(trace: Samples.path("demo-travel.trace.jsonl"), writeReport: false))
        #expect(!legacy.json.contains("\"scenes\""))
    }

    @Test func restoredUserInfoIsPlainJSON() throws {
        let summary = try Replaying.run(
            .init(trace: Samples.path("restoring-your-apps-state-scenes.trace.jsonl"), writeReport: false))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(summary.json.utf8)) as? [String: Any])
        let main = try #require((json["scenes"] as? [[String: Any]])?.first)
        let info = try #require((main["restored"] as? [String: Any])?["userInfo"] as? [String: Any])
        #expect(info["selectedTab"] as? Int == 1)
        #expect(info["editorTitle"] as? String == "Cherries")
    }
}
