import Foundation
import RestoreArchive
import RestoreTestSupport
import Testing

/// A scene-based app's saved state: `KnownSceneSessions/data.data` and each session's restoration
/// dictionary with its secure keyed archive of `userInfo` (CAPTURE.md §5).
@Suite struct SceneSessionsTests {
    @Test func committedSceneFoldersMatchTheGenerator() throws {
        for (folder, files) in UIKitSceneFixtures.all() {
            let root = UIKitSceneFixtures.path(folder)
            let built = FileManager.default.temporaryDirectory.appendingPathComponent("scene-\(UUID().uuidString)")
                .appendingPathComponent(folder).path
            for target in Golden.recording ? [root, built] : [built] {
                for (path, bytes) in files {
                    let file = (target as NSString).appendingPathComponent(path)
                    try FileManager.default.createDirectory(
                        atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                    try Data(bytes).write(to: URL(fileURLWithPath: file))
                }
            }
            if Golden.recording { Issue.record("Rebuilt \(folder); run again without RESTORETRACE_RECORD_GOLDENS.") }
            #expect(
                Self.reading(root) == Self.reading(built), "fixture \(folder) differs from what the generator builds")
        }
    }

    private static func reading(_ folder: String) -> String {
        do {
            return try UIKitSceneSessions(savedState: folder).sessions.map { "\($0)" }.joined(separator: "\n")
        } catch { return error.description.replacingOccurrences(of: folder, with: "FOLDER") }
    }

    @Test func readsEachSessionAndTheActivityUIKitWillHandBack() throws {
        let saved = try UIKitSceneSessions(savedState: UIKitSceneFixtures.path("scenes.savedState"))
        #expect(
            saved.sessions.map(\.persistentIdentifier) == [
                UIKitSceneFixtures.mainSession, UIKitSceneFixtures.photoSession, UIKitSceneFixtures.idleSession,
            ])
        #expect(saved.sessions.map(\.configuration) == ["Main Scene", "Second Scene", "Main Scene"])
        #expect(saved.sessions.allSatisfy { $0.role == "UIWindowSceneSessionRoleApplication" })
        let main = try #require(saved.sessions[0].activity)
        #expect(main.type == "com.example.apple-samplecode.staterestore.mainActivity")
        #expect(main.title == "Cherries")
        // A dictionary has no order on disk: keys sorted, so output never follows hash order.
        #expect(main.userInfo.map(\.key) == ["editorTitle", "product", "selectedTab"])
        #expect(main.userInfo.first { $0.key == "selectedTab" }?.value == .int(1))
        let photo = try #require(saved.sessions[1].activity)
        #expect(photo.userInfo.map(\.key) == ["product"])
        #expect(photo.userInfo.first?.value == .string("0A1B2C3D-4E5F-4061-8293-A4B5C6D7E8F9"))
        #expect(saved.sessions[2].activity == nil)
    }

    @Test func findsTheFolderFromAContainerOrAFileInside() throws {
        let folder = UIKitSceneFixtures.path("scenes.savedState")
        #expect(UIKitSceneSessions.locate(folder) == folder)
        #expect(UIKitSceneSessions.locate(folder + "/KnownSceneSessions/data.data") == folder)
        let container = FileManager.default.temporaryDirectory.appendingPathComponent("c-\(UUID().uuidString)").path
        let states = container + "/Library/Saved Application State"
        try FileManager.default.createDirectory(atPath: states, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: folder, toPath: states + "/com.example.scenes.savedState")
        #expect(UIKitSceneSessions.locate(container) == states + "/com.example.scenes.savedState")
        #expect(UIKitSceneSessions.locate(UIKitArchiveFixtures.path("state-restoration-demo.data")) == nil)
    }

    @Test(arguments: [
        (
            "scene-known-sessions-not-a-plist.savedState",
            "KnownSceneSessions/data.data: error: is a damaged or truncated binary property list"
        ),
        (
            "scene-activity-without-type.savedState",
            "data.data: error: CanvasRestorationUserActivityTypeKey: is missing"
        ),
        (
            "scene-truncated-user-info.savedState",
            "data.data: error: CanvasRestorationUserActivityUserInfoDataKey: is a damaged or truncated binary property list"
        ),
    ])
    func hostileSavedStateIsALocatedError(_ folder: String, _ message: String) throws {
        do {
            _ = try UIKitSceneSessions(savedState: UIKitSceneFixtures.path(folder))
            Issue.record("\(folder) was read")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
            #expect(error.description.hasPrefix(UIKitSceneFixtures.path(folder)))
        }
    }
}
