import Foundation

/// A sink that keeps nothing: it compares what a writer appends with bytes written before (a
/// recorded line), so a replay checks an event against its recorded line without building the
/// line it would write. Building each line in an array to `memcmp` it afterwards was every
/// append's array bookkeeping: writing node and entry lines for the comparison was 12 % of a
/// 200x200 replay, single events 7.6 %.
struct ComparingSink: JSONByteSink {
    private let expected: UnsafeBufferPointer<UInt8>
    /// Bytes appended so far (and not removed).
    private(set) var count = 0
    /// The first byte that differs from `expected` or is past its end (`Int.max`: none).
    private var firstDifference = Int.max

    init(expecting expected: UnsafeBufferPointer<UInt8>) { self.expected = expected }

    /// What was appended is `expected`, byte for byte and no more.
    var matches: Bool { firstDifference == .max && count == expected.count }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if firstDifference == .max, count >= expected.count || expected[count] != byte { firstDifference = count }
        count += 1
    }

    @inline(__always)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        guard n > 0 else { return }
        if firstDifference == .max {
            let common = Swift.min(n, expected.count - count)
            if common < n || !ShortBytes.equal(expected.baseAddress! + count, bytes.baseAddress!, n) {
                // Where exactly (rare: the line differs), so that removing what differed clears it.
                var i = 0
                while i < common, expected[count + i] == bytes[i] { i += 1 }
                firstDifference = count + i
            }
        }
        count += n
    }

    /// Compares a string as `appendEscapedJSONString` writes it. A string with nothing to
    /// escape whose bytes are the expected ones between quotes (nearly every string of a trace)
    /// is settled in one pass over its words, testing for escapes and comparing at once; any
    /// other is written the general way. The general way's separate scan for escapes, `memcmp`
    /// call and three appends per string were ~8 % of a replay (grid 80, callgrind).
    mutating func appendJSONString(_ s: String) {
        if firstDifference == .max, s.utf8.withContiguousStorageIfAvailable({ comparePlain($0) }) == true { return }
        appendEscapedJSONString(s)
    }

    /// Whether `"` + `bytes` + `"` are the next expected bytes and `bytes` need no escape; if
    /// so they are taken, else nothing is.
    @inline(__always)
    private mutating func comparePlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = bytes.count
        guard expected.count - count >= n + 2 else { return false }
        let e = expected.baseAddress! + count
        guard e[0] == 34, e[n + 1] == 34 else { return false }
        if n > 0 {
            let (mine, theirs) = (UnsafeRawPointer(bytes.baseAddress!), UnsafeRawPointer(e + 1))
            if n >= 8 {
                var i = 0
                while i + 8 <= n {
                    let w = mine.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    guard w == theirs.loadUnaligned(fromByteOffset: i, as: UInt64.self), !Self.mayNeedEscape(w)
                    else { return false }
                    i += 8
                }
                if i < n {
                    // The last few bytes, as the last word (its first bytes were clean and equal).
                    let w = mine.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
                    guard w == theirs.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self), !Self.mayNeedEscape(w)
                    else { return false }
                }
            } else {
                // Shorter than a word: shifted into one padded with `a`, as the writer tests it.
                var word: UInt64 = 0x6161_6161_6161_6161
                var i = 0
                while i < n {
                    let b = bytes[i]
                    guard b == e[1 + i] else { return false }
                    word = word << 8 | UInt64(b)
                    i += 1
                }
                guard !Self.mayNeedEscape(word) else { return false }
            }
        }
        count += n + 2
        return true
    }

    mutating func removeLast(_ k: Int) {
        precondition(k >= 0 && k <= count, "removing more bytes than were written")
        count -= k
        // What differed was removed: everything left matched.
        if firstDifference >= count { firstDifference = .max }
    }

    /// The expected bytes in the range: what was appended there whenever it matches (when it
    /// does not, the comparison fails whatever is made of them).
    func bytes(from start: Int) -> [UInt8] {
        let upper = Swift.min(count, expected.count)
        return Array(UnsafeBufferPointer(rebasing: expected[Swift.min(start, upper)..<upper]))
    }
}
