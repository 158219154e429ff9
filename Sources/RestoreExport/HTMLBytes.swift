import RestoreTrace

/// HTML appended straight to UTF-8 bytes. A big report renders a row per node (160,402 at
/// 200x200) into `data/*.js`: built through String interpolation, then copied to bytes, they
/// took 0.6 s of the report's 2.3 s; written here they take a fraction of that. The text goes
/// through the same escaping as `Escape.html`, so the bytes are the same.
extension Array where Element == UInt8 {
    /// Markup the report writes itself: never text from a scenario or a trace.
    mutating func appendMarkup(_ s: StaticString) {
        s.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// Text that is already safe in HTML: an anchor, a number, a reason code's raw value.
    mutating func appendSafe(_ s: String) { append(contentsOf: s.utf8) }

    /// Text for element content or an attribute value, escaped as `Escape.html` escapes it; plain
    /// ASCII (most names) is copied in one go.
    mutating func appendHTML(_ s: String) {
        var s = s
        let plain = s.withUTF8 { bytes -> Bool in
            for b in bytes where !Escape.isPlainHTML(b) { return false }
            append(contentsOf: bytes)
            return true
        }
        if !plain { append(contentsOf: Escape.html(s).utf8) }
    }

    /// `n` in decimal, as `String(n)` writes it.
    mutating func appendDecimal(_ n: Int) { appendJSONInt(n) }
}
