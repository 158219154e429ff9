import Foundation

/// An element with more attributes than any storyboard has, or a DTD, found before the parser
/// sees it: libxml2 checks each new attribute against the ones before it, so 400,000 on one
/// element (4.7 MB, far under the size limit) took `lint` 68 s (r20 fuzz). Interface Builder
/// writes a few dozen at most, and never a DOCTYPE; elements a DTD's entities expand to are not
/// in the text to count (four entities of 300,000 attributes took 82 s: r20 review), so a DTD is
/// refused first.
enum StoryboardPrescan {
    static let maximumAttributes = 1_000

    enum Problem {
        /// A `<!DOCTYPE`.
        case doctype
        /// An element with more than `maximumAttributes` attributes.
        case crowdedElement
    }

    /// The first problem and where it starts (line and column, 1-based), if there is one.
    /// Comments, CDATA and processing instructions are stepped over; attribute values are
    /// skipped by their quotes.
    static func firstProblem(in data: Data) -> (problem: Problem, line: Int, column: Int)? {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> (Problem, Int, Int)? in
            let b = raw.bindMemory(to: UInt8.self)
            let n = b.count
            var i = 0
            var line = 1
            var lineStart = 0
            func skip(to end: [UInt8]) {
                while i < n {
                    if b[i] == 0x0A {
                        line += 1
                        lineStart = i + 1
                    }
                    if b[i] == end[0], i + end.count <= n, (0..<end.count).allSatisfy({ b[i + $0] == end[$0] }) {
                        i += end.count
                        return
                    }
                    i += 1
                }
            }
            while i < n {
                let c = b[i]
                if c == 0x0A {
                    line += 1
                    lineStart = i + 1
                    i += 1
                    continue
                }
                guard c == UInt8(ascii: "<"), i + 1 < n else {
                    i += 1
                    continue
                }
                let next = b[i + 1]
                if next == UInt8(ascii: "!") {
                    if i + 3 < n, b[i + 2] == UInt8(ascii: "-"), b[i + 3] == UInt8(ascii: "-") {
                        i += 4
                        skip(to: Array("-->".utf8))
                    } else if i + 9 <= n, Array(b[(i + 2)..<(i + 9)]) == Array("DOCTYPE".utf8) {
                        return (.doctype, line, i - lineStart + 1)
                    } else if i + 8 < n, b[i + 2] == UInt8(ascii: "[") {
                        i += 2
                        skip(to: Array("]]>".utf8))
                    } else {
                        i += 2
                        skip(to: Array(">".utf8))
                    }
                    continue
                }
                if next == UInt8(ascii: "?") {
                    i += 2
                    skip(to: Array("?>".utf8))
                    continue
                }
                // A tag: count its `=` outside quoted values.
                let start = (line, i - lineStart + 1)
                var attributes = 0
                i += 1
                while i < n, b[i] != UInt8(ascii: ">") {
                    let t = b[i]
                    if t == 0x0A {
                        line += 1
                        lineStart = i + 1
                    } else if t == UInt8(ascii: "\"") || t == UInt8(ascii: "'") {
                        i += 1
                        while i < n, b[i] != t {
                            if b[i] == 0x0A {
                                line += 1
                                lineStart = i + 1
                            }
                            i += 1
                        }
                    } else if t == UInt8(ascii: "=") {
                        attributes += 1
                        if attributes > maximumAttributes { return (.crowdedElement, start.0, start.1) }
                    }
                    i += 1
                }
                i += 1
            }
            return nil
        }
    }
}
