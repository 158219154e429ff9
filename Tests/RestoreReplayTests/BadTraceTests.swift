import Foundation
import RestoreReplay
import RestoreTrace
import Testing

/// Every bad trace gets a located message (file:line: error: …), never a crash.
@Suite struct BadTraceTests {
    func replayError(_ lines: [String], trailingNewline: Bool = true) throws -> TraceError {
        let path = try Fixtures.temporaryPath("bad.trace.jsonl")
        try (lines.joined(separator: "\n") + (trailingNewline ? "\n" : "")).write(
            toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try Replayer.replay(path: path)
        } catch {
            #expect(error.location.file == path)
            return error
        }
        Issue.record("expected the replay to refuse the trace")
        return TraceError(file: "", "")
    }

    func goodLines() throws -> [String] {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        return try Fixtures.lines(path).filter { !$0.isEmpty }
    }

    @Test func missingFileIsReported() {
        #expect(throws: TraceError.self) { try Replayer.replay(path: "/nonexistent/x.trace.jsonl") }
        do { _ = try Replayer.replay(path: "/nonexistent/x.trace.jsonl") } catch {
            #expect(error.description.contains("no such file"))
            #expect(error.description.hasPrefix("/nonexistent/x.trace.jsonl: error:"))
        }
    }

    @Test func emptyFileIsReported() throws {
        let e = try replayError([], trailingNewline: false)
        #expect(e.location.line == 1)
        #expect(e.diagnostic.message.contains("empty"))
    }

    @Test func wrongHeaderIsReported() throws {
        let e = try replayError(["{\"hello\":1}"])
        #expect(e.location.line == 1)
        #expect(e.description.contains("header field 'format'"))
    }

    @Test func notJSONHeaderIsReported() throws {
        let e = try replayError(["name: login"])
        #expect(e.location.line == 1)
        #expect(e.diagnostic.message == "this is a scenario, not a trace")
        #expect(e.diagnostic.hint?.contains("record it first") == true)
        let other = try replayError(["<html>"])
        #expect(other.diagnostic.message.contains("not a restoretrace trace"))
    }

    @Test func newerFormatVersionIsRefusedClearly() throws {
        var lines = try goodLines()
        lines[0] = lines[0].replacingOccurrences(of: "restoretrace-trace/2", with: "restoretrace-trace/7")
        let e = try replayError(lines)
        #expect(e.diagnostic.message.contains("newer than this restoretrace understands"))
    }

    @Test func malformedLineIsLocatedWithColumn() throws {
        var lines = try goodLines()
        lines[5] = String(lines[5].dropLast(3)) + "xx}"
        let e = try replayError(lines)
        #expect(e.location.line == 6)
        #expect(e.location.column != nil)
        #expect(e.diagnostic.message.contains("malformed JSON"))
    }

    /// SPEC §4: a recording cut off by a crash is readable up to its last whole line. The
    /// replay ends there and says the recording was cut off, with the whole lines counted.
    @Test func truncatedLastLineEndsTheReplayWithWholeLinesCounted() throws {
        var lines = try goodLines()
        let n = lines.count
        lines[n - 1] = String(lines[n - 1].prefix(20))
        let path = try Fixtures.temporaryPath("cut.trace.jsonl")
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let result = try Replayer.replay(path: path)
        let cut = try #require(result.divergence?.recordingCutOff)
        #expect(cut.hasPrefix("line \(n): the last line is cut off"))
        #expect(cut.contains("the \(n - 1) lines before it are whole"))
    }

    @Test func truncatedTraceStillReadableUpToLastWholeLine() throws {
        var lines = try goodLines()
        let n = lines.count
        lines[n - 1] = String(lines[n - 1].prefix(20))
        let path = try Fixtures.temporaryPath("cut.trace.jsonl")
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let reader = try TraceReader(path: path)
        var whole = 0
        while try reader.next() != nil { whole += 1 }
        #expect(reader.cutOff?.diagnostic.message.contains("cut off") == true)
        // Every event before the cut line is whole (format 2: an event line starts with its seq).
        #expect(whole == lines[1..<(n - 1)].filter { $0.hasPrefix("{\"seq\":") }.count)
    }

    @Test func eventsOutOfOrderAreReported() throws {
        var lines = try goodLines()
        // Two event lines in a row with no node lines after them.
        let i = try #require(
            lines.indices.dropFirst().first {
                lines[$0].hasPrefix("{\"seq\":") && lines[$0 + 1].hasPrefix("{\"seq\":")
                    && lines[$0 + 2].hasPrefix("{\"seq\":")
            })
        lines.swapAt(i, i + 1)
        let e = try replayError(lines)
        #expect(e.location.line == i + 1)
        #expect(e.diagnostic.message.contains("out of order"))
    }

    @Test func unknownPathInRestorationIsReported() throws {
        var lines = try goodLines()
        let i = try #require(
            lines.firstIndex {
                $0.contains("\"phase\":\"restoration\"") && $0.contains("\"key\":\"Tabs/:[0]:/homeNav/:[1]:/detail\"")
            })
        lines[i] = lines[i].replacingOccurrences(
            of: "\"key\":\"Tabs/:[0]:/homeNav/:[1]:/detail\"", with: "\"key\":\"Tabs/:[0]:/ghost\"")
        let e = try replayError(lines)
        #expect(e.location.line == i + 1)
        #expect(e.diagnostic.message.contains("'Tabs/:[0]:/ghost', which the archive does not contain"))
    }

    @Test func unknownCallbackIsReported() throws {
        var lines = try goodLines()
        let i = try #require(lines.firstIndex { $0.contains("application:willEncodeRestorableStateWithCoder:") })
        lines[i] = lines[i].replacingOccurrences(
            of: "application:willEncodeRestorableStateWithCoder:", with: "application:willEncodeStuff:")
        let e = try replayError(lines)
        #expect(e.location.line == i + 1)
        #expect(e.diagnostic.message.contains("unknown callback 'application:willEncodeStuff:'"))
    }

    @Test func hostileStringsRoundTrip() throws {
        var s = Fixtures.tabApp()
        let hostile = "</script><b>\"x\" & 'y'\n\u{2028}✓"
        s.ui!.state = [.init(key: hostile, value: .string(hostile))]
        let (path, _) = try Fixtures.record(s)
        let r = try Replayer.replay(path: path)
        #expect(r.divergence == nil)
        #expect(try Fixtures.lines(path).count > 10)
    }
}
