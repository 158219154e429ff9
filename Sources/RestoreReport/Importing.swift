import Foundation
import RestoreArchive
import RestoreEngine
import RestoreTrace

/// UIKit's restoration archive turned into a trace: what `import` does, as a library call. The
/// trace's header says `"source": "uikit-archive"`; its events are the app running and the
/// archive, adopted as its `archive-written` event, so `archive`, `report`, `replay` and `diff` read it.
public enum Importing {
    public struct Result: Sendable {
        /// The `data.data` read (after looking into a folder or container).
        public var archiveFile: String
        /// Where the trace was written.
        public var path: String
        public var objects: Int
        public var events: Int
        /// What `objects` counts: preserved objects, or scene sessions.
        public var noun = "preserved objects"
        /// The folder held both an archive and scene sessions: which was read and how to read
        /// the other (`SavedStateLookup`), for standard error.
        public var note: String?

        public var text: String {
            "\(archiveFile): imported \(objects) \(noun) into \(path) (\(events) events)\n\nNext: restoretrace archive \(ShellWord.quoted(path))"
        }
    }

    /// The header's `source` for an imported archive.
    public static let source = "uikit-archive"

    /// Reads the archive at `source` (a file, a `.savedState` folder, a container) and writes its
    /// trace to `output` (default: `BUNDLE.trace.jsonl` in the current folder).
    public static func importArchive(at source: String, to output: String? = nil) throws(RestoreFailure) -> Result {
        // A scene-based app keeps its state per session (CAPTURE.md §5), not in data.data; a
        // folder may hold both (`SavedStateLookup`).
        var file = source
        var note: String?
        if source != "-" {
            let lookup: SavedStateLookup
            do { lookup = try SavedStateLookup.resolve(source) } catch { throw RestoreFailure(error) }
            note = lookup.note
            switch lookup.contents {
            case .scenes(let folder):
                var imported = try importScenes(at: folder, to: output, read: lookup.sessions)
                imported.note = note
                return imported
            case .archive(let located): file = located
            }
        }
        let archive = try read(file)
        if let untraceable = archive.untraceableNumber() { throw RestoreFailure(untraceable) }
        let name = source == "-" ? "stdin" : appName(archive.file)
        let path = output ?? name + ".trace.jsonl"
        let model = archive.model
        let recorded: (outcome: Outcome, events: Int)
        do {
            try InputGuard.refuseWritingOntoInputs(output: path, inputs: [source, archive.file])
            recorded = try TraceRecorder.record(header: header(archive, name: name), to: path) { observer in
                let engine = RestorationEngine(
                    application: UIApplication(configuration: configuration(model)),
                    boundary: DirectBoundary(app: NoApp()))
                engine.observer = observer
                engine.start(with: nil)
                engine.adoptArchive(model)
                return engine.outcome
            }
        } catch {
            throw RestoreFailure(error)
        }
        var imported = Result(
            archiveFile: archive.file, path: path, objects: model.entries.count, events: recorded.events)
        imported.note = note
        return imported
    }

    /// What to say before reading the archive at `path` for `record --archive`: which of a
    /// folder's archive and scene sessions is read, as `import` and `archive` say it.
    public static func note(reading path: String) -> String? {
        guard path != "-" else { return nil }
        return try? SavedStateLookup.resolve(path).note
    }

    /// The archive at `path` (`-`: standard input, SPEC §6), or a located failure (exit 2).
    public static func read(_ path: String) throws(RestoreFailure) -> UIKitArchive {
        do throws(KeyedArchiveError) {
            if path == "-" {
                let input = StandardInput.read(upTo: KeyedArchive.maximumBytes)
                if input.overflowed { throw KeyedArchive.tooBig("<stdin>", input.bytes.count, atLeast: true) }
                return try UIKitArchive(bytes: input.bytes, file: "<stdin>")
            }
            return try UIKitArchiveFile.read(path)
        } catch { throw RestoreFailure(error) }
    }

    /// Whether standard input holds a property list (UIKit's archive) rather than a trace.
    static var standardInputIsArchive: Bool { UIKitArchiveFile.isPropertyList(head: StandardInput.read(upTo: 8).bytes) }

    static func header(_ archive: UIKitArchive, name: String) -> TraceHeader {
        var header = TraceHeader(
            scenario: name, description: "UIKit's restoration archive \(archive.file)",
            app: configuration(archive.model))
        header.source = source
        return header
    }

    /// The app as the archive saw it: its bundle version, system version and idiom.
    static func configuration(_ model: Archive) -> AppConfiguration {
        AppConfiguration(
            bundleVersion: model.appLevelValue(ReservedKeys.bundleVersion)?.stringValue ?? "unknown",
            systemVersion: model.appLevelValue(ReservedKeys.systemVersion)?.stringValue ?? "unknown",
            idiom: model.appLevelValue(ReservedKeys.userInterfaceIdiom)?.intValue == 1 ? .pad : .phone)
    }

    /// `com.example.app` for `…/com.example.app.savedState/data.data`, else the file's name.
    static func appName(_ file: String) -> String {
        let folder = (FilePaths.parent(of: file) as NSString).lastPathComponent
        if folder.hasSuffix(".savedState") { return String(folder.dropLast(".savedState".count)) }
        return ((file as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// The engine needs an app; an imported archive has none, and nothing calls it.
    final class NoApp: RestorableApp {}
}
