import Foundation
import RestoreTestSupport
import Testing

/// `import` and `archive` on a scene-based app's saved state (CAPTURE.md §5): the sessions and
/// the activity each will get back, as a scene trace.
@Suite struct UIKitSceneCommandTests {
    static let listing = """
        Scene sessions (UISceneSession.stateRestorationActivity)

        [Session] 6A0F3E52-0C1B-4D0E-9A53-1B2C3D4E5F60 (Configuration: Main Scene)
            activityType "com.example.apple-samplecode.staterestore.mainActivity"
            title "Cherries"
            userInfo
                editorTitle "Cherries"
                product "6D9D3F86-5B4E-4A43-9E0C-5B1A2F3C4D5E"
                selectedTab 1

        [Session] 9B7C1D2E-3F40-4152-8364-758697A8B9CA (Configuration: Second Scene)
            activityType "com.example.apple-samplecode.staterestore.photoActivity"
            userInfo
                product "0A1B2C3D-4E5F-4061-8293-A4B5C6D7E8F9"

        [Session] C0FFEE00-1234-4567-89AB-CDEF01234567 (Configuration: Main Scene)
            no activity (no-archive)

        """

    @Test func archivePrintsEachSessionsActivity() throws {
        let r = try CLI.run(
            ["archive", UIKitSceneFixtures.path("scenes.savedState")], in: try CLI.temporaryDirectory())
        #expect(r.code == 0, "\(r.stderr)")
        #expect(r.stdout == Self.listing)
        let json = try CLI.run(
            ["archive", UIKitSceneFixtures.path("scenes.savedState"), "--json"], in: try CLI.temporaryDirectory())
        #expect(json.stdout.contains(#""source":"uikit""#))
        #expect(
            json.stdout.contains(#""session":"9B7C1D2E-3F40-4152-8364-758697A8B9CA","configuration":"Second Scene""#))
    }

    @Test func importWritesASceneTraceThatArchiveAndReplayRead() throws {
        let dir = try CLI.temporaryDirectory()
        let states = dir.appendingPathComponent("container/Library/Saved Application State")
        try FileManager.default.createDirectory(at: states, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: UIKitSceneFixtures.path("scenes.savedState"),
            toPath: states.appendingPathComponent("com.example.scenes.savedState").path)
        let imported = try CLI.run(["import", "container"], in: dir)
        #expect(imported.code == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("imported 3 scene sessions into com.example.scenes.trace.jsonl"))
        let trace = try String(
            contentsOf: dir.appendingPathComponent("com.example.scenes.trace.jsonl"), encoding: .utf8)
        #expect(trace.contains(#""lifecycle":"scenes""#))
        #expect(trace.contains(#""source":"uikit-archive""#))
        #expect(trace.contains(#""event":"activity-saved","session":"6A0F3E52-0C1B-4D0E-9A53-1B2C3D4E5F60""#))

        let archive = try CLI.run(["archive", "com.example.scenes.trace.jsonl"], in: dir)
        #expect(archive.code == 0)
        // The folder's listing, but the title: a trace's activity has none.
        #expect(archive.stdout == Self.listing.replacingOccurrences(of: "    title \"Cherries\"\n", with: ""))
        let replay = try CLI.run(["replay", "com.example.scenes.trace.jsonl"], in: dir)
        #expect(replay.code == 0, "\(replay.stdout)\(replay.stderr)")
        #expect(replay.stdout.contains("replay matched"))
    }

    @Test(arguments: [
        "scene-known-sessions-not-a-plist.savedState", "scene-activity-without-type.savedState",
        "scene-truncated-user-info.savedState",
    ])
    func hostileSavedStateExitsTwoAndWritesNothing(_ folder: String) throws {
        let dir = try CLI.temporaryDirectory()
        let r = try CLI.run(["import", UIKitSceneFixtures.path(folder), "-o", "out.trace.jsonl"], in: dir)
        #expect(r.code == 2)
        #expect(r.stderr.hasPrefix(UIKitSceneFixtures.path(folder) + "/"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.trace.jsonl").path))
        let a = try CLI.run(["archive", UIKitSceneFixtures.path(folder)], in: dir)
        #expect(a.code == 2)
    }
}
