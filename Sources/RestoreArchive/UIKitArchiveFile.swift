import Foundation
import RestoreEngine

/// Finds and reads UIKit's archive from what a user has at hand: the `data.data` file, its
/// `<bundle>.savedState` folder, or the app's data container (`xcrun simctl get_app_container
/// booted BUNDLE data`), where it is `Library/Saved Application State/<bundle>.savedState/data.data`.
public enum UIKitArchiveFile {
    public static let fileName = "data.data"
    static let savedStateFolder = "Library/Saved Application State"
    /// Where Xcode's "Download Container…" (`BUNDLE.xcappdata`) keeps the app's container.
    static let xcodeDownloadFolder = "AppData"

    /// Reads the archive at `path` (a file, a `.savedState` folder or a container).
    public static func read(_ path: String) throws(KeyedArchiveError) -> UIKitArchive {
        let file = try locate(path)
        return try UIKitArchive(bytes: KeyedArchive.contents(of: file), file: file)
    }

    /// Whether `path` is a property list or a folder rather than a trace (JSON Lines): a binary
    /// plist starts `bplist`, an XML one `<?xml` or `<plist`; a `.data` file not starting `{`.
    public static func isArchive(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return false }
        if isDirectory.boolValue { return true }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let bytes = [UInt8](handle.readData(ofLength: 8))
        if isPropertyList(head: bytes) { return true }
        let head = String(decoding: bytes, as: UTF8.self)
        // A damaged or empty `data.data` (or any `.data`, as UIKit names it) is an archive that
        // does not read, not a trace: a trace starts with `{`.
        return path.hasSuffix(".data") && !head.hasPrefix("{")
    }

    /// Whether bytes start as a property list does: a binary one `bplist`, an XML one `<?xml` or
    /// `<plist`.
    public static func isPropertyList(head: some Collection<UInt8>) -> Bool {
        ["bplist", "<?xml", "<plist"].contains { head.starts(with: $0.utf8) }
    }

    /// A scene-based app's saved state given where a view-controller archive is read: the advice
    /// for a missing legacy archive (return true from shouldSaveApplicationState:) would be wrong.
    static func sceneBased(_ path: String) -> KeyedArchiveError {
        KeyedArchiveError(
            file: path,
            "holds a scene-based app's saved state (KnownSceneSessions), not a view-controller archive (\(fileName))",
            hint:
                "read its sessions with restoretrace archive or import; a scene-based app restores from each session's NSUserActivity, and record --archive reads only data.data"
        )
    }

    /// The `data.data` that `path` names or holds. A folder holding scene sessions as well is
    /// read as `SavedStateLookup` decides; one whose sessions are what the app restores from is
    /// refused, with the way to name its `data.data` all the same.
    public static func locate(_ path: String) throws(KeyedArchiveError) -> String {
        let lookup = try SavedStateLookup.resolve(path)
        switch lookup.contents {
        case .archive(let file): return file
        case .scenes(let folder):
            let legacy = (folder as NSString).appendingPathComponent(fileName)
            guard FileManager.default.fileExists(atPath: legacy) else { throw sceneBased(path) }
            // Named by the user, the sessions are what was asked for, not what the app restores from.
            if lookup.note == nil {
                throw KeyedArchiveError(
                    file: path, "names scene sessions, not a view-controller archive",
                    hint: "record --archive relaunches against a data.data: pass \(legacy)")
            }
            throw KeyedArchiveError(
                file: path,
                "holds a scene-based app's saved state (KnownSceneSessions), which is what the app restores from; the \(fileName) beside it is a view-controller archive left from before",
                hint:
                    "read the sessions with restoretrace archive or import; to relaunch against that archive all the same, pass \(legacy)"
            )
        }
    }

    /// The `data.data` that `path` names or holds, once `SavedStateLookup` found no scene
    /// sessions to read there instead.
    static func locateArchive(_ path: String) throws(KeyedArchiveError) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw KeyedArchiveError(
                file: path, "does not exist", hint: "pass data.data, its .savedState folder or the app's data container"
            )
        }
        // A scene session's own folder or file (`<bundle>.savedState/<session>/data.data`) holds a
        // session's activity, not a view-controller archive. The `data.data` directly in a
        // `.savedState` beside `KnownSceneSessions` is the app's view-controller archive.
        let parent = SavedStatePath.folder(of: path)
        func holdsSessions(_ folder: String) -> Bool {
            FileManager.default.fileExists(
                atPath: (folder as NSString).appendingPathComponent(UIKitSceneSessions.knownSessionsFile))
        }
        if (isDirectory.boolValue && holdsSessions(parent)) || holdsSessions(SavedStatePath.folder(of: parent)) {
            throw sceneBased(path)
        }
        guard isDirectory.boolValue else { return path }
        // A folder that cannot be listed is not one the app left empty: "the app never saved" was
        // the wrong advice for a permission problem.
        if let reason = SavedStatePath.unreadable(path) {
            throw KeyedArchiveError(
                file: path, "cannot be read: \(reason)", hint: "check that the folder is readable (ls -ld)")
        }
        let direct = (path as NSString).appendingPathComponent(fileName)
        if FileManager.default.fileExists(atPath: direct) { return direct }
        // A container, its "Saved Application State" folder, or Xcode's container download
        // (`.xcappdata`, the container under `AppData`): one .savedState per app.
        let candidates = [
            (path as NSString).appendingPathComponent(savedStateFolder),
            (path as NSString).appendingPathComponent(xcodeDownloadFolder + "/" + savedStateFolder), path,
        ].flatMap(savedStates)
        guard let first = candidates.first else {
            throw KeyedArchiveError(
                file: path,
                "holds no \(fileName): looked in it, in */\(fileName), in \(savedStateFolder)/*.savedState/\(fileName) and in \(xcodeDownloadFolder)/\(savedStateFolder)/*.savedState/\(fileName)",
                hint:
                    "the app saves state only when it returns true from application:shouldSaveApplicationState: and goes to the background; stop it from Xcode (a force-quit deletes the archive)"
            )
        }
        guard candidates.count == 1 else {
            throw KeyedArchiveError(
                file: path, "holds \(candidates.count) archives: \(candidates.joined(separator: ", "))",
                hint: "pass one of them")
        }
        return first
    }

    /// `folder/*.savedState/data.data`, sorted.
    private static func savedStates(in folder: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        // A .savedState that cannot be searched is kept: reading it then says why, where it was
        // "holds no data.data" and the advice for an app that never saved.
        return names.filter { $0.hasSuffix(".savedState") }.sorted().map {
            ((folder as NSString).appendingPathComponent($0) as NSString).appendingPathComponent(fileName)
        }.filter {
            FileManager.default.fileExists(atPath: $0) || SavedStatePath.unreadable(FilePaths.parent(of: $0)) != nil
        }
    }
}
