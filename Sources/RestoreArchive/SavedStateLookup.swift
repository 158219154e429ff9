import Foundation
import RestoreEngine

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
    /// The sessions, when deciding read them already: a caller reading the scenes need not
    /// read the same files again.
    public var sessions: UIKitSceneSessions?

    /// Decides what `path` (a file, a `.savedState` folder, its `KnownSceneSessions`, a
    /// `Saved Application State` folder, an app's data container or Xcode's `.xcappdata`) holds.
    ///
    /// A folder holding both is read as its sessions, except when it knows one session with no
    /// saved activity: likely UIKit's own session of an app without a scene manifest (CAPTURE.md
    /// has no listing of one; inferred), whose state is the `data.data`. Several sessions come
    /// from a manifest, and a scene-based app never restores from a `data.data` left from
    /// before. Sessions that cannot be read are an error, with the way to read the archive.
    public static func resolve(_ path: String) throws(KeyedArchiveError) -> SavedStateLookup {
        guard let folder = UIKitSceneSessions.locate(path) else {
            return SavedStateLookup(contents: .archive(file: try UIKitArchiveFile.locateArchive(path)))
        }
        let legacy = (folder as NSString).appendingPathComponent(UIKitArchiveFile.fileName)
        let sessionsFolder = (folder as NSString).appendingPathComponent("KnownSceneSessions")
        let trimmed = SavedStatePath.trimmed(path)
        let namesSessions =
            SavedStatePath.last(trimmed) == "KnownSceneSessions" || trimmed == UIKitSceneSessions.knownSessionsFile
            || trimmed.hasSuffix("/" + UIKitSceneSessions.knownSessionsFile)
        guard !namesSessions, FileManager.default.fileExists(atPath: legacy) else {
            return SavedStateLookup(contents: .scenes(folder: folder))
        }
        let saved: UIKitSceneSessions
        do { saved = try UIKitSceneSessions(savedState: folder) } catch {
            // The file that failed is named in the error; reading the archive instead would
            // answer about a `data.data` the app may never restore from, with exit 0.
            // The inner hint speaks of UIKit's archive in general: here it would point at the
            // wrong file (r19 review).
            var refusal = error
            refusal.diagnostic.hint =
                "the scene sessions cannot be read; to read the view-controller archive beside them all the same, pass \(legacy)"
            throw refusal
        }
        let withActivity = saved.sessions.filter { $0.activity != nil }.count
        if withActivity == 0, saved.sessions.count == 1 {
            return SavedStateLookup(
                contents: .archive(file: legacy),
                note:
                    "\(folder) also holds 1 scene session with no saved activity (likely UIKit's own session for an app without a scene manifest): read \(UIKitArchiveFile.fileName), the view-controller archive; to read the session, pass \(sessionsFolder)"
            )
        }
        let activities =
            withActivity == 0
            ? "its \(saved.sessions.count) scene sessions (none saved an activity)"
            : "its \(withActivity) saved scene \(withActivity == 1 ? "activity" : "activities")"
        return SavedStateLookup(
            contents: .scenes(folder: folder),
            note:
                "\(folder) also holds \(UIKitArchiveFile.fileName), a view-controller archive, which a scene-based app never restores from: read \(activities); to read the archive, pass \(legacy)",
            sessions: saved)
    }
}

/// Paths as a user types them, walked up without losing the way: the folder of `data.data` is
/// `.`, not `` (which `FilePaths.parent` leaves to the caller), and the folder of `.` is `./..`.
/// From inside a `.savedState`, `archive data.data` looked for its grandparent at `` again, found
/// `KnownSceneSessions` there and refused the archive as scene-based (r19 review).
enum SavedStatePath {
    /// `path` without trailing slashes (`/` stays).
    static func trimmed(_ path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        return String(text)
    }

    /// The system's reason `path` cannot be listed (`Permission denied`), when it exists and
    /// cannot; nil when it can, or does not exist.
    static func unreadable(_ path: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return nil
        }
        return access(path, R_OK | X_OK) == 0 ? nil : String(cString: strerror(errno))
    }

    /// The last component: `KnownSceneSessions` for `a/KnownSceneSessions/`.
    static func last(_ path: String) -> String {
        let text = trimmed(path)
        guard let slash = text.lastIndex(of: "/"), text != "/" else { return text }
        return String(text[text.index(after: slash)...])
    }

    /// The folder holding `path`, spelled relative when `path` is.
    static func folder(of path: String) -> String {
        let text = trimmed(path)
        if text.isEmpty { return ".." }
        if last(text) == "." || last(text) == ".." { return text + "/.." }
        let parent = FilePaths.parent(of: text)
        return parent.isEmpty ? "." : parent
    }
}
