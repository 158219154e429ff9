import Foundation
import Testing

/// `--json` output stays JSON when names carry characters a terminal obeys: a bidirectional
/// override or a line separator in a restoration identifier used to come out as `\u{202E}`
/// (the terminal filter's escape, not JSON's), so no JSON reader could read the output.
@Suite struct JSONOutputControlsTests {
    static let identifier = "Pro\u{202E}file\u{2028}\u{85}x"

    /// Every string in a JSON value.
    static func strings(_ v: Any) -> [String] {
        if let s = v as? String { return [s] }
        if let a = v as? [Any] { return a.flatMap(strings) }
        if let d = v as? [String: Any] { return d.keys.map { $0 } + d.values.flatMap(strings) }
        return []
    }

    /// The output is JSON, holds none of the characters raw, and reads back to the identifier.
    static func check(_ r: CLI.Result, _ command: String) throws {
        let controls: [Unicode.Scalar] = ["\u{202E}", "\u{2028}", "\u{85}"]
        #expect(!r.stdout.unicodeScalars.contains { controls.contains($0) }, "\(command)")
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8))
        #expect(strings(object).contains { $0.contains(identifier) }, "\(command)")
    }

    @Test func recordReplayAndDiffWriteJSONThatReadsBack() throws {
        let dir = try CLI.temporaryDirectory()
        let yaml = try String(contentsOfFile: CLI.sample("class-mismatch.yaml"), encoding: .utf8)
            .replacingOccurrences(
                of: "restorationIdentifier: Profile,", with: #"restorationIdentifier: "Pro\u202Efile\u2028\x85x","#)
        #expect(yaml.contains(#"\u202E"#))
        try yaml.write(to: dir.appendingPathComponent("bidi.yaml"), atomically: true, encoding: .utf8)

        let record = try CLI.run(["record", "bidi.yaml", "-o", "bidi.trace.jsonl", "--json"], in: dir)
        #expect(record.code == 0)
        try Self.check(record, "record")
        let replay = try CLI.run(["replay", "bidi.trace.jsonl", "--json"], in: dir)
        #expect(replay.code == 0)
        try Self.check(replay, "replay")
        let diff = try CLI.run(
            ["diff", "bidi.trace.jsonl", CLI.sample("class-mismatch.trace.jsonl"), "--json"], in: dir)
        try Self.check(diff, "diff")

        // The text output shows them as escapes instead.
        let text = try CLI.run(["replay", "bidi.trace.jsonl", "-v"], in: dir)
        #expect(text.code == 0)
        #expect(!text.stdout.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{2028}" })
    }
}
