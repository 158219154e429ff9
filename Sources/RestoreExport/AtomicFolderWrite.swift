import Foundation

/// Writes a set of files into a folder all-or-nothing: temporary files beside the targets, then renames.
struct AtomicFolderWrite {
    let directory: URL

    func write(_ files: [String: Data]) throws(ExportError) {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        let existed = fm.fileExists(atPath: directory.path, isDirectory: &isDirectory)
        if existed, !isDirectory.boolValue {
            throw ExportError.writeFailed(
                path: directory.path, reason: "a file with that name exists and is not a folder")
        }
        do {
            try fm.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ExportError.writeFailed(path: directory.path, reason: error.localizedDescription)
        }
        // A name no other writer picks: the process id plus a per-call counter.
        let tag = "\(ProcessInfo.processInfo.processIdentifier)-\(Self.nextTag())"
        var temporaries: [(temp: URL, target: URL)] = []
        do {
            for name in files.keys.sorted() {
                let target = directory.appendingPathComponent(name)
                let temp = directory.appendingPathComponent(".\(name).tmp-\(tag)")
                temporaries.append((temp, target))
                try files[name]!.write(to: temp)
            }
            // rename(2) replaces an existing report in one step; readers see the old or the new file.
            for (temp, target) in temporaries where rename(temp.path, target.path) != 0 {
                throw ExportError.writeFailed(path: target.path, reason: String(cString: strerror(errno)))
            }
        } catch {
            for (temp, _) in temporaries { try? fm.removeItem(at: temp) }
            if !existed { try? fm.removeItem(at: directory) }
            throw ExportError.writeFailed(path: directory.path, reason: error.localizedDescription)
        }
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
