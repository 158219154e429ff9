import Foundation
import RestoreArchive
import RestoreTestSupport
import Testing

/// A known-sessions map key names the session's folder beside `KnownSceneSessions`: `../outside`
/// read a file outside the `.savedState` and adopted its activity (r19 import hunt, L2).
@Suite struct SceneSessionKeyTests {
    @Test(arguments: ["../outside", "..", "a/b", ""])
    func aKeyLeadingOutOfTheFolderIsRefused(_ key: String) throws {
        let folder = try UIKitSceneFixtures.write([UIKitSceneFixtures.knownSessions([(key, "Main Scene")])])
        let outside = (folder as NSString).deletingLastPathComponent + "/outside/data.data"
        try FileManager.default.createDirectory(
            atPath: (outside as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(UIKitSceneFixtures.plist(["CanvasRestorationUserActivityTypeKey": "com.example.stolen"])).write(
            to: URL(fileURLWithPath: outside))
        #expect {
            _ = try UIKitSceneSessions(savedState: folder)
        } throws: { error in
            "\(error)".contains(
                "KnownSceneSessions/data.data: error: \(key.debugDescription): is not a scene session's persistent identifier"
            )
        }
    }
}
