import Foundation
import Testing

@testable import RestoreArchive

/// Binary property lists built by hand to do what Foundation's reader cannot survive, and
/// archives that were read but could not become a trace that reads back.
@Suite struct HostilePlistTests {
    /// A `bplist00` file written object by object: two-byte references, four-byte offsets.
    struct HandPlist {
        var objects: [[UInt8]] = []

        static func count(_ high: UInt8, _ n: Int) -> [UInt8] {
            n < 15 ? [high | UInt8(n)] : [high | 0x0F, 0x11, UInt8(n >> 8), UInt8(n & 0xFF)]
        }
        static func ref(_ i: Int) -> [UInt8] { [UInt8(i >> 8), UInt8(i & 0xFF)] }

        mutating func add(_ bytes: [UInt8]) -> Int {
            objects.append(bytes)
            return objects.count - 1
        }
        mutating func string(_ s: String) -> Int { add(Self.count(0x50, s.utf8.count) + Array(s.utf8)) }
        mutating func int(_ v: UInt32) -> Int {
            add([0x12, UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)])
        }
        mutating func array(_ refs: [Int]) -> Int { add(Self.count(0xA0, refs.count) + refs.flatMap(Self.ref)) }
        mutating func set(_ refs: [Int]) -> Int { add(Self.count(0xC0, refs.count) + refs.flatMap(Self.ref)) }
        mutating func dict(_ pairs: [(Int, Int)]) -> Int {
            add(Self.count(0xD0, pairs.count) + pairs.flatMap { Self.ref($0.0) } + pairs.flatMap { Self.ref($0.1) })
        }

        /// A keyed archive whose `$top` has one key, `root`, naming the object `value` makes.
        static func keyedArchive(_ value: (inout HandPlist) -> Int) -> [UInt8] {
            var p = HandPlist()
            let root = value(&p)
            let top = p.dict([(p.string("root"), root)])
            let objects = p.array([p.string("$null")])
            let plist = p.dict([
                (p.string("$archiver"), p.string("NSKeyedArchiver")), (p.string("$version"), p.int(100_000)),
                (p.string("$top"), top), (p.string("$objects"), objects),
            ])
            return p.bytes(top: plist)
        }

