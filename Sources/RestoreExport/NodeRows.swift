import Foundation
import RestoreEngine

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
        // Rows are rendered once; they stay in memory only while they still fit the page.
        var buffered: [[String]] = [[], []]
        var bytes = 0
        var chunks: [ChunkedData] = []
        for (s, side) in sides.enumerated() {
            for n in sections.phase(side)?.nodes ?? [] {
                let row = sections.row(n, side: side)
                if external {
                    try chunks[s].add(Array(row.utf8))
                    continue
                }
                buffered[s].append(row)
                bytes += row.utf8.count
                if bytes > inlineBudget, let folder {
                    external = true
                    chunks = sides.map {
                        ChunkedData(
                            kind: "rows-\($0.rawValue)", stem: "nodes-\($0.rawValue)", folder: folder, inlineBudget: 0,
                            texts: true)
                    }
                    for (i, rows) in buffered.enumerated() {
                        for r in rows { try chunks[i].add(Array(r.utf8)) }
                    }
                    buffered = [[], []]
                }
            }
        }
        if !external {
            html = sides.enumerated().map { s, side in
                sections.tableStart(side) + buffered[s].joined() + sections.tableEnd(side)
            }.joined()
            return
        }
        for c in chunks { try c.finish() }
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
            for (i, n) in nodes.enumerated() {
                if i > 0 { index.append(UInt8(ascii: ",")) }
                index += Array(Escape.jsonString(Anchor.node(side, n.locator)).utf8)
            }
            index += Array("],\"paths\":[".utf8)
            for (i, n) in nodes.enumerated() {
                if i > 0 { index.append(UInt8(ascii: ",")) }
                index += Array((n.path.map(Escape.jsonString) ?? "null").utf8)
            }
            index += Array("]}".utf8)
        }
        index.append(UInt8(ascii: "}"))
        try folder.write("data/nodes.js", Data(ChunkedData.statement(kind: "nodes", chunk: 0, json: index)))
    }

    /// Statements the page must carry inline (none: inline rows are HTML in the section).
    var inlineStatements: [[UInt8]] { [] }

    /// `null` for inline rows, else the count per side: `{"p":N,"r":M}`.
    var pageJSON: String {
        guard external else { return "null" }
        return "{" + counts.map { "\"\($0.0.rawValue)\":\($0.1)" }.joined(separator: ",") + "}"
    }
}
