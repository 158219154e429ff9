/// Where parsing failed, 1-based.
public struct JSONParseError: Error, Sendable {
    public var column: Int
    public var message: String
    /// The text ended before the value did (a string, an object, an escape left open): what a
    /// line cut off where it was written looks like, unlike a mistake inside it.
    public var atEnd = false
}

/// A strict JSON parser over UTF-8 bytes that keeps object key order and says where it failed.
public struct JSONParser {
    let bytes: [UInt8]
    /// The next byte to read.
    var i = 0
    private(set) var depth = 0

    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        var p = JSONParser(bytes: bytes)
        p.skipSpace()
        let v = try p.value()
        p.skipSpace()
        guard p.i == bytes.count else { throw p.fail("unexpected text after the JSON value") }
        return v
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// A parser positioned at `offset`, for reading parts of a line (see JSONParser+Cursor.swift).
    init(bytes: [UInt8], at offset: Int) {
        self.bytes = bytes
        i = offset
    }

    func fail(_ message: String) -> JSONParseError {
        // Column in characters, not bytes, up to the failure.
        let column = String(decoding: bytes[0..<min(i, bytes.count)], as: UTF8.self).count + 1
        return JSONParseError(column: column, message: message, atEnd: i >= bytes.count)
    }

    @inline(__always)
    mutating func skipSpace() {
        // The writer writes no whitespace: one test settles nearly every call, inlined. A call
        // per test (four a member) was 2.7 % of a replay's instructions (grid 80, callgrind).
        guard i < bytes.count, bytes[i] <= 0x20 else { return }
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
    }

    /// The first index at or after `start` of a byte that ends a string's plain run: `"`, `\`
    /// or a control character; `bytes.count` if none. Eight bytes a step while none is one
    /// (keys, paths and coder references are runs of 6 to 40 plain bytes): the byte loop with a
    /// bounds check per byte was ~117 instructions a key, 4 % of a replay (grid 80, callgrind).
    @inline(__always)
    func plainRunEnd(from start: Int) -> Int {
        bytes.withUnsafeBytes { Self.plainRunEnd(in: $0, from: start) }
    }

    /// `plainRunEnd(from:)` over bytes in place.
    @inline(__always)
    static func plainRunEnd(in raw: UnsafeRawBufferPointer, from start: Int) -> Int {
        let n = raw.count
        var k = start
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while k + 8 <= n {
            // Little-endian order whatever the machine's: the lowest flag is the first byte.
            let w = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: k, as: UInt64.self))
            let quote = w ^ (ones &* 0x22)
            let backslash = w ^ (ones &* 0x5C)
            // A high bit where a byte is below 0x20 (a control), or is `"` or `\` (zero
            // after the xor); bytes of 0x80 and above are never flagged as below 0x20. A
            // borrow can flag a byte above a hit, never below one: the lowest flag is exact.
            let below = (w &- ones &* 0x20) & ~w
            let hit = (below | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & highs
            if hit != 0 { return k + hit.trailingZeroBitCount >> 3 }
            k += 8
        }
        while k < n {
            let c = raw[k]
            if c == 0x22 || c == 0x5C || c < 0x20 { return k }
            k += 1
        }
        return k
    }

    mutating func value() throws(JSONParseError) -> JSONValue {
        guard i < bytes.count else { throw fail("the line ends before the value does") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw fail("unexpected character '\(String(decoding: [bytes[i]], as: UTF8.self))'")
        }
    }

    mutating func literal(_ word: String) throws(JSONParseError) {
        for b in word.utf8 {
            guard i < bytes.count, bytes[i] == b else { throw fail("expected '\(word)'") }
            i += 1
        }
    }

    mutating func nest() throws(JSONParseError) {
        depth += 1
        if depth > 512 { throw fail("nesting deeper than 512 levels") }
    }

    mutating func unnest() { depth -= 1 }

    private mutating func object() throws(JSONParseError) -> JSONValue {
        try nest()
        defer { unnest() }
        i += 1
        var pairs: [(String, JSONValue)] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
            i += 1
            return .object(pairs)
        }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a quoted key") }
            let key = try string()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
                throw fail("expected ':' after key \"\(key)\"")
            }
            i += 1
            skipSpace()
            pairs.append((key, try value()))
            skipSpace()
            guard i < bytes.count else { throw fail("the line ends inside an object") }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            if bytes[i] == UInt8(ascii: "}") {
                i += 1
                return .object(pairs)
            }
            throw fail("expected ',' or '}' in an object")
        }
    }

    private mutating func array() throws(JSONParseError) -> JSONValue {
        try nest()
        defer { unnest() }
        i += 1
        var items: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
            i += 1
            return .array(items)
        }
        while true {
            skipSpace()
            items.append(try value())
            skipSpace()
            guard i < bytes.count else { throw fail("the line ends inside an array") }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            if bytes[i] == UInt8(ascii: "]") {
                i += 1
                return .array(items)
            }
            throw fail("expected ',' or ']' in an array")
        }
    }

    mutating func string() throws(JSONParseError) -> String {
        i += 1
        let start = i
        // Fast path: no escapes.
        i = plainRunEnd(from: i)
        if i < bytes.count, bytes[i] == UInt8(ascii: "\"") {
            defer { i += 1 }
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }
        var out = Array(bytes[start..<i])
        while true {
            guard i < bytes.count else { throw fail("the line ends inside a string") }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                i += 1
                break
            }
            if b < 0x20 { throw fail("a control character inside a string must be escaped") }
            if b != UInt8(ascii: "\\") {
                out.append(b)
                i += 1
                continue
            }
            i += 1
            guard i < bytes.count else { throw fail("the line ends inside an escape") }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): out.append(34)
            case UInt8(ascii: "\\"): out.append(92)
            case UInt8(ascii: "/"): out.append(47)
            case UInt8(ascii: "b"): out.append(8)
            case UInt8(ascii: "f"): out.append(12)
            case UInt8(ascii: "n"): out.append(10)
            case UInt8(ascii: "r"): out.append(13)
            case UInt8(ascii: "t"): out.append(9)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    guard i + 1 < bytes.count, bytes[i] == 92, bytes[i + 1] == UInt8(ascii: "u") else {
                        throw fail("unpaired surrogate")
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw fail("unpaired surrogate") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let u = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape") }
                out.append(contentsOf: Array(String(Character(u)).utf8))
            default: throw fail("invalid escape '\\\(String(decoding: [e], as: UTF8.self))'")
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard i + 4 <= bytes.count else {
            var error = fail("incomplete \\u escape")
            error.atEnd = true
            throw error
        }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt32
            switch b {
            case 48...57: d = UInt32(b - 48)
            case 65...70: d = UInt32(b - 55)
            case 97...102: d = UInt32(b - 87)
            default: throw fail("invalid hex digit in \\u escape")
            }
            v = v * 16 + d
            i += 1
        }
        return v
    }

    mutating func number() throws(JSONParseError) -> JSONValue {
        if let plain = plainNumber() { return plain }
        let start = i
        var isDouble = false
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        while i < bytes.count {
            let b = bytes[i]
            if b >= 48 && b <= 57 {
                i += 1
            } else if b == UInt8(ascii: ".") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E")
                || b == UInt8(ascii: "+") || (b == UInt8(ascii: "-") && i > start)
            {
                isDouble = true
                i += 1
            } else {
                break
            }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        if !isDouble, let n = Int(text) { return .int(n) }
        guard let d = Double(text) else { throw fail("invalid number '\(text)'") }
        return .double(d)
    }
}

