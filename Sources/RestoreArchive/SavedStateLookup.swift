import Foundation

/// What a path a user passes holds: a view-controller archive (`data.data`) or a scene-based
/// app's saved sessions (`KnownSceneSessions`), decided once for `import`, `archive` and
/// `record --archive`.
///
/// Why a decision: on iOS 13 and later one `<bundle>.savedState` folder can hold both (a device
/// listing in CAPTURE.md §1.1 shows `KnownSceneSessions/data.data` beside `data.data`). An app
/// without a scene manifest still gets UIKit's implicit scene session, which saves no activity;
/// its state is the `data.data` beside it. An app that moved to scenes restores only from its
/// sessions' activities, and a `data.data` left from before is never read again.
public struct SavedStateLookup: Sendable {
    public enum Contents: Sendable, Equatable {
        /// The view-controller archive to read.
        case archive(file: String)
        /// The `.savedState` folder whose sessions to read.
        case scenes(folder: String)
    }

    public var contents: Contents
    /// For a folder that held both: which one was read, why, and how to read the other.
    public var note: String?

    /// Decides what `path` (a file, a `.savedState` folder, its `KnownSceneSessions`, a
    /// `Saved Application State` folder, an app's data container or Xcode's `.xcappdata`) holds.
    public static func resolve(_ path: String) throws(KeyedArchiveError) -> SavedStateLookup {
        guard let folder = UIKitSceneSessions.locate(path) else {
            return SavedStateLookup(contents: .archive(file: try UIKitArchiveFile.locateArchive(path)))
        }
        let legacy = (folder as NSString).appendingPathComponent(UIKitArchiveFile.fileName)
        let sessionsFolder = (folder as NSString).appendingPathComponent("KnownSceneSessions")
        let namesSessions =
            path.hasSuffix("/KnownSceneSessions") || path.hasSuffix("/KnownSceneSessions/")
            || path.hasSuffix("/" + UIKitSceneSessions.knownSessionsFile) || path == "KnownSceneSessions"
            || path == UIKitSceneSessions.knownSessionsFile
        guard !namesSessions, FileManager.default.fileExists(atPath: legacy) else {
            return SavedStateLookup(contents: .scenes(folder: folder))
        }
        let saved: UIKitSceneSessions
        do { saved = try UIKitSceneSessions(savedState: folder) } catch {
            return SavedStateLookup(
                contents: .archive(file: legacy),
                note:
                    "\(folder) also holds \(UIKitSceneSessions.knownSessionsFile), which could not be read (\(error.diagnostic.message)); read \(UIKitArchiveFile.fileName), the view-controller archive beside it"
            )
        }
        let withActivity = saved.sessions.filter { $0.activity != nil }.count
        if withActivity == 0 {
            let sessions = saved.sessions.count == 1 ? "1 scene session" : "\(saved.sessions.count) scene sessions"
            return SavedStateLookup(
                contents: .archive(file: legacy),
                note:
                    "\(folder) also holds \(sessions) with no saved activity (UIKit's own session for an app without a scene manifest): read \(UIKitArchiveFile.fileName), the view-controller archive; to read the sessions, pass \(sessionsFolder)"
            )
        }
        return SavedStateLookup(
            contents: .scenes(folder: folder),
            note:
                "\(folder) also holds \(UIKitArchiveFile.fileName), a view-controller archive, which a scene-based app never restores from: read its \(withActivity) saved scene \(withActivity == 1 ? "activity" : "activities"); to read the archive, pass \(legacy)"
        )
    }
}
