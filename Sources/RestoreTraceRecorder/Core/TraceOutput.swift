import Dispatch
import Foundation

/// Where the trace's bytes end up: a file in the app's container, or memory in a test.
public protocol TraceSink: AnyObject {
    /// Nothing has been written yet (a fresh trace needs its header; a relaunch appends).
    var isEmpty: Bool { get }
    /// Appends bytes. Called on the output's serial queue only, never on the main thread.
    func append(_ bytes: [UInt8]) throws
}

/// The trace's bytes on their way out: the hooks append to memory on the thread UIKit calls them
/// on (the main thread, which preservation must not block: the background-transition watchdog),
/// and `flush` hands what has accumulated to one serial queue that writes it to the sink in order.
public final class TraceOutput: @unchecked Sendable {
    private let sink: TraceSink
    private let queue = DispatchQueue(label: "RestoreTraceRecorder.output")
    /// Guards `pending`: appended on the caller's thread, taken by `flush`.
    private let lock = NSLock()
    private var pending: [UInt8] = []
    /// Written only on `queue`.
    private var failure: Error?

    public init(sink: TraceSink) { self.sink = sink }

    /// Adds bytes to the in-memory buffer; nothing touches the disk here.
    public func append(_ fill: (inout [UInt8]) -> Void) {
        lock.lock()
        fill(&pending)
        lock.unlock()
    }

    /// Sends the buffered bytes to the writer queue and returns at once.
    public func flush() {
        lock.lock()
        let bytes = pending
        pending.removeAll(keepingCapacity: true)
        lock.unlock()
        guard !bytes.isEmpty else { return }
        queue.async { [self] in
            guard failure == nil else { return }
            do { try sink.append(bytes) } catch { failure = error }
        }
    }

    /// Flushes and waits until the queue has written everything (process exit, tests).
    /// - Returns: the first write failure, if any: later bytes were dropped after it.
    @discardableResult
    public func drain() -> Error? {
        flush()
        return queue.sync { failure }
    }
}

/// A sink that keeps the bytes in memory.
public final class MemoryTraceSink: TraceSink, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [UInt8] = []
    public init() {}
    public var isEmpty: Bool { bytes.isEmpty }
    public var bytes: [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
    public func append(_ bytes: [UInt8]) throws {
        lock.lock()
        stored += bytes
        lock.unlock()
    }
}

/// A sink that appends to a file (created if missing), so the launches of an app, each its own
/// process, add to one trace. POSIX calls: FileHandle's throwing API needs iOS 13.4.
public final class FileTraceSink: TraceSink, @unchecked Sendable {
    public let path: String
    private let descriptor: Int32

    /// Opens (or creates) the file for appending.
    public init(path: String) throws {
        self.path = path
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Self.failure(path, errno) }
        descriptor = fd
    }

    deinit { close(descriptor) }

    public var isEmpty: Bool {
        var info = stat()
        return fstat(descriptor, &info) == 0 && info.st_size == 0
    }

    public func append(_ bytes: [UInt8]) throws {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes {
                Foundation.write(descriptor, $0.baseAddress! + written, $0.count - written)
            }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw Self.failure(path, n < 0 ? errno : ENOSPC) }
            written += n
        }
    }

    private static func failure(_ path: String, _ code: Int32) -> NSError {
        NSError(
            domain: NSPOSIXErrorDomain, code: Int(code),
            userInfo: [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: String(cString: strerror(code))])
    }
}
