import Foundation

/// Sizes of what the commands wrote, and the shape of a trace's lines.
enum FileStats {
    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// Every file under `path`, added up.
    static func folderSize(_ path: String) -> Int {
        guard let walk = FileManager.default.enumerator(atPath: path) else { return 0 }
        var total = 0
        while let relative = walk.nextObject() as? String {
            var isFolder: ObjCBool = false
            let file = path + "/" + relative
            if FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), !isFolder.boolValue {
                total += size(file)
            }
        }
        return total
    }

    /// The number of lines and the longest one's bytes (without its newline), read in blocks so a
    /// trace of any size costs a megabyte of memory.
    static func lines(_ path: String) throws -> (count: Int, longest: Int) {
        guard let file = FileHandle(forReadingAtPath: path) else { throw BenchError("cannot read \(path)") }
        defer { try? file.close() }
        var (count, longest, current) = (0, 0, 0)
        while let block = try file.read(upToCount: 1 << 20), !block.isEmpty {
            block.withUnsafeBytes { bytes in
                for byte in bytes {
                    if byte == 0x0A {
                        count += 1
                        longest = max(longest, current)
                        current = 0
                    } else {
                        current += 1
                    }
                }
            }
        }
        if current > 0 { (count, longest) = (count + 1, max(longest, current)) }
        return (count, longest)
    }

    /// Whether two files hold the same bytes, compared a megabyte at a time.
    static func sameBytes(_ a: String, _ b: String) throws -> Bool {
        guard size(a) == size(b) else { return false }
        guard let fa = FileHandle(forReadingAtPath: a), let fb = FileHandle(forReadingAtPath: b) else {
            throw BenchError("cannot read \(a) or \(b)")
        }
        defer {
            try? fa.close()
            try? fb.close()
        }
        while true {
            let (x, y) = (try fa.read(upToCount: 1 << 20) ?? Data(), try fb.read(upToCount: 1 << 20) ?? Data())
            if x != y { return false }
            if x.isEmpty { return true }
        }
    }
}

/// How the table spells its numbers: plain decimals a program can read back, units in the header.
enum Format {
    static func seconds(_ s: Double) -> String {
        guard s.isFinite else { return "–" }
        return String(format: s < 0.1 ? "%.4f" : "%.3f", s)
    }

    /// Megabytes of 1,000,000 bytes, as the targets count them.
    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1e6) }

    static func kibibytes(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1024) }

    static func ratio(_ r: Double?) -> String {
        guard let r, r.isFinite else { return "–" }
        return String(format: r < 10 ? "%.2f" : "%.1f", r)
    }

    /// An integer with thousands separators: 1,234,567.
    static func count(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out += "," }
            out.append(d)
        }
        return (n < 0 ? "-" : "") + out
    }

    static func perSecond(_ rate: Double) -> String { rate.isFinite ? count(Int(rate.rounded())) : "–" }
}
