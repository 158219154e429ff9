import Foundation
import RestoreEngine
import RestoreReplay
import RestoreScenario
import RestoreTestSupport
import RestoreTrace
import Testing

/// Trace format 2: no line over `TraceLines.maxLineBytes`; hierarchies and archives as a line per
/// node and per entry; longer lines as part lines; and every reader gets format 1's events back.
@Suite struct BoundedLinesTests {
    static func rawLines(_ path: String) throws -> [[UInt8]] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        return bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map(Array.init)
    }

    /// The benchmark's grid app at 30×30: its archive alone is far over the bound as one line
    /// (what the format-1 writer wrote), and no line of the trace is.
    @Test func gridTraceKeepsEveryLineWithinTheBound() throws {
        let (path, _) = try Fixtures.record(ScenarioGenerator.grid(30))
        let lines = try Self.rawLines(path)
        #expect(lines.count > 3_000)
        let longest = lines.map(\.count).max() ?? 0
        #expect(longest <= TraceLines.maxLineBytes)
        let events = try TraceReader(path: path).readAll()
        let archive = try #require(events.first { $0.event.archive != nil })
        // The format-1 line of this archive: the old writer's output for it.
        #expect(EventCodec.line(archive.event, seq: archive.seq).utf8.count > 10 * TraceLines.maxLineBytes)
        let entryLines = lines.filter { $0.starts(with: Array(#"{"entry":"#.utf8)) }
        #expect(entryLines.count == archive.event.archive?.entries.count)
        let hierarchy = try #require(events.first { $0.event.event == .background }?.event.hierarchy)
        let background = try #require(
            lines.firstIndex { String(decoding: $0, as: UTF8.self).contains(#""event":"background""#) })
        #expect(
            String(decoding: lines[background], as: UTF8.self).hasSuffix(
                #""hierarchy":{"nodes":\#(1 + 30 + 30 * 30 * 2)}}"#))
        #expect(hierarchy.nodeCount == 1 + 30 + 30 * 30 * 2)
        #expect(try Replayer.replay(path: path).matched)
    }

    /// A scenario whose home controller keeps a megabyte string (quotes, backslashes and
    /// multi-byte characters, so escapes and character boundaries matter).
    static func hostile() -> (Scenario, String) {
        var s = Fixtures.tabApp()
        let big = String(repeating: "ä\"\\✓x𝄞 ", count: 60_000)
        var home = s.ui!.children[0].children[0]
        home.state.append(CoderEntry(key: "huge", value: .string(big)))
        s.ui!.children[0].children[0] = home
        return (s, big)
    }

    /// A single value bigger than the bound is written as part lines, none over the bound, and
    /// read back whole: the value is equal, the replay matches, and the archive has it.
    @Test func aValueOverTheBoundIsWrittenAsPartLines() throws {
        let (scenario, big) = Self.hostile()
        let (path, _) = try Fixtures.record(scenario)
        let lines = try Self.rawLines(path)
        #expect(lines.allSatisfy { $0.count <= TraceLines.maxLineBytes })
        let parts = lines.filter { $0.starts(with: Array(#"{"part":"#.utf8)) }
        #expect(parts.count >= 5 * 8)  // ≥ 8 parts for each of the 5 lines that carry the string
        let events = try TraceReader(path: path).readAll()
        let archive = try #require(events.compactMap(\.event.archive).first)
        let entry = try #require(archive.entries.first { $0.key == "Tabs/:[0]:/homeNav/:[0]:/home" })
        #expect(entry.coder.first { $0.key == "huge" }?.value == .string(big))
        let encode = try #require(events.first { $0.event.callback == .encode && $0.event.path == "Tabs/homeNav/home" })
        #expect(encode.event.coder?.first { $0.key == "huge" }?.value == .string(big))
        let r = try Replayer.replay(path: path)
        #expect(r.matched)
        #expect(r.recordedEvents == events.count)
    }

    /// Even the header (thousands of custom classes) keeps to the bound, and reads back whole.
    @Test func aLongHeaderIsWrittenAsPartLines() throws {
        let path = try Fixtures.temporaryPath("classes.trace.jsonl")
        let classes = (0..<5_000).map { (name: "GeneratedViewController\($0)", superclass: "UIViewController") }
        let writer = try TraceWriter(
            path: path, header: TraceHeader(scenario: "classes", app: AppConfiguration(), classes: classes))
        writer.writeEvent(EngineEvent(launch: 1, phase: .launch, event: .appRunning), seq: 1)
        try writer.commit()
        let lines = try Self.rawLines(path)
        #expect(lines.allSatisfy { $0.count <= TraceLines.maxLineBytes })
        #expect(lines[0].starts(with: Array(#"{"part":1,"#.utf8)))
        let reader = try TraceReader(path: path)
        #expect(reader.header.classes.count == 5_000)
        #expect(reader.header.classes.last?.name == "GeneratedViewController4999")
        #expect(try reader.readAll().map(\.event.event) == [.appRunning])
    }

    /// Reading lazily (replay) and whole (export, archive) give the same events, part lines included.
    @Test func lazyAndWholeReadsAgreeOnGroupsAndParts() throws {
        let (path, _) = try Fixtures.record(Self.hostile().0)
        let whole = try TraceReader(path: path)
        let lazy = try TraceReader(path: path)
        while let t = try whole.next() {
            let r = try #require(try lazy.nextRecord())
            #expect(r.line == whole.lineNumber)
            #expect(try r.decoded() == t.event)
            var written: [UInt8] = []
            EventCodec.writeLines(t.event, seq: nil, bounded: false, to: &written)
            #expect(r.matches(written: written))
        }
        #expect(try lazy.nextRecord() == nil)
    }

    /// The committed format-1 traces (Tests/Fixtures/v1, recorded before the format changed)
    /// decode to the very events their re-recorded format-2 traces in Traces/ hold.
    @Test(arguments: ["demo-travel", "restoring-your-apps-state-scenes", "homepwner-pushed-detail"])
    func formatOneAndTwoOfOneRecordingReadAlike(_ name: String) throws {
        let v1 = Samples.packageRoot.appendingPathComponent("Tests/Fixtures/v1/\(name).trace.jsonl").path
        let v2 = Samples.path("\(name).trace.jsonl")
        let old = try TraceReader(path: v1)
        let new = try TraceReader(path: v2)
        #expect(old.formatVersion == 1)
        #expect(new.formatVersion == 2)
        #expect(old.header == new.header)
        #expect(try old.readAll() == new.readAll())
        let replayed = try Replayer.replay(path: v1)
        #expect(replayed.matched)
        #expect(replayed.outcome == (try Replayer.replay(path: v2)).outcome)
    }
}
