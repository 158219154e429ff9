import Foundation

/// Equality of a few bytes without a `memcmp` call: most bytes a replay compares are the
/// format's punctuation and member names (`,"class":`, `launch`: 1 to 16 bytes), compared as
/// one or two words, overlapping. A `memcmp` call for each was ~35 instructions: 0.8 % of a
/// replay where `ComparingSink` compares what the writer appends (g80, callgrind).
enum ShortBytes {
    /// Whether the `n` bytes at `a` and `b` are the same.
    @inline(__always)
    static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        let (x, y) = (UnsafeRawPointer(a), UnsafeRawPointer(b))
        switch n {
        case 8...16:
            return x.loadUnaligned(as: UInt64.self) == y.loadUnaligned(as: UInt64.self)
                && x.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
                    == y.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
        case 4..<8:
            return x.loadUnaligned(as: UInt32.self) == y.loadUnaligned(as: UInt32.self)
                && x.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
                    == y.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
        case 1..<4:
            return a[0] == b[0] && a[n >> 1] == b[n >> 1] && a[n - 1] == b[n - 1]
        default:
            return n <= 0 || memcmp(a, b, n) == 0
        }
    }
}
