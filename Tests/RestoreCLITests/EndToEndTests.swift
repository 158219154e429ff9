import Foundation
import Testing

@Suite(.serialized) struct EndToEndTests {
    @Test func recordingTheDemoThenReplayingMatchesAndWritesTheReport() throws {
        let dir = try CLI.temporaryDirectory()
        let record = try CLI.run(["record"], in: dir)
        #expect(record.code == 0, "\(record.stderr)")
        #expect(record.stdout.contains("demo-travel: recorded"))
        #expect(record.stdout.contains("restoration-class-returned-nil"))
        #expect(
            FileManager.default.fileExists(atPath: dir.appendingPathComponent("restoretrace-demo.trace.jsonl").path))
        let replay = try CLI.run(["replay", "restoretrace-demo.trace.jsonl"], in: dir)
        #expect(replay.code == 0, "\(replay.stderr)")
        #expect(replay.stdout.contains("replay matched"))
        let index = dir.appendingPathComponent("restoretrace-demo-report/index.html")
        #expect(replay.stdout.contains("Report: restoretrace-demo-report/index.html"))
        let html = try String(contentsOf: index, encoding: .utf8)
        #expect(html.contains("<svg"))
        #expect(html.contains("Content-Security-Policy"))
    }

    @Test func recordingIsByteIdenticalAcrossProcesses() throws {
        let dir = try CLI.temporaryDirectory()
        #expect(try CLI.run(["record", CLI.sample("homepwner.yaml"), "-o", "a.jsonl"], in: dir).code == 0)
        #expect(try CLI.run(["record", CLI.sample("homepwner.yaml"), "-o", "b.jsonl"], in: dir).code == 0)
        let a = try Data(contentsOf: dir.appendingPathComponent("a.jsonl"))
        let b = try Data(contentsOf: dir.appendingPathComponent("b.jsonl"))
        #expect(a == b)
        #expect(a.count > 1000)
    }

    @Test func reportIsByteIdenticalForTheSameTrace() throws {
        let dir = try CLI.temporaryDirectory()
        #expect(try CLI.run(["report", CLI.sample("demo-travel.trace.jsonl"), "-o", "r1"], in: dir).code == 0)
        #expect(try CLI.run(["report", CLI.sample("demo-travel.trace.jsonl"), "-o", "r2"], in: dir).code == 0)
        let a = try Data(contentsOf: dir.appendingPathComponent("r1/index.html"))
        let b = try Data(contentsOf: dir.appendingPathComponent("r2/index.html"))
        #expect(a == b)
    }

    /// Non-ASCII-heavy names (CJK, emoji, combining marks, right-to-left) once drew with different
    /// coordinates from run to run; the SVG a command writes must be the same bytes every time.
    @Test func svgIsByteIdenticalAcrossProcessesForNonASCIINames() throws {
        let dir = try CLI.temporaryDirectory()
        let names = ["導航控制器", "😀🎉🚀✈️", "e\u{301}te\u{301}", "مرحبا بالعالم", "Ünïcödé Ωμέγα", "日本語のタブ"]
        let children = names.enumerated().map { i, name in
            "      - {class: UINavigationController, restorationIdentifier: \"\(name)\", children: [{class: DetailController\(i), restorationIdentifier: \"\(name)·\(i)\"}]}"
        }
        let scenario =
            ([
                "name: nonascii", "launchUI: &ui", "  class: UITabBarController", "  restorationIdentifier: タブ",
                "  children:",
            ]
            + children + ["ui: *ui"]).joined(separator: "\n")
        try scenario.write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let record = try CLI.run(["record", "s.yaml", "-o", "t.jsonl"], in: dir)
        #expect(record.code == 0, "\(record.stderr)")
        var outputs: [Data] = []
        for run in 0..<5 {
            let r = try CLI.run(["export", "t.jsonl", "--format", "svg", "-o", "h\(run).svg"], in: dir)
            #expect(r.code == 0, "\(r.stderr)")
            outputs.append(try Data(contentsOf: dir.appendingPathComponent("h\(run).svg")))
        }
        #expect(outputs.allSatisfy { $0 == outputs[0] })
        #expect(String(decoding: outputs[0], as: UTF8.self).contains("導航控制器"))
    }

    @Test func badScenarioExitsTwoWithLocatedErrorsAndWritesNothing() throws {
        let dir = try CLI.temporaryDirectory()
        try """
        name: broken
        ui:
          class: HomeController
          restorationID: home
          children: yes please
        """.write(to: dir.appendingPathComponent("broken.yaml"), atomically: true, encoding: .utf8)
        try "precious".write(to: dir.appendingPathComponent("broken.trace.jsonl"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["record", "broken.yaml"], in: dir)
        #expect(r.code == 2)
        #expect(r.stderr.contains("broken.yaml:4:3: error: unknown key 'restorationID'"))
        #expect(r.stderr.contains("did you mean 'restorationIdentifier'?"))
        #expect(r.stderr.contains("broken.yaml:5:13: error:"))
        #expect(try String(contentsOf: dir.appendingPathComponent("broken.trace.jsonl"), encoding: .utf8) == "precious")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("broken.trace.jsonl.partial").path))
    }

    @Test func tamperedTraceDivergesWithExitOne() throws {
        let dir = try CLI.temporaryDirectory()
        var lines = try String(contentsOfFile: CLI.sample("demo-travel.trace.jsonl"), encoding: .utf8).components(
            separatedBy: "\n")
        let i = try #require(
            lines.firstIndex { $0.contains("\"callback\":\"application:shouldRestoreApplicationState:\"") })
        lines[i] = lines[i].replacingOccurrences(of: "\"result\":true", with: "\"result\":false")
        try lines.joined(separator: "\n").write(
            to: dir.appendingPathComponent("t.jsonl"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["replay", "t.jsonl", "--no-report"], in: dir)
        #expect(r.code == 1)
        #expect(r.stdout.contains("Replay DIVERGED"))
        #expect(r.stdout.contains("R2 shouldRestoreApplicationState") || r.stdout.contains("rule:"))
    }

    @Test func badTraceExitsTwo() throws {
        let dir = try CLI.temporaryDirectory()
        try "not json\n".write(to: dir.appendingPathComponent("x.jsonl"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["replay", "x.jsonl"], in: dir)
        #expect(r.code == 2)
        #expect(r.stderr.hasPrefix("x.jsonl:1:"))
        #expect(try CLI.run(["replay", "missing.jsonl"], in: dir).code == 2)
        #expect(try CLI.run(["archive", "missing.jsonl"], in: dir).code == 2)
        #expect(try CLI.run(["export", "x.jsonl", "--format", "dot"], in: dir).code == 2)
    }

    @Test func usageErrorsAreBadInput() throws {
        let dir = try CLI.temporaryDirectory()
        #expect(try CLI.run(["frobnicate"], in: dir).code == 2)
        #expect(try CLI.run(["replay", CLI.sample("demo-travel.trace.jsonl"), "--set", "nonsense"], in: dir).code == 2)
        #expect(try CLI.run(["export", CLI.sample("demo-travel.trace.jsonl"), "--format", "pdf"], in: dir).code == 2)
    }

    @Test func whatIfReportsHowTheOutcomeMoved() throws {
        let dir = try CLI.temporaryDirectory()
        let r = try CLI.run(
            ["replay", CLI.sample("demo-travel.trace.jsonl"), "--set", "shouldRestore=false", "--json", "--no-report"],
            in: dir)
        #expect(r.code == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let whatIf = try #require(json["whatIf"] as? [String: Any])
        #expect((whatIf["lost"] as? Int ?? 0) > 3)
        #expect((json["restoration"] as? [String: Any])?["reason"] as? String == "restore-declined")
        #expect((json["replay"] as? [String: Any])?["matched"] as? Bool == true)
    }

    @Test func recordJSONIsTheSpecOutcome() throws {
        let dir = try CLI.temporaryDirectory()
        let r = try CLI.run(
            ["record", CLI.sample("seed000-unmarked-navigation.yaml"), "-o", "s.jsonl", "--json"], in: dir)
        #expect(r.code == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(json["format"] as? String == "restoretrace-outcome/1")
        let nodes = try #require((json["preservation"] as? [String: Any])?["nodes"] as? [[String: Any]])
        #expect(
            nodes.contains {
                $0["status"] as? String == "skipped" && $0["reason"] as? String == "ancestor-not-preserved"
            })
        #expect(nodes.allSatisfy { ["viewController", "view", "object"].contains($0["kind"] as? String ?? "") })
        #expect(json["diagnostics"] is [[String: Any]])
    }

    @Test func diffFindsTheFirstDifferenceAndOutcomeChanges() throws {
        let dir = try CLI.temporaryDirectory()
        let same = try CLI.run(
            ["diff", CLI.sample("demo-travel.trace.jsonl"), CLI.sample("demo-travel.trace.jsonl")], in: dir)
        #expect(same.code == 0)
        #expect(same.stdout.contains("The traces agree"))
        let other = try CLI.run(
            ["diff", CLI.sample("homepwner.trace.jsonl"), CLI.sample("homepwner-pushed-detail.trace.jsonl")], in: dir)
        #expect(other.code == 1)
        #expect(other.stdout.contains("First difference at event"))
        #expect(other.stdout.contains("Outcome changes (A → B):"))
    }

    @Test func exportWritesEveryFormat() throws {
        let dir = try CLI.temporaryDirectory()
        let trace = CLI.sample("demo-travel.trace.jsonl")
        let chrome = try CLI.run(["export", trace, "--format", "chrome-trace"], in: dir)
        #expect(chrome.code == 0)
        let events =
            (try JSONSerialization.jsonObject(with: Data(chrome.stdout.utf8)) as? [String: Any])?["traceEvents"]
            as? [Any]
        #expect((events?.count ?? 0) > 40)
        #expect(try CLI.run(["export", trace, "--format", "dot"], in: dir).stdout.hasPrefix("digraph"))
        #expect(try CLI.run(["export", trace, "--format", "svg", "-o", "h.svg"], in: dir).code == 0)
        #expect(try String(contentsOf: dir.appendingPathComponent("h.svg"), encoding: .utf8).contains("<svg"))
        #expect(
            try CLI.run(["export", trace, "--format", "json"], in: dir).stdout.contains(
                "\"format\":\"restoretrace-outcome/1\""))
    }

    @Test func archivePrintsLikeRestorationArchiveTool() throws {
        let dir = try CLI.temporaryDirectory()
        let r = try CLI.run(["archive", CLI.sample("demo-travel.trace.jsonl")], in: dir)
        #expect(r.code == 0)
        #expect(r.stdout.hasPrefix("Restoration class map is {"))
        #expect(r.stdout.contains("Top Level\n---------\n    kUIStateRestorationArchiveMajorVersionKey.........2\n"))
        #expect(r.stdout.contains("[View Controller] Tabs/:[0]:/tripsNav (Class: UINavigationController)"))
    }
}
