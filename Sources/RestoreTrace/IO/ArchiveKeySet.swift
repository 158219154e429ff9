import Foundation

/// The keys of an archive, as the reader checks each restored key against the archive written
/// before it: every key's UTF-8 bytes in one buffer and an open-addressing table of their
/// positions. A `Set<String>` of a 200×200 archive's 80,201 keys was a String allocated per key
/// (8 MB held through the whole restoration, where a replay's memory peaks) and 5 % of the
/// replay's time in making, hashing and looking up those strings.
struct ArchiveKeySet {
    /// The keys' bytes, one after another.
    private var storage: [UInt8] = []
    /// Where each key ends in `storage` (it starts where the one before it ends).
    private var ends: [Int] = []
    /// A key's index + 1 in its hash's slot (or the next free one after it); 0 is empty.
    private var table: [UInt32] = []
    /// True once a key with a byte over 0x7F was added.
    private var hasNonASCII = false
    /// The keys as a `Set<String>`, made at the first lookup that missed by bytes where Unicode's
    /// canonical equivalence could still make it a hit ("é" as one scalar or as "e" + U+0301,
    /// "K" and U+212A KELVIN SIGN): the `Set<String>` this replaced compared that way, and an
    /// all-ASCII replay never pays for it. A box, so a lookup through a `let` can fill it.
    private var canonical = CanonicalKeys()

    private final class CanonicalKeys {
        var keys: Set<String>?
    }

    init() {}

    init(_ keys: some Sequence<String>) {
        for key in keys { Self.withBytes(of: key) { append($0) } }
        seal()
    }

    var count: Int { ends.count }

    /// Every key, as strings.
    var strings: [String] {
        ends.indices.map { k in String(decoding: storage[(k == 0 ? 0 : ends[k - 1])..<ends[k]], as: UTF8.self) }
    }

    /// Adds a key (a duplicate is harmless); `seal()` once they are all added.
    mutating func append(_ key: UnsafeBufferPointer<UInt8>) {
        storage.append(contentsOf: key)
        ends.append(storage.count)
        if !hasNonASCII, key.contains(where: { $0 >= 0x80 }) { hasNonASCII = true }
    }

    /// Builds the table over the keys added, at most half full.
    mutating func seal() {
        var size = 8
        while size < ends.count * 2 { size *= 2 }
        table = [UInt32](repeating: 0, count: size)
        canonical = CanonicalKeys()
        storage.withUnsafeBufferPointer { all in
            for k in ends.indices {
                let start = k == 0 ? 0 : ends[k - 1]
                var slot = Self.hash(UnsafeBufferPointer(rebasing: all[start..<ends[k]])) & (size - 1)
                while table[slot] != 0 { slot = (slot + 1) & (size - 1) }
                table[slot] = UInt32(k + 1)
            }
        }
    }

    func contains(_ key: String) -> Bool {
        guard !table.isEmpty else { return false }
        if containsBytes(of: key) { return true }
        // Bytes differ; the strings can still be equal if either side is not ASCII.
        guard hasNonASCII || key.utf8.contains(where: { $0 >= 0x80 }) else { return false }
        if canonical.keys == nil { canonical.keys = Set(strings) }
        return canonical.keys!.contains(key)
    }

    /// `contains` for a key's UTF-8 bytes, making no String of them when they are ASCII.
    func contains(bytes key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !table.isEmpty else { return false }
        if containsBytes(key) { return true }
        guard hasNonASCII || key.contains(where: { $0 >= 0x80 }) else { return false }
        return contains(String(decoding: key, as: UTF8.self))
    }

    /// True when a key has exactly `key`'s UTF-8 bytes.
    private func containsBytes(of key: String) -> Bool { Self.withBytes(of: key) { containsBytes($0) } }

    /// True when a key has exactly these UTF-8 bytes.
    private func containsBytes(_ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        storage.withUnsafeBufferPointer { all in
            var slot = Self.hash(wanted) & (table.count - 1)
            while table[slot] != 0 {
                let k = Int(table[slot]) - 1
                let start = k == 0 ? 0 : ends[k - 1]
                if ends[k] - start == wanted.count,
                    wanted.isEmpty || memcmp(all.baseAddress! + start, wanted.baseAddress!, wanted.count) == 0
                {
                    return true
                }
                slot = (slot + 1) & (table.count - 1)
            }
            return false
        }
    }

    /// FNV-1a: keys come from the trace, but a slow lookup is all a crafted one could cause.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    private static func withBytes<R>(of key: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let r = key.utf8.withContiguousStorageIfAvailable(body) { return r }
        return Array(key.utf8).withUnsafeBufferPointer(body)
    }
}
