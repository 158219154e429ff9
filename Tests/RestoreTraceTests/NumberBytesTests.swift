import Testing

@testable import RestoreTrace

/// The byte writers for numbers skip making a `String`; they must write exactly what the string
/// formatters (`String(Int)`, `JSONValue.format`) write, or committed traces would change.
@Suite struct NumberBytesTests {
    @Test func integersAreWrittenAsStringWritesThem() {
        let samples = [0, 1, 9, 10, 99, 100, 12_345, -1, -10, -987_654, Int.max, Int.min]
        for i in samples {
            var out: [UInt8] = []
            out.appendJSONInt(i)
            #expect(String(decoding: out, as: UTF8.self) == String(i))
        }
    }

    @Test func doublesAreWrittenAsFormatWritesThem() {
        let samples: [Double] = [
            0, -0.0, 1, -1, 2.5, -2.5, 100, 1e14, -1e14, 999_999_999_999_999, 1e15, 1e16, -1e16, 0.1, 1.0 / 3,
            .infinity, -.infinity, .nan, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
        ]
        for d in samples {
            var out: [UInt8] = []
            out.appendJSONDouble(d)
            #expect(String(decoding: out, as: UTF8.self) == JSONValue.format(d), "\(d)")
        }
    }

    @Test func fixedKeysAndLiteralsAreCopiedAsTheyAre() {
        var out: [UInt8] = []
        var first = true
        out.appendJSONFixedKey("class", first: &first)
        out.appendJSONBool(true)
        out.appendJSONFixedKey("n", first: &first)
        out.appendJSONNull()
        #expect(String(decoding: out, as: UTF8.self) == #""class":true,"n":null"#)
    }
}
