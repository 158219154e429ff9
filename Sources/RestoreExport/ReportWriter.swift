import Foundation
import RestoreEngine
import RestoreWeb

/// Writes the self-contained HTML report (`index.html`) and the drawing (`hierarchy.svg`) to a folder.
public struct ReportWriter: Sendable {
    public var dotOptions: DotBuilder.Options

    public init(dotOptions: DotBuilder.Options = DotBuilder.Options()) {
        self.dotOptions = dotOptions
    }

    /// The report's two files, rendered in memory.
    public struct Rendered: Sendable {
        public var html: String
        public var svg: String
        public var dot: String
    }

    /// Renders the page and the drawing without touching the disk.
    ///
    /// - Throws: `ExportError` when the events and lines disagree, a line is not JSON, or Graphviz fails.
    public func render(_ input: ReportInput) throws(ExportError) -> Rendered {
        guard input.events.count == input.eventLines.count else {
            throw ExportError.eventCountMismatch(events: input.events.count, lines: input.eventLines.count)
        }
        var options = dotOptions
        if options.title == nil { options.title = input.scenario }
        if let w = input.whatIf { options.changed = w.changedAnchors(faithful: false) }
        let dot = DotBuilder(outcome: input.outcome, events: input.events, options: options).build()
        let svg = try SVGRenderer.render(dot: dot)
        var drawing = Self.inlineable(svg)
        if let w = input.whatIf { drawing = try Self.sideBySide(w, whatIfDrawing: drawing, options: options) }
        let sections = ReportSections(input: input)
        let h = Escape.html
        let outcome = input.outcomeJSON.trimmingCharacters(in: .whitespacesAndNewlines)
        let html = try Template(text: WebAssets.html).fill([
            "title": h("\(input.scenario) — restoretrace report"),
            "tool": h(input.tool),
            "trace": h(input.traceName),
            "scenario": h(input.scenario),
            "description": input.description.map { "<p class=\"desc\">\(h($0))</p>" } ?? "",
            "facts": sections.facts,
            "verdict": sections.verdict,
            "svg": drawing,
            "nodes": sections.nodes,
            "diagnostics": sections.diagnostics,
            "appkeys": sections.appKeys,
            "data": Escape.scriptJSON(try dataJSON(input)),
            "outcome": Escape.scriptJSON(outcome.isEmpty ? "null" : outcome),
            "css": WebAssets.css,
            "js": WebAssets.js,
        ])
        return Rendered(html: html, svg: svg, dot: dot)
    }

    /// Writes `index.html` and `hierarchy.svg` into `directory`, creating it if needed.
    ///
    /// Both files are rendered first and written beside their targets, then renamed into place:
    /// a failure leaves no partial file and an earlier report stays as it was.
    /// - Throws: `ExportError`.
    public func write(_ input: ReportInput, to directory: URL) throws(ExportError) {
        let rendered = try render(input)
        try AtomicFolderWrite(directory: directory).write([
            "index.html": Data(rendered.html.utf8),
            "hierarchy.svg": Data(rendered.svg.utf8),
        ])
    }

    /// An SVG document without its XML declaration and DOCTYPE, ready to sit inside HTML.
    static func inlineable(_ svg: String) -> String {
        guard let start = svg.range(of: "<svg") else { return "" }
        return String(svg[start.lowerBound...])
    }

    /// The page script's data: trace lines verbatim and where each node's row is.
    func dataJSON(_ input: ReportInput) throws(ExportError) -> String {
        var out =
            "{\"scenario\":\(Escape.jsonString(input.scenario)),\"trace\":\(Escape.jsonString(input.traceName)),\"anchors\":{"
        out += "\"preservation\":" + anchors(input.outcome.preservation, side: .preservation)
        out += ",\"restoration\":" + anchors(input.outcome.restoration, side: .restoration)
        out += "}"
        // Which nodes each event decided, for the timeline's links back to their rows; absent
        // when nothing was lost, so such pages read as before.
        let decided = DecidingEvents(outcome: input.outcome, events: input.events).nodesBySeq
        if !decided.isEmpty {
            out += ",\"decided\":{"
            out += decided.map { entry in
                let nodes = entry.nodes.map { "[\(Escape.jsonString($0.anchor)),\(Escape.jsonString($0.locator))]" }
                return "\"\(entry.seq)\":[" + nodes.joined(separator: ",") + "]"
            }.joined(separator: ",")
            out += "}"
        }
        out += ",\"events\":[\n"
        for (i, line) in input.eventLines.enumerated() {
            // A cheap shape check on the bytes: a full JSON parse of 100,000 lines belongs to the
            // trace reader (and Foundation's trimming, tried first, cost a quarter of the report).
            let bytes = line.utf8
            var start = bytes.startIndex
            var end = bytes.endIndex
            while start < end, Self.isSpace(bytes[start]) { start = bytes.index(after: start) }
            while end > start, Self.isSpace(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
            guard start < end, bytes[start] == UInt8(ascii: "{"), bytes[bytes.index(before: end)] == UInt8(ascii: "}")
            else {
                throw ExportError.invalidEventLine(seq: i + 1)
            }
            if i > 0 { out += ",\n" }
            out += line[start..<end]
        }
        return out + "\n]}"
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    /// Restoration path → row anchor, sorted by path so the bytes never depend on hashing.
    private func anchors(_ phase: PhaseOutcome?, side: Anchor.Side) -> String {
        var byPath: [String: String] = [:]
        for n in phase?.nodes ?? [] {
            if let path = n.path, byPath[path] == nil { byPath[path] = Anchor.node(side, n.locator) }
        }
        let pairs = byPath.keys.sorted().map { Escape.jsonString($0) + ":" + Escape.jsonString(byPath[$0]!) }
        return "{" + pairs.joined(separator: ",") + "}"
    }
}
