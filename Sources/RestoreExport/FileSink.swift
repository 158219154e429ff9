import Foundation

/// A file written through a buffer with the system calls themselves: a big report streams its
/// page and data files through it instead of holding them whole, and a refusal carries the
/// system's own reason. The first failure is kept and thrown by `close`.
final class FileSink {
    private var fd: Int32
    private let reportedAs: String
    private var buffer: [UInt8] = []
    private var failure: Int32?
    /// Bytes appended so far.
    private(set) var count = 0
    /// Flushed to the file whenever the buffer reaches this many bytes.
    static let bufferSize = 1 << 20

    init(path: String, reportedAs: String) throws(ExportError) {
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        self.reportedAs = reportedAs
        guard fd >= 0 else { throw AtomicFolderWrite.refused(reportedAs, errno) }
        buffer.reserveCapacity(Self.bufferSize)
    }

    deinit { if fd >= 0 { Foundation.close(fd) } }

    func append(_ bytes: some Sequence<UInt8>) {
        let before = buffer.count
        buffer.append(contentsOf: bytes)
        count += buffer.count - before
        if buffer.count >= Self.bufferSize { flush() }
    }

    func append(_ text: String) { append(text.utf8) }

    func append(_ raw: UnsafeRawBufferPointer) {
        flush()
        write(raw)
        count += raw.count
    }

    private func flush() {
        buffer.withUnsafeBytes { write($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    private func write(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, bytes.count > 0 else { return }
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

    /// Writes what is buffered and closes the file.
    /// - Throws: `ExportError.writeFailed` with the first refusal.
    func close() throws(ExportError) {
        flush()
        let result = Foundation.close(fd)
        fd = -1
        if result != 0, failure == nil { failure = errno }
        if let failure { throw AtomicFolderWrite.refused(reportedAs, failure) }
    }
}
