import RestoreEngine
import Testing

/// `NSUserActivityTypes` entries with Xcode build settings match the types the built app declares.
@Suite struct DeclaredActivityTypesTests {
    @Test(arguments: [
        ("com.example.browse", "com.example.browse", true),
        ("com.example.browse", "com.example.Browse", false),
        ("$(PRODUCT_BUNDLE_IDENTIFIER).browse", "com.example.browse", true),
        ("$(PRODUCT_BUNDLE_IDENTIFIER).browse", ".browse", false),
        ("$(PRODUCT_BUNDLE_IDENTIFIER).browse", "com.example.browse.x", false),
        ("${ID}.browse", "a.browse", true),
        ("pre.$(A).mid.$(B).post", "pre.x.mid.y.post", true),
        ("pre.$(A).mid.$(B).post", "pre.x.mid..post", false),
        ("pre.$(A).mid.$(B).post", "pre.mid.mid.mid.y.post", true),
        // Only settings: would match anything, so it matches nothing but itself.
        ("$(A)$(B)", "ab", false),
        ("$(PRODUCT_BUNDLE_IDENTIFIER)", "com.example.browse", false),
        ("$(PRODUCT_BUNDLE_IDENTIFIER)", "$(PRODUCT_BUNDLE_IDENTIFIER)", true),
        ("a$(A)$(B)", "axy", true),
        ("a$(A)$(B)", "ax", false),
        // Not a setting: `$()` and an unclosed `$(` are literal text.
        ("a$()b", "a$()b", true),
        ("a$()b", "axb", false),
        ("a$(b", "a$(b", true),
        ("a$(b", "axb", false),
    ])
    func matches(declared: String, type: String, expected: Bool) {
        // Declared: the entry resolves to the type, or is the type as written.
        #expect(DeclaredActivityTypes.resolving([declared], against: [type]).contains(type) == expected)
    }

    /// Each entry with settings becomes the app's types it matches, in their order; the rest stays.
    @Test func resolvingKeepsExactEntriesAndOrder() {
        #expect(
            DeclaredActivityTypes.resolving(
                ["a.exact", "$(ID).browse", "$(ID)", "$(ID).none"],
                against: ["com.x.browse", "com.y.browse", "a.exact", "com.x.browse"])
                == ["a.exact", "com.x.browse", "com.y.browse", "$(ID)", "$(ID).none"])
    }
}
