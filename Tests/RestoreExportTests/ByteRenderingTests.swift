import RestoreEngine
import Testing

@testable import RestoreExport

/// The node rows, anchors and chunk statements are written straight to bytes: they must be the
/// bytes the String-built versions wrote.
@Suite struct ByteRenderingTests {
    @Test func anchorsWrittenAsBytesKeepTheirSpelling() {
        let long = String(repeating: "p", count: 100) + "/a"
        #expect(
            Anchor.node(.preservation, long) == "node-p-" + String(repeating: "p", count: 48) + ".Z3CCDDBA787EB813D")
        #expect(Anchor.node(.restoration, "é/Ünïcode <x>") == "node-r-.C3.A9.2F.C3.9Cn.C3.AFcode.20.3Cx.3E")
        var bytes: [UInt8] = []
        Anchor.appendNode(.preservation, long, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == Anchor.node(.preservation, long))
    }

    @Test func aRowNamesTheLocatorsLastComponent() {
        let sections = ReportSections(input: Fixture.tabBarNavigation().input())
        func name(_ locator: String) -> String? {
            let n = NodeOutcome(
                path: nil, locator: locator, key: nil, className: "Shown<Class>", kind: .viewController,
                status: .preserved, depth: 0, parent: nil)
            let row = sections.row(n, side: .preservation)
            guard let start = row.range(of: "<code>"), let end = row.range(of: "</code>") else { return nil }
            return String(row[start.upperBound..<end.lowerBound])
        }
        #expect(name("Tabs/nav/City") == "City")
        #expect(name("Tabs/nav/") == "nav")
        #expect(name("Tabs//nav//") == "nav")
        #expect(name("/") == "Shown&lt;Class&gt;")
        #expect(name("") == "Shown&lt;Class&gt;")
        #expect(name("Tabs/a&b") == "a&amp;b")
    }

    @Test func escapedStatementBytesMatchEachByteAlone() {
        // Every byte value and the multi-byte sequences the escaper looks at, in one text.
        var text: [UInt8] = Array(0...255).filter { $0 < 0x80 }
        text += Array("é\u{85}\u{9F}\u{A0}\u{2028}\u{2029}\u{2027}\u{2030}★".utf8)
        var all: [UInt8] = []
        Escape.appendJSStringBody(text, to: &all)
        var oneByOne: [UInt8] = []
        for scalar in String(decoding: text, as: UTF8.self).unicodeScalars {
            Escape.appendJSStringBody(Array(String(scalar).utf8), to: &oneByOne)
        }
        #expect(all == oneByOne)
        let escaped = String(decoding: all, as: UTF8.self)
        #expect(escaped.hasPrefix("\\u0000\\u0001"))
        #expect(
            escaped.contains("\\n") && escaped.contains("\\r") && escaped.contains("\\'") && escaped.contains("\\\\"))
        #expect(escaped.contains("\\u003c") && escaped.contains("\\u003e") && escaped.contains("\\u0026"))
        #expect(escaped.hasSuffix("é\\u0085\\u009f\u{A0}\\u2028\\u2029\u{2027}\u{2030}★"))
    }

    /// The escaper looks at 16 bytes at a time and copies blocks without a byte to escape: each
    /// escaped byte and sequence, at every offset of a long plain text (across and at the end of
    /// blocks), is escaped as it is alone.
    @Test func escapingInBlocksFindsEveryByteAtEveryOffset() {
        let specials: [[UInt8]] = [
            [0x00], [0x0A], [0x0D], [0x1F], [0x26], [0x27], [0x3C], [0x3E], [0x5C], [0x7F], [0xC2, 0x85],
            [0xC2, 0xA0], [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA9], [0xE2, 0x80, 0xA7], Array("é".utf8),
        ]
        let plain = Array("{\"seq\":12,\"path\":\"Root/Tab/Nav\",\"key\":\"x\"}".utf8)
        for special in specials {
            var alone: [UInt8] = []
            Escape.appendJSStringBody(special, to: &alone)
            for offset in 0...(plain.count) {
                var text = plain
                text.insert(contentsOf: special, at: offset)
                var expected: [UInt8] = []
                Escape.appendJSStringBody(Array(plain[..<offset]), to: &expected)
                expected += alone
                Escape.appendJSStringBody(Array(plain[offset...]), to: &expected)
                var escaped: [UInt8] = []
                Escape.appendJSStringBody(text, to: &escaped)
                #expect(escaped == expected, "\(special) at \(offset)")
            }
        }
        // A plain text is copied as it is.
        var copied: [UInt8] = []
        Escape.appendJSStringBody(plain + plain + plain, to: &copied)
        #expect(copied == plain + plain + plain)
    }

    /// The timeline's paths are numbered in the order they first come, each once, through the
    /// table's growth and hash collisions (told apart by their bytes).
    @Test func pathsAreNumberedInFirstSeenOrder() {
        var table = PathTable()
        let paths = (0..<5_000).map { "Root/Tab\($0 % 97)/Nav/Controller\($0)" } + ["", "é/ü", "a", "b"]
        for (n, path) in paths.enumerated() { #expect(table.number(of: path) == n) }
        for (n, path) in paths.enumerated().reversed() { #expect(table.number(of: path) == n) }
        #expect(table.paths == paths)
        #expect(table.number(of: "Root/Tab0/Nav/Controller0/") == paths.count)
    }
}
