import Foundation
import RestoreEngine
import RestoreReplay
import RestoreScenario
import RestoreTestSupport
import RestoreTrace
import RestoreTraceRecorder
import Testing

/// The core's own duties: one header, appends across processes, the writer queue, the path said once.
@Suite struct CaptureCoreTests {
    private func scenario(_ name: String = "homepwner.yaml") throws -> Scenario {
        try ScenarioLoader.load(path: Samples.path(name))
    }

    @Test func nothingReachesTheSinkUntilAFlush() throws {
        let sink = MemoryTraceSink()
        let output = TraceOutput(sink: sink)
        output.append { $0 += Array("x\n".utf8) }
        #expect(sink.bytes.isEmpty)
        #expect(output.drain() == nil)
        #expect(sink.bytes == Array("x\n".utf8))
    }

    @Test func aRelaunchedProcessAppendsWithoutASecondHeader() throws {
        let s = try scenario()
        let path = try Samples.temporaryDirectory().appendingPathComponent("t.trace.jsonl").path
        // First "process": the whole run.
        let first = EngineCapture.run(s, sink: try FileTraceSink(path: path))
        first.output.drain()
        let resume = try #require(TraceFile.resumePoint(ofTraceAt: path))
        #expect(resume.seq == first.seq)
        #expect(resume.launch == first.launch)

        // Second "process": picks up where the file ends and adds one launch.
        let application = UIApplication()
        let second = AppCapture(
            header: TraceHeader(scenario: "ignored", app: AppConfiguration()),
            application: EngineApplication(application), sink: try FileTraceSink(path: path), resume: resume)
        second.launched(LaunchOptions())
        second.output.drain()

        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.filter { $0.contains(#""format":"restoretrace-trace/2""#) }.count == 1)
        #expect(
            lines.last
                == #"{"seq":\#(resume.seq + 1),"launch":\#(resume.launch + 1),"phase":"launch","event":"launch","options":{"deviceLocked":false}}"#
        )
    }

    /// A device cannot say why UIKit's archive went; after a launch that read it, the recorder
    /// writes the engine's words, so the replay of a healthy restoring launch matches instead of
    /// ending in a fidelity finding on the reason.
    @Test func theDiscardAfterALaunchIsWrittenInTheEnginesWords() throws {
        // The line `record` writes (the engine's own event, not the capture core's).
        let (path, _) = try TemporaryTrace.record(try scenario())
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorded = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let discard = try #require(recorded.last { $0.contains(#""event":"archive-deleted""#) })
        // The same line, written by the method the UIKit glue calls once the file is gone, from
        // where the engine wrote it.
        let event = try JSONSerialization.jsonObject(with: Data(discard.utf8)) as? [String: Any]
        let seq = try #require(event?["seq"] as? Int)
        let launch = try #require(event?["launch"] as? Int)
        let sink = MemoryTraceSink()
        let fresh = AppCapture(
            header: TraceHeader(scenario: "ignored", app: AppConfiguration()),
            application: EngineApplication(UIApplication()), sink: sink,
            resume: (launch: launch, phase: .launch, seq: seq - 1))
        fresh.archiveDiscardedAfterLaunch()
        fresh.output.drain()
        // (A sink with nothing in it gets a header first.)
        let written = String(decoding: sink.bytes, as: UTF8.self).split(separator: "\n")
        #expect(written.last == discard)
        #expect(discard.contains(#""reason":"discarded after launch (R9)""#))
    }

    @Test func aPartialLastLineIsNotAResumePoint() throws {
        let path = try Samples.temporaryDirectory().appendingPathComponent("cut.trace.jsonl").path
        let text =
            #"{"format":"restoretrace-trace/2"}"# + "\n" + #"{"seq":4,"launch":2,"phase":"restoration","callback":"x"}"#
            + "\n" + #"{"seq":5,"lau"#
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let resume = try #require(TraceFile.resumePoint(ofTraceAt: path))
        #expect(resume.seq == 4 && resume.launch == 2 && resume.phase == .restoration)
        #expect(TraceFile.resumePoint(ofTraceAt: path + ".missing") == nil)
    }

    @Test func theTraceLocationIsLoggedOnce() {
        var said: [String] = []
        let path = TraceFile.path(inContainer: "/c-\(UUID().uuidString)", name: "App")
        TraceFile.logLocationOnce(path) { said.append($0) }
        TraceFile.logLocationOnce(path) { said.append($0) }
        #expect(said == ["RestoreTraceRecorder: recording state restoration to \(path)"])
        #expect(path.hasSuffix("/Documents/RestoreTraceRecorder/App.trace.jsonl"))
    }

    @Test func aFailedWriteIsReportedAndLaterBytesDropped() {
        final class FullDisk: TraceSink {
            var isEmpty: Bool { true }
            var calls = 0
            func append(_ bytes: [UInt8]) throws {
                calls += 1
                throw CocoaError(.fileWriteOutOfSpace)
            }
        }
        let sink = FullDisk()
        let output = TraceOutput(sink: sink)
        output.append { $0 += [1] }
        output.flush()
        output.append { $0 += [2] }
        #expect(output.drain() != nil)
        #expect(sink.calls == 1)
    }
}
