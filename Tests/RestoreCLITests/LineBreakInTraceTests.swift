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
        // The archive listing writes a line break in a name as `\n`, as it always has (`ArchiveDump.bare`).
        let shown = command[0] == "archive" ? #"notes\n  ✓ checkout"# : #"notes\u{A}  ✓ checkout"#
        #expect(r.stdout.contains(shown), "\(r.stdout)")
        #expect(!r.stdout.split(separator: "\n").contains { $0.hasPrefix("  ✓ checkout") }, "\(r.stdout)")
    }

    /// A userInfo key or value in a scenario is the app's data, not a name `record` refuses: it
    /// is shown with its line break as `\u{A}` in the verdict's line.
    @Test func aLineBreakInUserInfoIsShownNotObeyed() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let yaml = #"""
            name: lf
            app: {lifecycle: scenes, userActivityTypes: [t]}
            scenes: [{session: a, ui: {class: VC}, activity: {type: t, userInfo: {"k\n  ✓ forged": "v\n  ✓ forged"}}}]
            timeline: [background]

            """#
        try yaml.write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["record", "s.yaml", "-o", "s.trace.jsonl"], in: dir)
        #expect(r.code == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#"k\u{A}  ✓ forged = "v\u{A}  ✓ forged""#), "\(r.stdout)")
        #expect(!r.stdout.split(separator: "\n").contains { $0.hasPrefix("  ✓ forged") }, "\(r.stdout)")
    }
}
