import Foundation

/// Strings a scenario repeats thousands of times (`restorationIdentifier`, class names) made once:
/// a text of more than 15 UTF-8 bytes is a heap allocation each time it is made, so a small table
/// of recently made ones, found by a hash of the bytes, hands the same storage back.
struct RecentStrings {
    private var slots = [String?](repeating: nil, count: 1024)

    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // Up to 15 bytes a String holds its text inline, and long ones rarely repeat.
        guard bytes.count > 15, bytes.count <= 64 else { return String(decoding: bytes, as: UTF8.self) }
        var hash: UInt32 = 2_166_136_261
        for b in bytes { hash = (hash ^ UInt32(b)) &* 16_777_619 }
        let slot = Int(hash % UInt32(slots.count))
        if let known = slots[slot], Self.same(known, bytes) { return known }
        let made = String(decoding: bytes, as: UTF8.self)
        slots[slot] = made
        return made
    }

    /// The string's bytes are `bytes`: one `memcmp` (the generic `elementsEqual` over the UTF-8
    /// view walked them one by one, 1.6 % of record at 100×100).
    private static func same(_ known: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard known.utf8.count == bytes.count else { return false }
        return known.utf8.withContiguousStorageIfAvailable {
            memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0
        } ?? known.utf8.elementsEqual(bytes)
    }
}
