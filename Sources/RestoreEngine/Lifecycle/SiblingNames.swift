/// The names of a container's children met so far, to tell which child repeats an earlier
/// sibling's (`PreservationWalk.nameSuffixes`): a `Set<String>` sized once, or, when every name is
/// ASCII (where `==` is byte equality), a table hashed from the bytes (`ASCIIHash`). Hashing each
/// name with `String`'s hash into the set was ~380 instructions a child, ~1 % of `Scenario.run`
/// (callgrind, `restoretrace-bench --engine-grid 60`).
struct SiblingNames {
    private let names: [String]
    /// Each name's byte hash; empty when a name is not ASCII (then `set` is used).
    private let hashes: [Int]
    /// Open addressing by byte hash: the index of a name inserted, or -1.
    private var buckets: [Int32]
    private var set: Set<String>

    init(_ names: [String]) {
        self.names = names
        var hashes: [Int] = []
        hashes.reserveCapacity(names.count)
        for name in names {
            guard let h = ASCIIHash.of(name) else { break }
            hashes.append(h)
        }
        // Buckets hold 32-bit indices: more names than they (and their doubling) can index go
        // to the set instead of trapping.
        if hashes.count == names.count, names.count < Int32.max / 4 {
            var size = 16
            while size < names.count * 2 { size *= 2 }
            buckets = [Int32](repeating: -1, count: size)
            set = []
            self.hashes = hashes
        } else {
            // Sized once: a set grown insert by insert rehashed its names at every doubling.
            buckets = []
            set = Set(minimumCapacity: names.count)
            self.hashes = []
        }
    }

    /// Inserts name i; false when an equal name was inserted before.
    mutating func insert(_ i: Int) -> Bool {
        guard !buckets.isEmpty else { return set.insert(names[i]).inserted }
        let mask = buckets.count - 1
        var b = hashes[i] & mask
        while buckets[b] >= 0 {
            let j = Int(buckets[b])
            if hashes[j] == hashes[i], names[j] == names[i] { return false }
            b = (b + 1) & mask
        }
        buckets[b] = Int32(i)
        return true
    }
}
