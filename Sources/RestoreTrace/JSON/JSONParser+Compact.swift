extension JSONParser {
    /// Steps over the value at the position when it is in the writer's compact shape — no
    /// whitespace, no escape in a string, numbers `-?digits(.digits)?`, at most 64 levels deep —
    /// checking it as `skipValue` does; false, and nothing consumed, for anything else, which
    /// `skipValue` then reads the general way (and reports, if it is wrong, as it always has).
    /// Every value it takes, the general way takes to the same end.
    ///
    /// One loop over the bytes in place with the open containers as bits: the general way's
    /// calls per member and element (enter, next key, skip, each checking its bounds) were ~34
    /// instructions a byte of a skipped payload, ~17 % of a replay, which checks every coder
    /// of every event line (grid 80, callgrind).
    mutating func skipCompactValue() -> Bool {
        // Nesting the general way would refuse (over 512 levels) is left to it.
        guard depth <= 512 - 64 else { return false }
        let start = i
        let end = bytes.withUnsafeBytes { raw -> Int? in
            let n = raw.count
            var k = start
            /// One bit per open container, the innermost lowest: 1 an object, 0 an array.
            var open: UInt64 = 0
            var depth = 0
            /// `"key":` at `k` (a plain key), stepped over.
            func key(_ k: inout Int) -> Bool {
                guard k < n, raw[k] == 0x22 else { return false }
                k = JSONParser.plainRunEnd(in: raw, from: k + 1)
                guard k + 1 < n, raw[k] == 0x22, raw[k + 1] == 0x3A else { return false }
                k += 2
                return true
            }
            /// `word` at `k`, stepped over.
            func literal(_ word: StaticString, _ k: inout Int) -> Bool {
                let count = word.utf8CodeUnitCount
                guard k + count <= n else { return false }
                for j in 0..<count where raw[k + j] != word.utf8Start[j] { return false }
                k += count
                return true
            }
            while true {
                // A value at `k`.
                guard k < n else { return nil }
                switch raw[k] {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    guard depth < 64 else { return nil }
                    let isObject = raw[k] == UInt8(ascii: "{")
                    open = open << 1 | (isObject ? 1 : 0)
                    depth += 1
                    k += 1
                    guard k < n else { return nil }
                    if raw[k] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        k += 1
                        open >>= 1
                        depth -= 1
                    } else {
                        if isObject, !key(&k) { return nil }
                        continue
                    }
                case UInt8(ascii: "\""):
                    k = JSONParser.plainRunEnd(in: raw, from: k + 1)
                    guard k < n, raw[k] == UInt8(ascii: "\"") else { return nil }
                    k += 1
                case UInt8(ascii: "t"): guard literal("true", &k) else { return nil }
                case UInt8(ascii: "f"): guard literal("false", &k) else { return nil }
                case UInt8(ascii: "n"): guard literal("null", &k) else { return nil }
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    if raw[k] == UInt8(ascii: "-") { k += 1 }
                    let digits = k
                    while k < n, raw[k] &- 48 < 10 { k += 1 }
                    guard k > digits else { return nil }
                    if k < n, raw[k] == UInt8(ascii: ".") {
                        k += 1
                        let decimals = k
                        while k < n, raw[k] &- 48 < 10 { k += 1 }
                        guard k > decimals else { return nil }
                    }
                    // What `number()` would take as more of the number (an exponent, a sign).
                    if k < n {
                        switch raw[k] {
                        case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"),
                            UInt8(ascii: "-"):
                            return nil
                        default: break
                        }
                    }
                default: return nil
                }
                // After a value: the end, a separator, or closing brackets.
                while true {
                    if depth == 0 { return k }
                    guard k < n else { return nil }
                    let isObject = open & 1 == 1
                    if raw[k] == UInt8(ascii: ",") {
                        k += 1
                        if isObject, !key(&k) { return nil }
                        break
                    }
                    guard raw[k] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return nil }
                    k += 1
                    open >>= 1
                    depth -= 1
                }
            }
        }
        guard let end else { return false }
        i = end
        return true
    }
}

extension JSONParser {
    /// The string at the position when it has no escape (its value is then its bytes), stepped
    /// over; nil, nothing consumed, otherwise. The String `string()` makes, without a
    /// `JSONValue` around it.
    mutating func plainStringValue() -> String? {
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
        let end = plainRunEnd(from: i + 1)
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
        defer { i = end + 1 }
        return String(decoding: bytes[(i + 1)..<end], as: UTF8.self)
    }
}

extension JSONParser {
    /// `[n,n,…]` of numbers `plainDouble` reads (a view's offset and inset), as doubles, stepped
    /// over; nil, nothing consumed, for anything else. No `JSONValue` (a box per element).
    mutating func plainDoubles() -> [Double]? {
        let start = i
        guard depth < 512, i < bytes.count, bytes[i] == UInt8(ascii: "[") else { return nil }
        i += 1
        var out: [Double] = []
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
            i += 1
            return out
        }
        out.reserveCapacity(2)
        while let d = plainDouble() {
            out.append(d)
            guard i < bytes.count else { break }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            if bytes[i] == UInt8(ascii: "]") {
                i += 1
                return out
            }
            break
        }
        i = start
        return nil
    }
}
