import Foundation
import RestoreEngine
import RestoreTestSupport
import Testing

@testable import RestoreTrace

/// An output path that names a named pipe or a device (`-o /dev/stdout`, `-o /dev/null`) is
/// written through, never replaced by a regular file. Checked with a FIFO made for the test,
/// never with the machine's own devices.
@Suite struct DeviceOutputTests {
    /// More than one flush's worth (`AtomicFileWriter.flushBytes`) and far more than a pipe
    /// holds, so the writer streams into the pipe while the reader drains it.
    static let lines: [String] = (0..<60_000).map {
        "{\"line\":\($0),\"pad\":\"\(String(repeating: "x", count: 40))\"}\n"
    }

    @Test func aFIFOIsWrittenThroughAndStaysAFIFO() throws {
        let fifo = try FIFOReader()
        let file = try AtomicFileWriter(path: fifo.path)
        for line in Self.lines { file.write(line) }
        try file.commit()
        let received = fifo.received()
        #expect(fifo.isStillAFIFO)
        // As bytes, so a mismatch is reported by its length rather than printed whole.
        #expect(received == Data(Self.lines.joined().utf8))
        #expect(!FileManager.default.fileExists(atPath: fifo.path + ".partial"))
    }

    /// `/dev/stdout` is a symbolic link (to `/proc/self/fd/1`): the link is followed and what it
    /// leads to written through; the link itself is left as it is.
    @Test func aLinkToAFIFOIsFollowedAndLeftALink() throws {
        let fifo = try FIFOReader()
        let link = fifo.folder.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fifo.path)
        let file = try AtomicFileWriter(path: link)
        file.write("through the link\n")
        try file.commit()
        #expect(fifo.received().map { String(decoding: $0, as: UTF8.self) } == "through the link\n")
        #expect(fifo.isStillAFIFO)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == fifo.path)
        #expect(!FileManager.default.fileExists(atPath: link + ".partial"))
    }

    /// A recorded trace reaches a pipe byte for byte as it reaches a file.
    @Test func aTraceRecordedIntoAFIFOIsTheTraceRecordedIntoAFile() throws {
        let scenario = TraceFormatTests.scenario()
        let regular = TraceFormatTests.tempPath()
        defer { unlink(regular) }
        try TraceFormatTests.record(scenario, to: regular)
        let fifo = try FIFOReader()
        try TraceFormatTests.record(scenario, to: fifo.path)
        let received = fifo.received()
        #expect(fifo.isStillAFIFO)
        #expect(received != nil)
        #expect(received == FileManager.default.contents(atPath: regular))
    }

    /// A folder is refused when the writer opens it, not after the whole output was written beside
    /// it, and nothing is left behind.
    @Test func aFolderIsRefusedUpFront() throws {
        let folder = try Samples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try AtomicFileWriter(path: folder.path)
            Issue.record("expected an error")
        } catch {
            // Named where a file goes: the user's mistake, as `report -o FILE` is (exit 2).
            #expect(error.cause == .badInput)
            #expect(error.description.hasPrefix("\(folder.path): error: cannot write: Is a directory"))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path + ".partial"))
    }
}