        func bytes(top: Int) -> [UInt8] {
            var out = Array("bplist00".utf8)
            var offsets: [Int] = []
            for o in objects {
                offsets.append(out.count)
                out += o
            }
            let table = out.count
            for o in offsets { out += [UInt8(o >> 24), UInt8(o >> 16 & 0xFF), UInt8(o >> 8 & 0xFF), UInt8(o & 0xFF)] }
            func be8(_ v: Int) -> [UInt8] { (0..<8).reversed().map { UInt8(v >> ($0 * 8) & 0xFF) } }
            out += [0, 0, 0, 0, 0, 0, 4, 2] + be8(objects.count) + be8(top) + be8(table)
            return out
        }
    }

    func failure(_ bytes: [UInt8]) -> String {
        do {
            _ = try KeyedArchive(bytes: bytes, file: "hostile.data")
            Issue.record("read")
            return ""
        } catch { return error.description }
    }

    @Test func theHandWrittenPlistIsOneFoundationReads() throws {
        let bytes = HandPlist.keyedArchive { $0.string("value") }
        #expect(try KeyedArchive(bytes: bytes, file: "ok.data")["root"] == .string("value"))
    }

    /// Foundation crashed the process bridging any set (SIGSEGV): it is refused before.
    @Test func aSetIsRefusedNotACrash() {
        let bytes = HandPlist.keyedArchive { p in p.set([p.string("x")]) }
        #expect(failure(bytes).contains("hostile.data: error: holds a set (property-list object"))
    }

    /// Foundation reads any `bplist0?` header; a set behind `bplist01` went past a check of
    /// `bplist00` and crashed the process.
    @Test func anyBinaryHeaderIsWalked() {
        var bytes = HandPlist.keyedArchive { p in p.set([p.string("x")]) }
        for version in [UInt8(ascii: "1"), 0] {
            bytes[7] = version
            #expect(failure(bytes).contains("hostile.data: error: holds a set (property-list object"))
        }
    }

    /// UIKit writes binary and plutil writes XML; OpenStep text took Foundation 962 MB for 16 MB,
    /// and XML is refused past `maximumXMLBytes` (60 MB took 1.0 GB).
    @Test func onlyXMLTextIsReadAndOnlyUpToItsLimit() throws {
        #expect(failure(Array("{ \"$top\" = { root = x; }; }".utf8)).contains("is not a property list UIKit writes"))
        let xml = Array("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>\n".utf8)
        #expect(throws: PropertyListGate.Refusal.xmlTooBig(bytes: xml.count, limit: 10)) {
            try PropertyListGate.value(of: xml, xmlLimit: 10)
        }
        #expect(throws: Never.self) { try PropertyListGate.value(of: xml, xmlLimit: xml.count) }
    }

    /// 40 arrays, each naming the next twice: 121 bytes of objects unfold into 2^40 values.
    @Test func sharedObjectsAreCountedAtEveryUseBeforeFoundationUnfoldsThem() {
        let bytes = HandPlist.keyedArchive { p in
            var next = p.string("leaf")
            for _ in 0..<40 { next = p.array([next, next]) }
            return next
        }
        let started = Date()
        #expect(failure(bytes).contains("unfolds into more than 2000000 values"))
        #expect(Date().timeIntervalSince(started) < 5)
    }

    /// Foundation reads layouts Apple's writer never makes (3- or 5-byte references, 16-byte
    /// counts); a set in one was handed on unchecked and crashed it. Such layouts are walked too,
    /// and what cannot be read is damaged, not handed on.
    @Test func unusualLayoutsAreWalkedToo() {
        func plist(refSize: Int, wideCount: Bool) -> [UInt8] {
            var out = Array("bplist00".utf8)
            let set = out.count
            out += wideCount ? [0xCF, 0x14] + [UInt8](repeating: 0, count: 15) + [1] : [0xC1]
            out += [UInt8](repeating: 0, count: refSize - 1) + [1]
            let string = out.count
            out += [0x51, UInt8(ascii: "x")]
            let table = out.count
            out += [UInt8(set), UInt8(string)]
            func be8(_ v: Int) -> [UInt8] { (0..<8).reversed().map { UInt8(v >> ($0 * 8) & 0xFF) } }
            return out + [0, 0, 0, 0, 0, 0, 1, UInt8(refSize)] + be8(2) + be8(0) + be8(table)
        }
        for (refs, wide) in [(3, false), (3, true), (2, true), (5, false)] {
            let problem = BinaryPlistScan.problem(in: plist(refSize: refs, wideCount: wide))
            #expect(problem?.message.contains("holds a set") == true, "\(refs)-byte references, wide count \(wide)")
        }
        var tooWide = plist(refSize: 3, wideCount: true)
        tooWide[10] = 1  // a count past what 8 bytes hold
        #expect(BinaryPlistScan.problem(in: tooWide)?.message.contains("damaged or truncated") == true)
        #expect(BinaryPlistScan.problem(in: Array("bplist00".utf8) + [0xD0])?.message.contains("damaged") == true)
    }

    @Test func aCycleAndDeepNestingAreSaidForWhatTheyAre() {
        let cycle = HandPlist.keyedArchive { p in p.add([0xA1] + HandPlist.ref(p.objects.count)) }
        #expect(failure(cycle).contains("contains itself (a cycle)"))
        let deep = HandPlist.keyedArchive { p in
            var next = p.string("leaf")
            for _ in 0..<600 { next = p.array([next]) }
            return next
        }
        #expect(failure(deep).contains("nests containers more than 512 levels deep"))
    }

    /// A broken XML plist was "not a property list" with the advice that the archive is binary.
    @Test func aBrokenXMLPlistIsSaidToBeOneWithItsLine() {
        let xml =
            "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n<key>a</key>\n<string>b</strin>\n</dict>\n</plist>\n"
        let message = failure(Array(xml.utf8))
        #expect(message.contains("hostile.data: error: is an XML property list that does not parse: "), "\(message)")
        #expect(message.contains("line 5"), "\(message)")
        #expect(failure([0xFF, 0x00, 0x7B, 0x22]).contains("error: is not a property list"))
    }

    static func nested(_ body: (NSKeyedArchiver) -> Void) -> NSData {
        let a = NSKeyedArchiver(requiringSecureCoding: false)
        body(a)
        a.finishEncoding()
        return a.encodedData as NSData
    }

    static func uikitArchive(roots: [String: NSData]) -> [UInt8] {
        let a = NSKeyedArchiver(requiringSecureCoding: false)
        a.outputFormat = .binary
        a.encode(roots.keys.sorted() as NSArray, forKey: "kRootRestorationIdentifiersKey")
        a.encode(2, forKey: "kUIStateRestorationArchiveMajorVersionKey")
        for (key, data) in roots { a.encode(data, forKey: key) }
        a.finishEncoding()
        return [UInt8](a.encodedData)
    }

    /// Each root's coder is an archive of its own; the limit holds for the file, not for each.
    @Test func theArchivesNestedInOneFileShareOneBudget() throws {
        let big = Self.nested { $0.encode(Array(0..<400) as NSArray, forKey: "big") }
        let bytes = Self.uikitArchive(roots: ["A": big, "B": big, "C": big])
        #expect(
            try UIKitArchive(bytes: bytes, file: "ok.data", budget: KeyedBudget(maximumValues: 5000)).objects.count == 3
        )
        do {
            _ = try UIKitArchive(bytes: bytes, file: "shared.data", budget: KeyedBudget(maximumValues: 1000))
            Issue.record("read")
        } catch {
            #expect(error.description.contains("resolve to more than 1000 values together"), "\(error)")
            #expect(
                error.description.contains("$top › B (nested archive)"), "the second root, each under the limit alone")
        }
    }

    /// NaN or an infinity was written to the trace as `null`, which every command then refused.
    @Test func aNumberNoTraceCanHoldIsNamedWhereItIs() throws {
        let bytes = Self.uikitArchive(roots: [
            "A": Self.nested { $0.encode(["x": [1.5, Double.nan]] as NSDictionary, forKey: "sizes") }
        ])
        let archive = try UIKitArchive(bytes: bytes, file: "nan.data")
        let error = try #require(archive.untraceableNumber())
        #expect(
            error.description.contains(
                "nan.data: error: $top › A (nested archive) › sizes › x[1]: holds the number nan"))
        let finite = Self.uikitArchive(roots: ["A": Self.nested { $0.encode(1.5, forKey: "size") }])
        #expect(try UIKitArchive(bytes: finite, file: "ok.data").untraceableNumber() == nil)
    }

    /// `+1`, `01` and `-0` parse as numbers, but the key a reader makes from them is another.
    @Test func childIndexesAreWrittenAsUIKitWritesThem() {
        for bad in ["A/:[+1]:/B", "A/:[01]:/B", "A/:[-0]:/B", "A/:[-1]:/B", "A/:[x]:/B"] {
            #expect(UIKitArchive.identifierPathProblem(bad) != nil, "\(bad)")
        }
        for good in ["A/:[0]:/B", "A/:[10]:/B", "A"] {
            #expect(UIKitArchive.identifierPathProblem(good) == nil, "\(good)")
        }
    }
}
