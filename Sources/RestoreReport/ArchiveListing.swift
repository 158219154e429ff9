import RestoreArchive
import RestoreEngine
import RestoreExport
import RestoreTrace

/// The archive behind `archive`, as a library call: the last archive a trace wrote, or UIKit's
/// own archive (`data.data`, its `.savedState` folder, an app container), told apart by content.
public struct ArchiveListing: Sendable {
    /// The `format` of `archive --json`.
    public static let format = "restoretrace-archive/1"

    /// The trace or archive it came from.
    public var trace: String
    /// `trace` or `uikit`.
    public var source: String
    /// The last archive written, or nil when preservation never ran or was declined.
    public var archive: Archive?
    /// A scene-based trace's sessions and the activity each has on disk at its end (SPEC §8).
    public var sessions: [SessionActivity]?
    /// Where the trace is cut off (SPEC §4), when it is: an archive written after it is unknown.
    public var cutOff: TraceError?
    /// The folder held both an archive and scene sessions: which was read and how to read the
    /// other (`SavedStateLookup`), for standard error.
    public var note: String?

    /// Reads the trace and keeps its last archive, or reads UIKit's archive.
    public init(trace: String) throws(RestoreFailure) {
        self.trace = trace
        var lookup: SavedStateLookup?
        if trace != "-", UIKitSceneSessions.locate(trace) != nil {
            do { lookup = try SavedStateLookup.resolve(trace) } catch { throw RestoreFailure(error) }
            note = lookup?.note
        }
        if case .archive(let file)? = lookup?.contents {
            source = "uikit"
            archive = try Importing.read(file).model
            return
        }
        if case .scenes(let folder)? = lookup?.contents {
            // A scene-based app's saved state: each session and the activity UIKit will hand back.
            source = "uikit"
            let saved: UIKitSceneSessions
            if let read = lookup?.sessions { saved = read } else { saved = try Importing.readScenes(folder) }
            sessions = saved.sessions.map { s in
                SessionActivity(
                    session: s.persistentIdentifier, configuration: s.configuration ?? "", activity: s.activity?.model,
                    reason: s.activity == nil ? "no-archive" : nil, discarded: false, title: s.activity?.title)
            }
            return
        }
        if trace == "-" ? Importing.standardInputIsArchive : UIKitArchiveFile.isArchive(trace) {
            source = "uikit"
            archive = try Importing.read(trace).model
            return
        }
        source = "trace"
        // Every line read and checked as every command does, but only what the listing shows is
        // decoded: the last archive, and the events that move a scene session's activity.
        // Decoding every event whole took 4.4 s and 427 MB at 200×200 (240,818 events).
        var sceneEvents: [EngineEvent] = []
        do {
            let reader = try TraceReader(path: trace)
            // Each line's payloads are checked here, as `nextRecord()` would, so that an archive
            // is decoded once: the check decodes it.
            while let record = try reader.nextRecord(checkingPayloads: false) {
                let event = try record.check()
                if let written = event.archive { archive = written }
                if let kind = event.event, SessionActivity.moves.contains(kind) { sceneEvents.append(event) }
            }
            cutOff = reader.cutOff
        } catch { throw RestoreFailure(error) }
        if sceneEvents.contains(where: { $0.event == .sceneConnected }) {
            sessions = SessionActivity.onDisk(sceneEvents)
        }
    }

    /// The archive the way Apple's `restorationArchiveTool` prints it, or why there is none.
    public var text: String {
        if let sessions { return SessionActivity.text(sessions) }
        guard let archive else { return noArchive + "\n" }
        return ArchiveDump.text(archive)
    }

    /// `{"format":"restoretrace-archive/1","source":"trace"|"uikit","written":…,"topLevel":{KEY: VALUE},
    /// "restorationClasses":{ARCHIVE_KEY: CLASS},"objects":[{"key","path","kind","class","values"}]}`,
    /// coder values typed as in the trace (references as `{"ref": ARCHIVE_KEY}`). A trace without an
    /// archive gives `"written": false`, a `reason` and empty members, so a script need not special-case it.
    public var json: String {
        var bytes: [UInt8] = []
        writeJSON { bytes += $0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `json`, handed to `sink` about a megabyte at a time as it is written: each object is made
    /// and written on its own, never the whole document. Building it as one tree and one string
    /// made `archive --json` take twice as long as `archive` at 200×200 (80,201 objects, 26 MB).
    public func writeJSON(to sink: @escaping ([UInt8]) -> Void) {
        let a = archive ?? Archive()
        // The engine's archives are version 2.1 without storing it; UIKit's store it.
        let versions = [
            CoderEntry(key: "kUIStateRestorationArchiveMajorVersionKey", value: .int(2), isSystem: true),
            CoderEntry(key: "kUIStateRestorationArchiveMinorVersionKey", value: .int(1), isSystem: true),
        ].filter { a.appLevelValue($0.key) == nil }
        // Every archive is listed under the names UIKit stores (CAPTURE.md §1.3; the model keeps
        // the engine's `…Key`), as the text listing does: a script read two spellings of one key
        // depending on where the archive came from (r19 hunts).
        let stored = Dictionary(UIKitArchiveKeys.engineNames.map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let appLevel = a.appLevel.map { e in
            CoderEntry(key: stored[e.key] ?? e.key, value: e.value, isSystem: e.isSystem)
        }
        let classes = a.restorationClassMap.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.className)) }
        let outline: [(String, JSONValue?)] = [
            ("format", .string(Self.format)), ("source", .string(source)), ("written", .bool(archive != nil)),
            ("reason", archive == nil ? .string(noArchive) : nil),
            ("topLevel", archive == nil ? .object([]) : TraceJSON.coder(versions + appLevel)),
            ("restorationClasses", .object(classes)),
        ]
        var stream = ExportStream(draining: sink)
        var first = true
        stream.buffer.append(123)
        for case let (key, value?) in outline {
            OutcomeJSONWriter.member(key, of: &first, to: &stream.buffer)
            value.write(to: &stream.buffer)
        }
        OutcomeJSONWriter.member("objects", of: &first, to: &stream.buffer)
        stream.buffer.append(91)
        for (i, e) in a.entries.enumerated() {
            if i > 0 { stream.buffer.append(44) }
            JSONValue.object([
                ("key", .string(e.key)), ("path", .string(e.pathString)), ("kind", .string(e.kind.rawValue)),
                ("class", .string(e.className)), ("values", TraceJSON.coder(e.coder)),
            ]).write(to: &stream.buffer)
            stream.drainIfFull()
        }
        stream.buffer.append(93)
        // A scene-based trace: each session and the activity on disk with it (SPEC §8).
        if let sessions {
            OutcomeJSONWriter.member("sessions", of: &first, to: &stream.buffer)
            SessionActivity.json(sessions).write(to: &stream.buffer)
        }
        stream.buffer.append(contentsOf: [125, 10])
        stream.drainRest()
    }

    // Not an error: the trace is fine, it just has no archive (that is a finding in itself).
    private var noArchive: String {
        if sessions != nil {
            // Not "never ran": a scene-based app saves per session, and `sessions` holds what it saved.
            return
                "No view-controller archive in \(trace): the app is scene-based, so its state is each scene session's activity, listed under sessions (S1)."
        }
        if let cutOff {
            // The cut may be inside the very event that carries the archive.
            return
                "No whole archive in \(trace): the trace is cut off at line \(cutOff.location.line ?? 0) (\(cutOff.diagnostic.message)), before any archive-written event was whole."
        }
        return "No archive was written in \(trace): preservation never ran or was declined (see `restoretrace replay`)."
    }
}
