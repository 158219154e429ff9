/// Reading a line piece by piece instead of as one tree: walk an object's members, check and skip
/// values without building them. Lets the reader decode an event's small envelope and leave its
/// big payloads (coders, hierarchies, archives) as bytes until someone needs them.
///
/// The grammar is the one `value()` accepts; errors are approximate, so callers that need the
/// exact located message re-parse the line with `JSONParser.parse`.
extension JSONParser {
    /// Consumes `{`; then call `nextMember` until it returns nil.
    mutating func enterObject() throws(JSONParseError) {
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { throw fail("expected an object") }
        try nest()
        i += 1
    }

    /// The next member's key as the range of its bytes between the quotes (escapes left as
    /// written, and no String made), positioned at its value, which the caller must read or
    /// skip; nil once the object's `}` is consumed.
    mutating func nextMemberKey(first: inout Bool) throws(JSONParseError) -> Range<Int>? {
        if let key = writersKey(first: first) {
            first = false
            i = key.upperBound + 2
            skipSpace()
            return key
        }
        skipSpace()
        guard i < bytes.count else { throw fail("the line ends inside an object") }
        if bytes[i] == UInt8(ascii: "}") {
            i += 1
            unnest()
            return nil
        }
        if first {
            first = false
        } else {
            guard bytes[i] == UInt8(ascii: ",") else { throw fail("expected ',' or '}' in an object") }
            i += 1
            skipSpace()
        }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a quoted key") }
        let start = i + 1
        try skipString()
        let key = start..<(i - 1)
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':' after a key") }
        i += 1
        skipSpace()
        return key
    }

    /// The next member's key when it is in the writer's shape — `"key":` right at the position,
    /// after a `,` unless it is the first — without escapes; nil (nothing consumed) for anything
    /// else, which `nextMemberKey` reads the general way. Every member of every line is so: the
    /// general way's separate checks and calls were ~90 instructions a member, 3.5 % of a
    /// replay (grid 80, callgrind).
    @inline(__always)
    private func writersKey(first: Bool) -> Range<Int>? {
        let at = first ? i : i + 1
        guard at < bytes.count, bytes[at] == UInt8(ascii: "\""), first || bytes[i] == UInt8(ascii: ",") else {
            return nil
        }
        let end = plainRunEnd(from: at + 1)
        guard end + 1 < bytes.count, bytes[end] == UInt8(ascii: "\""), bytes[end + 1] == UInt8(ascii: ":") else {
            return nil
        }
        return (at + 1)..<end
    }

    /// True when the bytes in `range` are exactly `word`.
    func bytes(_ range: Range<Int>, are word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        let w = word.utf8Start
        for (n, k) in range.enumerated() where bytes[k] != w[n] { return false }
        return true
    }

    /// Consumes `[`; then call `nextElement` until it returns false.
    mutating func enterArray() throws(JSONParseError) {
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "[") else { throw fail("expected an array") }
        try nest()
        i += 1
    }

    /// True when another element follows (positioned at it); false once `]` is consumed.
    mutating func nextElement(first: inout Bool) throws(JSONParseError) -> Bool {
        skipSpace()
        guard i < bytes.count else { throw fail("the line ends inside an array") }
        if bytes[i] == UInt8(ascii: "]") {
            i += 1
            unnest()
            return false
        }
        if first {
            first = false
        } else {
            guard bytes[i] == UInt8(ascii: ",") else { throw fail("expected ',' or ']' in an array") }
            i += 1
            skipSpace()
        }
        return true
    }

    /// Checks the next value against the grammar and steps over it, allocating nothing for
    /// plain strings, numbers and literals.
    mutating func skipValue() throws(JSONParseError) {
        if skipCompactValue() { return }
        skipSpace()
        guard i < bytes.count else { throw fail("the line ends before the value does") }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            try enterObject()
            var first = true
            while try nextMemberKey(first: &first) != nil { try skipValue() }
        case UInt8(ascii: "["):
            try enterArray()
            var first = true
            while try nextElement(first: &first) { try skipValue() }
        case UInt8(ascii: "\""): try skipString()
        // Literals and plain integers checked in place: a `JSONValue` is a boxed enum, so making
        // one to throw it away allocated for every number and `true` in a skipped payload.
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: if plainInt() == nil { _ = try value() }
        }
    }

    /// Steps over a string; one with escapes is decoded the usual way so they are checked.
    mutating func skipString() throws(JSONParseError) {
        let start = i
        i = plainRunEnd(from: i + 1)
        if i < bytes.count, bytes[i] == UInt8(ascii: "\"") {
            i += 1
            return
        }
        i = start
        _ = try string()
    }

    /// True when only whitespace is left.
    mutating func atEnd() -> Bool {
        skipSpace()
        return i == bytes.count
    }
}

extension JSONParser {
    /// A non-negative integer of at most 18 digits at the position, read and stepped over;
    /// nil (and nothing consumed) for anything else, which `value()` then reads.
    mutating func plainInt() -> Int? {
        let start = i
        // Over the bytes in place: indexing the array checked its bounds at every digit.
        let (k, n) = bytes.withUnsafeBufferPointer { b -> (Int, Int) in
            var k = start
            var n = 0
            while k < b.count, k - start < 18, b[k] &- 48 < 10 {
                n = n &* 10 &+ Int(b[k] &- 48)
                k += 1
            }
            return (k, n)
        }
        guard k > start, k < bytes.count else { return nil }
        switch bytes[k] {
        case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "-"), UInt8(ascii: "+"),
            48...57:
            return nil
        default:
            i = k
            return n
        }
    }
}

extension JSONParser {
    /// The string values of the named members of the object `text` is, first of each name, read
    /// without building the rest (a member of another type is left out); nil when `text` is not
    /// one JSON object. What `parse(text)[name]?.stringValue` gives for each name, without the
    /// tree: a divergence's one-line summary reads an event's name and path so, and an event
    /// that carries a whole app's hierarchy is megabytes.
    public static func topLevelStrings(of text: String, named names: Set<String>) -> [String: String]? {
        var p = JSONParser(bytes: Array(text.utf8), at: 0)
        var found: [String: String] = [:]
        var seen: Set<String> = []
        do throws(JSONParseError) {
            try p.enterObject()
            var first = true
            while let range = try p.nextMemberKey(first: &first) {
                var key = String(decoding: p.bytes[range], as: UTF8.self)
                if p.bytes[range].contains(UInt8(ascii: "\\")) {
                    // An escaped key, decoded as `parse` would.
                    var keyParser = JSONParser(bytes: p.bytes, at: range.lowerBound - 1)
                    key = try keyParser.string()
                }
                let isString = p.i < p.bytes.count && p.bytes[p.i] == UInt8(ascii: "\"")
                // Only the first member of a name counts, string or not, as in `parse`.
                if names.contains(key), seen.insert(key).inserted, isString {
                    found[key] = try p.string()
                } else {
                    try p.skipValue()
                }
            }
            guard p.atEnd() else { return nil }
        } catch {
            return nil
        }
        return found
    }
}
