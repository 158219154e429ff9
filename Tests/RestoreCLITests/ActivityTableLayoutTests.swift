import Foundation
import RestoreTestSupport
import Testing

/// A scene session's card shows its activity's userInfo keys, in a column wide enough to read
/// (r20 scenes hunt: the card's table took the node table's 1.6rem mark column, and each key
/// printed one letter a line).
@Suite(.enabled(if: Browser.shouldRun, "RESTORETRACE_SKIP_BROWSER=1"))
struct ActivityTableLayoutTests {
    @Test func userInfoKeysHaveARoomyColumn() throws {
        let chromium = try #require(Browser.path)
        let dir = try CLI.temporaryDirectory().appendingPathComponent("report")
        let report = try CLI.run(
            ["report", CLI.sample("restoring-your-apps-state-scenes.trace.jsonl"), "-o", dir.path], in: CLI.packageRoot)
        #expect(report.code == 0, "\(report.stderr)")
        let index = dir.appendingPathComponent("index.html")
        let page = try String(contentsOf: index, encoding: .utf8)
        // The narrowest key and the tallest (each a `<code>` in its row's header cell), measured
        // once laid out at a laptop's width.
        let measure = """
            <script>setTimeout(function () {
              var w = 1e9, h = 0;
              document.querySelectorAll('th[scope=row] code').forEach(function (t) {
                var r = t.getBoundingClientRect(); w = Math.min(w, r.width); h = Math.max(h, r.height);
              });
              document.body.setAttribute('data-key-width', String(Math.round(w)));
              document.body.setAttribute('data-key-height', String(Math.round(h)));
            }, 500);</script></body>
            """
        try page.replacingOccurrences(of: "</body>", with: measure).write(to: index, atomically: true, encoding: .utf8)
        let dom = try Browser.run(
            chromium, ["--window-size=1280,900", "--virtual-time-budget=3000", "--dump-dom", index.absoluteString])
        func attribute(_ name: String) -> Int? {
            guard let r = dom.range(of: "\(name)=\"") else { return nil }
            return Int(dom[r.upperBound...].prefix { $0 != "\"" })
        }
        let width = try #require(attribute("data-key-width"), "no key measured")
        let height = try #require(attribute("data-key-height"))
        // Each key on one line: `product` is ~60px wide and a line ~20px tall; a letter a line
        // was ~10px wide and over 100px tall.
        #expect(width >= 40, "a key \(width)px wide")
        #expect(height <= 30, "a key \(height)px tall")
    }
}
