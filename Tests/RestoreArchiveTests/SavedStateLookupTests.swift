import Foundation
import RestoreArchive
import RestoreTestSupport
import Testing

/// One `<bundle>.savedState` holding both `KnownSceneSessions/data.data` and the view-controller
/// archive `data.data` (a device listing in CAPTURE.md §1.1): before, naming the `data.data`
/// was refused as "a scene-based app's saved state", and the folder read only the sessions,
/// dropping every saved controller without a word (r19 import hunt, H1).
@Suite struct SavedStateLookupTests {
    private static func folder(_ beside: UIKitSceneFixtures.BesideTheArchive) throws -> (
        container: String, folder: String
    ) {
        let container = FileManager.default.temporaryDirectory.appendingPathComponent("both-\(UUID().uuidString)").path
        return (container, try UIKitSceneFixtures.savedStateWithArchive(in: container, beside))
    }

    @Test func theDataDataNamedBesideSceneSessionsIsTheViewControllerArchive() throws {
        let (_, folder) = try Self.folder(.sessionsWithActivities)
        let lookup = try SavedStateLookup.resolve(folder + "/data.data")
        #expect(lookup.contents == .archive(file: folder + "/data.data"))
        #expect(lookup.note == nil)
        #expect(try UIKitArchiveFile.read(folder + "/data.data").model.entries.count == 5)
    }

    /// One session that saved nothing: likely UIKit's own session of an app without a scene
    /// manifest, whose state is the archive beside it.
    @Test func oneSessionWithoutAnActivityLeavesTheFolderToItsArchive() throws {
        let (container, folder) = try Self.folder(.oneImplicitSession)
        for path in [folder, container] {
            let lookup = try SavedStateLookup.resolve(path)
            #expect(lookup.contents == .archive(file: folder + "/data.data"))
            #expect(lookup.note?.contains("1 scene session with no saved activity (likely UIKit's own session") == true)
            #expect(lookup.note?.contains("pass \(folder)/KnownSceneSessions") == true)
            #expect(try UIKitArchiveFile.locate(path) == folder + "/data.data")
        }
        // Named, the sessions are read all the same; `record --archive` says it wants the archive.
        #expect(try SavedStateLookup.resolve(folder + "/KnownSceneSessions").contents == .scenes(folder: folder))
        #expect {
            _ = try UIKitArchiveFile.locate(folder + "/KnownSceneSessions")
        } throws: { error in
            "\(error)".contains("names scene sessions, not a view-controller archive")
                && "\(error)".contains("pass \(folder)/data.data")
        }
    }

    /// The `Saved Application State` folder itself (a doc comment lists it) finds its app's
    /// sessions, as a container does.
    @Test func theSavedApplicationStateFolderFindsTheSessions() throws {
        let (container, folder) = try Self.folder(.sessionsWithActivities)
        let states = container + "/Library/Saved Application State"
        #expect(try SavedStateLookup.resolve(states).contents == .scenes(folder: folder))
    }

    /// Several sessions come from a scene manifest: the app restores from them, though none saved
    /// an activity this time (review r19: three were read as "UIKit's own session").
    @Test func severalSessionsWithoutActivitiesAreStillAScenesApp() throws {
        let (_, folder) = try Self.folder(.sessionsWithout)
        let lookup = try SavedStateLookup.resolve(folder)
        #expect(lookup.contents == .scenes(folder: folder))
        #expect(lookup.note?.contains("read its 3 scene sessions (none saved an activity)") == true)
    }

    @Test func sessionsWithActivitiesWinAndNameTheArchiveBeside() throws {
        let (container, folder) = try Self.folder(.sessionsWithActivities)
        for path in [folder, container] {
            let lookup = try SavedStateLookup.resolve(path)
            #expect(lookup.contents == .scenes(folder: folder))
            #expect(lookup.note?.contains("never restores from: read its 2 saved scene activities") == true)
            #expect(lookup.note?.contains("pass \(folder)/data.data") == true)
        }
        // `record --archive` wants the archive: refused, with the way to name it.
        #expect {
            _ = try UIKitArchiveFile.locate(folder)
        } throws: { error in
            "\(error)".contains(
                "which is what the app restores from; the data.data beside it is a view-controller archive left from before"
            )
                && "\(error)".contains("pass \(folder)/data.data")
        }
    }

    /// A session's file that cannot be read is an error naming it, not a reason to read the
    /// archive beside it with exit 0 (review r19).
    @Test func aDamagedSessionIsAnErrorWithTheWayToTheArchive() throws {
        let (_, folder) = try Self.folder(.sessionsWithActivities)
        let damaged = folder + "/" + UIKitSceneFixtures.mainSession + "/data.data"
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: damaged))
        #expect {
            _ = try SavedStateLookup.resolve(folder)
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix(damaged + ": error: ")
                && text.contains(
                    "the scene sessions cannot be read; to read the view-controller archive beside them all the same, pass \(folder)/data.data"
                )
        }
    }

    @Test func aSessionsOwnFileIsStillNotAViewControllerArchive() throws {
        let (_, folder) = try Self.folder(.sessionsWithActivities)
        #expect {
            _ = try UIKitArchiveFile.locate(folder + "/" + UIKitSceneFixtures.mainSession + "/data.data")
        } throws: { error in "\(error)".contains("holds a scene-based app's saved state") }
        #expect {
            _ = try UIKitArchiveFile.locate(folder + "/" + UIKitSceneFixtures.mainSession)
        } throws: { error in "\(error)".contains("holds a scene-based app's saved state") }
    }

    /// Xcode's Devices window downloads a container as `BUNDLE.xcappdata`, the container under
    /// `AppData`: before, it said "holds no data.data" and that the app never saved (r19, M1).
    @Test func readsXcodesContainerDownload() throws {
        let download = FileManager.default.temporaryDirectory.appendingPathComponent("x-\(UUID().uuidString).xcappdata")
            .path
        let state = download + "/AppData/Library/Saved Application State/com.example.app.savedState"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: UIKitArchiveFixtures.path("state-restoration-demo.data"), toPath: state + "/data.data")
        #expect(try UIKitArchiveFile.locate(download) == state + "/data.data")
        let scenes = download + "/AppData/Library/Saved Application State/com.example.scenes.savedState"
        try FileManager.default.copyItem(atPath: UIKitSceneFixtures.path("scenes.savedState"), toPath: scenes)
        #expect(UIKitSceneSessions.locate(download) == scenes)
    }
}

/// Each view's archive key repeats its controller's: a 138 KB archive with one 100,000-character
/// identifier and 2,000 views made a 601 MB trace, and 570 KB filled the disk (r19 import
/// hunt, H2). The keys an archive implies are bounded before anything is built from them.
@Suite struct ArchiveKeyBytesTests {
    @Test func keysAddingUpPastTheLimitAreRefusedWhereTheyAre() throws {
        let bytes = UIKitArchiveFixtures.longKeyWithViews(identifierLength: 20_000, views: 1_000)
        #expect(bytes.count < 200_000)
        #expect {
            _ = try UIKitArchive(bytes: bytes, file: "big.data")
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("big.data: error: $top › KKKK") && text.contains("add up to more than 16777216 bytes")
                && text.contains("this one's key is 20000 bytes, with 1000 views")
        }
    }

    @Test func ordinaryKeysReadAsBefore() throws {
        let bytes = UIKitArchiveFixtures.longKeyWithViews(identifierLength: 200, views: 1_000)
        let archive = try UIKitArchive(bytes: bytes, file: "ok.data")
        #expect(archive.model.entries.count == 1_001)
    }
}
