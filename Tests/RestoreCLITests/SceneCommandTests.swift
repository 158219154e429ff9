import Foundation
import RestoreTestSupport
import Testing

/// The commands on scene-based traces, end to end (SPEC §8).
@Suite struct SceneCommandTests {
    static let traces = Samples.traces

    @Test func chromeTraceLinksEachSavedActivityToItsReconnection() throws {
        let r = try CLI.run(
            ["export", "restoring-your-apps-state-scenes.trace.jsonl", "--format", "chrome-trace"], in: Self.traces)
        #expect(r.code == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let events = try #require(json["traceEvents"] as? [[String: Any]])
        #expect(events.filter { $0["cat"] as? String == "activity" }.count == 4)  // two sessions, start and finish
        let connect = try #require(events.first { $0["name"] as? String == "scene:willConnectToSession:options:" })
        let args = try #require(connect["args"] as? [String: Any])
        #expect(args["session"] as? String == "main")
        #expect(
            (args["activity"] as? [String: Any])?["type"] as? String
                == "com.example.apple-samplecode.staterestore.mainActivity")
    }

    @Test func replayDiffAndArchiveWorkOnSceneTraces() throws {
        let replay = try CLI.run(
            ["replay", "scene-migration-breaks-restoration.trace.jsonl", "--no-report"], in: Self.traces)
        #expect(replay.code == 0)
        #expect(replay.stdout.contains("Scenes: 0 of 1 session restored"))
        let archive = try CLI.run(["archive", "restoring-your-apps-state-scenes.trace.jsonl"], in: Self.traces)
        #expect(archive.stdout.hasPrefix("Scene sessions (UISceneSession.stateRestorationActivity)"))
        let diff = try CLI.run(
            ["diff", "restoring-your-apps-state-scenes.trace.jsonl", "scene-migration-breaks-restoration.trace.jsonl"],
            in: Self.traces)
        #expect(diff.code == 1)
        let same = try CLI.run(
            ["diff", "restoring-your-apps-state-scenes.trace.jsonl", "restoring-your-apps-state-scenes.trace.jsonl"],
            in: Self.traces)
        #expect(same.code == 0)
    }

    @Test func aBadWhatIfIsBadInput() throws {
        let r = try CLI.run(
            ["replay", "scene-migration-breaks-restoration.trace.jsonl", "--no-report", "--set", "activity:notes=x"],
            in: Self.traces)
        #expect(r.code == 2)
        #expect(r.stderr.contains("activity:SESSION.type=TYPE"))
    }

    /// A what-if the trace's life cycle never consults is refused, not answered "the outcome does
    /// not change"; a setting given twice is refused, not silently the last one.
    @Test func aWhatIfTheLifeCycleNeverConsultsIsBadInput() throws {
        for (trace, arguments, expected) in [
            (
                "restoring-your-apps-state-scenes.trace.jsonl", ["--set", "shouldRestore=false"],
                "the app is scene-based"
            ),
            (
                "restoring-your-apps-state-scenes.trace.jsonl", ["--drop-id", "NavigationController"],
                "the app is scene-based"
            ),
            ("demo-travel.trace.jsonl", ["--set", "userActivityTypes=a.b"], "the app is not scene-based"),
            (
                "demo-travel.trace.jsonl", ["--set", "shouldRestore=false", "--set", "shouldRestore=true"],
                "'shouldRestore' is set twice"
            ),
        ] {
            let r = try CLI.run(["replay", trace, "--no-report"] + arguments, in: Self.traces)
            #expect(r.code == 2, "\(arguments): \(r.stdout)")
            #expect(r.stderr.contains(expected), "\(arguments): \(r.stderr)")
        }
    }

    /// Several windows' identical callbacks are told apart in the report's timeline: each scene
    /// event shows its session where a node's path would be (the column was empty).
    @Test(.enabled(if: Browser.shouldRun && Browser.path != nil))
    func theReportsTimelineNamesEachEventsSession() throws {
        let dir = try CLI.temporaryDirectory()
        let r = try CLI.run(
            ["report", Samples.path("restoring-your-apps-state-scenes.trace.jsonl"), "-o", "rep"], in: dir)
        #expect(r.code == 0)
        let dom = try Browser.dumpDOM(try #require(Browser.path), dir.appendingPathComponent("rep/index.html"))
        #expect(dom.contains("data-timeline=\"rendered\""))
        #expect(dom.contains("<span class=\"mono session\">session main</span>"))
        #expect(dom.contains("<span class=\"mono session\">session photo</span>"))
    }

    /// A scene-based what-if's report leads with how the sessions moved, as an app-based one does
    /// with its nodes (it showed only the what-if run's "Restored 1 of 1").
    @Test func aSceneWhatIfReportShowsHowEachSessionMoved() throws {
        let dir = try CLI.temporaryDirectory()
        let r = try CLI.run(
            [
                "replay", Samples.path("scene-migration-breaks-restoration.trace.jsonl"), "--set",
                "userActivityTypes=com.example.notes.compose,com.example.notes.browse", "--report-dir", "rep",
            ], in: dir)
        #expect(r.code == 0)
        let html = try String(contentsOf: dir.appendingPathComponent("rep/index.html"), encoding: .utf8)
        #expect(html.contains("restored 0 of 1 → 1 of 1 scene sessions; 1 gained, 0 lost."))
        #expect(html.contains("<h3>Scene sessions</h3>"))
        #expect(html.contains("<a href=\"#session-notes\"><code>notes</code></a>"))
    }

    /// `diff` names the cause when the two apps differ in their settings (a migration to scenes,
    /// an activity type left out): it showed only the effects, from "event 1 (R1 launch)" on.
    @Test func diffSaysHowTheAppsDiffer() throws {
        let text = try CLI.run(
            ["diff", "demo-travel.trace.jsonl", "scene-migration-breaks-restoration.trace.jsonl"], in: Self.traces)
        #expect(text.code == 1)
        #expect(text.stdout.contains("The apps differ (A → B):\n  life cycle: app → scenes\n"), "\(text.stdout)")
        let json = try CLI.run(
            [
                "diff", "restoring-your-apps-state-scenes.trace.jsonl",
                "scene-migration-breaks-restoration.trace.jsonl",
                "--json",
            ], in: Self.traces)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let app = try #require(object["app"] as? [[String: String]])
        #expect(app.first?["setting"] == "NSUserActivityTypes")
        let sessions = try #require(object["sessions"] as? [[String: Any]])
        #expect(sessions.map { $0["session"] as? String } == ["main", "photo", "notes"])
        #expect(sessions.first?["change"] as? String == "lost")
        // An activity is data, as in the outcome's `scenes`: its type and userInfo apart.
        let before = try #require(sessions.first?["before"] as? [String: Any])
        let saved = try #require(before["saved"] as? [String: Any])
        #expect(saved["type"] as? String == "com.example.apple-samplecode.staterestore.mainActivity")
        #expect(saved["userInfo"] is [String: Any])
    }

    /// A scene-based app's drawing: one cluster per session with its window, what it saved and
    /// what came back. It drew "Not performed — scene-based-app" twice and a legend of ★ and ✗.
    @Test func theDrawingShowsEachSessionsWindowAndActivities() throws {
        let restored = try CLI.run(
            ["export", "restoring-your-apps-state-scenes.trace.jsonl", "--format", "dot"], in: Self.traces)
        #expect(restored.code == 0)
        for piece in [
            "subgraph cluster_scene_1", "label=\"Session main (Main Scene)\"",
            "label=\"UINavigationController\\nNavigationController (inert)\"",
            "label=\"saved com.example.apple-samplecode.staterestore.mainActivity\\l", "✓ restored",
            "subgraph cluster_scene_2",
        ] {
            #expect(restored.stdout.contains(piece), "\(piece)")
        }
        #expect(!restored.stdout.contains("Not performed"))
        let lost = try CLI.run(
            ["export", "scene-migration-breaks-restoration.trace.jsonl", "--format", "dot"], in: Self.traces)
        #expect(lost.stdout.contains("label=\"✗ activity-type-not-declared\\l"))
        #expect(lost.stdout.contains("label=\"saved nothing\\l\""))
    }

    /// Past 64 sessions the drawing says how many it left out: one cluster per session made dot
    /// take 12 s for 800 sessions in a report, and 65 s and 662 MB for 1,600 as SVG.
    @Test func theDrawingDrawsSixtyFourSessionsAndCountsTheRest() throws {
        let dir = try CLI.temporaryDirectory()
        let sessions = (1...70).map { "  - {session: s\($0), ui: {class: A}, activity: {type: t}}" }
        try
            ("name: many\napp: {lifecycle: scenes, userActivityTypes: [t]}\nscenes:\n"
            + sessions.joined(separator: "\n")
            + "\ntimeline: [background, {kill: system}, launch]\n")
            .write(to: dir.appendingPathComponent("many.yaml"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["record", "many.yaml", "-o", "many.jsonl"], in: dir).code == 0)
        let dot = try CLI.run(["export", "many.jsonl", "--format", "dot"], in: dir)
        #expect(dot.code == 0)
        #expect(dot.stdout.contains("subgraph cluster_scene_64 {"))
        #expect(!dot.stdout.contains("subgraph cluster_scene_65 {"))
        #expect(dot.stdout.contains("label=\"6 more scene sessions not drawn: see the report's scene cards\""))
    }

    /// `archive` names a force quit's loss as the outcome does (`archive-deleted-user-quit`), and a
    /// scene the user closed as `session-discarded`.
    @Test func archiveSaysWhatTookEachSessionsActivity() throws {
        let dir = try CLI.temporaryDirectory()
        let app = """
            name: gone
            app: {lifecycle: scenes, userActivityTypes: [t]}
            scenes: [{session: main, ui: {class: A}, activity: {type: t}}]

            """
        for (name, timeline, expected) in [
            ("quit", "timeline: [background, {kill: user}, launch]", "no activity (archive-deleted-user-quit)"),
            (
                "close", "timeline: [background, {close: main}, {kill: system}, launch]",
                "no activity (session-discarded)"
            ),
        ] {
            try (app + timeline).write(
                to: dir.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8)
            #expect(try CLI.run(["record", "\(name).yaml", "-o", "\(name).jsonl"], in: dir).code == 0)
            let r = try CLI.run(["archive", "\(name).jsonl"], in: dir)
            #expect(r.stdout.contains(expected), "\(name): \(r.stdout)")
        }
    }

    /// Wide windows are drawn with their first children and a counted box, under one budget for
    /// all sessions: drawn child by child, twenty sessions of 3,000 took dot 85 s.
    @Test func wideWindowsAreFoldedInTheDrawing() throws {
        let dir = try CLI.temporaryDirectory()
        let tabs = (0..<40).map { "{class: Tab\($0)}" }.joined(separator: ", ")
        let sessions = (0..<3).map { "  - {session: s\($0), ui: {class: UITabBarController, children: [\(tabs)]}}" }
        let yaml =
            "name: wide\napp: {lifecycle: scenes, userActivityTypes: [t]}\nscenes:\n"
            + sessions.joined(separator: "\n") + "\n"
        try yaml.write(to: dir.appendingPathComponent("wide.yaml"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["record", "wide.yaml", "-o", "wide.jsonl"], in: dir).code == 0)
        let dot = try CLI.run(["export", "wide.jsonl", "--format", "dot"], in: dir)
        #expect(dot.code == 0)
        #expect(dot.stdout.components(separatedBy: "label=\"+ 28 more children\"").count - 1 == 3, "\(dot.stdout)")
        #expect(dot.stdout.components(separatedBy: "label=\"Tab").count - 1 == 3 * 12)
    }

    /// A what-if on a session the recording never had would change nothing: an error with the
    /// nearest sessions, as for a path; on an app-based trace it says there are no sessions.
    @Test func aWhatIfOnAnUnknownSessionIsBadInput() throws {
        let typo = try CLI.run(
            [
                "replay", "restoring-your-apps-state-scenes.trace.jsonl", "--no-report", "--set",
                "activity:mian.type=com.example.browse",
            ], in: Self.traces)
        #expect(typo.code == 2)
        #expect(typo.stderr.contains("the recording has no scene session 'mian'; nearest: main"), "\(typo.stderr)")
        let legacy = try CLI.run(
            ["replay", "demo-travel.trace.jsonl", "--no-report", "--set", "activity:main.type=x"],
            in: Self.traces)
        #expect(legacy.code == 2)
        #expect(legacy.stderr.contains("the app is not scene-based"), "\(legacy.stderr)")
    }

    /// A scene-based trace has no view-controller archive by design: `archive --json` says that,
    /// not that preservation never ran, beside the sessions it did save.
    @Test func archiveJSONOfASceneTraceSaysWhyThereIsNoArchive() throws {
        let r = try CLI.run(["archive", "restoring-your-apps-state-scenes.trace.jsonl", "--json"], in: Self.traces)
        #expect(r.code == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let reason = try #require(json["reason"] as? String)
        #expect(reason.contains("scene-based"), "\(reason)")
        #expect(!reason.contains("never ran"))
        #expect((json["sessions"] as? [Any])?.isEmpty == false)
    }

    @Test func aSceneScenarioCannotReadAViewControllerArchive() throws {
        let dir = try CLI.temporaryDirectory()
        let r = try CLI.run(
            [
                "record", Samples.path("restoring-your-apps-state-scenes.yaml"), "--archive",
                UIKitArchiveFixtures.path("state-restoration-demo.data"), "-o", "scenes.trace.jsonl",
            ], in: dir)
        #expect(r.code == 2)
        #expect(
            r.stderr.contains(
                ": error: a scene-based app ('lifecycle: scenes') never reads UIKit's view-controller archive"))
        // Where to go instead: the commands that read what the app saved, the path one shell word.
        #expect(
            r.stderr.contains(
                "  hint: to see what the app saved, run restoretrace archive \(UIKitArchiveFixtures.path("state-restoration-demo.data"))"
            ))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("scenes.trace.jsonl").path))
    }
}
