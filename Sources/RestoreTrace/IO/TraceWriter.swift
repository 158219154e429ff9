import Foundation
import RestoreEngine

/// Writes a file so that it either appears whole or not at all: bytes stream into `NAME.partial`
/// beside the target (readable up to its last whole line if the process dies), and only a
/// successful `commit()` renames it over the target. A failed run never clobbers a good file.
///
/// Every failure is an environment failure (`TraceError.Cause.environment`) naming the path and
/// the system's own reason (`strerror`): the input was fine, the machine refused the write.
public final class AtomicFileWriter {
    public let path: String
    public let partialPath: String
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var finished = false
    /// The first failed write: later writes are dropped and `flush`/`commit` throw it, so a
    /// half-written file can never be renamed into place.
    private var failure: TraceError?

    public init(path: String) throws(TraceError) {
        self.path = path
        partialPath = path + ".partial"
        let dir = Self.folder(of: path)
        // A file where the folder should be is left to open(2), which names it ("Not a directory").
        if !FileManager.default.fileExists(atPath: dir) {
            throw TraceError(
                file: path, "the folder '\(dir)' does not exist",
                hint: "create it first, or pick another output path with -o", cause: .environment)
        }
        let fd = open(partialPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Self.refused(path, "cannot write", errno: errno) }
        descriptor = fd
    }

    deinit {
        if !finished { discard() }
    }

    /// The folder a path's file goes in: `a` and `./a` are in `.`, `/a` in `/`. (Foundation's
    /// `deletingLastPathComponent` trapped on a one-character relative path.)
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = path[..<slash]
        return folder.isEmpty ? "/" : String(folder)
    }

    public func write(_ bytes: [UInt8]) {
        guard failure == nil else { return }
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.flushBytes { try? flush() }
    }

    public func write(_ text: String) { write(Array(text.utf8)) }

    /// Lets the caller append straight into the buffer, so a line is not built and copied.
    func append(_ fill: (inout [UInt8]) -> Void) {
        guard failure == nil else { return }
        fill(&buffer)
        if buffer.count >= Self.flushBytes { try? flush() }  // a failure is kept and thrown by commit()
    }

    /// `append` for a long run of lines: `fill` calls its second argument with the buffer between
    /// lines, which writes the buffer out once it is full, so the buffer stays near
    /// `flushBytes` however much is appended (an archive event is 40 MB at 200×200).
    func appendLines(_ fill: (inout [UInt8], (inout [UInt8]) -> Void) -> Void) {
        guard failure == nil else { return }
        fill(&buffer) { bytes in
            if bytes.count >= Self.flushBytes { try? self.writeOut(&bytes) }
        }
        if buffer.count >= Self.flushBytes { try? flush() }
    }

    /// Buffered bytes go to the file in writes of about this size.
    private static let flushBytes = 1 << 20

    /// Pushes buffered bytes to the partial file (called at phase boundaries).
    public func flush() throws(TraceError) { try writeOut(&buffer) }

    /// Writes `bytes` to the partial file and empties it (keeping its capacity). Takes the buffer
    /// as an argument, so it can be called while `append` has the buffer lent out.
    private func writeOut(_ bytes: inout [UInt8]) throws(TraceError) {
        if let failure { throw failure }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes {
                Foundation.write(descriptor, $0.baseAddress! + written, $0.count - written)
            }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                let e = Self.refused(path, "writing failed", errno: n < 0 ? errno : ENOSPC)
                failure = e
                bytes = []
                throw e
            }
            written += n
        }
        bytes.removeAll(keepingCapacity: true)
    }

    /// Finishes the file and moves it into place.
    public func commit() throws(TraceError) {
        do { try flush() } catch {
            discard()
            throw error
        }
        finished = true
        if close(descriptor) != 0 {
            let code = errno
            unlink(partialPath)
            throw Self.refused(path, "writing failed", errno: code)
        }
        if rename(partialPath, path) != 0 {
            let code = errno
            unlink(partialPath)
            throw Self.refused(path, "cannot move the finished file into place", errno: code)
        }
    }

    /// Throws the partial file away (a failed run).
    public func discard() {
        guard !finished else { return }
        finished = true
        close(descriptor)
        unlink(partialPath)
    }

    /// `PATH: error: WHAT: REASON`, the reason in the system's words, with what to try.
    static func refused(_ path: String, _ what: String, errno code: Int32) -> TraceError {
        let hint =
            switch code {
            case ENOENT: "create the folder first, or pick another output path with -o"
            case ENOSPC, EDQUOT: "free some disk space, or write somewhere else with -o"
            default: "check that the folder is writable, or pick another output path with -o"
            }
        return TraceError(
            file: path, "\(what): \(String(cString: strerror(code)))", hint: hint, cause: .environment)
    }
}

/// Writes a trace in the current format (2): the header line, then each event's lines, none
/// longer than `TraceLines.maxLineBytes`.
public final class TraceWriter {
    private let file: AtomicFileWriter
    private var line: [UInt8] = []

    public init(path: String, header: TraceHeader) throws(TraceError) {
        file = try AtomicFileWriter(path: path)
        file.append { header.writeLine(to: &$0) }
        try file.flush()
    }

    public var path: String { file.path }

    /// One JSON value as a line (split into part lines if it is longer than the bound).
    public func writeLine(_ value: JSONValue) {
        line.removeAll(keepingCapacity: true)
        value.write(to: &line)
        TraceLines.bound(&line, lineFrom: 0)
        line.append(0x0A)
        file.write(line)
    }

    /// One event's lines, written straight from the event.
    public func writeEvent(_ event: EngineEvent, seq: Int) {
        file.appendLines { out, spill in
            EventCodec.writeLines(event, seq: seq, bounded: true, to: &out, between: spill)
            out.append(0x0A)
        }
    }

    public func flush() throws(TraceError) { try file.flush() }
    public func commit() throws(TraceError) { try file.commit() }
    public func discard() { file.discard() }
}
