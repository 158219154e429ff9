import Foundation
import RestoreEngine

/// A scene-based app's saved state (CAPTURE.md §5), read from its `.savedState` folder: the
/// known sessions in `KnownSceneSessions/data.data` (a binary plist mapping each persistent
/// identifier to its archived `UISceneSession`), and per session the restoration dictionary
/// `<persistentIdentifier>/data.data` that UIKit rebuilds the session's `stateRestorationActivity`
/// from: `CanvasRestorationUserActivityTypeKey`, `…TitleKey`, and the `userInfo` as a secure keyed
/// archive under `…UserInfoDataKey` (or, read too, a plain plist under `…UserInfoKey`).
///
/// Inferred, and said so in the README: the per-session file's place (CAPTURE.md §5 [I]) and the
/// map's value shape (an archived session per identifier); no real device's files were available.
public struct UIKitSceneSessions: Sendable {
    /// A saved activity: what UIKit hands back to `scene(_:willConnectTo:options:)`.
    public struct Activity: Sendable {
        public var type: String
        public var title: String?
        /// The activity's `userInfo`, sorted by key (a dictionary has no order on disk).
        public var userInfo: [(key: String, value: KeyedValue)]
    }

    /// One known scene session and, if it has one, its saved activity.
    public struct Session: Sendable {
        public var persistentIdentifier: String
        /// `_UISceneSessionRole`, e.g. `UIWindowSceneSessionRoleApplication`.
        public var role: String?
        /// The name of the `UISceneConfiguration` archived with the session.
        public var configuration: String?
        public var activity: Activity?
    }

    public static let knownSessionsFile = "KnownSceneSessions/data.data"
    static let typeKey = "CanvasRestorationUserActivityTypeKey"
    static let titleKey = "CanvasRestorationUserActivityTitleKey"
    static let userInfoDataKey = "CanvasRestorationUserActivityUserInfoDataKey"
    static let userInfoKey = "CanvasRestorationUserActivityUserInfoKey"
    static let identifierKey = "_UISceneSessionPersistentIdentifier"

    /// The `.savedState` folder read.
    public var folder: String
    /// Sorted by persistent identifier: the map on disk has no order.
    public var sessions: [Session]
    /// The files UIKit keeps the sessions in: the known sessions, then each session's
    /// restoration dictionary (whether it has one now or not). A command reading the folder
    /// must never write onto one of them.
    public var files: [String]

    /// The `.savedState` folder at or inside `path` (the folder, its `KnownSceneSessions`, a
    /// container) that holds `KnownSceneSessions/data.data`, or nil for an app-based app.
    public static func locate(_ path: String) -> String? {
        let fm = FileManager.default
        // The folder itself, or the folder of a KnownSceneSessions path; a legacy data.data given
        // by name stays the legacy archive.
        var candidates = [path]
        let parent = SavedStatePath.folder(of: path)
        if SavedStatePath.last(path) == "KnownSceneSessions" { candidates.append(parent) }
        let trimmed = SavedStatePath.trimmed(path)
        if trimmed == knownSessionsFile || trimmed.hasSuffix("/" + knownSessionsFile) {
            candidates.append(SavedStatePath.folder(of: parent))
        }
        // A container, or Xcode's container download (`.xcappdata`, the container under `AppData`).
        let containers = [path, (path as NSString).appendingPathComponent(UIKitArchiveFile.xcodeDownloadFolder)]
        for states in [path]
            + containers.map({ ($0 as NSString).appendingPathComponent(UIKitArchiveFile.savedStateFolder) })
        {
            if let names = try? fm.contentsOfDirectory(atPath: states) {
                candidates += names.filter { $0.hasSuffix(".savedState") }.sorted().map {
                    (states as NSString).appendingPathComponent($0)
                }
            }
        }
        // A KnownSceneSessions that cannot be searched still makes the folder a scene app's:
        // reading it then fails with the system's reason, where it was taken as absent and the
        // view-controller archive beside it read with exit 0 (r19 review).
        return candidates.first {
            fm.fileExists(atPath: ($0 as NSString).appendingPathComponent(knownSessionsFile))
                || SavedStatePath.unreadable(($0 as NSString).appendingPathComponent("KnownSceneSessions")) != nil
        }
    }

    /// Reads the known sessions and each one's restoration dictionary in `folder`.
    public init(savedState folder: String) throws(KeyedArchiveError) {
        self.folder = folder
        let file = (folder as NSString).appendingPathComponent(Self.knownSessionsFile)
        guard case .dictionary(let map) = PropertyListNode(try Self.propertyList(file)) else {
            throw KeyedArchiveError(
                file: file, "is not a dictionary of scene sessions",
                hint: "pass the .savedState folder of a scene-based app (KnownSceneSessions/data.data)")
        }
        var sessions: [Session] = []
        var files = [file]
        // Every session's archive is nested in the one file: they share its budget.
        let budget = KeyedBudget()
        for identifier in map.keys.sorted() {
            // The key names the session's folder beside KnownSceneSessions: one that would lead
            // out of it (`../outside`) or into a folder below is no identifier UIKit makes (a UUID).
            guard !identifier.isEmpty, identifier != ".", identifier != "..", !identifier.contains("/") else {
                throw KeyedArchiveError(
                    file: file, at: identifier.debugDescription,
                    "is not a scene session's persistent identifier: it would name a folder outside this .savedState, or below it",
                    hint: "UIKit names each session with a UUID; the file is damaged or was not written by UIKit")
            }
            var session = try Self.session(identifier, map[identifier]!, file, budget)
            let restoration = ((folder as NSString).appendingPathComponent(identifier) as NSString)
                .appendingPathComponent(UIKitArchiveFile.fileName)
            files.append(restoration)
            if FileManager.default.fileExists(atPath: restoration) {
                session.activity = try Self.activity(restoration)
            } else if let reason = SavedStatePath.unreadable(FilePaths.parent(of: restoration)) {
                // A folder that cannot be searched hides its file: "no activity" was the wrong word.
                throw KeyedArchiveError(
                    file: FilePaths.parent(of: restoration), "cannot be read: \(reason)",
                    hint: "check that the folder is readable (ls -ld)")
            }
            sessions.append(session)
        }
        self.sessions = sessions
        self.files = files
    }

