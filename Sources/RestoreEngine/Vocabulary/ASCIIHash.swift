/// A hash of a string's UTF-8 bytes for text that is ASCII, where two strings are equal
/// exactly when their bytes are: what the engine's path and key tables hash instead of
/// `String`'s hash (SipHash over the normalized text, ~200 instructions for an archive key).
/// Text that is not ASCII has no byte hash (nil): it may equal other bytes (U+212A KELVIN SIGN
/// is "K"), and goes to a `Dictionary`.
enum ASCIIHash {
    /// A hash of the UTF-8 bytes eight at a time (FNV-1a's steps on words, then mixed), or nil
    /// when the text is not ASCII.
    @inline(__always)
    static func of(_ text: String) -> Int? {
        text.withUTF8Bytes { utf8 -> Int? in
            // An empty buffer may have no base address: nothing to read, and hashed as every
            // other empty text is (no tail, count 0, through the same steps).
            guard let base = UnsafeRawPointer(utf8.baseAddress) else { return mixed(seed, tail: 0, count: 0) }
            var h = seed
            var high: UInt64 = 0
            var at = 0
            while at + 8 <= utf8.count {
                let word = base.loadUnaligned(fromByteOffset: at, as: UInt64.self)
                high |= word
                h = (h ^ word) &* 0x0000_0100_0000_01b3
                at += 8
            }
            var tail: UInt64 = 0
            while at < utf8.count {
                tail = tail << 8 | UInt64(utf8[at])
                at += 1
            }
            high |= tail
            guard high & 0x8080_8080_8080_8080 == 0 else { return nil }
            return mixed(h, tail: tail, count: utf8.count)
        }
    }

    /// FNV-1a's offset basis, where the hash of every text starts.
    private static let seed: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The last step: the bytes after the last whole word and the count, then mixed.
    @inline(__always)
    private static func mixed(_ h: UInt64, tail: UInt64, count: Int) -> Int {
        let h = (h ^ tail ^ UInt64(count) << 56) &* 0x0000_0100_0000_01b3
        // A product's low bits depend only on its factors' low bits: mixed down (MurmurHash3's
        // finalizer) so that the bucket, the low bits, depends on every byte.
        let m = (h ^ (h >> 33)) &* 0xff51_afd7_ed55_8ccd
        let n = (m ^ (m >> 33)) &* 0xc4ce_b9fe_1a85_ec53
        return Int(truncatingIfNeeded: n ^ (n >> 33))
    }

    /// Where `key` (whose byte hash is `h`) sits among `keys`, found through open-addressing
    /// `buckets` (an index into `keys` and `hashes`, or -1 for an empty bucket; a power of two
    /// in count, never full), or nil. The lookup every byte-hash table of the engine shares.
    @inline(__always)
    static func find(_ key: String, hash h: Int, buckets: [Int32], hashes: [Int], keys: [String]) -> Int? {
        guard !buckets.isEmpty else { return nil }
        var b = h & (buckets.count - 1)
        while buckets[b] >= 0 {
            let i = Int(buckets[b])
            // Both ASCII: `==` is byte equality here.
            if hashes[i] == h, keys[i] == key { return i }
            b = (b + 1) & (buckets.count - 1)
        }
        return nil
    }
}
