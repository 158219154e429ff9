import Foundation
import RestoreReplay
import RestoreTrace
import Testing

/// Trace format 2's groups (an event line, then its node or entry lines) and part lines keep the
/// reader's promise: every broken one is a located error (file:line:column), never a crash.
@Suite struct BadGroupTests {
    func refusal(_ lines: [String], trailingNewline: Bool = true) throws -> TraceError {
        let path = try Fixtures.temporaryPath("bad.trace.jsonl")
        try (lines.joined(separator: "\n") + (trailingNewline ? "\n" : "")).write(
            toFile: path, atomically: true, encoding: .utf8)
        // Every way of reading gives the same verdict: the replay (lazy) and a whole read.
        var whole: TraceError?
        do { _ = try TraceReader(path: path).readAll() } catch { whole = error }
        do {
            _ = try Replayer.replay(path: path)
        } catch {
            #expect(error.location.file == path)
            #expect(error.location.column != nil)
            #expect(whole?.location == error.location)
            return error
        }
        Issue.record("expected the replay to refuse the trace")
        return TraceError(file: "", "")
    }

    func goodLines() throws -> [String] {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        return try Fixtures.lines(path).filter { !$0.isEmpty }
    }

    /// The index of the `background` event line, whose hierarchy follows as node lines.
    func background(_ lines: [String]) throws -> (index: Int, nodes: Int) {
        let i = try #require(lines.firstIndex { $0.contains(#""event":"background""#) })
        let count = try #require(Int(lines[i].split(separator: ":").last!.prefix { $0.isNumber }))
        return (i, count)
    }

    /// A trace cut off inside an event reads up to the event before it (SPEC §4: "a recording
    /// cut off by a crash is still readable up to its last whole line"): every reader stops
    /// there and says where, and the replay says the recording ends there.
    func cutOff(_ lines: [String], trailingNewline: Bool = true) throws -> (cut: TraceError, events: Int) {
        let path = try Fixtures.temporaryPath("cut.trace.jsonl")
        try (lines.joined(separator: "\n") + (trailingNewline ? "\n" : "")).write(
            toFile: path, atomically: true, encoding: .utf8)
        let reader = try TraceReader(path: path)
        let events = try reader.readAll()
        let cut = try #require(reader.cutOff)
        #expect(cut.isCutOff)
        let replay = try Replayer.replay(path: path)
        #expect(replay.divergence?.seq == events.count + 1)
        #expect(replay.divergence?.recordingCutOff?.contains(cut.diagnostic.message) == true)
        #expect(replay.divergence?.summary.contains("the recording ends there, cut off") == true)
        return (cut, events.count)
    }

