import Foundation
import RestoreTestSupport
import Testing

/// The report's verdict against `replay`'s text (r19 report hunt): every launch, and a trace cut
/// off inside its relaunch.
@Suite struct ReportVerdictLaunchTests {
    private static func page(_ trace: String, in dir: URL) throws -> String {
        let r = try CLI.run(["report", trace, "-o", "rep"], in: dir)
        #expect(r.code == 0, "\(r.stderr)")
        return try String(contentsOf: dir.appendingPathComponent("rep/index.html"), encoding: .utf8)
    }

    /// Launch 2 crashed while restoring; launch 3 found no archive. The page showed launch 3 only.
    @Test func everyLaunchBeforeTheLastHasItsLine() throws {
        let html = try Self.page(CLI.sample("crash-during-restoration.trace.jsonl"), in: try CLI.temporaryDirectory())
        #expect(html.contains("Earlier launches (the tables and the drawing show launch 3):"))
        #expect(
            html.contains(
                #"<li>Launch 2: restored 0 of 3 nodes; 3 lost: <code>Nav</code> <code class="code">archive-deleted-crash</code>"#
            ))
        // "1 of 1 node", as `replay` says it.
        let single = try Self.page(
            CLI.sample("custom-container-forgets-children.trace.jsonl"), in: try CLI.temporaryDirectory())
        #expect(single.contains(" of 1 node at launch") && !single.contains(" of 1 nodes"))
        // One launch: no list.
        let one = try Self.page(CLI.sample("demo-travel.trace.jsonl"), in: try CLI.temporaryDirectory())
        #expect(!one.contains("Earlier launches"))
    }

    /// A finding whose words give its fix does not give it again under "Why:" (every finding
    /// read "… Fix: X. Why: … Fix: X.", r19 end-to-end walk).
    @Test func eachFindingGivesItsFixOnce() throws {
        let html = try Self.page(CLI.sample("demo-travel.trace.jsonl"), in: try CLI.temporaryDirectory())
        let items = html.components(separatedBy: "<li class=\"diag").dropFirst().map {
            $0.components(separatedBy: "</li>")[0]
        }
        #expect(!items.isEmpty)
        for item in items { #expect(item.components(separatedBy: "Fix:").count - 1 == 1, "\(item)") }
    }

    /// A divergence names the field that differs, as `replay` does ("differs in: receiver").
    @Test func aDivergenceNamesTheFieldThatDiffers() throws {
        let dir = try CLI.temporaryDirectory()
        var lines = try String(contentsOfFile: CLI.sample("demo-travel.trace.jsonl"), encoding: .utf8)
            .components(separatedBy: "\n")
        let at = try #require(lines.firstIndex { $0.hasPrefix(#"{"seq":7,"#) })
        let receiver = try #require(lines[at].range(of: #""receiver":"[^"]*""#, options: .regularExpression))
        lines[at].replaceSubrange(receiver, with: #""receiver":"Somebody""#)
        try lines.joined(separator: "\n").write(
            to: dir.appendingPathComponent("edited.trace.jsonl"), atomically: true, encoding: .utf8)
        let html = try Self.page("edited.trace.jsonl", in: dir)
        #expect(html.contains(#"<p id="replay-field">Differs in receiver: recorded <code>&quot;Somebody&quot;</code>"#))
    }

    /// Cut inside launch 2's restoration: the page said "No relaunch in this timeline" while its
    /// own Replay card said the trace is cut off.
    @Test func aTraceCutInsideItsRelaunchIsNotSaidToHaveNone() throws {
        let dir = try CLI.temporaryDirectory()
        let lines = try String(contentsOfFile: CLI.sample("demo-travel.trace.jsonl"), encoding: .utf8)
            .components(separatedBy: "\n")
        let relaunch = try #require(
            lines.firstIndex {
                $0.contains(#""callback":"application:willFinishLaunchingWithOptions:""#) && $0.contains(#""launch":2"#)
            })
        let cut = lines[..<(relaunch + 3)].joined(separator: "\n") + "\n" + lines[relaunch + 3].prefix(30)
        try cut.write(to: dir.appendingPathComponent("cut.trace.jsonl"), atomically: true, encoding: .utf8)
        let html = try Self.page("cut.trace.jsonl", in: dir)
        #expect(!html.contains("No relaunch in this timeline"))
        #expect(html.contains("The trace is cut off after event #"))
        #expect(html.contains("before any restoration is whole"))
        // Cut inside the first preservation: the app did go to the background.
        let background = try #require(lines.firstIndex { $0.contains(#""event":"background""#) })
        let early = lines[...(background + 2)].joined(separator: "\n") + "\n" + lines[background + 3].prefix(30)
        try early.write(to: dir.appendingPathComponent("early.trace.jsonl"), atomically: true, encoding: .utf8)
        let first = try Self.page("early.trace.jsonl", in: dir)
        #expect(!first.contains("never went to the background"))
        #expect(first.contains("before a preservation is whole."))
    }
}

/// A `--drop-id` what-if's page draws the faithful run beside the what-if run, whose rows the page
/// shows: the faithful drawing's links went to rows that do not exist, or to another node's
/// (Explore's navigation controller to the dropped `tripsNav`'s) (r19 report hunt).
@Suite struct WhatIfFaithfulLinkTests {
    @Test func everyFaithfulLinkReachesTheSameNodesRow() throws {
        let dir = try CLI.temporaryDirectory()
        let r = try CLI.run(
            [
                "replay", CLI.sample("demo-travel.trace.jsonl"), "--drop-id", "Tabs/tripsNav", "--report-dir", "wi",
            ], in: dir)
        #expect(r.code == 0, "\(r.stderr)")
        let html = try String(contentsOf: dir.appendingPathComponent("wi/index.html"), encoding: .utf8)
        let start = try #require(html.range(of: "data-run=\"faithful\""))
        let end = try #require(html.range(of: "data-run=\"whatif\""))
        let faithful = html[start.upperBound..<end.lowerBound]
        let links = faithful.components(separatedBy: "xlink:href=\"#").dropFirst().compactMap {
            $0.split(separator: "\"").first.map(String.init)
        }.filter { $0.hasPrefix("node-") }
        #expect(links.count > 10)
        for link in links { #expect(html.contains(" id=\"\(link)\""), "\(link) has no row on the page") }
        // Explore's navigation controller is the what-if run's second unidentified one.
        #expect(links.contains("node-p-Tabs.2F.3CUINavigationController.3E.231"))
        // A renamed node is named as it was too, as `replay` says it.
        #expect(html.contains("(was <code>Tabs/tripsNav</code>)"))
    }
}
