import Testing

@testable import RestoreEngine

/// Lookups answered from bytes must answer as the Character comparisons they skip.
@Suite struct LookupFastPathTests {
    static let texts = [
        "", "scroll", "Nav/a/scroll", "Nav/a/", "/x", "Café/Menü", "Nav/Café", "a/\u{301}b", "🇫🇷/🇩🇪", "Nav/K",
        "Nav/\u{212A}", "Nav/e\u{301}", "Nav/\u{E9}",
    ]
    static let identifiers = [
        "", "scroll", "a", "Café", "Menü", "b", "\u{301}b", "🇩🇪", "K", "\u{212A}", "\u{E9}", "e\u{301}", "a/scroll",
    ]

    @Test(arguments: texts) func aLastComponentMatchesAsItsSubstringDoes(_ text: String) {
        for identifier in Self.identifiers {
            let expected = RestorationPath.lastComponent(of: text) == identifier[...]
            #expect(RestorationPath.lastComponent(of: text, equals: identifier) == expected, "\(text) \(identifier)")
        }
    }
}

/// Archive keys hashed from their bytes answer as a `[String: Int]` of first indices does.
@Suite struct ArchiveKeySlotsTests {
    static let keyLists: [[String]] = [
        [],
        ["Tabs", "Tabs/:[0]:/nav0", "Tabs/:[0]:/nav0/:[0]:/s0", "Tabs/:[0]:/nav0/:[0]:/s0/scroll", "Tabs/:[1]:/nav1"],
        ["A", "A/x", "A/x", "A", "B/:[0]:/K", "A/x"],
        ["Nav/K", "Nav/\u{212A}", "Café", "Cafe\u{301}", "Nav/K"],
        (0..<300).map { "Tabs/:[\($0 % 7)]:/nav\($0 % 7)/:[\($0)]:/s\($0 % 50)" },
    ]
    static let probes = [
        "", "A", "A/x", "B/:[0]:/K", "B/:[0]:/\u{212A}", "Nav/K", "Nav/\u{212A}", "Café", "Cafe\u{301}", "Tabs",
        "Tabs/:[0]:/nav0/:[0]:/s0", "Tabs/:[3]:/nav3/:[10]:/s10", "missing",
    ]

    @Test(arguments: keyLists.indices) func slotsAreTheFirstIndexOfEachKey(_ list: Int) {
        let keys = Self.keyLists[list]
        var isFirst = [Bool](repeating: true, count: keys.count)
        let slots = ArchiveKeySlots(keys: keys, isFirst: &isFirst)
        var expected: [String: Int] = [:]
        for (i, key) in keys.enumerated() where expected[key] == nil { expected[key] = i }
        for (i, key) in keys.enumerated() {
            #expect(slots[key] == expected[key])
            #expect(isFirst[i] == (expected[key] == i))
        }
        for probe in Self.probes + keys.map({ $0 + "/" }) {
            #expect(slots[probe] == expected[probe], "\(probe)")
        }
    }
}

/// The live index's table answers as the `[String: Value]` it replaces, through growth,
/// overwrites and paths that are not ASCII (stored or only looked up).
@Suite struct PathTableTests {
    static let asciiPaths = (0..<100).map { "Tabs/nav\($0 % 9)/s\($0)" } + ["", "K", "Tabs", "Tabs/nav1"]
    static let otherPaths = ["\u{212A}", "Tabs/nav1/s\u{212A}", "Café", "Cafe\u{301}", "🇫🇷"]

    @Test(arguments: [false, true]) func aTableAnswersAsADictionary(storingOtherText: Bool) {
        var table = PathTable<Int>(minimumCapacity: 3)
        var model: [String: Int] = [:]
        var stored = Self.asciiPaths
        if storingOtherText { stored.insert(contentsOf: Self.otherPaths, at: 50) }
        for (i, path) in stored.enumerated() {
            table.set(i, at: path)
            model[path] = i
            if i % 7 == 0 {
                table.set(-i, at: stored[i / 2])
                model[stored[i / 2]] = -i
            }
            #expect(table.count == model.count)
        }
        for path in Self.asciiPaths + Self.otherPaths + ["missing", "Tabs/nav1/s1/"] {
            #expect(table.value(at: path) == model[path], "\(path)")
        }
        // A lookup that is not ASCII finds the ASCII path it equals, and the table keeps answering.
        var ascii = PathTable<Int>()
        ascii.set(1, at: "Nav/K")
        #expect(ascii.value(at: "Nav/\u{212A}") == 1)
        ascii.set(2, at: "Nav/a")
        #expect(ascii.value(at: "Nav/a") == 2)
        #expect(ascii.value(at: "Nav/K") == 1)
        #expect(ascii.count == 2)
    }
}

/// Siblings that read the same get `#i`, whether their names are ASCII or not.
@Suite struct SiblingNameTests {
    @Test func aRepeatedNameGetsItsIndexAsTheSetGaveIt() {
        let lists: [[String?]] = [
            ["a", "b", "a", nil, nil, "c", "b"],
            ["K", "\u{212A}", "Café", "Cafe\u{301}", "x"],
            (0..<40).map { "s\($0 % 13)" },
        ]
        for ids in lists {
            let children = ids.map { UIViewController(className: "Screen", restorationIdentifier: $0) }
            var seen = Set<String>()
            let expected = children.enumerated().map { i, child in
                seen.insert(NodeLocator.name(identifier: child.restorationIdentifier, className: child.className))
                    .inserted ? "" : "#\(i)"
            }
            #expect(PreservationWalk.nameSuffixes(children) == expected)
        }
    }
}
