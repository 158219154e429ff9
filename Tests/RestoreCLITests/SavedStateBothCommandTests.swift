import Foundation
import RestoreTestSupport
import Testing

/// `import` and `archive` on a `.savedState` holding both a view-controller `data.data` and
/// `KnownSceneSessions` (CAPTURE.md §1.1's device listing), and `archive --json` of an imported
/// trace (r19 import hunt, H1 and M4).
@Suite struct SavedStateBothCommandTests {
    private static func container(_ beside: UIKitSceneFixtures.BesideTheArchive) throws -> (dir: URL, folder: String) {
        let dir = try CLI.temporaryDirectory()
        let container = dir.appendingPathComponent("container").path
        return (dir, try UIKitSceneFixtures.savedStateWithArchive(in: container, beside))
    }

    /// A FIFO where `data.data` goes, in a container the tool walks (the user never named it),
    /// blocked open(2) for good (r20 fuzz): it reads as empty and is refused, at once.
    @Test func aFIFOInAContainerIsRefusedNotWaitedOn() throws {
        let dir = try CLI.temporaryDirectory()
        let folder = dir.appendingPathComponent("App/Library/Saved Application State/com.x.savedState")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(mkfifo(folder.appendingPathComponent("data.data").path, 0o600) == 0)
        for arguments in [["archive", "App"], ["import", "App", "-o", "t.jsonl"]] {
            let p = Process()
            p.executableURL = CLI.binary
            p.arguments = arguments
            p.currentDirectoryURL = dir
            p.standardOutput = FileHandle.nullDevice
            let err = Pipe()
            p.standardError = err
            try p.run()
            guard CLI.waitOrKill(p, seconds: 20) else {
                Issue.record("\(arguments) waited on the FIFO")
                continue
            }
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(p.terminationStatus == 2, "\(arguments)")
            #expect(stderr.contains("com.x.savedState/data.data: error: "), "\(stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("t.jsonl").path))
    }

    /// A folder where `data.data` goes was read as an empty file: "not a property list" (r20 fuzz).
    @Test func aFolderNamedDataDataIsSaidToBeOne() throws {
        let dir = try CLI.temporaryDirectory()
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("x.savedState/data.data"), withIntermediateDirectories: true)
        let r = try CLI.run(["archive", "x.savedState"], in: dir)
        #expect(r.code == 2)
        #expect(r.stderr.hasPrefix("x.savedState/data.data: error: cannot be read: Is a directory"), "\(r.stderr)")
    }

    @Test func theArchiveNamedBesideSessionsImports() throws {
        let (dir, folder) = try Self.container(.sessionsWithActivities)
        let r = try CLI.run(["import", folder + "/data.data", "-o", "vc.trace.jsonl"], in: dir)
        #expect(r.code == 0, "\(r.stderr)")
        #expect(r.stdout.contains("imported 5 preserved objects into vc.trace.jsonl"))
        let a = try CLI.run(["archive", folder + "/data.data"], in: dir)
        #expect(a.code == 0)
        #expect(a.stdout.hasPrefix(UIKitArchiveCommandTests.published))
    }

