import Foundation
import Testing

/// A what-if replay answers its question first, and lists only nodes whose fate changed.
@Suite struct WhatIfTextTests {
    static let trace = CLI.sample("demo-travel.trace.jsonl")

    @Test func theWhatIfLeadsAndTheFaithfulVerdictFollows() throws {
        let r = try CLI.run(
            ["replay", Self.trace, "--set", "shouldRestore=false", "--no-report"], in: try CLI.temporaryDirectory())
        #expect(r.code == 0)
        let lines = r.stdout.components(separatedBy: "\n")
        #expect(lines.first == "What if shouldRestore=false:")
        // Counted once per node, at the restoration (its preservation was counted too: "17 lost").
        #expect(
            lines.dropFirst().first == "  0 gained, 8 lost (restored 8 of 9 → 0 of 9); 1 new finding, 1 gone",
            "\(r.stdout)")
        // The faithful verdict says it is about the trace as recorded, not the change.
        #expect(!r.stdout.contains("replay matched"))
        let verdict = try #require(
            lines.firstIndex {
                $0
                    == "demo-travel: the trace as recorded (without the change) replays exactly — all 48 recorded events reproduced"
            })
        let firstChange = try #require(lines.firstIndex { $0.hasPrefix("  restoration: ") })
        #expect(firstChange < verdict)
    }

    @Test func dropIdListsOnlyNodesWhoseFateChanged() throws {
        let r = try CLI.run(
            ["replay", Self.trace, "--drop-id", "Tabs/tripsNav", "--no-report"], in: try CLI.temporaryDirectory())
        #expect(r.code == 0)
        let whatIf = r.stdout.components(separatedBy: "\n\n").first ?? ""
        // The unmarked navigation controller was skipped before and is skipped now: renumbered,
        // not changed, and so are its findings (their words name it `#1` now).
        #expect(!whatIf.contains("Tabs/<UINavigationController>#1"), "\(whatIf)")
        #expect(!whatIf.contains("finding gone: warning [no-restoration-identifier]"), "\(whatIf)")
        #expect(!whatIf.contains("finding gone: warning [ancestor-not-preserved]"), "\(whatIf)")
        for line in whatIf.components(separatedBy: "\n") where line.contains(" changed: ") {
            let parts = line.components(separatedBy: " changed: ").last?.components(separatedBy: " → ") ?? []
            #expect(parts.count == 2 && parts[0] != parts[1], "\(line)")
        }
        #expect(whatIf.contains("`Tabs/<UINavigationController>` (was `Tabs/tripsNav`) is now skipped"))
    }
}

/// The report of a what-if replay leads with its answer and shows the delta.
@Suite struct WhatIfReportTests {
    @Test func theReportLeadsWithTheAnswerAndHighlightsChangedNodes() throws {
        let dir = try CLI.temporaryDirectory()
        let out = dir.appendingPathComponent("whatif-report").path
        let r = try CLI.run(
            ["replay", WhatIfTextTests.trace, "--set", "shouldRestore=false", "--report-dir", out], in: dir)
        #expect(r.code == 0, "\(r.stderr)")
        let html = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        let answer = try #require(html.range(of: "id=\"whatif-text\">What if shouldRestore=false: restored "))
        let verdict = try #require(html.range(of: "id=\"verdict-text\""))
        #expect(answer.lowerBound < verdict.lowerBound, "the what-if's answer comes first")
        #expect(html.contains("restored 8 of 9 → 0 of 9; 0 gained, 8 lost; 1 new finding, 1 gone.</p>"))
        #expect(html.contains("data-direction=\"lost\"><h3>Lost</h3>"))
        #expect(html.contains("→ <strong>not-restored"))
        #expect(html.contains(" changed\" data-path="), "changed rows are highlighted")
        #expect(html.contains("<mark>what-if: restored"))
        let svg = try String(contentsOfFile: out + "/hierarchy.svg", encoding: .utf8)
        #expect(svg.contains("class=\"node changed\""), "changed nodes are ringed in the drawing")
        #expect(svg.contains("thick outline: changed by the what&#45;if"), "Graphviz escapes the hyphen")
    }

