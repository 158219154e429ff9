import Foundation
import RestoreTestSupport
import Testing

/// A name in a trace holding a line break (JSON's `\n`: a session, an activity type, a
/// restoration identifier) reached the terminal raw: `replay`, `archive` and `diff` printed a
/// line of its own that passed for the tool's, such as a forged "✓ checkout … restored" (r17
/// fuzz, #5). `record` refuses such names in a scenario; a trace is shown with them escaped.
@Suite struct LineBreakInTraceTests {
    static let forged = #"notes\n  ✓ checkout (Default Configuration): restored"#

    /// The scene migration sample with its session renamed to hold a line break.
    static func trace(in dir: URL) throws -> String {
        let text = try String(
            contentsOf: Samples.traces.appendingPathComponent("scene-migration-breaks-restoration.trace.jsonl"),
            encoding: .utf8)
        try text.replacingOccurrences(of: #""session":"notes""#, with: #""session":"\#(forged)""#)
            .write(to: dir.appendingPathComponent("lf.trace.jsonl"), atomically: true, encoding: .utf8)
        return "lf.trace.jsonl"
    }

    @Test(arguments: [
        ["replay", "--no-report"], ["archive"], ["diff", "SAMPLE"], ["replay", "--no-report", "-v"],
    ])
    func noNameStartsALineOfItsOwn(_ command: [String]) throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = try Self.trace(in: dir)
        let sample = Samples.traces.appendingPathComponent("scene-migration-breaks-restoration.trace.jsonl").path
        let r = try CLI.run([command[0], trace] + command.dropFirst().map { $0 == "SAMPLE" ? sample : $0 }, in: dir)
        #expect(r.stdout.contains(#"notes\u{A}  ✓ checkout"#), "\(r.stdout)")
        #expect(!r.stdout.split(separator: "\n").contains { $0.hasPrefix("  ✓ checkout") }, "\(r.stdout)")
    }
}
