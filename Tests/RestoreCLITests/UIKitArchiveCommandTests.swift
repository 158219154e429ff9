import Foundation
import RestoreTestSupport
import Testing

/// `archive ARCHIVE` and `import ARCHIVE` on UIKit's own archive (SPEC §6, §9).
@Suite struct UIKitArchiveCommandTests {
    /// restorationArchiveTool's published output (CAPTURE.md §1.6), blocks the picture shows, with
    /// the dot leaders of the transcription evened out (values start three dots past the longest key).
    static let published = """
        Restoration class map is {
            "TabController/:[1]:/NavigationController/:[1]:/_TtC20StateRestorationDemo18CityViewController" = "_TtC20StateRestorationDemo18CityViewController";
        }
        Top Level
        ---------
            kUIStateRestorationArchiveMajorVersionKey.........2
            kUIStateRestorationArchiveMinorVersionKey.........1
            UIApplicationStateRestorationBundleVersion........1
            UIApplicationStateRestorationSystemVersion........8.0
            UIApplicationStateRestorationTimestamp............2014-07-06 16:05:18 +0000
            UIApplicationStateRestorationUserInterfaceIdiom...iPhone
        [View Controller] TabController (Class: UITabBarController)
            kTabBarSelectedViewControllerKey...Object Identifier Proxy: TabController/:[1]:/NavigationController
            kViewControllerViewWasLoadedKey....Yes
        [View Controller] TabController/:[0]:/_TtC20StateRestorationDemo19FirstViewController (Class: _TtC20StateRestorationDemo19FirstViewController)
            encodingKeySliderValue............0.8926057
            kViewControllerViewWasLoadedKey...Yes
        [View Controller] TabController/:[1]:/NavigationController (Class: UINavigationController)
            kUIViewControllerChildrenKey......(
                "TabController/:[1]:/NavigationController/:[0]:/_TtC20StateRestorationDemo20SecondViewController",
                "TabController/:[1]:/NavigationController/:[1]:/_TtC20StateRestorationDemo18CityViewController"
            )
            kViewControllerViewWasLoadedKey...Yes

        """

    @Test func archivePrintsUIKitsArchiveInTheToolsLayout() throws {
        let r = try CLI.run(
            ["archive", UIKitArchiveFixtures.path("state-restoration-demo.data")], in: try CLI.temporaryDirectory())
        #expect(r.code == 0)
        #expect(r.stdout.hasPrefix(Self.published))
    }

