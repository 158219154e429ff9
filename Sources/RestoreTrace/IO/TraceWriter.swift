import Foundation
import RestoreEngine

/// Writes a file so that it either appears whole or not at all: bytes stream into `NAME.partial`
/// beside the target (readable up to its last whole line if the process dies), and only a
/// successful `commit()` renames it over the target. A failed run never clobbers a good file.
///
/// A target that exists and is not a regular file (a device such as a terminal or `/dev/null`,
/// a named pipe) is written into directly instead: see `init`.
///
/// Every failure is an environment failure (`TraceError.Cause.environment`) naming the path and
/// the system's own reason (`strerror`): the input was fine, the machine refused the write.
public final class AtomicFileWriter {
    /// What the temporary file adds to the target's name: a file named so is a write that did
    /// not finish (a replay of one says the recording is cut off where it ends).
    public static let partialSuffix = ".partial"
    public let path: String
    /// The temporary file the bytes stream into; nil when they go straight to `path` (a device
    /// or a named pipe).
    public let partialPath: String?
    /// The file `commit()` moves the finished bytes to: `path` itself, or the file it names
    /// through symbolic links.
    let destination: String
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var finished = false
    /// The partial file's entry in `InterruptCleanup`, while it may be left behind.
    private var ticket: Int?
    /// The first failed write: later writes are dropped and `flush`/`commit` throw it, so a
    /// half-written file can never be renamed into place.
    private var failure: TraceError?

    /// Opens `path` for writing. A regular file or a new path is written through a temporary
    /// file, renamed into place by `commit()`.
    ///
    /// An existing target that is not a regular file is opened and written as it is, with no
    /// temporary file and no rename: renaming a file over a device or a named pipe replaces it
    /// with that file (`-o /dev/stdout` did so on a pipe; as root, `-o /dev/null` would replace
    /// /dev/null). The check uses stat(2), which follows symbolic links: `/dev/stdout` is a link
    /// to `/proc/self/fd/1`, and what that leads to (a terminal, a pipe) is what is written into,
    /// while the link itself is left alone. A link to a regular file (or to no file yet) is
    /// followed too: the finished file replaces the file the link names, and the link stays, as
    /// the shell's `>` leaves it (renaming over the link itself had turned a user's link into a
    /// copy). Opening a named pipe waits for its reader, as the shell's `>` does. Bytes already sent down a pipe cannot be taken back: a run whose writing fails there
    /// has sent what was flushed before the failure (its error is reported as for a file). A
    /// folder is refused here, by open(2) ("Is a directory"), before anything is written.
    /// Whether a writer for `path` writes into it as it goes (an existing device or named pipe),
    /// so what it wrote cannot be taken back by `discard()`.
    public static func writesInPlace(_ path: String) -> Bool {
        var target = stat()
        return stat(path, &target) == 0 && target.st_mode & S_IFMT != S_IFREG
    }

    public init(path: String) throws(TraceError) {
        self.path = path
        var target = stat()
        if stat(path, &target) == 0, target.st_mode & S_IFMT != S_IFREG {
            partialPath = nil
            destination = path
            // No O_CREAT (it exists) and no O_TRUNC (a device or pipe has nothing to truncate).
            let fd = open(path, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw Self.refused(path, "cannot write", errno: errno) }
            descriptor = fd
            return
        }
        let destination = Self.followingLinks(path)
        self.destination = destination
        let partialPath = destination + AtomicFileWriter.partialSuffix
        self.partialPath = partialPath
        let dir = Self.folder(of: destination)
        // A file where the folder should be is left to open(2), which names it ("Not a directory").
        if !FileManager.default.fileExists(atPath: dir) {
            throw TraceError(
                file: path, "the folder '\(dir)' does not exist",
                hint: "create it first, or pick another output path with -o", cause: .environment)
        }
        // Named before it exists: an interrupt between the two leaves nothing either.
        let ticket = InterruptCleanup.writing(partialPath)
        let fd = open(partialPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let code = errno
            InterruptCleanup.finished(ticket)
            throw Self.refused(path, "cannot write", errno: code)
        }
        // A file replaced keeps its permissions (a 600 output became 644); a new one gets 644
        // less the umask, as any new file.
        var replaced = stat()
        if stat(destination, &replaced) == 0, replaced.st_mode & S_IFMT == S_IFREG {
            _ = fchmod(fd, replaced.st_mode & 0o777)  // not setuid/setgid/sticky, as cp without -p
        }
        descriptor = fd
        self.ticket = ticket
    }

    deinit {
        if !finished { discard() }
    }

    /// The folder a path's file goes in: `a` and `./a` are in `.`, `/a` in `/`.
    static func folder(of path: String) -> String {
        let folder = FilePaths.parent(of: path)
        return folder.isEmpty ? "." : folder
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

    /// Writes `bytes` after what is buffered (a writer with a buffer of its own hands it over).
    func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard failure == nil else { return }
        if !buffer.isEmpty { try? flush() }
        try? writeAll(bytes)  // a failure is kept and thrown by commit()
    }

    /// Buffered bytes go to the file in writes of about this size.
    static let flushBytes = 1 << 20

