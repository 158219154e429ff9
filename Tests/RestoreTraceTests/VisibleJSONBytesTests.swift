import Testing

@testable import RestoreTrace

/// `--json` output is made safe for a terminal a piece at a time, on bytes: it must escape exactly
/// what the String version escapes, the same way.
@Suite struct VisibleJSONBytesTests {
    /// Every character either version could treat specially, and their neighbours in UTF-8 (same
    /// lead byte, one value off) that must be left alone.
    static let characters: [Unicode.Scalar] = [
        "\u{0}", "\u{1B}", "\u{1F}", "\t", "\n", " ", "a", "\u{7E}", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}", "\u{A0}",
        "é", "\u{2027}", "\u{2028}", "\u{2029}", "\u{202A}", "\u{202E}", "\u{202F}", "\u{2065}", "\u{2066}",
        "\u{2069}", "\u{206A}", "\u{20AC}", "😀", "\u{200A}", "\u{200B}", "\u{200C}", "\u{200D}", "\u{200E}",
        "\u{200F}", "\u{2010}", "\u{FEFE}", "\u{FEFF}", "\u{FF00}",
    ]

    @Test func escapesWhatTheStringVersionEscapesAtEveryPosition() {
        for c in Self.characters {
            for d in Self.characters {
                for text in ["\(c)", "x\(c)", "\(c)\(d)", "ab\(c)cd\(d)", "\(c)\(c)\(d)"] {
                    let expected = VisibleText.escapingControls(json: text)
                    let bytes = VisibleText.escapingControls(jsonBytes: Array(text.utf8))
                    #expect(String(decoding: bytes, as: UTF8.self) == expected, "\(text.debugDescription)")
                }
            }
        }
    }

    @Test func leavesCleanTextAsItIs() {
        let clean = Array(#"{"path":"Tabs/nav/Détail 😀","n":1}"#.utf8)
        #expect(VisibleText.escapingControls(jsonBytes: clean) == clean)
        #expect(
            String(decoding: VisibleText.escapingControls(jsonBytes: Array("a\u{202E}b\u{85}".utf8)), as: UTF8.self)
                == #"a\u202eb\u0085"#)
        // The invisible ones a name can hide in (r20 fuzz: a BOM echoed raw in an error), not the
        // joiner emoji are made of.
        #expect(VisibleText.escapingControls("\u{FEFF}a\u{200B}b\u{200F}") == #"\u{FEFF}a\u{200B}b\u{200F}"#)
        #expect(VisibleText.escapingControls("👨\u{200D}👩") == "👨\u{200D}👩")
    }
}
