import Foundation
import RestoreEngine
import RestoreExport
import RestoreReplay
import RestoreScenario
import RestoreTestSupport
import RestoreTrace
import Testing

@testable import RestoreReport

/// `export` streams its output and keeps only what a format needs; what it writes must be what
/// the whole-document code wrote.
@Suite struct ExportingTests {
    static let traces = ((try? FileManager.default.contentsOfDirectory(atPath: Samples.traces.path)) ?? [])
        .filter { $0.hasSuffix(".trace.jsonl") }.sorted()

    @Test(arguments: traces) func outcomeJSONIsTheCodecsBytes(_ name: String) throws {
        let replay = try Replayer.replay(path: Samples.path(name))
        let extra: [(String, JSONValue)] = [("replay", ReplayJSON.verdict(replay))]
        var stream = ExportStream()
        OutcomeJSONWriter.write(replay.outcome, scenario: replay.header.scenario, extra: extra, to: &stream)
        let written = String(decoding: try stream.finish(), as: UTF8.self)
        #expect(
            written == OutcomeCodec.encode(replay.outcome, scenario: replay.header.scenario, extra: extra).serialized)
    }

    /// The drawing reads only the last hierarchy sent to the background, not every event.
    @Test(arguments: traces) func drawingIsTheOneDrawnFromEveryEvent(_ name: String) throws {
        let replay = try Replayer.replay(path: Samples.path(name), keepEvents: true)
        let expected = DotBuilder(
            outcome: replay.outcome, events: replay.events, options: .init(title: replay.header.scenario)
        ).build()
        #expect(try Exporting.render(trace: Samples.path(name), as: .dot) == expected)
    }

    @Test func aLargeExportReachesTheFileBeforeItEndsAndAppearsOnlyWhole() throws {
        let dir = try Samples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out.json").path
        var stream = try ExportStream(path: path)
        for _ in 0..<3 * 1024 {
            stream.buffer.append(contentsOf: repeatElement(UInt8(ascii: "x"), count: 1024))
            stream.drainIfFull()
        }
        #expect(stream.buffer.count < ExportStream.drainSize, "handed on, not held")
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(
            try #require(try FileManager.default.attributesOfItem(atPath: path + ".partial")[.size] as? Int) >= 2 << 20)
        #expect(try stream.finish().isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count == 3 << 20)
        #expect(!FileManager.default.fileExists(atPath: path + ".partial"))
    }

    /// A trace that turns out bad after more than a megabyte has been streamed leaves no file.
    @Test func aTraceBadPastTheFirstMegabyteLeavesNoFile() throws {
        let dir = try Samples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("grid.trace.jsonl").path
        _ = try Recording.record(ScenarioGenerator.grid(25), to: trace)
        // Break the last line (whole, with its newline: a cut-off one is read as the end, SPEC §4).
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: trace)))
        let start = try #require(bytes.dropLast().lastIndex(of: 0x0A)) + 1
        bytes.insert(contentsOf: Array("{bad".utf8), at: start)
        try Data(bytes).write(to: URL(fileURLWithPath: trace))
        let output = dir.appendingPathComponent("grid.json").path
        let failure = try #require(throws: RestoreFailure.self) {
            try Exporting.write(trace: trace, as: .chromeTrace, to: output)
        }
        #expect(failure.message.contains("malformed JSON"), "\(failure.message)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["grid.trace.jsonl"])
    }

    /// `record --json` and `replay --json` print the outcome as it is written, a megabyte at a
    /// time, and what they print is the codec's document (with a what-if's extra members too).
    @Test func theJSONOutputComesInPiecesThatMakeTheCodecsDocument() throws {
        let dir = try Samples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("grid.trace.jsonl").path
        let grid = ScenarioGenerator.grid(50)
        let run = try Recording.record(grid, to: trace)
        let recorded = Recording.Result(
            scenario: grid, path: trace, outcome: run.outcome, events: run.events, engine: nil)
        var pieces: [[UInt8]] = []
        recorded.writeJSON { pieces.append($0) }
        #expect(pieces.count > 1, "handed on as written, not held whole")
        #expect(pieces.allSatisfy { $0.count < ExportStream.drainSize + (64 << 10) })
        let codec = OutcomeCodec.encode(recorded.outcome, scenario: recorded.scenario.name).serialized
        #expect(String(decoding: pieces.joined(), as: UTF8.self) == codec)
        #expect(recorded.json == codec)

        let request = Replaying.Request(trace: trace, settings: ["shouldRestore=false"], writeReport: false)
        let summary = try Replaying.run(request)
        let diff = try #require(summary.diff)
        let modified = try #require(summary.modified)
        let extra: [(String, JSONValue)] = [
            ("replay", ReplayJSON.verdict(summary.baseline)), ("whatIf", ReplayJSON.whatIf(modified.whatIf, diff)),
        ]
        pieces = []
        summary.writeJSON { pieces.append($0) }
        #expect(pieces.count > 1)
        #expect(
            String(decoding: pieces.joined(), as: UTF8.self)
                == OutcomeCodec.encode(modified.outcome, scenario: summary.baseline.header.scenario, extra: extra)
                .serialized)
    }
}
