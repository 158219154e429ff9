import Testing

@testable import RestoreEngine

/// A coder made from entries (what a decode gets from the archive) reads like one written key by key.
@Suite("RestorationCoder from entries")
struct RestorationCoderTests {
    @Test func entriesWithUniqueKeysAreKeptInOrder() {
        let entries = [
            CoderEntry(key: "b", value: .int(1)), CoderEntry(key: "a", value: .string("x")),
            CoderEntry(key: "kUIViewControllerChildrenKey", value: .array([]), isSystem: true),
        ]
        let coder = RestorationCoder(entries: entries)
        #expect(coder.entries == entries)
        #expect(coder.decodeObject(forKey: "a") == .string("x"))
        #expect(coder.appEntries.map(\.key) == ["b", "a"])
    }

    @Test func aRepeatedKeyKeepsItsFirstPlaceAndItsLastValue() {
        let coder = RestorationCoder(entries: [
            CoderEntry(key: "a", value: .int(1)), CoderEntry(key: "b", value: .int(2)),
            CoderEntry(key: "a", value: .int(3)),
        ])
        #expect(coder.entries.map(\.key) == ["a", "b"])
        #expect(coder.decodeInteger(forKey: "a") == 3)
    }

    @Test func manyKeysAreFoundByKey() {
        let entries = (0..<40).map { CoderEntry(key: "k\($0)", value: .int($0)) }
        let coder = RestorationCoder(entries: entries)
        #expect(coder.entries == entries)
        #expect(coder.decodeInteger(forKey: "k37") == 37)
        coder.encode(99, forKey: "k3")
        #expect(coder.decodeInteger(forKey: "k3") == 99)
        #expect(coder.entries.count == 40)
    }
}
