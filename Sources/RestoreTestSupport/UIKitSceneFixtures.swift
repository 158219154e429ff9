import Foundation

/// A scene-based app's `.savedState` folder (CAPTURE.md §5), built as UIKit writes it: the known
/// sessions map with NSKeyedArchiver-archived sessions, and per session the restoration
/// dictionary whose `userInfo` is a secure keyed archive; plus hostile folders. The committed
/// folders in `Tests/RestoreArchiveTests/Fixtures` are rebuilt with `RESTORETRACE_RECORD_GOLDENS=1`.
public enum UIKitSceneFixtures {
    /// Apple's "Restoring your app's state" sample with two scenes, as UIKit would save it (the
    /// activities are those of `Traces/restoring-your-apps-state-scenes.yaml`), and a third
    /// session that saved no activity.
    public static let mainSession = "6A0F3E52-0C1B-4D0E-9A53-1B2C3D4E5F60"
    public static let photoSession = "9B7C1D2E-3F40-4152-8364-758697A8B9CA"
    public static let idleSession = "C0FFEE00-1234-4567-89AB-CDEF01234567"

    /// Every folder: its name → its files (path inside the folder → bytes).
    public static func all() -> [(folder: String, files: [(path: String, bytes: [UInt8])])] {
        let good = restoringYourAppsState()
        return [
            ("scenes.savedState", good),
            (
                "scene-known-sessions-not-a-plist.savedState",
                [("KnownSceneSessions/data.data", Array("bplist00".utf8) + [0xD1, 0x01, 0x02])]
            ),
            (
                "scene-activity-without-type.savedState",
                [
                    knownSessions([(mainSession, "Main Scene")]),
                    ("\(mainSession)/data.data", plist(["CanvasRestorationUserActivityTitleKey": "Cherries"])),
                ]
            ),
            (
                "scene-truncated-user-info.savedState",
                [
                    knownSessions([(mainSession, "Main Scene")]),
                    (
                        "\(mainSession)/data.data",
                        plist([
                            "CanvasRestorationUserActivityTypeKey":
                                "com.example.apple-samplecode.staterestore.mainActivity",
                            "CanvasRestorationUserActivityUserInfoDataKey": Data(
                                userInfoArchive(["product": "x"]).prefix(40)),
                        ])
                    ),
                ]
            ),
        ]
    }

    public static func path(_ folder: String) -> String { UIKitArchiveFixtures.path(folder) }

    /// What the sessions beside the archive in `savedStateWithArchive` are.
    public enum BesideTheArchive: Sendable {
        /// The scene fixture's three sessions, two with a saved activity.
        case sessionsWithActivities
        /// The same three sessions, none with a saved activity.
        case sessionsWithout
        /// One session with no activity, as UIKit's own session of an app without a manifest.
        case oneImplicitSession
    }

    /// `container/Library/Saved Application State/com.example.both.savedState` holding scene
    /// sessions and the demo view-controller archive beside them (a device listing in
    /// CAPTURE.md §1.1 shows both in one folder). Returns the folder's path.
    public static func savedStateWithArchive(in container: String, _ beside: BesideTheArchive) throws -> String {
        let folder = container + "/Library/Saved Application State/com.example.both.savedState"
        try FileManager.default.createDirectory(
            atPath: (folder as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        switch beside {
        case .sessionsWithActivities:
            try FileManager.default.copyItem(atPath: path("scenes.savedState"), toPath: folder)
        case .sessionsWithout:
            try FileManager.default.copyItem(atPath: path("scenes.savedState"), toPath: folder)
            for session in [mainSession, photoSession] {
                try FileManager.default.removeItem(atPath: folder + "/" + session)
            }
        case .oneImplicitSession:
            let (file, bytes) = knownSessions([(idleSession, "Default Configuration")])
            try FileManager.default.createDirectory(
                atPath: folder + "/KnownSceneSessions", withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + file))
        }
        try FileManager.default.copyItem(
            atPath: UIKitArchiveFixtures.path("state-restoration-demo.data"), toPath: folder + "/data.data")
        return folder
    }

    /// Writes `files` (path inside the folder → bytes) into a new temporary `.savedState` and
    /// returns its path.
    public static func write(_ files: [(path: String, bytes: [UInt8])]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("s-\(UUID().uuidString)")
            .appendingPathComponent("com.example.app.savedState").path
        for (path, bytes) in files {
            let file = (folder as NSString).appendingPathComponent(path)
            try FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: file))
        }
        return folder
    }

    static func restoringYourAppsState() -> [(path: String, bytes: [UInt8])] {
        [
            knownSessions([(mainSession, "Main Scene"), (photoSession, "Second Scene"), (idleSession, "Main Scene")]),
            (
                "\(mainSession)/data.data",
                plist([
                    "CanvasRestorationUserActivityTypeKey": "com.example.apple-samplecode.staterestore.mainActivity",
                    "CanvasRestorationUserActivityTitleKey": "Cherries",
                    "CanvasRestorationUserActivityUserInfoDataKey": Data(
                        userInfoArchive([
                            "product": "6D9D3F86-5B4E-4A43-9E0C-5B1A2F3C4D5E", "selectedTab": NSNumber(value: 1),
                            "editorTitle": "Cherries",
                        ])),
                ])
            ),
            // The reader also accepts a plain property-list userInfo (CAPTURE.md §5).
            (
                "\(photoSession)/data.data",
                plist([
                    "CanvasRestorationUserActivityTypeKey": "com.example.apple-samplecode.staterestore.photoActivity",
                    "CanvasRestorationUserActivityUserInfoKey": ["product": "0A1B2C3D-4E5F-4061-8293-A4B5C6D7E8F9"],
                ])
            ),
        ]
    }

    /// `KnownSceneSessions/data.data`: identifier → the archived session (a binary plist).
    public static func knownSessions(_ sessions: [(String, String)]) -> (path: String, bytes: [UInt8]) {
        var map: [String: Any] = [:]
        for (id, configuration) in sessions {
            map[id] = Data(
                UIKitArchiveFixtures.archive { a in
                    a.encode(SceneSessionStandIn(id, configuration: configuration), forKey: NSKeyedArchiveRootObjectKey)
                })
        }
        return ("KnownSceneSessions/data.data", plist(map))
    }

    /// The activity's userInfo as UIKit archives it: a secure keyed archive, one key.
    public static func userInfoArchive(_ userInfo: [String: Any]) -> [UInt8] {
        UIKitArchiveFixtures.archive(secure: true) { a in
            a.encode(userInfo as NSDictionary, forKey: "CanvasRestorationUserActivityUserInfoKey")
        }
    }

    public static func plist(_ dictionary: [String: Any]) -> [UInt8] {
        (try? PropertyListSerialization.data(fromPropertyList: dictionary, format: .binary, options: 0)).map {
            [UInt8]($0)
        } ?? []
    }
}
