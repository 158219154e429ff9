/// A look at a binary property list's object table before Foundation reads it.
///
/// `PropertyListSerialization` (swift-corelibs-foundation) turns the whole file into Swift values
/// at once, and two things in a hostile file go wrong there, before any limit of `KeyedArchive`
/// can apply:
/// - a set (marker `0xCn`) crashes the process while it is bridged to Swift (SIGSEGV in
///   `NSSet._bridgeToSwift`); NSKeyedArchiver never writes one (an `NSSet` is an object with
///   `NS.objects`), so a set means the file is not UIKit's;
/// - an object shared by reference is copied at every use: an array whose two references name
///   the same next array, 60 levels down, is 498 bytes and unfolds into 2^60 values (8 GB a
///   minute, never done), and a flat array of 60 million references to one string took 56 s
///   and 4.6 GB to be refused.
///
/// This walks the table as stored, each object once, and counts what it unfolds into; the file
/// goes to Foundation only when that is bounded. A `bplist…` file it cannot make sense of (a
/// damaged trailer, an offset or a reference out of range, a count it cannot read) is refused as
/// damaged, never handed on unchecked: Foundation reads layouts Apple's writer never makes (3-byte
/// references, 16-byte counts), and a set or a shared-object bomb hidden in one crashed or hung it.
enum BinaryPlistScan {
    /// Values the whole property list may unfold into, shared objects counted at every use. A
    /// keyed archive's plist shares only small leaves (equal strings and numbers are written
    /// once); the resolver's own limit (`KeyedArchive.maximumValues`) is far below this.
    static let maximumValues = 2_000_000
    /// Containers inside containers. NSKeyedArchiver's plist is three levels deep.
    static let maximumNesting = 512

    struct Problem: Error, Equatable {
        let message: String
        let hint: String
    }

    /// What is wrong with the property list in `bytes`, or nil: not a binary plist (an XML one,
    /// or no plist: Foundation says which), or one Foundation can read safely.
    static func problem(in bytes: [UInt8]) -> Problem? {
        // Foundation reads any `bplist0?` header (`bplist01`, `bplist0\0`): a set or a bomb behind
        // one went past a check of `bplist00` alone.
        guard bytes.starts(with: Array("bplist".utf8)) else { return nil }
        let damaged = Problem(
            message: "is a damaged or truncated binary property list (\(bytes.count) bytes)",
            hint: "copy the archive again; it may have been cut short while it was written or copied")
        return bytes.withUnsafeBufferPointer { b in
            guard let table = Table(b) else { return damaged }
            return table.walk(damaged: damaged)
        }
    }

    /// The trailer and offset table of a `bplist00` file.
    private struct Table {
        let b: UnsafeBufferPointer<UInt8>
        let offsetSize: Int
        let refSize: Int
        let count: Int
        let top: Int
        let tableStart: Int

        init?(_ b: UnsafeBufferPointer<UInt8>) {
            guard b.count >= 8 + 1 + 32 else { return nil }
            let t = b.count - 32
            self.b = b
            offsetSize = Int(b[t + 6])
            refSize = Int(b[t + 7])
            // Apple writes 1, 2, 4 or 8; Foundation reads any width from 1 to 8.
            guard (1...8).contains(offsetSize), (1...8).contains(refSize) else { return nil }
            let count = Self.integer(b, t + 8, 8)
            let top = Self.integer(b, t + 16, 8)
            let tableStart = Self.integer(b, t + 24, 8)
            guard let count, let top, let tableStart, count > 0, top < count, tableStart >= 9, tableStart < t,
                count <= (t - tableStart) / offsetSize
            else { return nil }
            (self.count, self.top, self.tableStart) = (count, top, tableStart)
        }

        /// A big-endian unsigned integer of `size` bytes at `at`, or nil past the end or past Int.max.
        static func integer(_ b: UnsafeBufferPointer<UInt8>, _ at: Int, _ size: Int) -> Int? {
            guard at >= 0, size <= 8, at <= b.count - size else { return nil }
            var v: UInt64 = 0
            for i in 0..<size { v = v << 8 | UInt64(b[at + i]) }
            return Int(exactly: v)
        }

        func offset(of object: Int) -> Int? {
            guard let o = Self.integer(b, tableStart + object * offsetSize, offsetSize), o >= 8, o < tableStart
            else { return nil }
            return o
        }

