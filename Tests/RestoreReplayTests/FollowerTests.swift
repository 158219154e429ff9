import Foundation
import RestoreEngine
import RestoreReplay
import RestoreTestSupport
import RestoreTrace
import Testing

/// The replay compares against the recording through a `TraceFollower`, which takes each
/// record's lines again as bytes behind the reader instead of reading the trace a second time:
/// these hold what it takes, rebuilds and matches to what the reader read.
@Suite struct FollowerTests {
    /// Follows `path` record by record; `check` gets each record as the reader read it, the
    /// follower's bytes for it, and the record the follower rebuilds from them.
    func follow(_ path: String, _ check: (RecordedEvent, [UInt8], RecordedEvent?, Bool) throws -> Void) throws -> Int {
        let reader = try TraceReader(path: path)
        let follower = try TraceFollower(path: path, following: reader)
        var count = 0
        while let r = try reader.nextRecord() {
            var raw: [UInt8] = []
            let line = follower.linesRead + 1
            let unterminated = try follower.take(lines: reader.lastRecordLines, into: &raw)
            #expect(line == r.line)
            let rebuilt =
                reader.lastRecordIsVerbatim ? follower.record(raw, line: line, unterminated: unterminated) : nil
            try check(r, raw, rebuilt, reader.lastRecordIsVerbatim)
            count += 1
        }
        return count
    }

    @Test func aFollowerRebuildsWhatTheReaderReadAndMatchesTheWritersLines() throws {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        let events = try TraceReader(path: path).readAll()
        var grouped = 0
        let count = try follow(path) { r, raw, rebuilt, verbatim in
            #expect(verbatim)
            #expect(raw == r.bytes)
            let again = try #require(rebuilt)
            #expect(again.seq == r.seq && again.line == r.line && again.bytes == r.bytes)
            #expect(try again.decoded() == r.decoded())
            #expect(try again.archiveKeys() == r.archiveKeys())
            let event = events[r.seq - 1].event
            #expect(VerbatimLines.match(event, grouped: true, raw: raw))
            // Another event does not match these lines.
            let other = events[r.seq % events.count].event
            #expect(!VerbatimLines.match(other, grouped: true, raw: raw))
            if raw.contains(0x0A) { grouped += 1 }
        }
        #expect(count == events.count)
        #expect(grouped >= 3)  // the hierarchies at start and background, the archive
    }

    /// A line split into part lines is not taken verbatim (its bytes are not the file's), and
    /// the follower still keeps pace with the reader after it.
    @Test func partLinesAreHeldAndTheFollowerKeepsPace() throws {
        let (path, _) = try Fixtures.record(BoundedLinesTests.hostile().0)
        var held = 0
        let count = try follow(path) { r, raw, rebuilt, verbatim in
            if verbatim {
                #expect(raw == r.bytes)
                #expect(rebuilt?.bytes == r.bytes)
            } else {
                held += 1
                #expect(raw.starts(with: Array(#"{"seq":"#.utf8)) || raw.starts(with: Array(#"{"part":"#.utf8)))
                #expect(raw.count > r.bytes.count)  // the part lines' quoting and envelopes
            }
        }
        #expect(held >= 3)
        #expect(count == (try TraceReader(path: path).readAll().count))
        #expect(try Replayer.replay(path: path).matched)
    }

    /// Lines that differ from the writer's only in spacing or member order do not match as
    /// bytes; the replay then compares them as the writer writes them, and still matches.
    @Test func aLineInAnotherShapeIsComparedAsTheWriterWritesIt() throws {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        var lines = try Fixtures.lines(path).filter { !$0.isEmpty }
        let i = try #require(lines.firstIndex { $0.contains(#""callback":"encodeRestorableStateWithCoder:""#) })
        lines[i] = lines[i].replacingOccurrences(of: #","launch":"#, with: #", "launch": "#)
        let edited = try Fixtures.temporaryPath("spaced.trace.jsonl")
        try Fixtures.write(lines, to: edited)
        let events = try TraceReader(path: edited).readAll()
        _ = try follow(edited) { r, raw, _, _ in
            if r.line == i + 1 {
                #expect(!VerbatimLines.match(events[r.seq - 1].event, grouped: true, raw: raw))
            }
        }
        #expect(try Replayer.replay(path: edited).matched)
    }

    /// A record of node and entry lines is compared one line at a time as they are taken, and
    /// read again from the file when it is needed whole.
    @Test func groupedRecordsAreComparedLineByLineAndReadAgainWhole() throws {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        let events = try TraceReader(path: path).readAll()
        let reader = try TraceReader(path: path)
        let follower = try TraceFollower(path: path, following: reader)
        var grouped = 0
        while let r = try reader.nextRecord() {
            let start = follower.offset
            var first: [UInt8] = []
            _ = try follower.take(lines: 1, into: &first)
            var left = reader.lastRecordLines - 1
            let event = events[r.seq - 1].event
            if left > 0 {
                grouped += 1
                #expect(VerbatimLines.isGrouped(event, grouped: true))
                let matched = VerbatimLines.matchGroup(event, eventLine: first) { line in
                    guard left > 0 else { return false }
                    line.removeAll()
                    left -= 1
                    return (try? follower.take(lines: 1, into: &line)) != nil
                }
                #expect(matched && left == 0)
            }
            #expect(try follower.bytes(in: start..<(follower.offset - 1), line: r.line) == r.bytes)
        }
        #expect(grouped >= 3)
    }

    /// A record is read again from where the reader says it is (how the stand-in gets the
    /// hierarchies at background it learns views from, only when a what-if needs them).
    @Test func aRecordIsReadAgainFromItsOffsets() throws {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        let reader = try TraceReader(path: path)
        let follower = try TraceFollower(path: path, following: reader)
        var background = 0
        while let r = try reader.nextRecord() {
            let again = try #require(follower.record(at: reader.lastRecordOffsets, line: r.line))
            #expect(again.bytes == r.bytes && again.seq == r.seq && again.line == r.line)
            if r.event == .background {
                background += 1
                #expect(try again.decoded(.hierarchy).hierarchy == r.decoded(.hierarchy).hierarchy)
            }
        }
        #expect(background == 1)
        #expect(follower.record(at: 0..<0, line: 1) == nil)
    }
}