    /// Pushes buffered bytes to the partial file (called at phase boundaries).
    public func flush() throws(TraceError) {
        try buffer.withUnsafeBufferPointer { (bytes) throws(TraceError) in try writeAll(bytes) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes `bytes` to the partial file; the first failure is kept, and everything after it
    /// is dropped.
    private func writeAll(_ bytes: UnsafeBufferPointer<UInt8>) throws(TraceError) {
        if let failure { throw failure }
        var written = 0
        while written < bytes.count {
            let n = Foundation.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                let e = Self.refused(path, "writing failed", errno: n < 0 ? errno : ENOSPC)
                failure = e
                throw e
            }
            written += n
        }
    }

    /// Finishes the file and moves it into place.
    public func commit() throws(TraceError) {
        defer { ticket.take().map(InterruptCleanup.finished) }
        do { try flush() } catch {
            discard()
            throw error
        }
        finished = true
        if close(descriptor) != 0 {
            let code = errno
            if let partialPath { unlink(partialPath) }
            throw Self.refused(path, "writing failed", errno: code)
        }
        // Written straight into a device or pipe: there is nothing to move.
        guard let partialPath else { return }
        if rename(partialPath, destination) != 0 {
            let code = errno
            unlink(partialPath)
            throw Self.refused(path, "cannot move the finished file into place", errno: code)
        }
    }

    /// Throws the partial file away (a failed run). A device or pipe is only closed: what it was
    /// sent is gone, and the device itself must stay.
    public func discard() {
        guard !finished else { return }
        finished = true
        close(descriptor)
        if let partialPath { unlink(partialPath) }
        ticket.take().map(InterruptCleanup.finished)
    }

    /// The path a chain of symbolic links starting at `path` ends at (the path itself when it is
    /// not a link). A relative link target is taken from the link's own folder, as the system
    /// does. The chain is followed at most 40 links (the system's own ELOOP bound); a longer
    /// chain, or a link that cannot be read, is left for open(2) or rename(2) to report.
    static func followingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var target = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = target.withUnsafeMutableBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { readlink(current, $0.baseAddress!, $0.count - 1) }
            }
            guard count > 0 else { return current }
            let text = String(decoding: target[..<count], as: UTF8.self)
            current = text.hasPrefix("/") ? text : folder(of: current) + "/" + text
        }
        return current
    }

    /// `PATH: error: WHAT: REASON`, the reason in the system's words, with what to try.
    static func refused(_ path: String, _ what: String, errno code: Int32) -> TraceError {
        let hint =
            switch code {
            case ENOENT: "create the folder first, or pick another output path with -o"
            case ENOSPC, EDQUOT: "free some disk space, or write somewhere else with -o"
            case EISDIR: "name a file, not a folder, with -o"
            default: "check that the folder is writable, or pick another output path with -o"
            }
        // A folder named where a file goes is the user's mistake, as `report -o FILE` is (exit 2).
        return TraceError(
            file: path, "\(what): \(String(cString: strerror(code)))", hint: hint,
            cause: code == EISDIR ? .badInput : .environment)
    }
}

/// Writes a trace in the current format (2): the header line, then each event's lines, none
/// longer than `TraceLines.maxLineBytes`.
public final class TraceWriter {
    private let file: AtomicFileWriter
    private var line: [UInt8] = []
    /// Event lines are written here and handed to the file about a megabyte at a time: a buffer
    /// without `Array`'s bookkeeping on every append (see `JSONByteSink`).
    private var events = TraceBytes(capacity: AtomicFileWriter.flushBytes + 65_536)

    public init(path: String, header: TraceHeader) throws(TraceError) {
        file = try AtomicFileWriter(path: path)
        file.append { header.writeLine(to: &$0) }
        try file.flush()
    }

    deinit { events.deallocate() }

    public var path: String { file.path }

    /// One JSON value as a line (split into part lines if it is longer than the bound).
    public func writeLine(_ value: JSONValue) {
        handOver(&events)
        line.removeAll(keepingCapacity: true)
        value.write(to: &line)
        TraceLines.bound(&line, lineFrom: 0)
        line.append(0x0A)
        file.write(line)
    }

    /// One event's lines, written straight from the event.
    public func writeEvent(_ event: EngineEvent, seq: Int) {
        // Between lines a full buffer goes to the file, so a hierarchy or archive of tens of
        // megabytes (40 MB at 200×200) is never held whole.
        EventCodec.writeLines(event, seq: seq, bounded: true, to: &events) { bytes in
            if bytes.count >= AtomicFileWriter.flushBytes { self.handOver(&bytes) }
        }
        events.append(0x0A)
        if events.count >= AtomicFileWriter.flushBytes { handOver(&events) }
    }

    /// `writeEvent` for a hierarchy event whose tree is visited in place, node by node (see
    /// `TraceRecorder`'s `LiveHierarchyObserver` conformance): `event` has no hierarchy, `nodes`
    /// is the tree's node count. The same bytes as the event with the tree's snapshot.
    public func writeEvent(
        _ event: EngineEvent, seq: Int, nodes: Int, visitNodes: ((NodeBlueprint, Int, Int?, String) -> Bool) -> Bool
    ) {
        EventCodec.writeLines(event, seq: seq, nodes: nodes, visitNodes: visitNodes, bounded: true, to: &events) {
            bytes in
            if bytes.count >= AtomicFileWriter.flushBytes { self.handOver(&bytes) }
        }
        events.append(0x0A)
        if events.count >= AtomicFileWriter.flushBytes { handOver(&events) }
    }

    /// Gives the file what `bytes` holds and empties it. Takes the buffer as an argument, so it
    /// can be called while `writeLines` has it.
    private func handOver(_ bytes: inout TraceBytes) {
        file.write(bytes.written)
        bytes.removeAll()
    }

    public func flush() throws(TraceError) {
        handOver(&events)
        try file.flush()
    }

    public func commit() throws(TraceError) {
        handOver(&events)
        try file.commit()
    }

    public func discard() { file.discard() }
}
