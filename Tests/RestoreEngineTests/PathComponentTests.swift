import RestoreEngine
import Testing

/// Paths are cut at their `/` bytes when the text is ASCII; every text must still give what the
/// split on Characters gives, including a `/` that a combining mark or a prepended mark joins to
/// a larger Character.
@Suite struct PathComponentTests {
    static let texts = [
        "Tabs", "Tabs/nav3/s150", "Tabs/:[1]:/Settings", "", "/", "a//b", "/lead", "trail/",
        "Café/Menü", "a/\u{301}b", "\u{600}/x", "a/b/\u{301}", "🇫🇷/🇩🇪", "é/", "a\r\n/b",
    ]

    @Test(arguments: texts) func componentsMatchTheCharacterSplit(_ text: String) {
        let path = RestorationPath(parsing: text)
        #expect(path.components == text.split(separator: "/", omittingEmptySubsequences: false).map(String.init))
        let last = text.lastIndex(of: "/").map { text[text.index(after: $0)...] } ?? text[...]
        #expect(path.identifier == last)
        #expect(NodeLocator(parsing: text).name == last)
    }
}
