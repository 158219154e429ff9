import Testing

@testable import RestoreExport

/// Where the page's data splits into chunks depends on the items' own bytes, not on how long
/// they grow once escaped for the statement's string literal.
@Suite struct ChunkedDataTests {
    /// The first index of each chunk for `items` of `size` bytes, split as the bound says: a
    /// chunk closes once its raw bytes (`[`, separators, items) reach `bytesPerChunk`, or at
    /// `itemsPerChunk` items.
    static func expectedStarts(items: Int, size: Int, bracket: Bool) -> [Int] {
        var starts: [Int] = []
        var raw = 0
        var inChunk = 0
        for i in 0..<items {
            if inChunk == 0 {
                starts.append(i)
                raw = bracket ? 1 : 0
            } else {
                raw += 1
            }
            raw += size
            inChunk += 1
            if inChunk >= ChunkedData.itemsPerChunk || raw >= ChunkedData.bytesPerChunk { inChunk = 0 }
        }
        return starts
    }

    @Test(arguments: [false, true])
    func textHeavyInEscapesSplitsWhereItsRawBytesSay(texts: Bool) throws {
        let chunks = ChunkedData(kind: "k", stem: "k", folder: nil, inlineBudget: .max, texts: texts)
        let item = [UInt8](repeating: UInt8(ascii: "<"), count: 1_000)
        for _ in 0..<1_200 { try chunks.add(item) }
        try chunks.finish()
        let expected = Self.expectedStarts(items: 1_200, size: 1_000, bracket: !texts)
        #expect(expected.count == 3)
        #expect(chunks.starts == expected)
    }
}