    @Test func archiveJSONSaysTheSourceIsUIKit() throws {
        let r = try CLI.run(
            ["archive", UIKitArchiveFixtures.path("state-restoration-demo.xml.plist"), "--json"],
            in: try CLI.temporaryDirectory())
        #expect(r.code == 0)
        #expect(
            r.stdout.hasPrefix(
                #"{"format":"restoretrace-archive/1","source":"uikit","written":true,"topLevel":{"kUIStateRestorationArchiveMajorVersionKey":{"int":2,"system":true}"#
            ))
        #expect(r.stdout.contains(#""UIApplicationStateRestorationBundleVersion":{"string":"1","system":true}"#))
        #expect(
            r.stdout.contains(
                #"{"key":"TabController","path":"TabController","kind":"viewController","class":"UITabBarController","values":{"kTabBarSelectedViewControllerKey":{"ref":"TabController/:[1]:/NavigationController","system":true}"#
            ))
    }

    @Test func importWritesATraceThatArchiveReplayAndDiffRead() throws {
        let dir = try CLI.temporaryDirectory()
        let saved = dir.appendingPathComponent("container/Library/Saved Application State/com.example.demo.savedState")
        try FileManager.default.createDirectory(at: saved, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: UIKitArchiveFixtures.path("state-restoration-demo.data"),
            toPath: saved.appendingPathComponent("data.data").path)
        let imported = try CLI.run(["import", "container"], in: dir)
        #expect(imported.code == 0)
        #expect(imported.stdout.contains("imported 5 preserved objects into com.example.demo.trace.jsonl"))
        let trace = try String(contentsOf: dir.appendingPathComponent("com.example.demo.trace.jsonl"), encoding: .utf8)
        #expect(
            trace.hasPrefix(
                #"{"format":"restoretrace-trace/2","tool":"restoretrace 0.1.0","source":"uikit-archive","scenario":"com.example.demo""#
            ))
        #expect(trace.contains(#""event":"archive-written""#))
        let archive = try CLI.run(["archive", "com.example.demo.trace.jsonl"], in: dir)
        #expect(archive.stdout.hasPrefix(Self.published))
        let replay = try CLI.run(["replay", "com.example.demo.trace.jsonl"], in: dir)
        #expect(replay.code == 0)
        #expect(replay.stdout.contains("replay matched"))
        #expect(replay.stdout.contains("5 of 5 nodes preserved"))
        let diff = try CLI.run(
            ["diff", "com.example.demo.trace.jsonl", CLI.sample("state-restoration-demo.trace.jsonl")], in: dir)
        #expect(diff.code == 1)
        #expect(diff.stdout.contains("First difference"))
    }

    @Test func hostileArchivesExitTwoWithoutATrace() throws {
        let dir = try CLI.temporaryDirectory()
        let cases = [
            ("truncated.data", "damaged or truncated binary property list"),
            ("version-3.data", "the archive's major version is 3"),
            ("cycle.data", "form a cycle"),
            ("dangling-uid.data", "points past the end of $objects"),
            ("shared-billions.data", "more than 250000 values"),
        ]
        for (name, message) in cases {
            let r = try CLI.run(["import", UIKitArchiveFixtures.path(name), "-o", "out.trace.jsonl"], in: dir)
            #expect(r.code == 2, "\(name)")
            #expect(r.stderr.hasPrefix(UIKitArchiveFixtures.path(name) + ": error: "), "\(name)")
            #expect(r.stderr.contains(message), "\(name)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.trace.jsonl").path))
            let a = try CLI.run(["archive", UIKitArchiveFixtures.path(name)], in: dir)
            #expect(a.code == 2, "\(name)")
        }
    }

    @Test func recordAgainstTheArchiveRelaunchesTodaysAppOnIt() throws {
        let dir = try CLI.temporaryDirectory()
        let r = try CLI.run(
            [
                "record", UIKitArchiveFixtures.path("state-restoration-demo-today.yaml"), "--archive",
                UIKitArchiveFixtures.path("state-restoration-demo.data"), "-o", "today.trace.jsonl", "--json",
            ], in: dir)
        #expect(r.code == 0)
        #expect(
            r.stdout.contains(
                #""class":"_TtC20StateRestorationDemo18CityViewController","kind":"viewController","status":"not-restored","reason":"restoration-class-returned-nil""#
            ))
        #expect(r.stdout.contains(#""code":"archive-from-older-version""#))
        let trace = try String(contentsOf: dir.appendingPathComponent("today.trace.jsonl"), encoding: .utf8)
        // The archive stands in for preservation: no background, no encode.
        #expect(!trace.contains(#""event":"background""#))
        #expect(!trace.contains("encodeRestorableStateWithCoder:"))
        #expect(
            trace.contains(#""reason":"read from UIKit's archive, not written by the engine; its classes are guessed"#))
        let replay = try CLI.run(["replay", "today.trace.jsonl"], in: dir)
        #expect(replay.code == 0)
        #expect(replay.stdout.contains("Restoration (launch 2): 4 of 5 nodes restored"))
    }

    /// An imported trace has no relaunch and no preservation by the engine: a what-if says why
    /// it cannot act ("does not change" read as an answer), and a scene import shows what each
    /// session saved, not a row of ✗ for sessions no launch has asked for yet.
    @Test func whatIfsAndSummariesOfAnImportedTraceSayThereIsNoRelaunch() throws {
        let dir = try CLI.temporaryDirectory()
        let imported = try CLI.run(
            ["import", UIKitArchiveFixtures.path("state-restoration-demo.data"), "-o", "demo.trace.jsonl"], in: dir)
        #expect(imported.code == 0)
        let restore = try CLI.run(
            ["replay", "demo.trace.jsonl", "--set", "shouldRestore=false", "--no-report"], in: dir)
        #expect(restore.stdout.contains("nothing is restored for the change to act on"), "\(restore.stdout)")
        let drop = try CLI.run(["replay", "demo.trace.jsonl", "--drop-id", "TabController", "--no-report"], in: dir)
        #expect(drop.code == 2)
        #expect(drop.stderr.contains("this trace's archive was read from UIKit's"), "\(drop.stderr)")
        let scenes = try CLI.run(
            ["import", UIKitArchiveFixtures.path("scenes.savedState"), "-o", "scenes.trace.jsonl"], in: dir)
        #expect(scenes.code == 0, "\(scenes.stderr)")
        let replay = try CLI.run(["replay", "scenes.trace.jsonl", "--no-report"], in: dir)
        #expect(replay.stdout.contains("no relaunch in this timeline, so none restored yet"), "\(replay.stdout)")
        #expect(!replay.stdout.contains("✗"))
    }

    /// A scene-based app's saved state given to `record --archive` was told to return true from
    /// shouldSaveApplicationState:, which UIKit never asks a scene-based app.
    @Test func aSceneSavedStateIsNotAViewControllerArchive() throws {
        // The folder, its KnownSceneSessions, and a session's own data.data.
        for path in [
            "scenes.savedState", "scenes.savedState/KnownSceneSessions",
            "scenes.savedState/6A0F3E52-0C1B-4D0E-9A53-1B2C3D4E5F60/data.data",
        ] {
            let r = try CLI.run(
                [
                    "record", Samples.path("demo-travel.yaml"), "--archive", UIKitArchiveFixtures.path(path), "-o",
                    "t.jsonl",
                ],
                in: try CLI.temporaryDirectory())
            #expect(r.code == 2)
            #expect(
                r.stderr.contains("holds a scene-based app's saved state (KnownSceneSessions)"), "\(path): \(r.stderr)")
            #expect(!r.stderr.contains("shouldSaveApplicationState"))
        }
    }

    @Test func aScenarioAndAnArchiveCannotBothComeFromStandardInput() throws {
        let r = try CLI.run(["record", "-", "--archive", "-"], in: try CLI.temporaryDirectory())
        #expect(r.code == 2)
        #expect(r.stderr.contains("the scenario and --archive cannot both come from standard input"), "\(r.stderr)")
    }

    /// UIKit's archive names no class but through a restoration class: the classes are guessed
    /// from its keys (`kUIViewControllerChildrenKey` reads as a navigation controller). A guess
    /// is not the archived class, so R4 is not judged against it: a split view controller there
    /// was `class-mismatch`, and its whole subtree lost, an error UIKit never gives.
    @Test func anArchivesGuessedClassesAreNotHeldAgainstTheApp() throws {
        let dir = try CLI.temporaryDirectory()
        let today = try String(
            contentsOfFile: UIKitArchiveFixtures.path("state-restoration-demo-today.yaml"), encoding: .utf8)
        let split = today.replacingOccurrences(
            of: "    - class: UINavigationController\n", with: "    - class: UISplitViewController\n")
        #expect(split != today)
        try split.write(to: dir.appendingPathComponent("split.yaml"), atomically: true, encoding: .utf8)
        let r = try CLI.run(
            [
                "record", "split.yaml", "--archive", UIKitArchiveFixtures.path("state-restoration-demo.data"), "-o",
                "split.trace.jsonl",
            ], in: dir)
        #expect(r.code == 0, "\(r.stderr)")
        #expect(!r.stdout.contains("class-mismatch"), "\(r.stdout)")
        #expect(r.stdout.contains("Restoration (launch 2): 4 of 5 nodes restored"), "\(r.stdout)")
        let replay = try CLI.run(["replay", "split.trace.jsonl", "--no-report"], in: dir)
        #expect(replay.code == 0)
    }

    /// A trace recorded against UIKit's archive before R4 was left out for its guessed classes
    /// (Tests/Fixtures/before-r4-skip, recorded by 3346efb's parent) still replays as it was
    /// recorded: the event's `reason` tells the two apart.
    @Test func aTraceRecordedWithR4CheckedStillReplaysMatched() throws {
        let trace = Samples.packageRoot.appendingPathComponent(
            "Tests/Fixtures/before-r4-skip/split-view-against-demo.trace.jsonl"
        ).path
        let r = try CLI.run(["replay", trace, "--no-report"], in: try CLI.temporaryDirectory())
        #expect(r.code == 0, "\(r.stdout)")
        #expect(r.stdout.contains("replay matched"))
        #expect(r.stdout.contains("class-mismatch"))
    }

    /// A scene trace recorded before build settings in NSUserActivityTypes were resolved
    /// (Tests/Fixtures/before-build-settings, by b4451f8) names the entry as written, and its
    /// activity was not persisted: it replays as it was recorded (r20 review: matched in the
    /// engine, it diverged).
    @Test func aTraceWithALiteralBuildSettingTypeStillReplaysMatched() throws {
        let trace = Samples.packageRoot.appendingPathComponent(
            "Tests/Fixtures/before-build-settings/literal-activity-type.trace.jsonl"
        ).path
        let r = try CLI.run(["replay", trace, "--no-report"], in: try CLI.temporaryDirectory())
        #expect(r.code == 0, "\(r.stdout)")
        #expect(r.stdout.contains("replay matched"))
        #expect(r.stdout.contains("activity-type-not-declared"))
    }

    /// The timeline around the archive runs as written: the archive is its preservation, a
    /// force quit before the first launch deletes it (T2), a locked launch keeps it for the
    /// next one (R12). Only the first launch ran, whatever the timeline said.
    @Test func theTimelineAroundTheArchiveRuns() throws {
        let dir = try CLI.temporaryDirectory()
        let today = try String(
            contentsOfFile: UIKitArchiveFixtures.path("state-restoration-demo-today.yaml"), encoding: .utf8)
        for (name, timeline, expected) in [
            (
                "quit", "timeline: [{kill: user}, launch]",
                "Restoration (launch 2): not performed — archive-deleted-user-quit"
            ),
            (
                "locked", "timeline: [{launch: {deviceLocked: true}}, launch]",
                "Restoration (launch 3): 4 of 5 nodes restored"
            ),
        ] {
            let scenario = today.replacingOccurrences(
                of: "timeline: [background, {kill: system}, launch]", with: timeline)
            #expect(scenario != today)
            try scenario.write(to: dir.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8)
            let r = try CLI.run(
                [
                    "record", "\(name).yaml", "--archive", UIKitArchiveFixtures.path("state-restoration-demo.data"),
                    "-o", "\(name).trace.jsonl",
                ], in: dir)
            #expect(r.code == 0, "\(name): \(r.stderr)")
            #expect(r.stdout.contains(expected), "\(name): \(r.stdout)")
            let replay = try CLI.run(["replay", "\(name).trace.jsonl", "--no-report"], in: dir)
            #expect(replay.code == 0, "\(name): \(replay.stdout)")
        }
    }

    /// `-o -` is standard output for `import` and `record --archive` too (not a file named `-`),
    /// and neither writes onto the archive it reads.
    @Test func importAndRecordAgainstAnArchiveWriteToStandardOutputAndNeverOntoTheArchive() throws {
        let dir = try CLI.temporaryDirectory()
        let archive = dir.appendingPathComponent("data.data")
        try FileManager.default.copyItem(
            atPath: UIKitArchiveFixtures.path("state-restoration-demo.data"), toPath: archive.path)
        let original = try Data(contentsOf: archive)
        let scenario = UIKitArchiveFixtures.path("state-restoration-demo-today.yaml")
        for arguments in [["import", "data.data"], ["record", scenario, "--archive", "data.data"]] {
            let piped = try CLI.run(arguments + ["-o", "-"], in: dir)
            #expect(piped.code == 0, "\(arguments): \(piped.stderr)")
            #expect(piped.stdout.hasPrefix("{\"format\":\"restoretrace-trace/2\""), "\(arguments)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("-").path), "\(arguments)")
            let onto = try CLI.run(arguments + ["-o", "./data.data"], in: dir)
            #expect(onto.code == 2, "\(arguments): \(onto.stderr)")
            #expect(onto.stderr.contains("this is the input"), "\(arguments)")
            #expect(try Data(contentsOf: archive) == original, "\(arguments)")
        }
    }

    /// A scene-based app's saved state is read from several files: `import` writes onto none of
    /// them (it replaced KnownSceneSessions/data.data, or a session's file, with its trace).
    @Test func importOfSavedScenesNeverWritesOntoTheFilesItReads() throws {
        let dir = try CLI.temporaryDirectory()
        try FileManager.default.copyItem(
            atPath: UIKitArchiveFixtures.path("scenes.savedState"),
            toPath: dir.appendingPathComponent("s.savedState").path)
        let known = "s.savedState/KnownSceneSessions/data.data"
        let session = "s.savedState/6A0F3E52-0C1B-4D0E-9A53-1B2C3D4E5F60/data.data"
        let before = try [known, session].map { try Data(contentsOf: dir.appendingPathComponent($0)) }
        for (source, output) in [("s.savedState", known), ("s.savedState", session), (known, session)] {
            let r = try CLI.run(["import", source, "-o", output], in: dir)
            #expect(r.code == 2, "\(source) -o \(output): \(r.stdout)")
            #expect(r.stderr.contains("this is the input"), "\(source) -o \(output): \(r.stderr)")
        }
        #expect(try [known, session].map { try Data(contentsOf: dir.appendingPathComponent($0)) } == before)
        #expect(try CLI.run(["import", "s.savedState", "-o", "s.trace.jsonl"], in: dir).code == 0)
    }

    @Test func recordAgainstABadArchiveExitsTwoWithoutATrace() throws {
        let dir = try CLI.temporaryDirectory()
        let r = try CLI.run(
            [
                "record", UIKitArchiveFixtures.path("state-restoration-demo-today.yaml"), "--archive",
                UIKitArchiveFixtures.path("version-3.data"), "-o", "today.trace.jsonl",
            ], in: dir)
        #expect(r.code == 2)
        #expect(r.stderr.contains("the archive's major version is 3"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("today.trace.jsonl").path))
    }
}
