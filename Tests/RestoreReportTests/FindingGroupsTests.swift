import RestoreEngine
import RestoreReport
import RestoreScenario
import Testing

/// A big app repeats one finding per node: the console folds them by code and cause.
@Suite struct FindingGroupsTests {
    /// A tab bar whose `count` tabs have no way back, so each is lost for the same reason.
    static func lostTabs(_ count: Int) throws -> Outcome {
        let kids = (0..<count).map { "{class: Tab\($0), restorationIdentifier: T\($0)}" }.joined(separator: ", ")
        let yaml = """
            name: t
            launchUI: {class: UITabBarController, restorationIdentifier: Tabs}
            ui:
              class: UITabBarController
              restorationIdentifier: Tabs
              children: [\(kids)]
            """
        return try ScenarioParser.parse(yaml, file: "t.yaml").run(observer: nil)
    }

    @Test func identicalFindingsFoldIntoOneLineWithCountAndFirstPaths() throws {
        let lines = OutcomeSummary.lines(for: try Self.lostTabs(40))
        let findings = Array(lines.drop { !$0.hasPrefix("Findings:") })
        #expect(findings.first == "Findings: 0 errors, 41 warnings")
        let folded = findings.filter { $0.contains("[not-found]") }
        #expect(folded.count == 1)
        #expect(
            folded.first?.hasPrefix("  warning  ×40 [not-found] ‹node› was not restored: no restoration class") == true)
        #expect(findings.contains("      at Tabs/T0, Tabs/T1, Tabs/T2 and 37 more"))
        #expect(!findings.contains { $0.contains("… and") })
    }

    /// Views of a skipped stack each name their own owner: they were as many kinds as views.
    @Test func viewsWhoseOwnersWereNotPreservedFoldIntoOneLine() throws {
        let kids = (0..<12).map {
            "{class: C, restorationIdentifier: s\($0), views: [{class: UIScrollView, restorationIdentifier: scroll}]}"
        }
        .joined(separator: ", ")
        let yaml = """
            name: t
            ui:
              class: UITabBarController
              restorationIdentifier: Tabs
              children: [{class: UINavigationController, children: [\(kids)]}]
            """
        let lines = OutcomeSummary.lines(for: try ScenarioParser.parse(yaml, file: "t.yaml").run(observer: nil))
        let owners = lines.filter { $0.contains("[view-owner-not-preserved]") }
        #expect(
            owners == [
                "  warning  ×12 [view-owner-not-preserved] ‹node› was not preserved: its owner `‹owner›` was not preserved."
            ], "\(lines)")
        #expect(
            lines.contains(
                "      at Tabs/<UINavigationController>/s0/scroll, Tabs/<UINavigationController>/s1/scroll, Tabs/<UINavigationController>/s2/scroll and 9 more"
            ))
    }

    @Test func verboseStillListsEveryFinding() throws {
        let lines = OutcomeSummary.lines(for: try Self.lostTabs(40), verbose: true)
        #expect(lines.filter { $0.contains("was not restored: no restoration class") }.count == 40)
        #expect(lines.contains { $0.contains("(Tabs/T39) was not restored") })
    }

    @Test func aFindingSaidOnceReadsAsBefore() throws {
        let outcome = try Self.lostTabs(1)
        let line = try #require(outcome.diagnostics.first { $0.code == .notFound })
        #expect(OutcomeSummary.lines(for: outcome).contains("  warning  " + line.message))
    }

    @Test func groupsKeepFirstAppearanceOrderAndSplitByCause() throws {
        let groups = FindingGroup.grouping(try Self.lostTabs(3).diagnostics)
        #expect(groups.map(\.code) == [.deprecatedApi, .notFound])
        #expect(groups.map(\.count) == [1, 3])
        #expect(groups[1].firstPaths(2) == ["Tabs/T0", "Tabs/T1"])
    }

    /// A node's name is replaced only where the message quotes it: replaced anywhere, the session
    /// `photo` made `com.example.photoActivity` read `com.example.‹node›Activity`, and findings
    /// about two different activity types were folded into one about a type that does not exist.
    @Test func aNameInsideAnotherValueIsNotReplaced() throws {
        let outcome = try ScenarioParser.parse(
            """
            name: t
            app: {lifecycle: scenes, userActivityTypes: [com.example.other]}
            scenes:
              - {session: main, ui: {class: A}, activity: {type: com.example.mainActivity}}
              - {session: photo, ui: {class: B}, activity: {type: com.example.photoActivity}}
            """, file: "t.yaml"
        ).run(observer: nil)
        let lines = OutcomeSummary.lines(for: outcome)
        #expect(!lines.contains { $0.contains("‹node›Activity") }, "\(lines)")
        #expect(lines.contains { $0.contains("'com.example.mainActivity'") })
        #expect(lines.contains { $0.contains("'com.example.photoActivity'") })
        // Findings that differ only in their node still fold.
        let cause = FindingGroup.cause(
            of: Diagnostic(
                code: .notFound, severity: .warning, path: "Tabs/T1", locator: "Tabs/T1",
                message: "`T1` (Tabs/T1) was not restored: no class T1Restorer", launch: 2))
        #expect(cause == "‹node› was not restored: no class T1Restorer")
    }

    /// `cause` works on UTF-8 bytes for speed (String's generic `replacing` was 86 % of `record`
    /// on an app of 80,000 findings): it must say what the String version says, wherever bytes
    /// and String agree on what is equal (no two spellings of one character; see below).
    @Test func theCauseIsWhatStringReplacingGives() {
        func reference(_ d: Diagnostic) -> String {
            var text = d.message
            let names = [d.path, d.locator].compactMap { $0 }.filter { !$0.isEmpty }
            for name in names.sorted(by: { $0.count > $1.count }) {
                for (open, close) in [("`", "`"), ("(", ")"), ("'", "'")] {
                    text = text.replacing(open + name + close, with: open + "‹node›" + close)
                }
            }
            for name in names {
                let last = name.split(separator: "/").last.map(String.init) ?? name
                text = text.replacing("`\(last)`", with: "`‹node›`")
            }
            return text.replacing("`‹node›` (‹node›)", with: "‹node›")
        }
        let paths: [String?] = [
            nil, "", "T1", "Tabs/T1", "Tabs/T1/T1", "Tabs/:[1]:/T1", "é/ü", "a'b", "`x`", "((p))", "T1/", "///", "/T1",
            "Tabs//T1",
        ]
        let messages = [
            "`T1` (Tabs/T1) was not restored: no class T1Restorer",
            "`T1` (Tabs/T1) and `T1` (Tabs/T1) again; 'Tabs/T1' and 'T1' and (T1) and `Tabs/T1`",
            "nothing to replace here",
            "",
            "`é/ü` (é/ü) 'é/ü' ü `ü`",
            "'a'b' (a'b) ``x`` `x` (((p))) `(p)`",
            "`T1` (Tabs/T1/T1) `T1``T1` (Tabs/T1)(Tabs/T1)",
            "‹node› `‹node›` (‹node›) `‹node›` (Tabs/T1)",
            "`T1` (T1/) `///` (///) `/T1` (/T1) (Tabs//T1) `Tabs//T1`",
        ]
        for message in messages {
            for path in paths {
                for locator in paths {
                    let d = Diagnostic(
                        code: .notFound, severity: .warning, path: path, locator: locator, message: message, launch: 1)
                    #expect(
                        FindingGroup.cause(of: d) == reference(d), "\(message) / \(path ?? "nil") / \(locator ?? "nil")"
                    )
                }
            }
        }
    }

    /// UIKit compares restoration identifiers literally: `é` precomposed and `e` + U+0301 are two
    /// identifiers, so their findings are two groups, not one.
    @Test func identifiersSpelledDifferentlyAreDifferentNodes() {
        let finding = { (ancestor: String, child: String) in
            Diagnostic(
                code: .parentNotRestored, severity: .warning, path: "Tabs/\(ancestor)/\(child)",
                locator: "Tabs/\(ancestor)/\(child)",
                message:
                    "`\(child)` (Tabs/\(ancestor)/\(child)) was not restored: its ancestor `\(ancestor)` was not restored",
                launch: 2)
        }
        let groups = FindingGroup.grouping([
            finding("A\u{E9}", "c1"), finding("Ae\u{301}", "c2"), finding("A\u{E9}", "c3"),
        ])
        #expect(groups.map(\.count) == [2, 1])
        #expect(groups.first?.cause == "‹node› was not restored: its ancestor `A\u{E9}` was not restored")
    }
}
