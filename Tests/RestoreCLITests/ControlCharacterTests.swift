import Foundation
import Testing

/// Control characters from a scenario never reach the terminal or the page raw.
@Suite(.serialized) struct ControlCharacterTests {
    /// ESC sequences, DEL and a C1 CSI in the name, an identifier and a coder value.
    static let scenario = #"""
        name: "evil\e[2J\e[31m"
        ui:
          class: UINavigationController
          restorationIdentifier: "nav\e]0;title\a"
          children:
            - {class: "Home\x7F", restorationIdentifier: "home\u009B31m", state: {k: "v\e[0m"}}
            - {class: Lost, restorationIdentifier: "lost\r"}
        """#

    static func rawControls(_ s: String) -> [Unicode.Scalar] {
        s.unicodeScalars.filter { c in
            (c.value < 0x20 && c != "\n" && c != "\t") || (0x7F...0x9F).contains(c.value)
        }
    }

    @Test func recordReplayAndErrorsShowControlsEscaped() throws {
        let dir = try CLI.temporaryDirectory()
        try Self.scenario.write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let record = try CLI.run(["record", "s.yaml", "-o", "t.jsonl", "--verbose"], in: dir)
        #expect(record.code == 0, "\(record.stderr)")
        #expect(Self.rawControls(record.stdout).isEmpty)
        #expect(record.stdout.hasPrefix(#"evil\u{1B}[2J\u{1B}[31m: recorded"#))
        let replay = try CLI.run(["replay", "t.jsonl", "--verbose", "--no-report"], in: dir)
        #expect(replay.code == 0, "\(replay.stderr)")
        #expect(Self.rawControls(replay.stdout).isEmpty)
        #expect(replay.stdout.contains(#"\u{9B}31m"#))
        let archive = try CLI.run(["archive", "t.jsonl"], in: dir)
        #expect(Self.rawControls(archive.stdout).isEmpty)
        let json = try CLI.run(["replay", "t.jsonl", "--json", "--no-report"], in: dir)
        #expect(Self.rawControls(json.stdout).isEmpty)
        #expect(json.stdout.contains(#"home\u009b31m"#))

        try "name: x\n\"bad\\e[31mkey\": 1\n".write(
            to: dir.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
        let bad = try CLI.run(["record", "bad.yaml"], in: dir)
        #expect(bad.code == 2)
        #expect(Self.rawControls(bad.stderr).isEmpty)
        #expect(bad.stderr.contains(#"unknown key 'bad\u{1B}[31mkey'"#))
    }

    @Test func theReportPageCarriesNoRawControls() throws {
        let dir = try CLI.temporaryDirectory()
        try Self.scenario.write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["record", "s.yaml", "-o", "t.jsonl"], in: dir).code == 0)
        let report = try CLI.run(["report", "t.jsonl", "-o", "r"], in: dir)
        #expect(report.code == 0, "\(report.stderr)")
        let html = try String(contentsOf: dir.appendingPathComponent("r/index.html"), encoding: .utf8)
        #expect(Self.rawControls(html).isEmpty)
        #expect(html.contains(#"evil\u{1B}[2J\u{1B}[31m — restoretrace report"#))
    }
}
