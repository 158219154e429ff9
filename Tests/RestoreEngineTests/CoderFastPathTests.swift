import Testing

@testable import RestoreEngine

/// The coder's fast paths (app writes read from `entries` while they match, UIKit's keys
/// appended to a new coder without a lookup, lookups of ASCII keys that pass over shorter keys)
/// must give exactly what the plain code they replace gave.
@Suite struct CoderFastPathTests {
    @Test func appWritesListEveryWriteInOrderWhateverEntriesKeep() {
        let distinct = RestorationCoder()
        distinct.encode(1, forKey: "row")
        distinct.writeSystem { $0.encode(true, forKey: ReservedKeys.viewWasLoaded) }
        distinct.encode("x", forKey: "draft")
        #expect(distinct.appWrites == [CoderEntry(key: "row", value: .int(1)), CoderEntry(key: "draft", value: "x")])

        // Written twice: one entry, two writes.
        let repeated = RestorationCoder()
        repeated.encode(1, forKey: "row")
        repeated.encode(2, forKey: "row")
        repeated.encode(3, forKey: "other")
        #expect(repeated.entries == [CoderEntry(key: "row", value: .int(2)), CoderEntry(key: "other", value: .int(3))])
        #expect(repeated.appWrites.map(\.value) == [.int(1), .int(2), .int(3)])

        // A reserved key UIKit already wrote: rejected from the entries, kept in the writes.
        let rejected = RestorationCoder()
        rejected.writeSystem { $0.encode(true, forKey: ReservedKeys.viewWasLoaded) }
        rejected.encode(false, forKey: ReservedKeys.viewWasLoaded)
        rejected.encode(4, forKey: "row")
        #expect(rejected.entries.first?.value == .bool(true))
        #expect(rejected.appWrites.map(\.key) == [ReservedKeys.viewWasLoaded, "row"])

        // The app wrote a reserved key first; UIKit's value then replaces that entry.
        let replaced = RestorationCoder()
        replaced.encode(false, forKey: ReservedKeys.viewWasLoaded)
        replaced.writeSystem { $0.encode(true, forKey: ReservedKeys.viewWasLoaded) }
        replaced.encode(5, forKey: "row")
        #expect(replaced.appEntries.map(\.key) == ["row"])
        #expect(replaced.appWrites.map(\.value) == [.bool(false), .int(5)])

        // A coder that starts from entries lists only what the app writes afterwards.
        let decoding = RestorationCoder(entries: [CoderEntry(key: "row", value: .int(1))])
        #expect(decoding.appWrites.isEmpty)
        decoding.encode(6, forKey: "extra")
        #expect(decoding.appWrites == [CoderEntry(key: "extra", value: .int(6))])
    }

