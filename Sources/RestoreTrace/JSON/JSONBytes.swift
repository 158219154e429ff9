/// Appending compact JSON straight to a byte buffer, without building a `JSONValue` tree first.
/// `JSONValue.write(to:)` uses the same string and number writers, so both give the same bytes.
extension Array where Element == UInt8 {
    /// A quoted, escaped string. Runs of bytes that need no escaping are copied in one go.
    mutating func appendJSONString(_ s: String) {
        append(34)
        var s = s
        s.withUTF8 { bytes in
            var start = 0
            for i in 0..<bytes.count {
                let b = bytes[i]
                guard b < 0x20 || b == 34 || b == 92 || b == 0x7F || b == 0xC2 else { continue }
                // DEL and the C1 controls (U+0080…U+009F, 0xC2 0x80…0x9F in UTF-8) are legal raw
                // in JSON, but a terminal showing `--json` output would obey them: escaped too.
                if b == 0xC2 {
                    guard i + 1 < bytes.count, (0x80...0x9F).contains(bytes[i + 1]) else { continue }
                    append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
                    appendEscaped(bytes[i + 1])
                    start = i + 2
                    continue
                }
                append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
                appendEscaped(b)
                start = i + 1
            }
            append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        append(34)
    }

    /// The escape of one byte `JSONValue.writeString` escapes.
    private mutating func appendEscaped(_ b: UInt8) {
        switch b {
        case 34: append(contentsOf: [92, 34])
        case 92: append(contentsOf: [92, 92])
        case 0x0A: append(contentsOf: [92, UInt8(ascii: "n")])
        case 0x0D: append(contentsOf: [92, UInt8(ascii: "r")])
        case 0x09: append(contentsOf: [92, UInt8(ascii: "t")])
        default:
            let hex: StaticString = "0123456789abcdef"
            let digits = hex.utf8Start
            append(contentsOf: [92, UInt8(ascii: "u"), 48, 48, digits[Int(b >> 4)], digits[Int(b & 15)]])
        }
    }

    /// Decimal digits, as `String(i)` writes them, without making the string.
    mutating func appendJSONInt(_ i: Int) {
        guard i >= 0 else {
            append(contentsOf: String(i).utf8)  // negative numbers are rare in traces
            return
        }
        if i >= 10 { appendJSONInt(i / 10) }
        append(48 + UInt8(i % 10))
    }

    mutating func appendJSONDouble(_ d: Double) { append(contentsOf: JSONValue.format(d).utf8) }

    mutating func appendJSONBool(_ b: Bool) { append(contentsOf: (b ? "true" : "false").utf8) }

    mutating func appendJSONNull() { append(contentsOf: "null".utf8) }

    /// An object member's key: a comma first unless it is the object's first member.
    mutating func appendJSONKey(_ key: String, first: inout Bool) {
        if first { first = false } else { append(44) }
        appendJSONString(key)
        append(58)
    }

    /// An array of strings.
    mutating func appendJSONStrings(_ items: [String]) {
        append(91)
        for (i, s) in items.enumerated() {
            if i > 0 { append(44) }
            appendJSONString(s)
        }
        append(93)
    }
}
