import Foundation
import Testing

/// A divergence on the same callback and node names the field that differs: "recorded `decode…`
/// on P, replayed `decode…` on P" alone, above two long lines of JSON, left the reader to diff them.
@Suite struct DivergenceTextTests {
    @Test func theFirstDifferingFieldIsNamed() throws {
        let dir = try CLI.temporaryDirectory()
        let text = try String(contentsOfFile: CLI.sample("table-selection-moved.trace.jsonl"), encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        let i = try #require(
            lines.firstIndex {
                $0.contains(#""path":"Mailbox/archive""#) && $0.contains(#""string":"old-2""#)
                    && $0.contains("decodeRestorableStateWithCoder:")
            })
        lines[i] = lines[i].replacingOccurrences(of: #"{"string":"old-2"}"#, with: #"{"string":"old-3"}"#)
        try lines.joined(separator: "\n").write(
            to: dir.appendingPathComponent("t.jsonl"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["replay", "t.jsonl", "--no-report"], in: dir)
        #expect(r.code == 1)
        let out = r.stdout.components(separatedBy: "\n")
        let headline = try #require(out.firstIndex { $0.hasPrefix("Replay DIVERGED at event ") })
        #expect(
            out[headline + 1]
                == #"  differs in: coder key `kUITableViewSelectedModelIdentifiersKey`: recorded {"array":[{"string":"old-3"}],"system":true}, replayed {"array":[{"string":"old-2"}],"system":true}"#
        )
    }
}
