import Foundation
import Testing

@testable import RestoreExport

/// The chrome-trace export used to be written by `JSONSerialization`; its hand-written
/// replacement must escape every string exactly as Foundation did.
@Suite struct FoundationJSONBytesTests {
    /// What `JSONSerialization` writes for `s` (with `.withoutEscapingSlashes`).
    func foundation(_ s: String) throws -> [UInt8] {
        let data = try JSONSerialization.data(withJSONObject: [s], options: [.withoutEscapingSlashes])
        return Array(data.dropFirst().dropLast())  // the string without the array's brackets
    }

    func mine(_ s: String) -> [UInt8] {
        var out: [UInt8] = []
        out.appendFoundationJSONString(s)
        return out
    }

    @Test func everyASCIICharacterIsEscapedAsFoundationEscapesIt() throws {
        for value in UInt32(0)..<0x80 {
            let s = "a" + String(Character(Unicode.Scalar(value)!)) + "b"
            #expect(mine(s) == (try foundation(s)), "U+\(String(value, radix: 16))")
        }
    }

    @Test func nonASCIIAndMixedTextMatchFoundation() throws {
        let samples = [
            "", "Launch 1 · restoration", "Café/Menü\u{85}\u{9F}\u{2028}😀", "TabController/:[1]:/Nav",
            "quote \" back \\ slash / tab \t nl \n cr \r", String(repeating: "\u{1}\u{1F}x", count: 50),
        ]
        for s in samples { #expect(mine(s) == (try foundation(s)), "\(s.debugDescription)") }
    }

    @Test func integersAreDecimal() {
        for i in [0, 7, 10, 99, 100, 2_408_180, -3, Int.max, Int.min] {
            var out: [UInt8] = []
            out.appendJSONInt(i)
            #expect(String(decoding: out, as: UTF8.self) == String(i))
        }
    }
}
