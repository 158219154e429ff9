import Foundation
import Testing

@testable import RestoreTrace

/// The replay's fast paths for the writer's plain bytes say what the general way says: a
/// string compared a word at a time (`ComparingSink.appendJSONString`), a seq read without a
/// parser (`VerbatimLines.plainBodyStart`), short bytes compared as words
/// (`ShortBytes`, `ComparingSink.append(contentsOf:)`), a line checked to be UTF-8 a word at a time
/// (`TraceLineSource.isUTF8`).
@Suite struct PlainFastPathTests {
    /// Strings of 8 bytes and more, most with a partial last word, clean or with something to
    /// escape (or that may need it) in a whole word or in the last, partial one.
    static let strings: [String] = {
        let clean = ["abcdefgh", "abcdefghij", "abcdefghijklmno", "abcdefghijklmnop", "abcdefghijklmnopq"]
        let inside = ["\"", "\\", "\u{7F}", "\u{85}", "\u{9F}", "\u{01}", "é", "\n"]
        var out = clean
        for s in ["abcdefghij", "abcdefghijklmnopq"] {
            for c in inside {
                // At the start, in the first word, at the last byte of the first word, in the
                // partial last word, at the very end.
                let bytes = Array(s)
                for at in [0, 3, 7, bytes.count - 2, bytes.count] {
                    var edited = bytes
                    edited.insert(contentsOf: c, at: at)
                    out.append(String(edited))
                }
            }
        }
        return out
    }()

    private static func written(_ s: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendJSONString(s)
        return bytes
    }

    private static func sinkMatches(_ expected: [UInt8], _ s: String) -> Bool {
        expected.withUnsafeBufferPointer { b in
            var sink = ComparingSink(expecting: b)
            sink.appendJSONString(s)
            return sink.matches
        }
    }

    /// The expected bytes a comparison may meet: the string as written, cut before its closing
    /// quote, with one more byte, with one byte changed, and the string's raw bytes between
    /// quotes (what an unescaped `"` or `\` would look like).
    private static func expectations(for s: String) -> [[UInt8]] {
        let w = written(s)
        var out = [w, Array(w.dropLast()), Array(w.dropLast(2)), w + [120], [34] + Array(s.utf8) + [34]]
        for i in w.indices {
            var changed = w
            changed[i] = changed[i] == 120 ? 121 : 120
            out.append(changed)
        }
        return out
    }

    @Test(arguments: strings)
    func aStringMatchesExactlyWhenItsWrittenBytesDo(s: String) {
        let w = Self.written(s)
        for expected in Self.expectations(for: s) {
            #expect(Self.sinkMatches(expected, s) == (expected == w), "\(Array(expected))")
        }
    }

    /// After a string that matched, the next bytes are compared where they should be.
    @Test func aMatchedStringIsFollowedByTheRest() {
        let expected = Array(#""abcdefghij","abcdefghijklmnopq"}"#.utf8)
        let matched = expected.withUnsafeBufferPointer { b in
            var sink = ComparingSink(expecting: b)
            sink.appendJSONString("abcdefghij")
            sink.append(44)
            sink.appendJSONString("abcdefghijklmnopq")
            sink.append(125)
            return sink.matches
        }
        #expect(matched)
    }

    @Test(
        arguments: [
            (#"{"seq":12345678901234567,"a":1}"#, 25),
            (#"{"seq":123456789012345678,"a":1}"#, 26),
            (#"{"seq":1234567890123456789,"a":1}"#, 27),
            (#"{"seq":-1,"a":1}"#, 10),
            (#"{"seq":01,"a":1}"#, 10),
            (#"{"seq": 5,"a":1}"#, 10),
            (#"{"seq":7,"a":1}"#, 9),
            (#"{"seq":5 ,"a":1}"#, nil),
            (#"{"seq":1.5,"a":1}"#, nil),
            (#"{"seq":5}"#, nil),
            (#"{"seq":,"a":1}"#, nil),
            (#"{ "seq":5,"a":1}"#, nil),
        ] as [(String, Int?)])
    func aSeqIsSkippedAsTheGeneralWaySkipsIt(line: String, body: Int?) {
        let raw = Array(line.utf8)
        #expect(VerbatimLines.bodyStart(raw) == body)
        #expect(VerbatimLines.generalBodyStart(raw) == body)
        if let plain = VerbatimLines.plainBodyStart(raw) { #expect(plain == body) }
    }

    /// The plain way takes every seq the writer writes (up to 17 digits), not only small ones.
    @Test func thePlainWayTakesTheWritersSeqs() {
        for seq in [1, 9, 10, 240_818, 12_345_678_901_234_567] {
            let raw = Array(#"{"seq":\#(seq),"launch":1}"#.utf8)
            #expect(VerbatimLines.plainBodyStart(raw) == 8 + String(seq).count)
        }
        #expect(VerbatimLines.plainBodyStart(Array(#"{"seq":123456789012345678,"a":1}"#.utf8)) == nil)
    }

    /// A line of every length up to 41 bytes, from every start up to 9, with one byte that is
    /// not ASCII anywhere (in a whole word, in the last partial one, at the very end): what
    /// `String(validating:)` says, whether the byte starts valid UTF-8 (`é`) or not.
    @Test func aLineIsUTF8ExactlyWhenStringValidatingSaysSo() {
        for length in 0...41 {
            let plain = (0..<length).map { UInt8(97 + $0 % 26) }
            for start in 0...min(9, length) {
                #expect(TraceLineSource.isUTF8(plain, from: start))
                for at in start..<length {
                    for bad in [[0xFF], [0xC3], [0xC3, 0xA9], [0x80]] as [[UInt8]] {
                        var line = plain
                        line.replaceSubrange(at..<at + 1, with: bad)
                        let valid = String(validating: line[start...], as: UTF8.self) != nil
                        #expect(TraceLineSource.isUTF8(line, from: start) == valid, "\(line) from \(start)")
                    }
                }
            }
        }
    }

    /// Bytes of every length to 20 appended after a prefix: they match the expected bytes
    /// exactly when they are the same, whatever byte differs and wherever.
    @Test func appendedBytesMatchExactlyWhenTheyAreTheSame() {
        for length in 1...20 {
            let bytes = (0..<length).map { UInt8(65 + $0) }
            for at in -1..<length {
                var expected = Array("{".utf8) + bytes
                if at >= 0 { expected[1 + at] ^= 0x20 }
                let matched = expected.withUnsafeBufferPointer { b in
                    var sink = ComparingSink(expecting: b)
                    sink.append(123)
                    bytes.withUnsafeBufferPointer { sink.append(contentsOf: $0) }
                    return sink.matches
                }
                #expect(matched == (at < 0), "length \(length), differing at \(at)")
            }
        }
    }

    /// Bytes of every length to 24 are equal exactly when no byte differs.
    @Test func shortBytesAreEqualExactlyWhenNoByteDiffers() {
        for length in 0...24 {
            let a = (0..<length).map { UInt8(97 + $0) }
            for at in -1..<length {
                var b = a
                if at >= 0 { b[at] ^= 0x01 }
                let equal = a.withUnsafeBufferPointer { x in
                    b.withUnsafeBufferPointer { y in ShortBytes.equal(x.baseAddress!, y.baseAddress!, length) }
                }
                #expect(equal == (at < 0), "length \(length), differing at \(at)")
            }
        }
    }
}
