import Foundation
import Testing

/// The same trace gives byte-identical reports, also for a what-if report, whose page draws the
/// faithful run next to the what-if run: two Graphviz renders in one process. Graphviz ordered
/// some of its layout's sets by the addresses of interned names, and its pango plugin read the
/// previous render's freed font name, so the second drawing moved a label by a pixel in about
/// half the runs (12 runs: 2 different pages before the fix).
@Suite struct WhatIfReportDeterminismTests {
    @Test func aWhatIfReportIsTheSameBytesEveryRun() throws {
        let dir = try CLI.temporaryDirectory()
        var digests: Set<Data> = []
        for run in 0..<12 {
            let folder = "report-\(run)"
            let r = try CLI.run(
                [
                    "replay", CLI.sample("homepwner.trace.jsonl"), "--set", "shouldRestore=false",
                    "--report-dir", folder,
                ], in: dir)
            #expect(r.code == 0)
            let page = try Data(contentsOf: dir.appendingPathComponent(folder).appendingPathComponent("index.html"))
            #expect(page.count > 10_000)
            digests.insert(page)
        }
        #expect(digests.count == 1)
    }
}
