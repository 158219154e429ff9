import Foundation
import RestoreEngine
import RestoreReplay
import RestoreTestSupport
import RestoreTrace
import Testing

@testable import RestoreReport

/// The report takes its lines from the replay's one pass over the trace, and reads an archive's
/// app-level keys without decoding its objects; the page is the same as reading the trace again.
@Suite struct ReportFeedTests {
    static let samples = [
        "demo-travel.trace.jsonl", "homepwner.trace.jsonl", "crash-during-restoration.trace.jsonl",
        "restoring-your-apps-state-scenes.trace.jsonl",
    ]

    @Test(arguments: samples) func theOnePassReportIsTheSameAsReadingTheTraceAgain(_ sample: String) throws {
        let dir = try Samples.temporaryDirectory()
        let trace = Samples.path(sample)
        let once = try Report.write(trace: trace, to: dir.appendingPathComponent("once").path)
        let replay = try Replayer.replay(path: trace)
        let again = try Report.write(
            trace: trace, replay: replay, baseline: nil, to: dir.appendingPathComponent("again").path)
        // Graphviz orders clusters by address within one process (GRAPHVIZ.md): compare around the drawing.
        func page(_ path: String) throws -> String {
            let html = try String(contentsOfFile: path, encoding: .utf8)
            guard let start = html.range(of: "<svg"), let end = html.range(of: "</svg>", options: .backwards) else {
                return html
            }
            return String(html[..<start.lowerBound]) + String(html[end.upperBound...])
        }
        #expect(try page(once) == page(again))
        #expect(try page(once).contains("\"events\":"))
    }

    @Test(arguments: samples) func anArchiveLineReadsAsTheDecodedArchiveWithoutItsObjects(_ sample: String) throws {
        let reader = try TraceReader(path: Samples.path(sample))
        var archives = 0
        while let record = try reader.nextRecord() {
            guard record.event == .archiveWritten else { continue }
            archives += 1
            let decoded = try record.decoded()
            let line = try #require(ReportArchiveLine(record.bytes))
            #expect(line.objects == decoded.archive?.entries.count)
            var page = line.event
            page.reason = Report.archiveNote(objects: line.objects)
            #expect(
                EventCodec.line(page, seq: record.seq) == EventCodec.line(Report.pageEvent(decoded), seq: record.seq))
        }
        #expect(archives > 0 || sample.contains("scenes"))
    }

    @Test func aLineOfAnotherShapeIsLeftToTheDecoder() {
        #expect(ReportArchiveLine(Array("{\"seq\":1,\"archive\":{\"entries\":[1,".utf8)) == nil)
        #expect(ReportArchiveLine(Array("{\"seq\":1}".utf8)) == nil)
    }
}
