import Foundation

/// A named pipe (FIFO) in a fresh temporary folder with a reader on its other end, for checking
/// that an output path naming a pipe or device is written through, not replaced by a file.
///
/// The reader is a `cat` process copying the pipe into a regular file, so it can be killed if
/// nothing ever writes to the pipe (a writer that replaced the pipe with a file leaves `cat`
/// blocked in open(2) forever) and never holds up the writer however much it writes.
public final class FIFOReader {
    /// The pipe to hand to the writer as its output path.
    public let path: String
    /// The folder holding the pipe and what `cat` copied out of it.
    public let folder: URL
    private let copy: URL
    private let reader = Process()

    /// Makes the pipe and starts reading it.
    public init() throws {
        folder = try Samples.temporaryDirectory("restoretrace-fifo")
        path = folder.appendingPathComponent("out.fifo").path
        copy = folder.appendingPathComponent("received")
        guard mkfifo(path, 0o600) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        guard FileManager.default.createFile(atPath: copy.path, contents: nil) else {
            throw POSIXError(.EIO)
        }
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [path]
        reader.standardOutput = try FileHandle(forWritingTo: copy)
        try reader.run()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Kills the reader if it is still running. SIGKILL, not `terminate()`'s SIGTERM: a child
    /// of the test runner starts with SIGTERM blocked, and would stay stuck in open(2).
    private func stop() {
        guard reader.isRunning else { return }
        kill(reader.processIdentifier, SIGKILL)
        reader.waitUntilExit()
    }

    /// True while `path` is still a named pipe (not replaced by a regular file).
    public var isStillAFIFO: Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
    }

    /// Waits for the reader to see the end of the stream (the writer closed the pipe) and returns
    /// every byte it read; nil if it did not finish within `seconds` (it is then stopped).
    public func received(within seconds: Double = 10) -> Data? {
        let deadline = Date().addingTimeInterval(seconds)
        while reader.isRunning, Date() < deadline { usleep(10_000) }
        if reader.isRunning {
            stop()
            return nil
        }
        return FileManager.default.contents(atPath: copy.path)
    }
}
