import Foundation
import Testing

@testable import RestoreTrace

/// The replay's comparison without a written line: a `ComparingSink` says what comparing the
/// bytes a writer would have written with the recorded ones says, and a line source measures
/// the lines ahead of it without taking them.
@Suite struct ComparingSinkTests {
    private static func matches(_ expected: String, _ write: (inout ComparingSink) -> Void) -> Bool {
        Array(expected.utf8).withUnsafeBufferPointer { b in
            var sink = ComparingSink(expecting: b)
            write(&sink)
            return sink.matches
        }
    }

    @Test func agreesWithComparingTheWrittenBytes() {
        let expected = #"{"node":3,"slot":"views","id":"é\"x"}"#
        func write(_ sink: inout some JSONByteSink, id: String, index: Int) {
            sink.appendLiteral(#"{"node":"#)
            sink.appendJSONInt(index)
            sink.appendLiteral(#","slot":"#)
            sink.appendJSONString("views")
            sink.appendLiteral(#","id":"#)
            sink.appendJSONString(id)
            sink.append(125)
        }
        for (id, index) in [("é\"x", 3), ("é\"y", 3), ("é\"x", 4), ("é\"", 3), ("é\"xx", 3), ("", 3)] {
            var written: [UInt8] = []
            write(&written, id: id, index: index)
            #expect(Self.matches(expected) { write(&$0, id: id, index: index) } == (written == Array(expected.utf8)))
        }
    }

    @Test func aShortOrLongerLineDoesNotMatch() {
        #expect(Self.matches("ab") { $0.append(97) } == false)
        #expect(Self.matches("a") { $0.appendLiteral("ab") } == false)
        #expect(Self.matches("") { _ in })
        #expect(Self.matches("") { $0.append(97) } == false)
    }

    @Test func removedBytesNoLongerCount() {
        // A difference taken back matches again; a match taken back is written again.
        #expect(
            Self.matches("abc") { s in
                s.appendLiteral("abX")
                s.removeLast(1)
                s.append(99)
            })
        #expect(
            Self.matches("abc") { s in
                s.appendLiteral("aXc")
                s.removeLast(1)
            } == false)
        #expect(
            Self.matches("abc") { s in
                s.appendLiteral("abc")
                s.removeLast(3)
                s.appendLiteral("abd")
            } == false)
        #expect(
            Self.matches("abc") { s in
                s.appendLiteral("abcd")
                s.removeLast(1)
            })
    }

    @Test func aLineSourceMeasuresTheLinesAheadWithoutTakingThem() throws {
        let text = "one\ntwo2\n\nfour\nfive"
        var source = TraceLineSource(file: "t", handle: nil, bytes: Array(text.utf8))
        #expect(source.extent(ofLines: 0) == (0, 0))
        #expect(source.extent(ofLines: 2) == (9, 2))
        _ = try source.next()
        #expect(source.extent(ofLines: 3) == (11, 3))
        // Past the end: what there is.
        #expect(source.extent(ofLines: 100) == (15, 4))
        #expect(try source.next()?.bytes == Array("two2".utf8))
    }

    @Test func aFileIsMeasuredPastTheBlockInMemory() throws {
        let lines = (0..<200_000).map { "line \($0)" }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("extent-\(getpid()).txt").path
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var source = TraceLineSource(file: path, handle: FileHandle(forReadingAtPath: path), bytes: [])
        _ = try source.next()
        let bytes = lines[1..<150_001].reduce(0) { $0 + $1.utf8.count + 1 }
        #expect(source.extent(ofLines: 150_000) == (bytes, 150_000))
        #expect(try source.next()?.bytes == Array("line 1".utf8))
    }
}
