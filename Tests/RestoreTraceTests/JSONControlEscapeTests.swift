import Testing

@testable import RestoreTrace

@Suite struct JSONControlEscapeTests {
    @Test func delAndC1ControlsAreEscapedLikeC0() {
        #expect(JSONValue.string("a\u{1B}b\u{7F}c\u{9B}d\u{A0}é").serialized == #""a\u001bb\u007fc\u009bd\#u{A0}é""#)
    }

    /// Strings are scanned eight bytes at a time until a byte needs a look: every character that
    /// needs an escape, at every position around the word boundaries, in an array and in the
    /// trace writer's own buffer, against a character-by-character reference.
    @Test func everyEscapeAtEveryPositionIsWrittenAsTheReferenceWritesIt() {
        let special: [Character] = [
            "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "\u{85}", "\u{9F}", "é", "😀",
        ]
        for length in 0...19 {
            for at in 0...length {
                for c in special {
                    var text = String(repeating: "a", count: length)
                    text.insert(c, at: text.index(text.startIndex, offsetBy: at))
                    var array: [UInt8] = []
                    array.appendJSONString(text)
                    var own = TraceBytes(capacity: 4)
                    own.appendJSONString(text)
                    #expect(String(decoding: array, as: UTF8.self) == reference(text), "\(text.debugDescription)")
                    #expect(Array(own.written) == array)
                    own.deallocate()
                }
            }
        }
    }

    /// `"`, `\`, `\n`, `\r`, `\t` by name; the other C0 controls, DEL and the C1 controls as
    /// `\u00xx`; everything else as it is.
    private func reference(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}":
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