extension JSONParser {
    /// A number of at most 15 significant digits and no exponent (`-12`, `0.0`, `375.5`: every
    /// number the writer writes), read and stepped over without making a String of its text;
    /// nil, nothing consumed, for anything else, which `number()` reads from its text. Its text
    /// and `Double.init` through `strtod` were ~830 instructions a number, 4 % of a replay
    /// (grid 80, callgrind), for the offsets in every node line.
    ///
    /// The value is the one `Double(text)` gives: the digits make an integer below 2^53 and the
    /// power of ten is at most 10^15, both exact as doubles, so their quotient, rounded once by
    /// the division, is the correctly rounded value of the decimal, as `strtod`'s is.
    private mutating func plainNumber() -> JSONValue? {
        guard let (negative, digits, decimals) = plainDecimal() else { return nil }
        if decimals == 0 {
            let n = Int(digits)
            return .int(negative ? -n : n)
        }
        let value = Double(digits) / Self.powersOfTen[decimals]
        return .double(negative ? -value : value)
    }

    /// `plainNumber()`'s value as `JSONValue.doubleValue` gives it (an integer converted).
    mutating func plainDouble() -> Double? {
        guard let (negative, digits, decimals) = plainDecimal() else { return nil }
        if decimals == 0 {
            let n = Int(digits)
            return Double(negative ? -n : n)
        }
        let value = Double(digits) / Self.powersOfTen[decimals]
        return negative ? -value : value
    }

    /// The sign, digits and number of decimals of a number `plainNumber` takes, stepped over.
    private mutating func plainDecimal() -> (negative: Bool, digits: UInt64, decimals: Int)? {
        let start = i
        let read = bytes.withUnsafeBufferPointer { b -> (end: Int, digits: UInt64, decimals: Int, count: Int)? in
            var k = start
            if k < b.count, b[k] == UInt8(ascii: "-") { k += 1 }
            var digits: UInt64 = 0
            var count = 0
            while k < b.count, b[k] &- 48 < 10, count < 16 {
                digits = digits &* 10 &+ UInt64(b[k] &- 48)
                count += 1
                k += 1
            }
            guard count > 0 else { return nil }
            var decimals = 0
            if k < b.count, b[k] == UInt8(ascii: ".") {
                k += 1
                while k < b.count, b[k] &- 48 < 10, count < 16 {
                    digits = digits &* 10 &+ UInt64(b[k] &- 48)
                    count += 1
                    decimals += 1
                    k += 1
                }
                guard decimals > 0 else { return nil }
            }
            // Whatever `number()` would take as more of the number sends it there.
            if k < b.count {
                switch b[k] {
                case 48...57, UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"),
                    UInt8(ascii: "-"):
                    return nil
                default: break
                }
            }
            return count > 15 ? nil : (k, digits, decimals, count)
        }
        guard let read else { return nil }
        i = read.end
        return (bytes[start] == UInt8(ascii: "-"), read.digits, read.decimals)
    }

    private static let powersOfTen: [Double] = [
        1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
    ]
}