        /// A container's references: its kind, where they start and how many there are (none for
        /// anything else). Nil when the container runs past the object area.
        func references(of object: Int) -> (kind: UInt8, start: Int, count: Int)? {
            guard let o = offset(of: object) else { return nil }
            let marker = b[o]
            let kind = marker >> 4
            guard kind == 0xA || kind == 0xB || kind == 0xC || kind == 0xD else { return (kind, 0, 0) }
            var n = Int(marker & 0x0F)
            var at = o + 1
            if n == 0x0F {
                // The count follows as an integer object: marker 0x1k, then 2^k bytes (k ≤ 4; a
                // 16-byte count must fit in its low 8 bytes).
                guard at < tableStart, b[at] >> 4 == 0x1, b[at] & 0x0F <= 4 else { return nil }
                let size = 1 << Int(b[at] & 0x0F)
                let high = max(0, size - 8)
                guard at + 1 + size <= tableStart, (0..<high).allSatisfy({ b[at + 1 + $0] == 0 }),
                    let big = Self.integer(b, at + 1 + high, size - high)
                else { return nil }
                n = big
                at += 1 + size
            }
            let refs = kind == 0xD ? n &* 2 : n
            guard n >= 0, refs >= 0, refs <= (tableStart - at) / refSize else { return nil }
            return (kind, at, refs)
        }

        /// The `i`th reference from `start`, or nil when it names no object.
        func reference(_ start: Int, _ i: Int) -> Int? {
            guard let r = Self.integer(b, start + i * refSize, refSize), r < count else { return nil }
            return r
        }

        /// Depth first from the top object, each object's children read once: refuses sets,
        /// cycles, deep nesting, what unfolds into too many values, and (as `damaged`) what it
        /// cannot read.
        func walk(damaged: Problem) -> Problem? {
            guard count <= maximumValues else {
                return Problem(
                    message:
                        "is a binary property list of \(count) objects; more than \(maximumValues) is refused",
                    hint: "UIKit's restoration archives are kilobytes; is this the right file?")
            }
            let tooMany = Problem(
                message: "unfolds into more than \(maximumValues) values (shared objects counted at every use)",
                hint: "no restoration archive is this large; the file is corrupt or built to exhaust readers")
            // Values each object unfolds into, once known (0: not yet; on the path: -1).
            var unfolds = [Int](repeating: 0, count: count)
            var path: [(object: Int, start: Int, refs: Int, next: Int, total: Int)] = []
            func enter(_ object: Int) -> Problem? {
                guard let (kind, start, refs) = references(of: object) else { return damaged }
                if kind == 0xC || kind == 0xB {
                    return Problem(
                        message:
                            "holds a set (property-list object \(object)), which no Apple writer puts in a property list (NSKeyedArchiver archives an NSSet as an object with NS.objects)",
                        hint:
                            "this is not a file UIKit or Xcode wrote; pass the data.data file from the app's Saved Application State"
                    )
                }
                guard path.count < maximumNesting else {
                    return Problem(
                        message: "nests containers more than \(maximumNesting) levels deep",
                        hint: "UIKit's archive nests three levels; the file was not written by UIKit")
                }
                guard refs <= maximumValues else { return tooMany }
                unfolds[object] = -1
                path.append((object, start, refs, 0, 1))
                return nil
            }
            if let problem = enter(top) { return problem }
            while let last = path.last {
                if last.next == last.refs {
                    path.removeLast()
                    unfolds[last.object] = last.total
                    if !path.isEmpty {
                        path[path.count - 1].total = min(path[path.count - 1].total + last.total, maximumValues + 1)
                    }
                    if last.total > maximumValues { return tooMany }
                    continue
                }
                guard let child = reference(last.start, last.next) else { return damaged }
                path[path.count - 1].next += 1
                switch unfolds[child] {
                case -1:
                    return Problem(
                        message: "property-list object \(child) contains itself (a cycle)",
                        hint: "the file is damaged or was not written by UIKit")
                case 0:
                    if let problem = enter(child) { return problem }
                default:
                    path[path.count - 1].total = min(path[path.count - 1].total + unfolds[child], maximumValues + 1)
                }
            }
            return nil
        }
    }
}
