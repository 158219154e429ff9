/// Turns a valid input (a committed sample scenario or trace) into a hostile one, reproducibly:
/// the same seed gives the same mutants on every machine, so a failure found once is found again.
///
/// Mutations aim at what broke before: nesting, aliases, control and non-UTF-8 bytes, huge
/// numbers, cut lines, wrong types, odd archive keys, long names, plus plain byte damage.
public struct Mutator {
    private var random: SplitMix64
    /// Other samples' lines, spliced in so mutants mix real structure.
    private let donors: [[UInt8]]

    public init(seed: UInt64, donors: [[UInt8]] = []) {
        random = SplitMix64(seed: seed)
        self.donors = donors.filter { !$0.isEmpty }
    }

    /// Fragments that have broken parsers, readers or renderers.
    static let tokens: [[UInt8]] =
        [
            "[", "{", "]", "}", "\"", "'", ":", "- ", "\n", "  ", ",", "*a", "&a ", "*x", "!!binary ", "|\n", ">-\n",
            "\u{1B}[2J", "\u{7F}", "\u{85}", "\u{9B}", "\u{2028}", "é", "😀", "名", "\u{202E}", "\\", "\\u0000",
            "\\ud800",
            "null", "true", "false", "-1", "0", "1e999", "-0.0", "9223372036854775808", "99999999999999999999",
            ":[01]:", ":[-1]:", "/", "//", "\"seq\":", "{\"bool\":7}", "{\"int\":\"x\"}", "\"result\":\"yes\"", "\t",
            "#",
            "~", "<script>", "&amp;", "%YAML 1.1\n", "---\n", "...\n",
        ].map { Array($0.utf8) } + [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0x00], [0xF4, 0x90, 0x80, 0x80]]

    /// One mutant of `input`: one to four mutations.
    public mutating func mutate(_ input: [UInt8]) -> [UInt8] {
        var bytes = input
        // A binary property list (UIKit's archive) is mostly offsets and object references: byte
        // damage alone seldom gets past its trailer, so half its mutations aim at its structure.
        let binaryPlist = input.starts(with: Array("bplist00".utf8)) && input.count >= 40
        for _ in 0..<(1 + random.below(4)) {
            if binaryPlist, random.below(2) == 0 {
                mutateBinaryPlist(&bytes)
            } else {
                mutateOnce(&bytes)
            }
        }
        return bytes
    }

    /// One mutation of a binary property list's structure: the trailer's widths and counts, the
    /// offset table (two objects at one offset, an offset past the end), object markers (another
    /// type, another count) and object references (cycles, references past the table).
    private mutating func mutateBinaryPlist(_ b: inout [UInt8]) {
        guard b.count >= 40 else { return mutateOnce(&b) }
        let end = b.count
        let offsetWidth = Int(b[end - 26])
        let objects = Self.bigEndian(b[(end - 24)..<(end - 16)])
        let tableStart = Self.bigEndian(b[(end - 8)..<end])
        switch random.below(5) {
        case 0:
            // A width Foundation reads, one it refuses, or one no writer makes.
            let widths: [UInt8] = [0, 1, 2, 3, 4, 5, 8, 9, 16, 255]
            b[end - 26 + random.below(2)] = widths[random.below(widths.count)]
        case 1:
            // A count, the top object or the table's offset: off by one, zero, or huge.
            let field = end - 24 + 8 * random.below(3)
            let current = Self.bigEndian(b[field..<(field + 8)])
            let choices: [UInt64] = [
                0, 1, current &- 1, current &+ 1, current &* 2, 1 << 31, 1 << 32, UInt64(Int64.max), UInt64.max,
            ]
            Self.writeBigEndian(choices[random.below(choices.count)], into: &b, at: field)
        case 2 where offsetWidth >= 1 && offsetWidth <= 8 && objects > 1:
            // One offset table entry pointed at another object, or past the end.
            let count = Int(min(objects, UInt64(end)))
            let entry = Int(min(tableStart, UInt64(end))) + random.below(count) * offsetWidth
            let source = Int(min(tableStart, UInt64(end))) + random.below(count) * offsetWidth
            guard entry + offsetWidth <= end - 32, source + offsetWidth <= end - 32 else { return }
            if random.below(4) == 0 {
                for i in 0..<offsetWidth { b[entry + i] = 0xFF }
            } else {
                for i in 0..<offsetWidth { b[entry + i] = b[source + i] }
            }
        case 3:
            // An object's marker: another type, or another count (0xF: the count follows).
            let objectArea = max(9, min(Int(min(tableStart, UInt64(end))), end - 32))
            guard objectArea > 8 else { return }
            let at = 8 + random.below(objectArea - 8)
            let types: [UInt8] = [0x00, 0x10, 0x20, 0x30, 0x40, 0x50, 0x60, 0x80, 0xA0, 0xC0, 0xD0, 0xB0, 0xF0]
            b[at] = types[random.below(types.count)] | UInt8(random.below(2) == 0 ? 0x0F : random.below(16))
        default:
            // A reference inside a container: a small object number (cycles, the top object) or
            // one past the table.
            let objectArea = max(9, min(Int(min(tableStart, UInt64(end))), end - 32))
            guard objectArea > 8 else { return }
            let at = 8 + random.below(objectArea - 8)
            let references: [UInt8] = [0, 1, 2, UInt8(truncatingIfNeeded: objects), 0x7F, 0xFF]
            b[at] = references[random.below(references.count)]
        }
    }

    static func bigEndian(_ bytes: ArraySlice<UInt8>) -> UInt64 { bytes.reduce(0) { $0 << 8 | UInt64($1) } }

    static func writeBigEndian(_ value: UInt64, into b: inout [UInt8], at offset: Int) {
        for i in 0..<8 { b[offset + i] = UInt8(truncatingIfNeeded: value >> (56 - 8 * i)) }
    }

    private mutating func mutateOnce(_ b: inout [UInt8]) {
        switch random.below(12) {
        case 0 where !b.isEmpty:
            b[random.below(b.count)] ^= UInt8(1 << random.below(8))
        case 1, 2:
            b.insert(contentsOf: Self.tokens[random.below(Self.tokens.count)], at: random.below(b.count + 1))
        case 3 where !b.isEmpty:
            let start = random.below(b.count)
            b.removeSubrange(start..<min(b.count, start + 1 + random.below(64)))
        case 4 where !b.isEmpty:
            let start = random.below(b.count)
            let piece = Array(b[start..<min(b.count, start + 1 + random.below(256))])
            b.insert(contentsOf: piece, at: random.below(b.count + 1))
        case 5 where !b.isEmpty:
            b.removeSubrange(random.below(b.count)...)
        case 6:
            swapLines(&b)
        case 7:
            replaceNumber(&b)
        case 8:
            // Nesting: a run of brackets, sometimes far past any limit.
            let depth = random.below(4) == 0 ? 300 + random.below(3_000) : 1 + random.below(40)
            let open: UInt8 = random.below(2) == 0 ? UInt8(ascii: "[") : UInt8(ascii: "{")
            b.insert(contentsOf: [UInt8](repeating: open, count: depth), at: random.below(b.count + 1))
        case 9 where !donors.isEmpty:
            let donor = donors[random.below(donors.count)]
            let lines = donor.split(separator: 0x0A, omittingEmptySubsequences: false)
            let line = Array(lines[random.below(lines.count)]) + [0x0A]
            b.insert(contentsOf: line, at: lineStart(in: b, near: random.below(b.count + 1)))
        case 10:
            // A long name: a few thousand characters where an identifier or a value was.
            let filler = [UInt8](repeating: UInt8(ascii: "x"), count: 1_000 + random.below(20_000))
            b.insert(contentsOf: filler, at: random.below(b.count + 1))
        default:
            b.insert(contentsOf: Self.tokens[random.below(Self.tokens.count)], at: random.below(b.count + 1))
        }
    }

    private mutating func swapLines(_ b: inout [UInt8]) {
        var lines = b.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        guard lines.count > 2 else { return }
        lines.swapAt(random.below(lines.count), random.below(lines.count))
        b = Array(lines.joined(separator: [0x0A]))
    }

    private mutating func replaceNumber(_ b: inout [UInt8]) {
        let digits = b.indices.filter { b[$0] >= UInt8(ascii: "0") && b[$0] <= UInt8(ascii: "9") }
        guard !digits.isEmpty else { return }
        var start = digits[random.below(digits.count)]
        var end = start
        while start > 0, b[start - 1] >= UInt8(ascii: "0"), b[start - 1] <= UInt8(ascii: "9") { start -= 1 }
        while end < b.count, b[end] >= UInt8(ascii: "0"), b[end] <= UInt8(ascii: "9") { end += 1 }
        let choices = ["0", "-1", "1", "2", "7", "65536", "2147483648", "9223372036854775807", "1e308", "0.5"]
        b.replaceSubrange(start..<end, with: Array(choices[random.below(choices.count)].utf8))
    }

    private func lineStart(in b: [UInt8], near i: Int) -> Int {
        var p = min(i, b.count)
        while p > 0, b[p - 1] != 0x0A { p -= 1 }
        return p
    }
}

/// A small, fast, seedable generator (SplitMix64): the same seed gives the same numbers everywhere.
public struct SplitMix64 {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<n` (0 when n is 0).
    public mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }
}
