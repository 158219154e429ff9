/// Archive key → the index of the first entry with that key: what `[String: Int]` answered,
/// hashed from the key's bytes when every key is ASCII (as every key the engine writes from
/// ASCII identifiers is). Two ASCII strings are equal exactly when their bytes are, so a byte
/// hash and a byte comparison answer as `String`'s `==` does; `String`'s own hash (SipHash over
/// the normalized text) and `Dictionary` cost ~600 instructions per key and ~4 % of
/// `Scenario.run` (callgrind, `restoretrace-bench --engine-grid 60`). A key that is not ASCII
/// anywhere, or a lookup of one, goes to a `Dictionary` as before: such text may equal other
/// bytes (U+212A KELVIN SIGN is "K").
struct ArchiveKeySlots {
    private let keys: [String]
    /// Each key's byte hash (`ASCIIHash.of`), compared before the keys themselves.
    private let hashes: [Int]
    /// Open addressing by byte hash: an entry index, or -1 for an empty bucket. Empty when a key
    /// is not ASCII.
    private let buckets: [Int32]
    /// The keys by `String` equality, built when a key or a looked-up key is not ASCII.
    private let dictionary: LazyDictionary

    /// `isFirst[i]`: no entry before i has entry i's key.
    init(keys: [String], isFirst: inout [Bool]) {
        self.keys = keys
        dictionary = LazyDictionary()
        var hashes: [Int] = []
        hashes.reserveCapacity(keys.count)
        for key in keys {
            guard let h = ASCIIHash.of(key) else { break }
            hashes.append(h)
        }
        var buckets: [Int32] = []
        if hashes.count == keys.count, keys.count < Int32.max / 4 {
            var size = 16
            while size < keys.count * 2 { size *= 2 }
            buckets = [Int32](repeating: -1, count: size)
            for i in keys.indices {
                var b = hashes[i] & (size - 1)
                while buckets[b] >= 0, !Self.same(Int(buckets[b]), i, hashes, keys) { b = (b + 1) & (size - 1) }
                if buckets[b] >= 0 { isFirst[i] = false } else { buckets[b] = Int32(i) }
            }
        } else {
            var slot: [String: Int] = [:]
            slot.reserveCapacity(keys.count)
            // Walked backwards, each entry overwrites its key's slot, so the first entry keeps it.
            for i in keys.indices.reversed() {
                if let later = slot.updateValue(i, forKey: keys[i]) { isFirst[later] = false }
            }
            dictionary.slot = slot
        }
        self.buckets = buckets
        self.hashes = hashes
    }

    /// Keys i and j are equal: the same hash, then `==`, which for ASCII text is byte equality.
    @inline(__always)
    private static func same(_ i: Int, _ j: Int, _ hashes: [Int], _ keys: [String]) -> Bool {
        hashes[i] == hashes[j] && keys[i] == keys[j]
    }

    /// Entry i's key.
    func key(at i: Int) -> String { keys[i] }

    subscript(key: String) -> Int? {
        guard !buckets.isEmpty, let h = ASCIIHash.of(key) else { return dictionary.slots(of: keys)[key] }
        return ASCIIHash.find(key, hash: h, buckets: buckets, hashes: hashes, keys: keys)
    }

    /// The `Dictionary` answer, built once when first asked for.
    private final class LazyDictionary {
        var slot: [String: Int]?
        func slots(of keys: [String]) -> [String: Int] {
            if let slot { return slot }
            var made: [String: Int] = [:]
            made.reserveCapacity(keys.count)
            for i in keys.indices.reversed() { made[keys[i]] = i }
            slot = made
            return made
        }
    }
}