    @Test func traceCutInsideANodeGroupEndsBeforeItsEvent() throws {
        let lines = try goodLines()
        let (i, nodes) = try background(lines)
        #expect(nodes >= 4)
        let (cut, events) = try cutOff(Array(lines[...(i + 2)]))
        #expect(cut.location.line == i + 1)
        #expect(
            cut.diagnostic.message == "the trace ends inside event 2: it announces \(nodes) node lines and 2 follow it")
        #expect(events == 1)
    }

    @Test func nodeLineCutMidwayEndsTheTraceBeforeItsEvent() throws {
        var lines = try goodLines()
        let (i, nodes) = try background(lines)
        lines = Array(lines[...(i + nodes)])
        lines[i + nodes] = String(lines[i + nodes].prefix(25))
        let (cut, events) = try cutOff(lines, trailingNewline: false)
        #expect(cut.location.line == i + nodes + 1)
        #expect(cut.diagnostic.message.contains("the last line is cut off"))
        #expect(events == 1)
    }

    @Test func nodeLineWithNoEventIsRefused() throws {
        var lines = try goodLines()
        let (i, nodes) = try background(lines)
        lines.insert(lines[i + nodes], at: i + nodes + 1)
        let e = try refusal(lines)
        #expect(e.location.line == i + nodes + 2)
        #expect(e.diagnostic.message.contains("a node line with no event"))
    }

    @Test func countLargerThanItsLinesIsRefusedAtTheFirstLineThatIsNotANode() throws {
        var lines = try goodLines()
        let (i, nodes) = try background(lines)
        lines[i] = lines[i].replacingOccurrences(of: #"{"nodes":\#(nodes)}"#, with: #"{"nodes":\#(nodes + 1)}"#)
        let e = try refusal(lines)
        #expect(e.location.line == i + nodes + 2)
        #expect(
            e.diagnostic.message.contains(
                "announces \(nodes + 1) node lines, but only \(nodes) follow it: this line is not a node line"))
    }

    @Test func archiveCountSmallerThanItsLinesLeavesAnEntryLineWithNoEvent() throws {
        var lines = try goodLines()
        let i = try #require(lines.firstIndex { $0.contains(#""event":"archive-written""#) })
        let count = lines[(i + 1)...].prefix { $0.hasPrefix(#"{"entry":"#) }.count
        lines[i] = lines[i].replacingOccurrences(of: #""entries":\#(count)}"#, with: #""entries":\#(count - 1)}"#)
        let e = try refusal(lines)
        #expect(e.location.line == i + count + 1)
        #expect(e.diagnostic.message.contains("an entry line with no event"))
    }

    @Test func countThatIsNotANumberIsLocatedOnItsMember() throws {
        var lines = try goodLines()
        let (i, nodes) = try background(lines)
        lines[i] = lines[i].replacingOccurrences(of: #"{"nodes":\#(nodes)}"#, with: #"{"nodes":"all"}"#)
        let e = try refusal(lines)
        #expect(e.location.line == i + 1)
        #expect(
            e.location.column
                == (lines[i].range(of: "\"hierarchy\":").map {
                    lines[i].distance(from: lines[i].startIndex, to: $0.lowerBound)
                } ?? 0) + 1)
        #expect(e.diagnostic.message.contains(#"must be {"nodes":K}"#))
    }

    @Test func parentThatIsNotAnEarlierNodeIsLocated() throws {
        var lines = try goodLines()
        let (i, _) = try background(lines)
        lines[i + 2] = lines[i + 2].replacingOccurrences(of: #""parent":0"#, with: #""parent":5"#)
        let e = try refusal(lines)
        #expect(e.location.line == i + 3)
        #expect(e.location.column == 11)  // {"node":1, then "parent"
        #expect(e.diagnostic.message.contains("node 1 needs a 'parent' among the nodes before it"))
    }

    /// A member problem inside a node line is blamed on that node line, at that member.
    @Test func badMemberInANodeLineIsLocatedThere() throws {
        var lines = try goodLines()
        let (i, nodes) = try background(lines)
        let j = try #require((i + 1...i + nodes).first { lines[$0].contains(#""class":"SettingsController""#) })
        lines[j] = lines[j].replacingOccurrences(of: #""class":"SettingsController""#, with: #""class":7"#)
        let e = try refusal(lines)
        #expect(e.location.line == j + 1)
        #expect(e.diagnostic.message.contains("field 'hierarchy.children[1].children[0].class' expected a string"))
        let column = try #require(e.location.column)
        #expect(Array(lines[j])[(column - 1)...].starts(with: #""class":7"#))
    }

    @Test func partLinesOutOfOrderOrCutAreRefused() throws {
        let (path, _) = try Fixtures.record(BoundedLinesTests.hostile().0)
        let lines = try Fixtures.lines(path).filter { !$0.isEmpty }
        let first = try #require(lines.firstIndex { $0.hasPrefix(#"{"part":1,"#) })
        var swapped = lines
        swapped.swapAt(first + 1, first + 2)
        let e = try refusal(swapped)
        #expect(e.location.line == first + 2)
        #expect(e.diagnostic.message.contains("where part 2 of"))
        let cut = try refusal(Array(lines[...(first + 1)]))
        #expect(cut.location.line == first + 1)
        #expect(cut.diagnostic.message.contains("the trace ends inside a line split over"))
        var orphan = lines
        orphan.remove(at: first)
        let o = try refusal(orphan)
        #expect(o.location.line == first + 1)
        #expect(o.diagnostic.message.contains("part 2 of a split line, but not after part 1"))
    }
}
