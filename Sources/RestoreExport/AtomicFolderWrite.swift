import Foundation

/// Writes a set of files into a folder all-or-nothing: temporary files beside the targets, then renames.
///
/// Written with the system calls themselves so a refusal carries the system's own reason
/// (`Not a directory`, `No space left on device`, …) and the path it was about.
struct AtomicFolderWrite {
    let directory: URL

    func write(_ files: [String: Data]) throws(ExportError) {
        var isDirectory: ObjCBool = false
        let existed = FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory)
        // Naming a file where a folder belongs is the user's slip, not the machine's.
        if existed, !isDirectory.boolValue { throw ExportError.notAFolder(path: directory.path) }
        if !existed { try Self.makeFolder(directory.path) }
        // A name no other writer picks: the process id plus a per-call counter.
        let tag = "\(ProcessInfo.processInfo.processIdentifier)-\(Self.nextTag())"
        var temporaries: [(temp: String, target: String)] = []
        do throws(ExportError) {
            for name in files.keys.sorted() {
                let target = directory.appendingPathComponent(name).path
                let temp = directory.appendingPathComponent(".\(name).tmp-\(tag)").path
                temporaries.append((temp, target))
                try Self.writeFile(files[name]!, to: temp, reportedAs: target)
            }
            // rename(2) replaces an existing report in one step; readers see the old or the new file.
            for (temp, target) in temporaries where rename(temp, target) != 0 {
                throw Self.refused(target, errno)
            }
        } catch {
            for (temp, _) in temporaries { unlink(temp) }
            if !existed { rmdir(directory.path) }
            throw error
        }
    }

    /// Creates `path` and its missing parents (`mkdir -p`); a parent that is a file fails in mkdir(2).
    private static func makeFolder(_ path: String) throws(ExportError) {
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path, !FileManager.default.fileExists(atPath: parent) {
            try makeFolder(parent)
        }
        if mkdir(path, 0o755) != 0, errno != EEXIST { throw refused(path, errno) }
    }

    private static func writeFile(_ data: Data, to temp: String, reportedAs target: String) throws(ExportError) {
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw refused(target, errno) }
        var failure: Int32?
        data.withUnsafeBytes { bytes in
            var written = 0
            while written < bytes.count {
                let n = Foundation.write(fd, bytes.baseAddress! + written, bytes.count - written)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else {
                    failure = n < 0 ? errno : ENOSPC
                    return
                }
                written += n
            }
        }
        if close(fd) != 0, failure == nil { failure = errno }
        if let failure { throw refused(target, failure) }
    }

    private static func refused(_ path: String, _ code: Int32) -> ExportError {
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
