/// The Diagnostics section of a report: every finding inline while they fit the page's budget;
/// past it, the first ones inline and the rest in `data/diagnostics-NNNN.js` (HTML Swift rendered
/// and escaped), which a button loads and appends.
struct DiagnosticItems {
    private(set) var html: String
    /// How many chunks of findings are in files (0 when all are inline).
    private(set) var chunks = 0

    /// Findings shown inline before the rest go to files: at most this many, and at most
    /// `inlineBytes` of them.
    static let inlineCount = 100
    static let inlineBytes = 512 << 10

    init(sections: ReportSections, folder: AtomicFolderWrite.Transaction?, inlineBudget: Int) throws(ExportError) {
        guard !sections.outcome.diagnostics.isEmpty else {
            html = ReportSections.noDiagnostics
            return
        }
        let items = sections.diagnosticItems
        let bytes = items.reduce(0) { $0 + $1.utf8.count }
        guard let folder, bytes > inlineBudget else {
            html = "<ul class=\"diags\">" + items.joined() + "</ul>"
            return
        }
        // The first findings inline, at most `inlineCount` and `inlineBytes` of them: by count
        // alone, 45 findings about 150 KB identifiers all stayed inline (6 MB).
        var inline = 0
        var used = 0
        while inline < min(items.count, Self.inlineCount), used + items[inline].utf8.count <= Self.inlineBytes {
            used += items[inline].utf8.count
            inline += 1
        }
        let rest = ChunkedData(kind: "diags", stem: "diagnostics", folder: folder, inlineBudget: 0, texts: true)
        for item in items.dropFirst(inline) { try rest.add(Array(item.utf8)) }
        try rest.finish()
        chunks = rest.starts.count
        let more = items.count - inline
        html =
            "<ul class=\"diags\" id=\"diags\">" + items.prefix(inline).joined() + "</ul>"
            + "<p><button type=\"button\" class=\"btn\" id=\"more-diags\" data-chunks=\"\(chunks)\">"
            + "Show \(inline == 0 ? "the" : "the other") \(DotBuilder.grouped(more)) findings</button></p>"
    }
}
