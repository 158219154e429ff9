import Foundation
import RestoreEngine
import RestoreTrace

/// The Nodes section: both tables inline while their rows fit the page's budget; past it, every
/// row goes to `data/nodes-p-NNNN.js` / `data/nodes-r-NNNN.js` as the HTML Swift rendered and
/// escaped, the tables keep an empty body the page script fills as the reader scrolls (only the
/// rows in view are in the DOM), and `data/nodes.js` lists each row's anchor and path so links
/// to any node still land on its row.
struct NodeRows {
    /// The section's HTML.
    private(set) var html = ""
    /// True when the rows are in `data/`.
    private(set) var external = false
    /// Per side, the rows' count, for the page's JSON.
    private var counts: [(Anchor.Side, Int)] = []

    init(sections: ReportSections, folder: AtomicFolderWrite.Transaction?, inlineBudget: Int) throws(ExportError) {
        if let scenes = sections.outcome.scenes {
            html = sections.sceneCards(scenes)
            return
        }
        let sides: [Anchor.Side] = [.preservation, .restoration]
        var chunks: [ChunkedData] = []
        if let folder, Self.surelyOverBudget(sections, inlineBudget: inlineBudget) {
            external = true
            chunks = Self.chunks(in: folder)
            try Self.writeBothSides(sections, to: chunks)
        }
        // Rows are rendered once, straight to bytes; they stay in memory only while they still
        // fit the page, then go to the chunks as they are written.
        var buffered: [[UInt8]] = [[], []]
        var bytes = 0
        let sequential = !external
        for (s, side) in sides.enumerated() where sequential {
            guard let nodes = sections.phase(side)?.nodes else { continue }
            for i in nodes.indices {
                if external {
                    try chunks[s].add { sections.appendRow(nodes[i], side: side, to: &$0) }
                    continue
                }
                let before = buffered[s].count
                sections.appendRow(nodes[i], side: side, to: &buffered[s])
                bytes += buffered[s].count - before
                buffered[s].append(0)
                if bytes > inlineBudget, let folder {
                    external = true
                    chunks = Self.chunks(in: folder)
                    for (c, rows) in buffered.enumerated() {
                        for row in rows.split(separator: 0, omittingEmptySubsequences: false).dropLast() {
                            try chunks[c].add(row)
                        }
                    }
                    buffered = [[], []]
                }
            }
        }
        if !external {
            // Rows hold no NUL (`Escape.html` writes a NUL in a name as `\u{0}`): the NUL after
            // each row only marks where it ends.
            html = sides.enumerated().map { s, side in
                sections.tableStart(side) + String(decoding: buffered[s].filter { $0 != 0 }, as: UTF8.self)
                    + sections.tableEnd(side)
            }.joined()
            return
        }
        for c in chunks where !c.finished { try c.finish() }
        counts = sides.map { ($0, sections.phase($0)?.nodes.count ?? 0) }
        html = sides.map { side in
            sections.tableStart(side, virtualRows: sections.phase(side)?.nodes.count ?? 0) + sections.tableEnd(side)
        }.joined()
        guard let folder else { return }
        var index: [UInt8] = Array("{".utf8)
        for (s, side) in sides.enumerated() {
            if s > 0 { index.append(UInt8(ascii: ",")) }
            let nodes = sections.phase(side)?.nodes ?? []
            index += Array("\"\(side.rawValue)\":{\"chunks\":[".utf8)
            index += Array(chunks[s].starts.map(String.init).joined(separator: ",").utf8)
            index += Array("],\"anchors\":[".utf8)
            for i in nodes.indices {
                if i > 0 { index.append(UInt8(ascii: ",")) }
                // An anchor is `[A-Za-z0-9_.-]` only: its JSON string is itself in quotes.
                index.append(UInt8(ascii: "\""))
                Anchor.appendNode(side, nodes[i].locator, to: &index)
                index.append(UInt8(ascii: "\""))
            }
            index += Array("],\"paths\":[".utf8)
            for i in nodes.indices {
                if i > 0 { index.append(UInt8(ascii: ",")) }
                if let path = nodes[i].path {
                    JSONValue.string(path).write(to: &index)
                } else {
                    index += Array("null".utf8)
                }
            }
            index += Array("]}".utf8)
        }
        index.append(UInt8(ascii: "}"))
        try folder.write("data/nodes.js", Data(ChunkedData.statement(kind: "nodes", chunk: 0, json: index)))
    }

    /// The smallest row: its markup alone, without any name, is longer than this.
    static let rowBytesAtLeast = 100

    /// Whether the rows cannot fit the page's budget, whatever their names.
    private static func surelyOverBudget(_ sections: ReportSections, inlineBudget: Int) -> Bool {
        let rows = (sections.phase(.preservation)?.nodes.count ?? 0) + (sections.phase(.restoration)?.nodes.count ?? 0)
        return rows > inlineBudget / rowBytesAtLeast
    }

    /// One list of chunk files per side.
    private static func chunks(in folder: AtomicFolderWrite.Transaction) -> [ChunkedData] {
        [Anchor.Side.preservation, .restoration].map {
            ChunkedData(
                kind: "rows-\($0.rawValue)", stem: "nodes-\($0.rawValue)", folder: folder, inlineBudget: 0,
                texts: true)
        }
    }

    /// Writes both tables' rows to their files, the preservation side on a second core: the
    /// sides are independent files, and at 200x200 each is 80,201 rows (~0.15 s).
    private static func writeBothSides(_ sections: ReportSections, to chunks: [ChunkedData]) throws(ExportError) {
        let preservation = BackgroundWork { () throws(ExportError) in
            try writeRows(sections, side: .preservation, to: chunks[0])
        }
        do { try writeRows(sections, side: .restoration, to: chunks[1]) } catch {
            // The other side is still writing into the folder: let it stop before the folder goes.
            _ = try? preservation.wait()
            throw error
        }
        try preservation.wait()
    }

    private static func writeRows(_ sections: ReportSections, side: Anchor.Side, to chunks: ChunkedData)
        throws(ExportError)
    {
        let nodes = sections.phase(side)?.nodes ?? []
        for i in nodes.indices { try chunks.add { sections.appendRow(nodes[i], side: side, to: &$0) } }
        try chunks.finish()
    }

    /// Statements the page must carry inline (none: inline rows are HTML in the section).
    var inlineStatements: [[UInt8]] { [] }

    /// `null` for inline rows, else the count per side: `{"p":N,"r":M}`.
    var pageJSON: String {
        guard external else { return "null" }
        return "{" + counts.map { "\"\($0.0.rawValue)\":\($0.1)" }.joined(separator: ",") + "}"
    }
}
