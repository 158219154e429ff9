import Foundation
import RestoreTestSupport
import Testing

/// Traces recorded in format 1 (one line per event, before bounded lines), kept as they were in
/// Tests/Fixtures/v1: every command still reads them, with the same results as their format-2
/// re-recordings in Traces/.
@Suite struct FormatOneTraceTests {
    static let names = ["demo-travel", "restoring-your-apps-state-scenes", "homepwner-pushed-detail"]

    static func v1(_ name: String) -> String {
        Samples.packageRoot.appendingPathComponent("Tests/Fixtures/v1/\(name).trace.jsonl").path
    }

    @Test(arguments: names) func formatOneTracesReplayReportAndExportAsBefore(_ name: String) throws {
        let dir = try CLI.temporaryDirectory()
        let old = Self.v1(name)
        let new = CLI.sample("\(name).trace.jsonl")
        #expect(try String(contentsOfFile: old, encoding: .utf8).hasPrefix(#"{"format":"restoretrace-trace/1""#))
        let replay = try CLI.run(["replay", old, "--no-report", "--json"], in: dir)
        #expect(replay.code == 0, "\(replay.stderr)")
        #expect(replay.stdout.contains(#""matched":true"#))
        let report = try CLI.run(["report", old, "-o", "r"], in: dir)
        #expect(report.code == 0, "\(report.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("r/index.html").path))
        // The same results from both formats of one recording, read from the same path.
        let copy = dir.appendingPathComponent("t.trace.jsonl")
        func run(_ arguments: [String], on trace: String) throws -> CLI.Result {
            try? FileManager.default.removeItem(at: copy)
            try FileManager.default.copyItem(atPath: trace, toPath: copy.path)
            return try CLI.run([arguments[0], "t.trace.jsonl"] + arguments.dropFirst(), in: dir)
        }
        for command in [["archive", "--json"], ["export", "--format", "json"], ["export", "--format", "dot"]] {
            let a = try run(command, on: old)
            let b = try run(command, on: new)
            #expect(a.code == 0 && b.code == 0, "\(command): \(a.stderr) \(b.stderr)")
            #expect(a.stdout == b.stdout, "\(command)")
        }
        let diff = try CLI.run(["diff", old, new], in: dir)
        #expect(diff.code == 0, "\(diff.stdout) \(diff.stderr)")
    }
}
