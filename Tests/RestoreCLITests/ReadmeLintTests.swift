import Foundation
import RestoreTestSupport
import Testing

/// The README's `restoretrace lint` example is the real output on a committed sample, so it
/// cannot drift from what the tool prints. `RESTORETRACE_RECORD_GOLDENS=1` rewrites it.
@Suite struct ReadmeLintTests {
    static let command = "restoretrace lint Traces/Shelf.storyboard"

    @Test func readmeShowsTheRealLintOutputOfShelf() throws {
        let r = try CLI.run(["lint", "Traces/Shelf.storyboard"], in: CLI.packageRoot)
        #expect(r.code == 0)
        let block = "```\n$ \(Self.command)\n" + r.stdout + "```\n"
        let readme = CLI.packageRoot.appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "```\n$ \(Self.command)\n"), "the README shows `\(Self.command)`")
        let end = try #require(text.range(of: "```\n", range: start.upperBound..<text.endIndex))
        let shown = String(text[start.lowerBound..<end.upperBound])
        if Golden.recording {
            try text.replacingCharacters(in: start.lowerBound..<end.upperBound, with: block)
                .write(to: readme, atomically: true, encoding: .utf8)
            Issue.record("Rewrote the README's lint example; run again without RESTORETRACE_RECORD_GOLDENS to verify.")
            return
        }
        #expect(shown == block, "the README's lint example differs from the output; re-record it")
    }
}
