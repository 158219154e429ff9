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
        ("$(A)$(B)", "ab", true),
        ("$(A)$(B)", "a", false),
        // Not a setting: `$()` and an unclosed `$(` are literal text.
        ("a$()b", "a$()b", true),
        ("a$()b", "axb", false),
        ("a$(b", "a$(b", true),
        ("a$(b", "axb", false),
    ])
    func matches(declared: String, type: String, expected: Bool) {
        #expect(DeclaredActivityTypes.declares([declared], type) == expected)
    }
}
