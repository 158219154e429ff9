import Foundation
import RestoreEngine
import RestoreTrace

/// Writes a report folder all-or-nothing: the files go into a hidden temporary sibling folder,
/// which then takes the target's place in one step. A reader sees the old report or the new one,
/// never a mix; a run killed midway leaves at most its temporary folder, which the next run
/// removes.
///
/// Written with the system calls themselves so a refusal carries the system's own reason
/// (`Not a directory`, `No space left on device`, …) and the path it was about.
struct AtomicFolderWrite {
    let directory: URL

    /// The files a report folder holds; an existing folder with anything else is not replaced.
    static let reportFiles: Set<String> = ["index.html", "hierarchy.svg", "data"]
    /// The mark in a temporary folder's name: `.NAME.restoretrace-tmp-PID-N`.
    static let temporaryMarker = "restoretrace-tmp"

    func write(_ files: [String: Data]) throws(ExportError) {
        let transaction = try begin()
        do throws(ExportError) {
            for fileName in files.keys.sorted() { try transaction.write(fileName, files[fileName]!) }
            try transaction.commit()
        } catch {
            transaction.abandon()
            throw error
        }
    }

    /// Checks the target and makes the temporary folder the report's files are written into,
    /// one at a time (a big report streams its data files), before `commit` puts it in place.
    func begin() throws(ExportError) -> Transaction {
        let target = directory.standardizedFileURL
        let parent = target.deletingLastPathComponent()
        let name = target.lastPathComponent
        var isDirectory: ObjCBool = false
        let existed = FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory)
        // Naming a file where a folder belongs is the user's slip, not the machine's.
        if existed, !isDirectory.boolValue { throw ExportError.notAFolder(path: directory.path) }
        if existed {
            // Replacing a folder replaces all of it: never a folder that holds someone's other files.
            let present = Set((try? FileManager.default.contentsOfDirectory(atPath: target.path)) ?? [])
            let foreign = present.subtracting(Self.reportFiles).sorted()
            if !foreign.isEmpty { throw ExportError.notAReportFolder(path: directory.path, holding: foreign) }
        }
        try Self.makeFolder(parent.path)
        Self.removeStaleTemporaries(in: parent.path, for: name)
        let tag = "\(getpid())-\(Self.nextTag())"
        let temporary = parent.appendingPathComponent(".\(name).\(Self.temporaryMarker)-\(tag)").path
        // Named before it exists: an interrupt (Ctrl-C) from here on removes it.
        let ticket = InterruptCleanup.writing(temporary)
        if mkdir(temporary, 0o755) != 0 {
            let code = errno
            InterruptCleanup.finished(ticket)
            throw Self.refused(directory.path, code)
        }
        return Transaction(target: target, temporary: temporary, tag: tag, replaces: existed, ticket: ticket)
    }

    /// A report folder being written: files go into the temporary folder until `commit`.
    final class Transaction {
        let target: URL
        let temporary: String
        private let tag: String
        private let replaces: Bool
        private var folders: Set<String> = []
        private let foldersLock = NSLock()
        /// The temporary folder's entry in `InterruptCleanup`.
        private let ticket: Int

        fileprivate init(target: URL, temporary: String, tag: String, replaces: Bool, ticket: Int) {
            (self.target, self.temporary, self.tag, self.replaces) = (target, temporary, tag, replaces)
            self.ticket = ticket
        }

        /// Writes one file at `name` (a relative path; its folder is made once).
        func write(_ name: String, _ data: Data) throws(ExportError) {
            let sink = try open(name)
            data.withUnsafeBytes { sink.append(UnsafeRawBufferPointer($0)) }
            try sink.close()
        }

        /// A file to stream into; the caller closes it.
        /// Safe from several threads at once (the two node tables are written side by side).
        func open(_ name: String) throws(ExportError) -> FileSink {
            let folder = FilePaths.parent(of: name)
            if !folder.isEmpty {
                foldersLock.lock()
                defer { foldersLock.unlock() }
                if !folders.contains(folder) {
                    if mkdir(temporary + "/" + folder, 0o755) != 0, errno != EEXIST {
                        throw AtomicFolderWrite.refused(target.appendingPathComponent(folder).path, errno)
                    }
                    folders.insert(folder)
                }
            }
            return try FileSink(path: temporary + "/" + name, reportedAs: target.appendingPathComponent(name).path)
        }

        /// Puts the written folder in the target's place in one step.
        func commit() throws(ExportError) {
            let parent = target.deletingLastPathComponent()
            let name = target.lastPathComponent
            if !replaces {
                if rename(temporary, target.path) != 0 { throw AtomicFolderWrite.refused(target.path, errno) }
            } else if AtomicFolderWrite.exchange(temporary, target.path) {
                // The old report now sits in the temporary folder.
                AtomicFolderWrite.removeFolder(temporary)
            } else {
                // No atomic exchange here: move the old one aside, then the new one in.
                let old = parent.appendingPathComponent(".\(name).\(AtomicFolderWrite.temporaryMarker)-old-\(tag)").path
                if rename(target.path, old) != 0 { throw AtomicFolderWrite.refused(target.path, errno) }
                if rename(temporary, target.path) != 0 { throw AtomicFolderWrite.refused(target.path, errno) }
                AtomicFolderWrite.removeFolder(old)
            }
            InterruptCleanup.finished(ticket)
        }

        /// Removes what was written; the target stays as it was.
        func abandon() {
            AtomicFolderWrite.removeFolder(temporary)
            InterruptCleanup.finished(ticket)
        }
    }

    /// Temporary folders for `name` left by runs that are no longer alive.
    static func removeStaleTemporaries(in parent: String, for name: String) {
        let prefix = ".\(name).\(temporaryMarker)-"
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] where entry.hasPrefix(prefix)
        {
            let rest = entry.dropFirst(prefix.count)
            let pidText = (rest.hasPrefix("old-") ? rest.dropFirst(4) : rest).prefix { $0.isNumber }
            guard let pid = Int32(pidText), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            removeFolder(parent + "/" + entry)
        }
    }

    static func removeFolder(_ path: String) { try? FileManager.default.removeItem(atPath: path) }

    /// Swaps two folders in one step (Linux `renameat2(RENAME_EXCHANGE)`, looked up at run time
    /// since Glibc's module does not declare it); false where that is not available.
    static func exchange(_ a: String, _ b: String) -> Bool {
        #if os(Linux)
            typealias RenameAt2 =
                @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) ->
                Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return false }
            let renameExchange: UInt32 = 2
            return unsafeBitCast(symbol, to: RenameAt2.self)(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
        #else
            return false
        #endif
    }

    /// Creates `path` and its missing parents (`mkdir -p`); a parent that is a file fails in mkdir(2).
    private static func makeFolder(_ path: String) throws(ExportError) {
        let parent = FilePaths.parent(of: path)
        if !parent.isEmpty, parent != path, !FileManager.default.fileExists(atPath: parent) {
            try makeFolder(parent)
        }
        if mkdir(path, 0o755) != 0, errno != EEXIST { throw refused(path, errno) }
    }

    static func refused(_ path: String, _ code: Int32) -> ExportError {
        .writeFailed(path: path, reason: String(cString: strerror(code)))
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var counter = 0
    private static func nextTag() -> Int {
        lock.lock()
        defer { lock.unlock() }
        counter += 1
        return counter
    }
}
