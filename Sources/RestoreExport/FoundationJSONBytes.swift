/// JSON scalars written as Foundation's `JSONSerialization` writes them (with
/// `.withoutEscapingSlashes`), appended straight to a byte buffer (integers: `appendJSONInt`,
/// whose digits are Foundation's). The chrome-trace export was
/// written by `JSONSerialization` and its bytes must not change; these write the same bytes without
/// building an object per event. `FoundationJSONBytesTests` checks them against Foundation.
extension Array where Element == UInt8 {
    /// A quoted string: `"` and `\` escaped, `\b \f \n \r \t` by name, the other C0 controls as
    /// `\u00xx` (lower-case hex); everything else, DEL and non-ASCII included, as raw UTF-8.
    mutating func appendFoundationJSONString(_ s: String) {
        append(34)
        var s = s
        s.withUTF8 { bytes in
            var start = 0
            for i in 0..<bytes.count {
                let b = bytes[i]
                guard b < 0x20 || b == 34 || b == 92 else { continue }
                append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
                appendFoundationEscape(b)
                start = i + 1
            }
            append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        append(34)
    }

    private mutating func appendFoundationEscape(_ b: UInt8) {
        switch b {
        case 34: append(contentsOf: [92, 34])
        case 92: append(contentsOf: [92, 92])
        case 0x08: append(contentsOf: [92, UInt8(ascii: "b")])
        case 0x0C: append(contentsOf: [92, UInt8(ascii: "f")])
        case 0x0A: append(contentsOf: [92, UInt8(ascii: "n")])
        case 0x0D: append(contentsOf: [92, UInt8(ascii: "r")])
        case 0x09: append(contentsOf: [92, UInt8(ascii: "t")])
        default:
            let hex: StaticString = "0123456789abcdef"
            let digits = hex.utf8Start
            append(contentsOf: [92, UInt8(ascii: "u"), 48, 48, digits[Int(b >> 4)], digits[Int(b & 15)]])
        }
    }
}
