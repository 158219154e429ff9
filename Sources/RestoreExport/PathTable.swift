import Foundation

/// Restoration paths numbered in the order they first come, for the timeline's index: each
/// event's path becomes its number. A 200x200 timeline looks up 240,804 paths (80,201 distinct,
/// never the same twice in a row); with `[String: Int]` that was a quarter of the report
/// builder's thread (SipHash over each path's `String`). Here a path's UTF-8 bytes are hashed
/// eight at a time into an open-addressed table of numbers, and compared with `memcmp`.
struct PathTable {
    /// The paths, by number.
    private(set) var paths: [String] = []
    /// Every path's bytes, one after another; path `n` ends at `ends[n]`.
    private var bytes: [UInt8] = []
    private var ends: [Int] = []
    private var hashes: [UInt64] = []
    /// Path number + 1 per slot, 0 when empty; a power of two in size, at most half full.
    private var slots: [Int32] = Array(repeating: 0, count: 1 << 10)

    /// The path's number, given it now if it is new.
    mutating func number(of path: String) -> Int {
        var contiguous = path
        return contiguous.withUTF8 { number(of: $0, path) }
    }

    private mutating func number(of utf8: UnsafeBufferPointer<UInt8>, _ path: String) -> Int {
        let hash = Self.hash(utf8)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let taken = Int(slots[slot])
            if taken == 0 { break }
            let n = taken - 1
            if hashes[n] == hash, same(n, utf8) { return n }
            slot = (slot + 1) & mask
        }
        let n = paths.count
        paths.append(path)
        bytes.append(contentsOf: utf8)
        ends.append(bytes.count)
        hashes.append(hash)
        slots[slot] = Int32(truncatingIfNeeded: n + 1)
        if 2 * paths.count > slots.count { grow() }
        return n
    }

    /// Whether path `n`'s bytes are `utf8`.
    private func same(_ n: Int, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = n == 0 ? 0 : ends[n - 1]
        guard ends[n] - start == utf8.count else { return false }
        guard !utf8.isEmpty, let other = utf8.baseAddress else { return true }
        return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, other, utf8.count) == 0 }
    }

    /// Twice the slots, every path placed again by its hash.
    private mutating func grow() {
        slots = Array(repeating: 0, count: 2 * slots.count)
        let mask = slots.count - 1
        for (n, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: n + 1)
        }
    }

    /// A multiply-and-rotate hash over eight bytes at a time, mixed at the end so the low bits
    /// (the slot) depend on every byte. Not for untrusted keys' worst case: the table compares
    /// bytes, so a collision costs a probe, never a wrong number.
    static func hash(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let k: UInt64 = 0x9E37_79B9_7F4A_7C15
        var h = UInt64(truncatingIfNeeded: utf8.count) &* k
        guard let base = utf8.baseAddress else { return h }
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i + 8 <= utf8.count {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            h = ((h ^ word) &* k).rotatedLeft(29)
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < utf8.count {
            tail |= UInt64(base[i]) << shift
            shift += 8
            i += 1
        }
        h = (h ^ tail) &* k
        h ^= h >> 32
        h = h &* 0xD6E8_FEB8_6659_FD93
        return h ^ (h >> 32)
    }
}

extension UInt64 {
    fileprivate func rotatedLeft(_ n: UInt64) -> UInt64 { (self << n) | (self >> (64 - n)) }
}
