import Foundation
import RestoreTrace

/// An export's bytes on their way out. Exporters append to `buffer`; `drainIfFull()` hands a
/// file its bytes about a megabyte at a time, so a large export is never held whole. The file is
/// written atomically (it appears whole or not at all: a failed export leaves none). Without a
/// file the bytes are collected, for standard output or a caller: they go out in one piece only
/// once the export has succeeded, so a bad trace never prints half a document. A document whose
/// every part is known before the first byte (an outcome once the replay is over) can go to a
/// caller's sink as it is written instead (`init(draining:)`).
struct ExportStream {
    /// Appended to by the exporters.
    var buffer: [UInt8] = []
    private let file: AtomicFileWriter?
    private let sink: (([UInt8]) -> Void)?
    static let drainSize = 1 << 20

    /// Collects the bytes in memory.
    init() { (file, sink) = (nil, nil) }

    /// Hands the bytes to `sink` about a megabyte at a time, each piece ending between two JSON
    /// values (where exporters call `drainIfFull`), so never inside a character.
    init(draining sink: @escaping ([UInt8]) -> Void) {
        (file, self.sink) = (nil, sink)
        buffer.reserveCapacity(Self.drainSize + (64 << 10))
    }

    /// Streams to `path`, atomically.
    init(path: String) throws(RestoreFailure) {
        do { file = try AtomicFileWriter(path: path) } catch { throw RestoreFailure(error) }
        sink = nil
        buffer.reserveCapacity(Self.drainSize + (64 << 10))
    }

    /// Hands what was written so far to the file once there is a megabyte of it.
    mutating func drainIfFull() {
        guard buffer.count >= Self.drainSize else { return }
        if let file {
            file.write(buffer)
        } else if let sink {
            sink(buffer)
        } else {
            return
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Puts the file in place; returns the bytes when they were collected instead (empty otherwise).
    mutating func finish() throws(RestoreFailure) -> [UInt8] {
        if sink != nil {
            drainRest()
            return []
        }
        guard let file else { return buffer }
        file.write(buffer)
        buffer = []
        do { try file.commit() } catch { throw RestoreFailure(error) }
        return []
    }

    /// Hands the sink what is left: how a stream made with `init(draining:)` ends, and it cannot fail.
    mutating func drainRest() {
        guard let sink else { return }
        if !buffer.isEmpty { sink(buffer) }
        buffer = []
    }
}
