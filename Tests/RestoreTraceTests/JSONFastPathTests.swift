import Testing

@testable import RestoreTrace

/// The parser's byte-level fast paths (plain string runs eight bytes at a time, keys in the
/// writer's shape, numbers without their text) must read exactly what the general way reads:
/// the same values, the same positions, and every other input left to the general way.
@Suite struct JSONFastPathTests {
    /// A number read from its bytes is the value `Double(text)` / `Int(text)` gives, bit for bit.
    @Test func plainNumbersAreTheValuesTheirTextGives() throws {
        var texts = [
            "0", "-0", "7", "-12", "007", "123456789012345", "-999999999999999", "0.0", "-0.0", "0.1", "2.5",
            "-2.5", "375.5", "00.5", "0.000001234", "12345678.9012345", "0.333333333333333", "1.000000000000001",
        ]
        // Decimals of every length up to the fast path's 15 digits, and past it (the general way).
        var seed: UInt64 = 17
        for digits in 1...18 {
            for _ in 0..<40 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let all = String(seed % 1_000_000_000_000_000_000).zeroPadded(to: digits)
                let point = Int(seed >> 59) % digits
                texts.append(point == 0 ? all : String(all.prefix(point)) + "." + all.dropFirst(point))
            }
        }
        for text in texts {
            let value = try JSONParser.parse("[\(text),1]")
            let expected: JSONValue
            if !text.contains("."), let n = Int(text) {
                expected = .int(n)
            } else {
                expected = .double(try #require(Double(text)))
            }
            #expect(value == .array([expected, .int(1)]), "\(text)")
            if case .array(let items) = value, case .double(let d) = items[0], case .double(let e) = expected {
                #expect(d.bitPattern == e.bitPattern, "\(text)")
            }
        }
    }

    /// Numbers the fast path does not take are read, or refused, as before.
    @Test func otherNumbersTakeTheGeneralWay() throws {
        #expect(try JSONParser.parse("1e3") == .double(1000))
        #expect(try JSONParser.parse("-2.5E-1") == .double(-0.25))
        #expect(try JSONParser.parse("12345678901234567") == .int(12_345_678_901_234_567))
        #expect(try JSONParser.parse("1.") == .double(1))
        #expect(throws: JSONParseError.self) { try JSONParser.parse("1-2") }
        #expect(throws: JSONParseError.self) { try JSONParser.parse("-") }
        #expect(throws: JSONParseError.self) { try JSONParser.parse("1.2.3") }
    }

    /// A string's plain run ends at its first `"`, `\` or control character, wherever that is
    /// in the eight-byte words it is read in.
    @Test func plainRunsEndAtTheFirstByteThatEndsThem() {
        let enders: [UInt8] = [0x22, 0x5C, 0x00, 0x0A, 0x1F]
        let fillers: [UInt8] = [0x61, 0x20, 0x7E, 0x7F, 0xC3, 0xA9, 0xFF]
        for length in 0..<24 {
            for at in 0...length {
                for ender in enders {
                    var bytes = (0..<length).map { fillers[$0 % fillers.count] }
                    if at < length { bytes[at] = ender }
                    // A second ender after the first: only the first counts.
                    if at + 1 < length { bytes[at + 1] = 0x22 }
                    let parser = JSONParser(bytes: bytes, at: 0)
                    let expected = bytes.firstIndex { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 } ?? length
                    #expect(parser.plainRunEnd(from: 0) == expected, "\(bytes)")
                }
            }
        }
    }

