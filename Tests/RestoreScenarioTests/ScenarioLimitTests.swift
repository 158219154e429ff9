import Foundation
import RestoreEngine
import Testing

@testable import RestoreScenario

/// Hostile scenarios are refused by their text, before a tree exists, with a location.
@Suite("Scenario limits")
struct ScenarioLimitTests {
    @Test func deepFlowNestingInYAMLIsRefusedAtTheLine() {
        let text = "name: deep\nui: " + String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000)
        let found = located(problems(text))
        // The root mapping is level 1, so the 256th bracket (column 5 + 255) is level 257.
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("2:260: the scenario nests collections deeper than 256 levels") == true)
    }

    /// libyaml ends a line at CR, NEL, LS and PS too: a comment ended by U+2028 hid 3,000
    /// brackets from the scan, and Yams's recursion overflowed the stack (the fuzzer's find).
    @Test(arguments: ["\u{2028}", "\u{2029}", "\u{85}", "\r", "\r\n"])
    func deepNestingAfterAnyLineBreakIsRefused(_ lineBreak: String) {
        let text =
            "name: deep\n# a comment" + lineBreak + "ui: " + String(repeating: "[", count: 3_000)
            + String(repeating: "]", count: 3_000) + "\n"
        let found = located(problems(text))
        #expect(
            found.first?.hasPrefix("3:260: the scenario nests collections deeper than 256 levels") == true, "\(found)")
    }

    @Test func deepJSONIsRefusedAtTheLine() {
        let text =
            "{\"name\": \"deep\",\n \"ui\": " + String(repeating: "{\"a\":", count: 5_000) + "1"
            + String(repeating: "}", count: 5_000) + "}"
        let found = located(problems(text))
        #expect(found.first?.hasPrefix("2:") == true)
        #expect(found.first?.contains("deeper than 256 levels") == true)
    }

    @Test func deepBlockNestingIsRefused() {
        // Indented mappings, one per line, and compact sequences on one line.
        var text = "name: deep\n"
        for level in 0..<3_000 { text += String(repeating: " ", count: level) + "k:\n" }
        #expect(located(problems(text)).first?.hasPrefix("258:257: the scenario nests") == true)
        let compact = "name: deep\nui:\n" + String(repeating: "- ", count: 3_000) + "x\n"
        #expect(located(problems(compact)).first?.hasPrefix("3:511: the scenario nests") == true)
    }

    @Test func bracketsInQuotesCommentsAndBlockScalarsAreText() throws {
        let deep = String(repeating: "[", count: 400)
        let scenario = try parsed(
            """
            name: brackets
            description: "\(deep)" # \(deep)
            ui:
              class: A
              restorationIdentifier: a
              state:
                single: '\(deep) it''s'
                plain: x\(deep)
                block: |
                  \(deep)
                    {{{{
                folded: >-
                  \(deep)
            """)
        #expect(scenario.description == deep)
    }

    @Test func theDeepestValidScenarioIsNotRefused() throws {
        // 63 controllers nested through `children:` in block style (the node limit is 64), the
        // deepest with a coder value nested 60 levels in flow style.
        var text = "name: tall\nui:\n"
        var indent = "  "
        var firstKey = indent
        for level in 0..<63 {
            text += "\(firstKey)class: C\(level)\n\(indent)restorationIdentifier: c\(level)\n"
            if level < 62 {
                text += "\(indent)children:\n\(indent)- "
                indent += "  "
                firstKey = ""
            }
        }
        text +=
            "\(indent)state: {v: " + String(repeating: "[", count: 60) + "1" + String(repeating: "]", count: 60) + "}\n"
        let scenario = try parsed(text)
        #expect(scenario.ui?.nodeCount == 63)
    }

    @Test func anAliasBombIsRefusedQuickly() {
        // Ten levels of ten aliases each: 10^10 nodes if expanded, in 600 bytes.
        var lines = ["name: bomb", "ui:", "  class: A", "  restorationIdentifier: a", "  state:"]
        lines.append("    l0: &l0 [x, x, x, x, x, x, x, x, x, x]")
        for i in 1..<10 {
            lines.append(
                "    l\(i): &l\(i) [" + Array(repeating: "*l\(i - 1)", count: 10).joined(separator: ", ") + "]")
        }
        let clock = ContinuousClock()
        var found: [String] = []
        let elapsed = clock.measure { found = located(problems(lines.joined(separator: "\n"))) }
        #expect(found.count == 1)
        #expect(found.first?.contains("aliases expand this document to more than") == true)
        #expect(elapsed < .seconds(1))
    }

    @Test func aliasesOfAliasesCannotNestPastTheLimit() {
        // Each line nests the previous anchor one level deeper without indenting.
        var lines = ["name: chain", "ui:", "  class: A", "  restorationIdentifier: a", "  state:", "    l0: &l0 x"]
        for i in 1..<400 { lines.append("    l\(i): &l\(i) [*l\(i - 1)]") }
        let found = located(problems(lines.joined(separator: "\n")))
        #expect(found.first?.contains("aliases nest this document deeper than 256 levels") == true)
    }

    @Test func aFewAliasesAreFine() throws {
        let scenario = try parsed(
            """
            name: shared
            ui:
              class: UINavigationController
              restorationIdentifier: nav
              children:
                - &leaf {class: Leaf, restorationIdentifier: leaf, state: {k: [1, 2]}}
                - *leaf
            """)
        #expect(scenario.ui?.children.count == 2)
    }

    @Test func jsonStringsMayHoldDELAndC1Controls() throws {
        let scenario = try parsed(
            "{\"name\": \"ctl\", \"description\": \"a\u{7F}b\u{85}c\u{9B}d\u{2028}e\", \"ui\": {\"class\": \"A\"}}")
        #expect(scenario.description == "a\u{7F}b\u{85}c\u{9B}d\u{2028}e")
    }
}
