/// The Diagnostics section of a report: every finding inline while they fit the page's budget;
/// past it, the first ones inline and the rest in `data/diagnostics-NNNN.js` (HTML Swift rendered
/// and escaped), which a button loads and appends.
struct DiagnosticItems {
    private(set) var html: String
    /// How many chunks of findings are in files (0 when all are inline).
    private(set) var chunks = 0

    /// Findings shown inline before the rest go to files.
    static let inlineCount = 100

    init(sections: ReportSections, folder: AtomicFolderWrite.Transaction?, inlineBudget: Int) throws(ExportError) {
        guard !sections.outcome.diagnostics.isEmpty else {
            html = ReportSections.noDiagnostics
            return
        }
        let items = sections.diagnosticItems
        let bytes = items.reduce(0) { $0 + $1.utf8.count }
        guard let folder, bytes > inlineBudget, items.count > Self.inlineCount else {
            html = "<ul class=\"diags\">" + items.joined() + "</ul>"
            return
        }
        let rest = ChunkedData(kind: "diags", stem: "diagnostics", folder: folder, inlineBudget: 0, texts: true)
        for item in items.dropFirst(Self.inlineCount) { try rest.add(Array(item.utf8)) }
        try rest.finish()
        chunks = rest.starts.count
        let more = items.count - Self.inlineCount
        html =
            "<ul class=\"diags\" id=\"diags\">" + items.prefix(Self.inlineCount).joined() + "</ul>"
            + "<p><button type=\"button\" class=\"btn\" id=\"more-diags\" data-chunks=\"\(chunks)\">"
            + "Show the other \(DotBuilder.grouped(more)) findings</button></p>"
    }
}
