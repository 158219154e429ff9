import Testing

@testable import RestoreTrace

/// The reader's set of an archive's keys answers as a `Set<String>` of them would, whether the
/// keys come as strings or as entry lines' bytes (escaped or not).
@Suite struct ArchiveKeySetTests {
    static let keys = [
        "Tabs", "Tabs/:[0]:/nav0", "Tabs/:[0]:/nav0/:[0]:/s0", "", "é/ü", "Tabs/:[0]:/nav0/:[0]:/s0/scroll",
    ]

    @Test func findsExactlyItsKeys() {
        let set = ArchiveKeySet(Self.keys + (0..<1000).map { "Tabs/:[\($0)]:/nav\($0)" })
        for key in Self.keys { #expect(set.contains(key), "\(key)") }
        #expect(set.contains("Tabs/:[999]:/nav999"))
        for absent in ["Tab", "Tabs/", "tabs", "Tabs/:[0]:/nav", "Tabs/:[1000]:/nav1000", "e/u"] {
            #expect(!set.contains(absent), "\(absent)")
        }
        #expect(Set(set.strings) == Set(Self.keys + (0..<1000).map { "Tabs/:[\($0)]:/nav\($0)" }))
    }

    /// Keys are Swift strings: canonically equivalent spellings are the same key, as with the
    /// `Set<String>` the reader kept before (a hand-edited trace may spell "é" either way).
    @Test func canonicallyEquivalentSpellingsAreTheSameKey() {
        let precomposed = ArchiveKeySet(["Tabs/:[1]:/nav\u{E9}", "Tabs"])
        #expect(precomposed.contains("Tabs/:[1]:/nave\u{301}"))
        #expect(precomposed.contains("Tabs/:[1]:/nav\u{E9}"))
        #expect(!precomposed.contains("Tabs/:[1]:/nave"))
        let decomposed = ArchiveKeySet(["Tabs/:[1]:/nave\u{301}"])
        #expect(decomposed.contains("Tabs/:[1]:/nav\u{E9}"))
        // An all-ASCII archive still answers for a non-ASCII spelling of one of its keys.
        let ascii = ArchiveKeySet(["K", "Tabs"])
        #expect(ascii.contains("\u{212A}"))
        #expect(!ascii.contains("\u{212B}"))
    }

    /// A key asked as a line's bytes (the reader's restored keys) answers as the String would.
    @Test func keysAskedAsBytesAnswerAsStrings() {
        let sets = [
            ArchiveKeySet(Self.keys), ArchiveKeySet(["Tabs/:[1]:/nav\u{E9}", "Tabs"]), ArchiveKeySet(["K", "Tabs"]),
            ArchiveKeySet([]),
        ]
        let asked =
            Self.keys + ["Tab", "Tabs/:[1]:/nave\u{301}", "Tabs/:[1]:/nav\u{E9}", "\u{212A}", "\u{212B}", "e/u"]
        for set in sets {
            for key in asked {
                let bytes = Array(key.utf8)
                #expect(bytes.withUnsafeBufferPointer { set.contains(bytes: $0) } == set.contains(key), "\(key)")
            }
        }
    }

    @Test func anEmptyArchiveHasNoKeys() {
        #expect(!ArchiveKeySet([]).contains(""))
        #expect(!ArchiveKeySet().contains("Tabs"))
    }

    @Test func entryLinesGiveTheirKeysUnescaped() throws {
        let lines = [
            #"{"entry":0,"key":"Tabs","path":["Tabs"]}"#,
            #"{"entry":1,"path":["x"],"key":"Tabs/\"quoted\"/\u00e9"}"#,
            #"{"entry":2, "key" : "spaced"}"#,
        ]
        var bytes: [UInt8] = []
        var group = LineGroup(file: "t")
        for (i, line) in lines.enumerated() {
            if i > 0 { bytes.append(0x0A) }
            let start = bytes.count
            bytes += Array(line.utf8)
            group.entries.append(.init(range: start..<bytes.count, line: i + 2, unterminated: false))
        }
        let set = try #require(group.archiveKeys(in: bytes))
        #expect(set.strings == ["Tabs", "Tabs/\"quoted\"/é", "spaced"])
        #expect(set.contains("Tabs/\"quoted\"/é"))
        #expect(!set.contains(#"Tabs/\"quoted\"/\u00e9"#))
    }

    @Test func anEntryLineWithoutAStringKeyIsLeftToTheWholeDecode() {
        let line = Array(#"{"entry":0,"key":7}"#.utf8)
        var group = LineGroup(file: "t")
        group.entries.append(.init(range: 0..<line.count, line: 2, unterminated: false))
        #expect(group.archiveKeys(in: line) == nil)
    }
}
