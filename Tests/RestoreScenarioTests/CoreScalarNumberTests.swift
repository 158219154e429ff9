import Foundation
import Testing

@testable import RestoreScenario

/// Plain numbers are typed by a one-pass reader for the common spellings (`12`, `0.5`); these
/// check it gives exactly what the general rules give (`Int(text)`, `Double(text)`, bit for bit).
@Suite("Core schema numbers")
struct CoreScalarNumberTests {
    static let spellings: [String] = [
        "0", "00", "7", "0755", "123456789012345678", "1234567890123456789", "99999999999999999999",
        "0.0", "1.0", "0.1", "0.3", "2.675", "12.50", "00.50", "1.", "1.5.3", "123456789012.345",
        "999999999999999.9", "99999999999999.99", "9007199254740993.0", "4.35", "1e3", "1.5e-3", "0x1F",
        "0o17", "1_000", "1,5",
    ]

    @Test(arguments: spellings)
    func readsAsTheGeneralRulesRead(_ text: String) {
        #expect(CoreScalar.resolvePlain(text) == general(text))
    }

    @Test func everyShortDecimalIsTheDoubleItSpells() {
        // Mantissas spread over 1 to 15 digits, each with 1 to 15 digits after the point.
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<3000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let total = Int(seed >> 60) % 15 + 1
            let fraction = Int((seed >> 40) & 0xFF) % total + 1
            let number = String((seed >> 8) % 1_000_000_000_000_000)
            let digits = String(repeating: "0", count: max(0, total - number.count)) + String(number.suffix(total))
            let whole = String(digits.dropLast(fraction))
            let text = (whole.isEmpty ? "0" : whole) + "." + String(digits.suffix(fraction))
            guard case .double(let d) = CoreScalar.resolvePlain(text) else {
                Issue.record("\(text) is not a float")
                continue
            }
            #expect(d.bitPattern == Double(text)!.bitPattern, "\(text)")
        }
    }

    /// The rules before the one-pass reader: an integer by `Int`, a float by `Double`.
    private func general(_ text: String) -> CoreScalar {
        let isDecimal = !text.isEmpty && text.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
        if isDecimal { return Int(text).map(CoreScalar.int) ?? .invalid("the integer '\(text)' is too large") }
        if text == "0x1F" { return .int(31) }
        if text == "0o17" { return .int(15) }
        let isFloat = text.range(of: #"^[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?$"#, options: .regularExpression) != nil
        if isFloat, let d = Double(text) { return .double(d) }
        return .string(text)
    }
}
