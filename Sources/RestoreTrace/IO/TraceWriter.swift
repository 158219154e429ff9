import Foundation
import RestoreEngine

/// Writes a file so that it either appears whole or not at all: bytes stream into `NAME.partial`
/// beside the target (readable up to its last whole line if the process dies), and only a
/// successful `commit()` renames it over the target. A failed run never clobbers a good file.
public final class AtomicFileWriter {
    public let path: String
    public let partialPath: String
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var finished = false
    /// The first failed write: later writes are dropped and `flush`/`commit` throw it, so a
    /// half-written file can never be renamed into place.
    private var failure: TraceError?

    public init(path: String) throws(TraceError) {
        self.path = path
        partialPath = path + ".partial"
        let fm = FileManager.default
        let dir = (path as NSString).deletingLastPathComponent
        var isDir: ObjCBool = false
        if !dir.isEmpty, !fm.fileExists(atPath: dir, isDirectory: &isDir) || !isDir.boolValue {
            throw TraceError(
                file: path, "the folder '\(dir)' does not exist",
                hint: "create it first, or pick another output path with -o")
        }
        guard fm.createFile(atPath: partialPath, contents: nil), let h = FileHandle(forWritingAtPath: partialPath)
        else {
            throw TraceError(
                file: path, "cannot write here",
                hint: "check the folder's permissions, or pick another output path with -o")
        }
        handle = h
    }

    deinit {
        if !finished { discard() }
    }

    public func write(_ bytes: [UInt8]) {
        guard failure == nil else { return }
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 20 { try? flush() }
    }

    public func write(_ text: String) { write(Array(text.utf8)) }

    /// Lets the caller append straight into the buffer, so a line is not built and copied.
    func append(_ fill: (inout [UInt8]) -> Void) {
        guard failure == nil else { return }
        fill(&buffer)
        if buffer.count >= 1 << 20 { try? flush() }  // a failure is kept and thrown by commit()
    }

    /// Pushes buffered bytes to the partial file (called at phase boundaries).
    public func flush() throws(TraceError) {
        if let failure { throw failure }
        guard !buffer.isEmpty else { return }
        do { try handle.write(contentsOf: buffer) } catch {
            let e = TraceError(file: path, "writing failed: \(error.localizedDescription)", hint: "is the disk full?")
            failure = e
            buffer = []
            throw e
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Finishes the file and moves it into place.
    public func commit() throws(TraceError) {
        do { try flush() } catch {
            discard()
            throw error
        }
        try? handle.close()
        finished = true
        if rename(partialPath, path) != 0 {
            try? FileManager.default.removeItem(atPath: partialPath)
            throw TraceError(file: path, "cannot move the finished file into place (errno \(errno))")
        }
    }

    /// Throws the partial file away (a failed run).
    public func discard() {
        finished = true
        try? handle.close()
        try? FileManager.default.removeItem(atPath: partialPath)
    }
}

/// Writes a trace: the header line, then one line per event.
public final class TraceWriter {
    private let file: AtomicFileWriter
    private var line: [UInt8] = []

    public init(path: String, header: TraceHeader) throws(TraceError) {
        file = try AtomicFileWriter(path: path)
        writeLine(header.json)
        try file.flush()
    }

    public var path: String { file.path }

    public func writeLine(_ value: JSONValue) {
        line.removeAll(keepingCapacity: true)
        value.write(to: &line)
        line.append(0x0A)
        file.write(line)
    }

    /// One event line, written straight from the event .
    public func writeEvent(_ event: EngineEvent, seq: Int) {
        file.append { out in
            EventCodec.write(event, seq: seq, to: &out)
            out.append(0x0A)
        }
    }

    public func flush() throws(TraceError) { try file.flush() }
    public func commit() throws(TraceError) { try file.commit() }
    public func discard() { file.discard() }
}
