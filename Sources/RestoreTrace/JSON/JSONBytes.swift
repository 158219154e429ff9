/// Appending compact JSON straight to a byte buffer, without building a `JSONValue` tree first.
/// `JSONValue.write(to:)` uses the same string and number writers, so both give the same bytes.
extension JSONByteSink {
    /// A quoted, escaped string.
    public mutating func appendJSONString(_ s: String) { appendEscapedJSONString(s) }

    /// A quoted, escaped string. Runs of bytes that need no escaping are copied in one go.
    mutating func appendEscapedJSONString(_ s: String) {
        append(34)
        // Read in place (no copy of the string, as `withUTF8` on a `var` would need); only a
        // bridged string without contiguous UTF-8 takes the copy.
        if s.utf8.withContiguousStorageIfAvailable({ appendJSONStringBody($0) }) == nil {
            var s = s
            s.withUTF8 { appendJSONStringBody($0) }
        }
        append(34)
    }

    /// `texts` joined by `separator` is `text`: `["A","B","C"]` for `A/B/C` and separator `/`,
    /// written from the text's bytes without splitting it into strings (an archive entry's
    /// path, 80,201 of them at 200×200: making the components was 2 % of record).
    mutating func appendJSONComponents(of text: String, separatedBy separator: UInt8) {
        append(91)
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for i in 0...bytes.count where i == bytes.count || bytes[i] == separator {
                if start > 0 { append(44) }
                append(34)
                appendJSONStringBody(UnsafeBufferPointer(rebasing: bytes[start..<i]))
                append(34)
                start = i + 1
            }
        }
        append(93)
    }

    /// A string's escaped UTF-8 without its quotes.
    private mutating func appendJSONStringBody(_ bytes: UnsafeBufferPointer<UInt8>) {
        // Eight bytes at a time while none needs a look (nearly every string of a trace is
        // plain ASCII): a byte at a time cost ~24 instructions a byte, 7 % of record.
        var clean = 0
        let count = bytes.count
        if count >= 8, let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while clean + 8 <= count, !Self.mayNeedEscape(raw.loadUnaligned(fromByteOffset: clean, as: UInt64.self)) {
                clean += 8
            }
            // The last few bytes (fewer than eight) of a string the words found clean: tested as
            // the string's last eight bytes, whose first ones are known clean, so a clean string
            // is copied whole without the byte loop below.
            if clean == count
                || (count - clean < 8
                    && !Self.mayNeedEscape(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)))
            {
                append(contentsOf: bytes)
                return
            }
        } else {
            // Shorter than a word: its bytes shifted into one word padded with `a`. Copying them
            // into a padded word through a buffer (a `memcpy` call) was a third of this
            // function's 113 M instructions at 100x100 (callgrind).
            var word: UInt64 = 0x6161_6161_6161_6161
            for b in bytes { word = word << 8 | UInt64(b) }
            if !Self.mayNeedEscape(word) {
                append(contentsOf: bytes)
                return
            }
        }
        var start = 0
        for i in clean..<bytes.count {
            let b = bytes[i]
            // Printable ASCII other than `"` and `\` (nearly every byte of a trace) is copied as
            // it is: one range test and two compares settle it.
            if b &- 0x20 < 0x5F, b != 34, b != 92 { continue }
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

    /// True when one of the word's eight bytes is not printable ASCII other than `"` and `\\`
    /// (a control, DEL, `"`, `\\`, or any byte of a multi-byte character).
    @inline(__always)
    static func mayNeedEscape(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        /// A high bit where a byte of `v` is zero.
        func zeroByte(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
        let below0x20 = (w &- ones &* 0x20) & ~w & highs
        return (w & highs) | below0x20 | zeroByte(w ^ (ones &* 0x22)) | zeroByte(w ^ (ones &* 0x5C))
            | zeroByte(w ^ (ones &* 0x7F)) != 0
    }

    /// The escape of one byte `JSONValue.writeString` escapes.
    private mutating func appendEscaped(_ b: UInt8) {
        switch b {
        case 34, 92:
            append(92)
            append(b)
        case 0x0A:
            append(92)
            append(UInt8(ascii: "n"))
        case 0x0D:
            append(92)
            append(UInt8(ascii: "r"))
        case 0x09:
            append(92)
            append(UInt8(ascii: "t"))
        default:
            let hex: StaticString = "0123456789abcdef"
            let digits = hex.utf8Start
            appendLiteral("\\u00")
            append(digits[Int(b >> 4)])
            append(digits[Int(b & 15)])
        }
    }

    /// Decimal digits, as `String(i)` writes them, without making the string: digits are
    /// written backwards into a 20-byte stack buffer, then copied in one go.
    mutating func appendJSONInt(_ i: Int) {
        if i < 0 { append(45) }
        appendDecimal(i.magnitude)
    }

    /// The digits of `value` (no sign).
    mutating func appendMagnitude(_ value: UInt) { appendDecimal(value) }

    private mutating func appendDecimal(_ value: UInt) {
        // One or two digits (half the numbers of a trace: the doubles of scroll offsets and
        // insets, small indices) go straight in, without the buffer and its copy.
        if value < 10 {
            append(48 + UInt8(truncatingIfNeeded: value))
            return
        }
        if value < 100 {
            append(48 + UInt8(truncatingIfNeeded: value / 10))
            append(48 + UInt8(truncatingIfNeeded: value % 10))
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: UInt.max has 20 digits
        Swift.withUnsafeMutableBytes(of: &digits) { buffer in
            var n = value
            var at = buffer.count
            repeat {
                at -= 1
                buffer[at] = 48 + UInt8(n % 10)
                n /= 10
            } while n != 0
            let digits = buffer.baseAddress!.advanced(by: at).assumingMemoryBound(to: UInt8.self)
            append(contentsOf: UnsafeBufferPointer(start: digits, count: buffer.count - at))
        }
    }

    /// `JSONValue.format`'s bytes. Whole numbers (most doubles in a trace: offsets, scales) are
    /// written digit by digit with ".0", as `format` does, without making a string.
    mutating func appendJSONDouble(_ d: Double) {
        // Whole when it converts to an integer and back unchanged (below 1e15 the conversion is
        // exact): one instruction each way, where `d.rounded()` was a call into libm for each of
        // the trace's ~800k doubles at 200x200.
        guard d.isFinite, abs(d) < 1e15, Double(Int64(d)) == d else {
            var text = JSONValue.format(d)
            text.withUTF8 { append(contentsOf: $0) }
            return
        }
        appendJSONInt(Int(Int64(d)))
        append(46)
        append(48)
    }

    mutating func appendJSONBool(_ b: Bool) { appendLiteral(b ? "true" : "false") }

    mutating func appendJSONNull() { appendLiteral("null") }

    /// Bytes known when the program is compiled (the format's punctuation and member names),
    /// copied as they are: no escaping scan, no `String` in between.
    mutating func appendLiteral(_ s: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    /// An object member's key: a comma first unless it is the object's first member.
    mutating func appendJSONKey(_ key: String, first: inout Bool) {
        if first { first = false } else { append(44) }
        appendJSONString(key)
        append(58)
    }

    /// A member name of the format itself (plain ASCII, nothing to escape): copied as it is.
    mutating func appendJSONFixedKey(_ key: StaticString, first: inout Bool) {
        if first { first = false } else { append(44) }
        append(34)
        appendLiteral(key)
        append(34)
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

extension Array where Element == UInt8 {
    /// `JSONByteSink.appendJSONInt` on an array, public: the chrome-trace writer writes integers
    /// the same way Foundation does, with these bytes.
    public mutating func appendJSONInt(_ i: Int) {
        if i < 0 { append(45) }
        appendMagnitude(i.magnitude)
    }
}
