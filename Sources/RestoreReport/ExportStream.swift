import Foundation
import RestoreTrace

/// An export's bytes on their way out. Exporters append to `buffer`; `drainIfFull()` hands a
/// file its bytes about a megabyte at a time, so a large export is never held whole. The file is
/// written atomically (it appears whole or not at all: a failed export leaves none). Without a
/// file the bytes are collected, for standard output or a caller: they go out in one piece only
/// once the export has succeeded, so a bad trace never prints half a document.
struct ExportStream {
    /// Appended to by the exporters.
    var buffer: [UInt8] = []
    private let file: AtomicFileWriter?
    static let drainSize = 1 << 20

    /// Collects the bytes in memory.
    init() { file = nil }

    /// Streams to `path`, atomically.
    init(path: String) throws(RestoreFailure) {
        do { file = try AtomicFileWriter(path: path) } catch { throw RestoreFailure(error) }
        buffer.reserveCapacity(Self.drainSize + (64 << 10))
    }

    /// Hands what was written so far to the file once there is a megabyte of it.
    mutating func drainIfFull() {
        guard let file, buffer.count >= Self.drainSize else { return }
        file.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Puts the file in place; returns the bytes when they were collected instead (empty otherwise).
    mutating func finish() throws(RestoreFailure) -> [UInt8] {
        guard let file else { return buffer }
        file.write(buffer)
        buffer = []
        do { try file.commit() } catch { throw RestoreFailure(error) }
        return []
    }
}
