import Testing

@testable import RestoreEngine

/// `RestorationRun` finds each entry's parent by walking back through the entries before it
/// instead of hashing its key; it must answer what a lookup by key answers (the first entry
/// with that key), whatever order an edited archive is in.
@Suite struct RestorationRunTests {
    private func entry(_ key: String, parent: String?) -> ArchiveEntry {
        ArchiveEntry(key: key, path: [key], kind: .viewController, className: "C", parentKey: parent, relation: .root)
    }

    /// A run of `archive` in which every entry was restored.
    private func restoredRun(_ archive: Archive) -> RestorationRun {
        var run = RestorationRun(archive)
        for e in archive.entries {
            run.add(
                NodeOutcome(
                    path: e.pathString, locator: e.pathString, key: e.key, className: e.className, kind: e.kind,
                    status: .restored, depth: 0, parent: nil))
        }
        return run
    }

    @Test func parentsAreTheFirstEntryWithTheParentKey() {
        let archive = Archive(entries: [
            entry("A", parent: nil),
            entry("A/b", parent: "A"),
            entry("A/b/v", parent: "A/b"),
            entry("A", parent: nil),  // a repeated key: lookups find the first one
            entry("A/c", parent: "A"),
            entry("X", parent: "Y"),  // a parent that comes later
            entry("Y", parent: "X"),
            entry("Z", parent: "missing"),
            entry("W", parent: "Y"),
            entry("A/b/w", parent: "A/b"),
        ])
        let run = restoredRun(archive)
        let parents = archive.entries.indices.map { run.parentIndex(of: $0) }
        #expect(parents == archive.entries.map { run.index($0.parentKey) })
        #expect(parents == [nil, 0, 1, nil, 0, 6, 5, nil, 6, 1])
    }

    /// A container's references to its children are found by looking at the next child entry
    /// first: the answer must be the lookup by key's, whatever the archive's order.
    @Test func childReferencesAnswerAsALookupByKey() {
        var entries = [entry("N", parent: nil)]
        for c in 0..<12 {
            entries.append(entry("N/:[\(c)]:/s\(c)", parent: "N"))
            // Child 5 has a subtree longer than the look-ahead.
            for v in 0..<(c == 5 ? 20 : 1) {
                entries.append(entry("N/:[\(c)]:/s\(c)/v\(v)", parent: "N/:[\(c)]:/s\(c)"))
            }
        }
        entries.append(entry("N/:[3]:/s3", parent: "N"))  // a repeated key: the first one answers
        let archive = Archive(entries: entries)
        let run = restoredRun(archive)
        // In order, out of order, repeated, missing, and a key of another parent's child.
        let orders = [
            (0..<12).map { "N/:[\($0)]:/s\($0)" },
            (0..<12).reversed().map { "N/:[\($0)]:/s\($0)" },
            ["N/:[3]:/s3", "N/:[3]:/s3", "N/:[9]:/gone", "N/:[2]:/s2/v0", "N", "N/:[4]:/s4"],
        ]
        for refs in orders {
            var previous = 0
            for key in refs {
                let found = run.childIndex(key, of: 0, after: previous)
                #expect(found == run.index(key), "\(key)")
                if let found { previous = found }
            }
        }
    }

    /// Keys that are canonically equal but not byte-equal (U+212A KELVIN SIGN and "K"): the
    /// look-ahead's candidate is compared with `==`, and `isFirst` and the key slots agree on
    /// which entry comes first, so each spelling answers the lookup by key's entry, in either order.
    @Test func childReferencesSpelledCanonicallyAnswerAsALookupByKey() {
        let kelvin = "N/:[0]:/\u{212A}"
        let ascii = "N/:[0]:/K"
        for children in [[kelvin, ascii], [ascii, kelvin]] {
            let archive = Archive(entries: [entry("N", parent: nil)] + children.map { entry($0, parent: "N") })
            let run = restoredRun(archive)
            // After the parent, and after the first child (the look-ahead then meets the second
            // entry, which a lookup by key never answers).
            for key in [ascii, kelvin] {
                #expect(run.index(key) == 1, "\(children) \(key)")
                for after in [0, 1] {
                    #expect(run.childIndex(key, of: 0, after: after) == 1, "\(children) \(key) after \(after)")
                }
            }
        }
    }
}