    @Test func theReportDrawsTheFaithfulRunNextToTheWhatIfBothRingingChangedNodes() throws {
        let dir = try CLI.temporaryDirectory()
        let out = dir.appendingPathComponent("whatif-report").path
        let r = try CLI.run(
            ["replay", WhatIfTextTests.trace, "--set", "shouldRestore=false", "--report-dir", out], in: dir)
        #expect(r.code == 0, "\(r.stderr)")
        let html = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        let faithful = try #require(html.range(of: "data-run=\"faithful\""))
        let whatIf = try #require(html.range(of: "data-run=\"whatif\""))
        #expect(faithful.lowerBound < whatIf.lowerBound, "the faithful drawing comes first")
        let faithfulDrawing = html[faithful.upperBound..<whatIf.lowerBound]
        let whatIfDrawing = html[whatIf.upperBound...]
        #expect(faithfulDrawing.contains("<svg") && whatIfDrawing.contains("<svg"))
        // The faithful run restored the home tab, the what-if lost it: both drawings ring it.
        let ringed = "class=\"node changed\""
        #expect(faithfulDrawing.contains("id=\"faithful-gnode&#45;r&#45;") && faithfulDrawing.contains(ringed))
        #expect(whatIfDrawing.contains(ringed))
        #expect(!whatIfDrawing.contains("id=\"faithful-"), "ids stay unique on the page")
    }

    @Test func aFaithfulReportHasNoWhatIf() throws {
        let dir = try CLI.temporaryDirectory()
        let out = dir.appendingPathComponent("report").path
        let r = try CLI.run(["replay", WhatIfTextTests.trace, "--report-dir", out], in: dir)
        #expect(r.code == 0, "\(r.stderr)")
        let html = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        #expect(!html.contains("whatif-text") && !html.contains("<mark>what-if"))
        #expect(!html.contains("data-run=\"faithful\"") && !html.contains("id=\"faithful-"))
    }
}

/// A what-if can make a step of the timeline do nothing: with every launch locked the app stays
/// in the background (R12), so the next `background` preserves nothing and the shown preservation
/// is an older one. The answer says which step and why, in the text, the JSON and the report;
/// it said nothing, and "Preservation (launch 1)" replaced "(launch 2)" without a word.
@Suite struct WhatIfIdleStepTests {
    /// Two background–kill–launch cycles of a navigation stack, recorded as `t.jsonl`.
    static func trace() throws -> (dir: URL, trace: String) {
        let dir = try WhatIfAnswerTests.record(
            """
            name: twice
            launchUI:
              class: UINavigationController
              restorationIdentifier: Nav
              children: [{class: MapViewController, restorationIdentifier: Map}]
            timeline: [background, {kill: system}, launch, background, {kill: system}, launch]
            """)
        return (dir, "t.jsonl")
    }

    @Test func aBackgroundTheChangeMadeIdleIsNamedWithItsLine() throws {
        let (dir, trace) = try Self.trace()
        let lines = try String(contentsOf: dir.appendingPathComponent(trace), encoding: .utf8)
            .components(separatedBy: "\n")
        // The second `background` marker's line in the trace.
        let backgrounds = lines.indices.filter { lines[$0].contains(#""event":"background""#) }
        #expect(backgrounds.count == 2)
        let line = try #require(backgrounds.last) + 1
        let faithful = try CLI.run(["replay", trace, "--no-report"], in: dir)
        #expect(faithful.code == 0)
        #expect(!faithful.stdout.contains("did nothing"))
        let r = try CLI.run(["replay", trace, "--no-report", "--set", "deviceLocked=true"], in: dir)
        #expect(r.code == 0, "\(r.stderr)")
        let expected =
            "the `background` at line \(line) of the trace did nothing: the app is already in the background: a launch while the device is locked stays there (R12)"
        #expect(r.stdout.contains("\n  " + expected + "\n"), "\(r.stdout)")
        #expect(r.stdout.contains("Preservation (launch 1)"))
        let json = try CLI.run(["replay", trace, "--no-report", "--set", "deviceLocked=true", "--json"], in: dir)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let whatIf = try #require(object["whatIf"] as? [String: Any])
        let idle = try #require(whatIf["idleSteps"] as? [[String: Any]])
        #expect(idle.count == 1)
        #expect(idle.first?["line"] as? Int == line)
        #expect(idle.first?["step"] as? String == "background")
        let report = dir.appendingPathComponent("rep").path
        #expect(
            try CLI.run(["replay", trace, "--set", "deviceLocked=true", "--report-dir", report], in: dir).code == 0)
        let html = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
        #expect(html.contains("<h3>Steps that did nothing</h3><ul><li>" + expected + "</li>"))
        // A change that idles nothing has no such member.
        let other = try CLI.run(["replay", trace, "--no-report", "--set", "shouldRestore=false", "--json"], in: dir)
        #expect(!other.stdout.contains("idleSteps"))
    }
}
