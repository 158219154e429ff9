import Foundation
import Testing

/// A trace that `record` writes always reports, however long its names are: the drawing shortens
/// them, the page keeps them whole.
@Suite(.serialized) struct LongTextTests {
    @Test func aFourteenThousandCharacterIdentifierReports() throws {
        let dir = try CLI.temporaryDirectory()
        let id = String(repeating: "x", count: 14_000)
        try """
        name: long-id
        ui:
          class: UINavigationController
          restorationIdentifier: \(id)
          children:
            - {class: \(String(repeating: "C", count: 14_000)), restorationIdentifier: \(id)y}
        """.write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["record", "s.yaml", "-o", "t.jsonl"], in: dir).code == 0)
        let report = try CLI.run(["report", "t.jsonl", "-o", "r"], in: dir)
        #expect(report.code == 0, "\(report.stderr)")
        let html = try String(contentsOf: dir.appendingPathComponent("r/index.html"), encoding: .utf8)
        let svg = try String(contentsOf: dir.appendingPathComponent("r/hierarchy.svg"), encoding: .utf8)
        // The page's node table keeps the whole path (its lists written inline show 500
        // characters of it); the drawing shows 60 characters of a name and 200 of a tooltip.
        #expect(html.contains("data-path=\"\(id)/\(id)y\""))
        #expect(html.contains("<code>" + String(repeating: "x", count: 249) + "…"))
        #expect(!svg.contains(String(repeating: "x", count: 200)))
        #expect(svg.contains(String(repeating: "x", count: 29) + "…" + String(repeating: "x", count: 29) + "y"))
        let replay = try CLI.run(["replay", "t.jsonl", "--no-report"], in: dir)
        #expect(replay.code == 0, "\(replay.stderr)")
    }

    @Test func aHugeNameExportsQuickly() throws {
        let dir = try CLI.temporaryDirectory()
        let name = String(repeating: "n", count: 2_000_000)
        try "name: \(name)\nui: {class: A, restorationIdentifier: a}\n".write(
            to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["record", "s.yaml", "-o", "t.jsonl"], in: dir).code == 0)
        let clock = ContinuousClock()
        var result = CLI.Result(code: -1, stdout: "", stderr: "")
        let elapsed = try clock.measure { result = try CLI.run(["export", "t.jsonl", "--format", "svg"], in: dir) }
        #expect(result.code == 0, "\(result.stderr)")
        #expect(result.stdout.utf8.count < 50_000)
        #expect(elapsed < .seconds(20))
    }
}
