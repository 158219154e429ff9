import Testing

@testable import RestoreTrace

@Suite struct JSONControlEscapeTests {
    @Test func delAndC1ControlsAreEscapedLikeC0() {
        #expect(JSONValue.string("a\u{1B}b\u{7F}c\u{9B}d\u{A0}é").serialized == #""a\u001bb\u007fc\u009bd\#u{A0}é""#)
    }
}