    /// Keys in the writer's shape and keys with spaces or escapes around them read the same.
    @Test func membersReadTheSameWithOrWithoutTheWritersShape() throws {
        let spaced = try JSONParser.parse(#"{ "a" : 1 , "b\"c" :"d", "e":[ ] }"#)
        let compact = try JSONParser.parse(#"{"a":1,"b\"c":"d","e":[]}"#)
        #expect(spaced == compact)
        for text in [#"{"a":1,"b\"c":"d","e":[]}"#, #"{ "a" : 1 , "b\"c" :"d", "e":[ ] }"#] {
            var p = JSONParser(bytes: Array(text.utf8), at: 0)
            try p.enterObject()
            var first = true
            var keys: [String] = []
            while let key = try p.nextMemberKey(first: &first) {
                keys.append(String(decoding: p.bytes[key], as: UTF8.self))
                try p.skipValue()
            }
            #expect(keys == ["a", #"b\"c"#, "e"])
            let atEnd = p.atEnd()
            #expect(atEnd)
        }
        #expect(throws: JSONParseError.self) { try JSONParser.parse(#"{"a"1}"#) }
        #expect(throws: JSONParseError.self) { try JSONParser.parse(#"{"a":1,}"#) }
    }
}

extension JSONFastPathTests {
    /// A compact value is skipped to where the general parser ends it; anything the general
    /// parser refuses, or that is not compact, is left to the general way (nothing consumed).
    @Test func compactValuesAreSkippedToWhereTheGeneralParserEndsThem() {
        var texts = [
            #"{"a":1,"b":[true,false,null,-2.5,"x"],"c":{}}"#, #"[]"#, #"{}"#, #""plain""#, #"[[[[]]]]"#,
            #"{"ref":"Tabs/:[0]:/nav0"}"#, #"[1,2,3]x"#, #"{"a":1}}"#, #"[1 ,2]"#, #"{"a" :1}"#, #"{"a\"b":1}"#,
            #""esc\n""#, #"[1e5]"#, #"[1.]"#, #"[-]"#, #"[01]"#, #"[1,]"#, #"{"a":}"#, #"[tru]"#, #"[nulls]"#,
            #"{"a":1"#, #"["a"#, #"[1-2]"#, String(repeating: "[", count: 70) + String(repeating: "]", count: 70),
        ]
        // Mutations of a compact value: each byte replaced by one of a few that matter.
        let base = Array(#"{"k":[1,-0.5,"s",{"r":"t"},true,null],"e":{}}"#.utf8)
        for at in base.indices {
            for b in Array(#" ,:[]{}"-.e\"#.utf8) + [0x01] {
                var m = base
                m[at] = b
                texts.append(String(decoding: m, as: UTF8.self))
            }
        }
        for text in texts {
            let bytes = Array(text.utf8)
            var compact = JSONParser(bytes: bytes, at: 0)
            var general = JSONParser(bytes: bytes, at: 0)
            let skipped = compact.skipCompactValue()
            let parsed = (try? general.value()) != nil
            if skipped {
                #expect(parsed && compact.i == general.i, "\(text)")
            } else {
                #expect(compact.i == 0, "\(text)")
            }
            // What the general parser reads, compactly written, is skipped whole.
            if parsed, let value = try? JSONParser.parse(String(decoding: bytes[..<general.i], as: UTF8.self)) {
                var out: [UInt8] = []
                value.write(to: &out)
                var again = JSONParser(bytes: out, at: 0)
                let written = String(decoding: out, as: UTF8.self)
                // Compact: no escape, no exponent, at most 64 levels (the deep one is not).
                let plain =
                    !written.contains("\\") && !written.contains("e+") && !written.contains("e-")
                    && !written.hasPrefix(String(repeating: "[", count: 65))
                if plain {
                    let skippedAgain = again.skipCompactValue()
                    #expect(skippedAgain && again.i == out.count, "\(text) written as \(written)")
                }
            }
        }
    }
}

extension JSONFastPathTests {
    /// An array of plain numbers reads as `JSONValue.doubleValue` reads each element; any other
    /// array is left to the general way.
    @Test func plainNumberArraysReadAsTheirValuesDo() throws {
        for text in ["[0.0,0.0]", "[-0,-0.0,12,375.5]", "[]", "[1]", "[0.1,0.2,0.3]"] {
            var p = JSONParser(bytes: Array(text.utf8), at: 0)
            let read = p.plainDoubles()
            let fast = try #require(read, "\(text)")
            let general = try #require(JSONParser.parse(text).arrayValue).map { $0.doubleValue }
            #expect(fast.map(\.bitPattern) == general.map { $0?.bitPattern }, "\(text)")
            #expect(p.i == text.utf8.count)
        }
        for text in ["[1e2]", "[1,]", "[ 1]", "[1 ]", "[\"a\"]", "[[1]]", "[1", "1"] {
            var p = JSONParser(bytes: Array(text.utf8), at: 0)
            let read = p.plainDoubles()
            #expect(read == nil, "\(text)")
            #expect(p.i == 0)
        }
    }
}

extension String {
    fileprivate func zeroPadded(to n: Int) -> String {
        count >= n ? String(suffix(n)) : String(repeating: "0", count: n - count) + self
    }
}
