extension String {
    /// `head + middle + tail`, written once into storage of the final size. `+` (and `append`)
    /// goes through `prepareForAppendInPlace` and a capacity check per operand: the walk's paths,
    /// keys and locators cost ~1,300 instructions a join that way, ~9.6 % of the engine's
    /// instructions (callgrind, `restoretrace-bench --engine-grid 60`). The bytes are the same as
    /// `+` gives: UTF-8 text joined is UTF-8 text, nothing is normalized.
    static func joining(_ head: String, _ middle: String, _ tail: String) -> String {
        let count = head.utf8.count + middle.utf8.count + tail.utf8.count
        return String(unsafeUninitializedCapacity: count) { out in
            var at = copy(head, into: out, at: 0)
            at = copy(middle, into: out, at: at)
            return copy(tail, into: out, at: at)
        }
    }

    /// `head + middle + String(number)`, without building the number's text first (a structural
    /// position: `0.3.v0`).
    static func joining(_ head: String, _ middle: String, _ number: Int) -> String {
        guard number >= 0 else { return joining(head, middle, String(number)) }
        let digits = decimalDigits(number)
        return String(unsafeUninitializedCapacity: head.utf8.count + middle.utf8.count + digits) { out in
            let at = copy(middle, into: out, at: copy(head, into: out, at: 0))
            return writeDecimal(number, digits: digits, into: out, at: at)
        }
    }

    /// `head + open + String(number) + close + tail` (an archive key's `/:[i]:/` step), in one
    /// allocation instead of one for the middle part and one for the key.
    static func joining(_ head: String, _ open: String, _ number: Int, _ close: String, _ tail: String) -> String {
        guard number >= 0 else { return joining(head, open + String(number) + close, tail) }
        let digits = decimalDigits(number)
        let count = head.utf8.count + open.utf8.count + digits + close.utf8.count + tail.utf8.count
        return String(unsafeUninitializedCapacity: count) { out in
            var at = copy(open, into: out, at: copy(head, into: out, at: 0))
            at = writeDecimal(number, digits: digits, into: out, at: at)
            return copy(tail, into: out, at: copy(close, into: out, at: at))
        }
    }

    /// Copies `text`'s UTF-8 into `out` at `at`; returns the index after it. Inlined: called
    /// on its own it was ~70 instructions a part, a third of a join.
    @inline(__always)
    private static func copy(_ text: String, into out: UnsafeMutableBufferPointer<UInt8>, at: Int) -> Int {
        text.withUTF8Bytes { bytes in
            guard let source = bytes.baseAddress, !bytes.isEmpty else { return at }
            (out.baseAddress! + at).update(from: source, count: bytes.count)
            return at + bytes.count
        }
    }

    /// The number of decimal digits of a non-negative number.
    private static func decimalDigits(_ number: Int) -> Int {
        var digits = 1
        var rest = number / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return digits
    }

    /// Writes a non-negative number's `digits` decimal digits at `at`; returns the index after them.
    private static func writeDecimal(
        _ number: Int, digits: Int, into out: UnsafeMutableBufferPointer<UInt8>, at: Int
    ) -> Int {
        var rest = number
        var i = at + digits
        repeat {
            i -= 1
            out[i] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        } while rest > 0
        return at + digits
    }
}
