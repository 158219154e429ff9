import Testing

@testable import RestoreEngine

/// `RestorationRun` finds each entry's parent by walking back through the entries before it
/// instead of hashing its key; it must answer what a lookup by key answers (the first entry
/// with that key), whatever order an edited archive is in.
@Suite struct RestorationRunTests {
    private func entry(_ key: String, parent: String?) -> ArchiveEntry {
        ArchiveEntry(key: key, path: [key], kind: .viewController, className: "C", parentKey: parent, relation: .root)
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
        var run = RestorationRun(archive)
        for e in archive.entries {
            run.add(
                NodeOutcome(
                    path: e.pathString, locator: e.pathString, key: e.key, className: e.className, kind: e.kind,
                    status: .restored, depth: 0, parent: nil))
        }
        let parents = archive.entries.indices.map { run.parentIndex(of: $0) }
        #expect(parents == archive.entries.map { run.index($0.parentKey) })
        #expect(parents == [nil, 0, 1, nil, 0, 6, 5, nil, 6, 1])
    }
}
