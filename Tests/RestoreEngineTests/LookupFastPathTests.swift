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
