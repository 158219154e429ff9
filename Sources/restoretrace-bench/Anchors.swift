import Foundation

/// Finds what the anchors need.
enum Anchors {
    /// The interpreter python3 really is: a version manager's shim on PATH is a shell script
    /// whose start-up would be timed with the anchor.
    static func python() -> String? {
        guard let shim = ChildProcess.onPath("python3") else { return nil }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("restoretrace-bench-py-\(getpid())")
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let asked = try? ChildProcess(executable: shim, arguments: ["-c", "import sys; print(sys.executable)"])
            .run(scratch: scratch.path)
        let real = asked?.stdout.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return asked?.exitCode == 0 && FileManager.default.isExecutableFile(atPath: real) ? real : nil
    }

    /// The peak RSS a do-nothing child shows: what a forked child carries of this process's pages
    /// before its exec (the floor under every row's figure).
    static func rssFloor(scratch: String) -> Int? {
        guard let t = ["/bin/true", "/usr/bin/true"].first(where: FileManager.default.isExecutableFile) else {
            return nil
        }
        return try? ChildProcess(executable: t, arguments: []).run(scratch: scratch).peakRSSBytes
    }
}