    @Test func newSystemKeysReadAsWrittenThroughEncode() {
        let appended = RestorationCoder()
        let encoded = RestorationCoder()
        let keys = [ViewStateKeys.contentOffset, ViewStateKeys.zoomScale] + ViewStateKeys.imageGeometry
        for (i, key) in keys.enumerated() {
            appended.appendNewSystemKey(.int(i), forKey: key)
            encoded.writeSystem { $0.encode(.int(i), forKey: key) }
        }
        appended.encode(9, forKey: "row")
        encoded.encode(9, forKey: "row")
        #expect(appended.entries == encoded.entries)
        #expect(appended.appWrites == encoded.appWrites)
        for key in keys + ["row"] { #expect(appended.decodeObject(forKey: key) == encoded.decodeObject(forKey: key)) }
    }

    @Test func asciiLookupsFindWhatPlainLookupsFind() {
        // U+212A KELVIN SIGN is canonically equivalent to "K": a longer key that `==` finds.
        let kelvin = "\u{212A}UIScrollViewZoomScaleKey"
        #expect(kelvin == "KUIScrollViewZoomScaleKey")
        let keys = [
            ViewStateKeys.contentOffset, "short", kelvin, "kUIScrollViewZoomScaleKe", ViewStateKeys.zoomScale,
            ViewStateKeys.selectedRange,
        ]
        for count in 0...keys.count {
            let coder = RestorationCoder(
                entries: keys.prefix(count).enumerated().map { CoderEntry(key: $1, value: .int($0)) })
            for asked in [
                ViewStateKeys.contentOffset, ViewStateKeys.zoomScale, "KUIScrollViewZoomScaleKey",
                ViewStateKeys.selectedRange, ViewStateKeys.selectedTextRange,
            ] {
                #expect(coder.decodeObject(forASCIIKey: asked) == coder.decodeObject(forKey: asked))
            }
        }
    }

    /// A view's built-in keys read in one pass answer as one lookup per key does: the first
    /// entry holding each key, a text view's range before a text field's, keys that only equal
    /// UIKit's canonically (a KELVIN SIGN for the K of "Key"), and coders that track their reads
    /// or index their keys.
    @Test func builtInViewValuesReadAsOneLookupPerKey() {
        let kelvinOffset = ViewStateKeys.contentOffset.dropLast(3) + "\u{212A}ey"
        let keys = [
            "row", ViewStateKeys.contentInset, String(kelvinOffset), ViewStateKeys.selectedTextRange,
            ViewStateKeys.zoomScale, ViewStateKeys.contentOffset, ViewStateKeys.selectedRange,
            "kUIScrollViewZoomScaleKe",
        ]
        var orders = [keys, keys.reversed(), [], [ViewStateKeys.selectedTextRange]]
        orders += (0..<keys.count).map { Array(keys.dropFirst($0)) }
        for order in orders {
            for manyKeys in [false, true] {
                var entries = order.enumerated().map { CoderEntry(key: $1, value: .int($0), isSystem: $0 % 2 == 0) }
                if manyKeys { entries += (0..<14).map { CoderEntry(key: "pad\($0)", value: .bool(true)) } }
                let coder = RestorationCoder(entries: entries)
                let values = coder.builtInViewValues()
                #expect(values.offset == coder.decodeObject(forASCIIKey: ViewStateKeys.contentOffset))
                #expect(values.zoom == coder.decodeObject(forASCIIKey: ViewStateKeys.zoomScale))
                #expect(
                    values.range
                        == (coder.decodeObject(forASCIIKey: ViewStateKeys.selectedRange)
                            ?? coder.decodeObject(forASCIIKey: ViewStateKeys.selectedTextRange)))
            }
        }
        // A coder made from unique entries keeps keys that are only canonically equal apart, and
        // a repeated key as written: the first entry holding each key answers.
        let repeated = RestorationCoder(uniqueEntries: [
            CoderEntry(key: ViewStateKeys.contentOffset, value: .int(1)),
            CoderEntry(key: String(kelvinOffset), value: .int(2)),
            CoderEntry(key: ViewStateKeys.zoomScale, value: .int(3)),
            CoderEntry(key: ViewStateKeys.zoomScale, value: .int(4)),
        ])
        let firsts = repeated.builtInViewValues()
        #expect(firsts.offset == .int(1) && firsts.zoom == .int(3) && firsts.range == nil)
        #expect(firsts.offset == repeated.decodeObject(forASCIIKey: ViewStateKeys.contentOffset))
        #expect(firsts.zoom == repeated.decodeObject(forASCIIKey: ViewStateKeys.zoomScale))
        // Tracked reads are the keys one lookup at a time asks for.
        let tracked = RestorationCoder(entries: [CoderEntry(key: ViewStateKeys.selectedRange, value: .int(1))])
        tracked.tracksReads = true
        #expect(tracked.builtInViewValues().range == .int(1))
        #expect(
            tracked.readKeys == [ViewStateKeys.contentOffset, ViewStateKeys.zoomScale, ViewStateKeys.selectedRange])
    }

    @Test func rarelyUsedStateReadsAsWritten() {
        // A set of reserved keys of its own, violations, tracked reads, and more keys than a scan.
        let coder = RestorationCoder(reservedKeys: ["secret", "kOther"])
        #expect(coder.reservedKeyViolations.isEmpty && coder.readKeys.isEmpty)
        coder.encode(1, forKey: "secret")
        coder.encode(2, forKey: ReservedKeys.viewWasLoaded)
        #expect(coder.reservedKeyViolations == ["secret"])
        coder.tracksReads = true
        for i in 0..<20 { coder.appendNewSystemKey(.int(i), forKey: "k\(i)") }
        #expect(coder.decodeObject(forASCIIKey: "k17") == .int(17))
        #expect(coder.decodeInteger(forKey: "k19") == 19)
        #expect(coder.containsValue(forKey: "secret"))
        #expect(coder.readKeys == ["k17", "k19", "secret"])
        coder.encode(3, forKey: "k4")
        #expect(coder.decodeInteger(forKey: "k4") == 3)
        #expect(coder.appWrites.map(\.key) == ["secret", ReservedKeys.viewWasLoaded, "k4"])
    }
}
