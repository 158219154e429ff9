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
}