    @Test func aLegacyAppsImplicitSessionLeavesTheContainerToItsArchive() throws {
        let (dir, folder) = try Self.container(.oneImplicitSession)
        let r = try CLI.run(["import", "container", "-o", "c.trace.jsonl"], in: dir)
        #expect(r.code == 0, "\(r.stderr)")
        #expect(r.stdout.contains("imported 5 preserved objects into c.trace.jsonl"))
        #expect(r.stderr.hasPrefix("note: "))
        #expect(r.stderr.contains("1 scene session with no saved activity"))
        let a = try CLI.run(["archive", "container"], in: dir)
        #expect(a.stdout.hasPrefix(UIKitArchiveCommandTests.published))
        #expect(
            a.stderr.contains("to read the session, pass \(folder.replacingOccurrences(of: dir.path + "/", with: ""))")
        )
    }

    /// From inside the folder, a relative name: `data.data`'s folder was taken as `` and its
    /// grandparent as `` again, which held KnownSceneSessions, and the archive was refused.
    @Test func relativeNamesFromInsideTheFolderReadWhatTheyName() throws {
        let (_, folder) = try Self.container(.sessionsWithActivities)
        let inside = URL(fileURLWithPath: folder)
        for name in ["data.data", "./data.data"] {
            let a = try CLI.run(["archive", name], in: inside)
            #expect(a.code == 0, "\(name): \(a.stderr)")
            #expect(a.stdout.hasPrefix(UIKitArchiveCommandTests.published), "\(name)")
        }
        #expect(try CLI.run(["import", "data.data", "-o", "/dev/null"], in: inside).code == 0)
        for name in [".", "KnownSceneSessions", "KnownSceneSessions/", "KnownSceneSessions/data.data"] {
            let a = try CLI.run(["archive", name], in: inside)
            #expect(a.code == 0, "\(name): \(a.stderr)")
            #expect(a.stdout.hasPrefix("Scene sessions"), "\(name)")
        }
        // One implicit session: `.` is the archive, read without a second refusal.
        let (_, implicit) = try Self.container(.oneImplicitSession)
        let dot = try CLI.run(["archive", "."], in: URL(fileURLWithPath: implicit))
        #expect(dot.code == 0, "\(dot.stderr)")
        #expect(dot.stdout.hasPrefix(UIKitArchiveCommandTests.published))
        #expect(dot.stderr.contains("note: . also holds 1 scene session"))
    }

    /// `record --archive` says which of the folder's two it read, as `import` and `archive` do.
    @Test func recordAgainstTheFolderSaysWhatItRead() throws {
        let (dir, _) = try Self.container(.oneImplicitSession)
        let r = try CLI.run(
            [
                "record", UIKitArchiveFixtures.path("state-restoration-demo-today.yaml"), "--archive", "container",
                "-o",
                "t.trace.jsonl",
            ], in: dir)
        #expect(r.code == 0, "\(r.stderr)")
        #expect(
            r.stderr.contains(
                "note: container/Library/Saved Application State/com.example.both.savedState also holds 1 scene session"
            ))
    }

    @Test func aSceneAppsFolderReadsItsSessionsAndNamesTheArchiveBeside() throws {
        let (dir, _) = try Self.container(.sessionsWithActivities)
        let r = try CLI.run(["import", "container", "-o", "s.trace.jsonl"], in: dir)
        #expect(r.code == 0, "\(r.stderr)")
        #expect(r.stdout.contains("imported 3 scene sessions into s.trace.jsonl"))
        #expect(r.stderr.contains("never restores from: read its 2 saved scene activities; to read the archive, pass "))
    }

    /// The same archive listed from `data.data` and from its imported trace names its top-level
    /// keys alike: UIKit's stored names (CAPTURE.md §1.3), not the engine's `…Key` constants.
    @Test func archiveJSONOfAnImportedTraceUsesUIKitsStoredNames() throws {
        let dir = try CLI.temporaryDirectory()
        let file = UIKitArchiveFixtures.path("state-restoration-demo.data")
        #expect(try CLI.run(["import", file, "-o", "demo.trace.jsonl"], in: dir).code == 0)
        let fromFile = try CLI.run(["archive", file, "--json"], in: dir)
        let fromTrace = try CLI.run(["archive", "demo.trace.jsonl", "--json"], in: dir)
        #expect(
            fromTrace.stdout.contains(#""UIApplicationStateRestorationBundleVersion":{"string":"1","system":true}"#))
        #expect(!fromTrace.stdout.contains("UIApplicationStateRestorationBundleVersionKey"))
        func topLevel(_ json: String) -> Substring? {
            guard let start = json.range(of: #""topLevel":"#), let end = json.range(of: #","restorationClasses""#)
            else { return nil }
            return json[start.upperBound..<end.lowerBound]
        }
        #expect(topLevel(fromFile.stdout) != nil)
        #expect(topLevel(fromFile.stdout) == topLevel(fromTrace.stdout))
    }
}

/// The scene listing escaped a userInfo key's line break but not a value's, so a value could
/// forge lines of the listing (r19 import hunt, L3).
@Suite struct SceneListingLineBreakTests {
    @Test func aValueWithALineBreakStaysOnItsLine() throws {
        let session = UIKitSceneFixtures.mainSession
        let folder = try UIKitSceneFixtures.write([
            UIKitSceneFixtures.knownSessions([(session, "Main Scene")]),
            (
                "\(session)/data.data",
                UIKitSceneFixtures.plist([
                    "CanvasRestorationUserActivityTypeKey": "com.example.a",
                    "CanvasRestorationUserActivityUserInfoDataKey": Data(
                        UIKitSceneFixtures.userInfoArchive(["k\nk": "v\n[Session] forged"])),
                ])
            ),
        ])
        let r = try CLI.run(["archive", folder], in: try CLI.temporaryDirectory())
        #expect(r.code == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#"        k\nk "#))
        #expect(r.stdout.contains(#"v\n[Session] forged"#))
        #expect(r.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("[Session]") }.count == 1)
    }
}

/// Files users pass to `import` by mistake are named for what they are (r19 import hunt, L4), and
/// a `.savedState` that cannot be listed is not "an app that never saved" (M5).
@Suite struct ImportWrongFileTests {
    @Test func aTraceIsSaidToBeATraceAlready() throws {
        let dir = try CLI.temporaryDirectory()
        let trace = CLI.sample("homepwner.trace.jsonl")
        let r = try CLI.run(["import", trace, "-o", "out.trace.jsonl"], in: dir)
        #expect(r.code == 2)
        #expect(r.stderr.hasPrefix("\(trace): error: is a restoretrace trace already, not UIKit's archive"))
        #expect(r.stderr.contains("restoretrace archive \(trace)"))
    }

    @Test func aMacAppsSavedStateIsNamed() throws {
        let dir = try CLI.temporaryDirectory()
        let folder = dir.appendingPathComponent("com.apple.finder.savedState")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("NSCR1000\u{0}\u{1}records".utf8).write(to: folder.appendingPathComponent("data.data"))
        let r = try CLI.run(["import", "com.apple.finder.savedState", "-o", "out.trace.jsonl"], in: dir)
        #expect(r.code == 2)
        #expect(r.stderr.contains("error: is a macOS app's saved state (AppKit's encrypted NSCR records)"))
    }
}