    /// A property list from a file, size-checked before it is parsed.
    private static func propertyList(_ file: String) throws(KeyedArchiveError) -> Any {
        let bytes = try KeyedArchive.contents(of: file)
        do { return try PropertyListGate.value(of: bytes, xmlLimit: KeyedArchive.maximumXMLBytes) } catch {
            throw KeyedArchive.refused(error, file: file, at: nil)
        }
    }

    /// One map entry: the session's archive (data), whose root object carries its keys.
    private static func session(_ id: String, _ value: Any, _ file: String, _ budget: KeyedBudget)
        throws(KeyedArchiveError) -> Session
    {
        guard case .data(let bytes) = PropertyListNode(value) else {
            throw KeyedArchiveError(file: file, at: id, "expected an archived UISceneSession (data)")
        }
        let archive = try KeyedArchive(nested: bytes, file: file, place: id, budget: budget)
        let fields = archive.keys.compactMap { key -> [KeyedPair]? in
            guard case .object(_, _, let f)? = archive[key], f.contains(where: { $0.key == .string(identifierKey) })
            else { return nil }
            return f
        }.first
        guard let fields else {
            throw KeyedArchiveError(
                file: file, at: id, "holds no UISceneSession (no object with \(identifierKey))")
        }
        let value = { (key: String) in fields.first { $0.key == .string(key) }?.value }
        var configuration: String?
        if case .object(_, _, let c)? = value("_UISceneSessionSceneConfiguration") {
            // The configuration's own keys are not published: its name is its one string "name" field.
            configuration = c.first { $0.key.stringValue?.lowercased().contains("name") == true }?.value.stringValue
        }
        return Session(
            persistentIdentifier: value(identifierKey)?.stringValue ?? id,
            role: value("_UISceneSessionRole")?.stringValue, configuration: configuration, activity: nil)
    }

    /// A session's restoration dictionary: type, title, and userInfo from its secure archive.
    private static func activity(_ file: String) throws(KeyedArchiveError) -> Activity {
        guard case .dictionary(let dict) = PropertyListNode(try propertyList(file)) else {
            throw KeyedArchiveError(file: file, "is not a restoration dictionary")
        }
        guard let type = dict[typeKey] as? String else {
            throw KeyedArchiveError(
                file: file, at: typeKey, "is missing: UIKit cannot rebuild the activity without its type")
        }
        var userInfo: [(key: String, value: KeyedValue)] = []
        if let raw = dict[userInfoDataKey] {
            guard case .data(let bytes) = PropertyListNode(raw) else {
                throw KeyedArchiveError(file: file, at: userInfoDataKey, "expected a keyed archive (data)")
            }
            let archive = try KeyedArchive(nested: bytes, file: file, place: userInfoDataKey, budget: KeyedBudget())
            userInfo = try entries(archive[userInfoKey], file, at: userInfoDataKey + " › " + userInfoKey)
        } else if let plain = dict[userInfoKey] {
            userInfo = try entries(try KeyedArchive.plain(plain, file: file, place: userInfoKey), file, at: userInfoKey)
        }
        return Activity(type: type, title: dict[titleKey] as? String, userInfo: userInfo)
    }

    private static func entries(
        _ value: KeyedValue?, _ file: String, at place: String
    ) throws(KeyedArchiveError) -> [(key: String, value: KeyedValue)] {
        switch value {
        case nil, .null?: return []
        case .dictionary(let pairs)?:
            var out: [(key: String, value: KeyedValue)] = []
            for pair in pairs {
                guard let key = pair.key.stringValue else {
                    throw KeyedArchiveError(
                        file: file, at: place, "a userInfo key is \(pair.key.typeName), not a string")
                }
                out.append((key, pair.value))
            }
            return out.sorted { $0.key < $1.key }
        case let other?:
            throw KeyedArchiveError(file: file, at: place, "expected a dictionary, found \(other.typeName)")
        }
    }
}

extension UIKitSceneSessions {
    /// The first number a trace cannot hold in a session's activity (see
    /// `UIKitArchive.untraceableNumber`).
    public func untraceableNumber() -> KeyedArchiveError? {
        for session in sessions {
            let file = ((folder as NSString).appendingPathComponent(session.persistentIdentifier) as NSString)
                .appendingPathComponent(UIKitArchiveFile.fileName)
            for (key, value) in session.activity?.userInfo ?? [] {
                if let e = KeyedValue.untraceable(value, at: "\(Self.userInfoKey) › \(key)", file: file) { return e }
            }
        }
        return nil
    }
}
