import Foundation
import RestoreEngine
import RestoreWeb

/// Writes the HTML report (`index.html`, with its data inline or, for a big report, in `data/`)
/// and the drawing (`hierarchy.svg`) to a folder.
public struct ReportWriter: Sendable {
    public var dotOptions: DotBuilder.Options
    /// Bytes of timeline data, and of node rows, the page carries inline; past it they go to
    /// `data/*.js` files the page loads when it needs them, so `index.html` stays small at any size.
    public var inlineBudget: Int

    public init(dotOptions: DotBuilder.Options = DotBuilder.Options(), inlineBudget: Int = 1 << 20) {
        self.dotOptions = dotOptions
        self.inlineBudget = inlineBudget
    }

    /// The report's two files, rendered in memory.
    public struct Rendered: Sendable {
        public var html: String
        public var svg: String
        public var dot: String
    }

    /// Renders the page (its data all inline) and the drawing without touching the disk.
    ///
    /// - Throws: `ExportError` when the events and lines disagree, a line is not JSON, or Graphviz fails.
    public func render(_ input: ReportInput) throws(ExportError) -> Rendered {
        let stream = try ReportStream(writer: self, directory: nil)
        try feed(input, to: stream)
        guard let rendered = try stream.finish(input) else { throw ExportError.serializationFailed("no page") }
        return rendered
    }

    /// Writes `index.html`, `hierarchy.svg` and, for a big report, `data/` into `directory`,
    /// creating it if needed.
    ///
    /// The files are written into a temporary sibling folder that then takes the target's place:
    /// a failure leaves no partial file and an earlier report stays as it was.
    /// - Throws: `ExportError`.
    public func write(_ input: ReportInput, to directory: URL) throws(ExportError) {
        guard input.events.count == input.eventLines.count else {
            throw ExportError.eventCountMismatch(events: input.events.count, lines: input.eventLines.count)
        }
        let stream = try ReportStream(writer: self, directory: directory)
        do throws(ExportError) {
            try feed(input, to: stream)
        } catch {
            stream.abandon()
            throw error
        }
        try stream.finish(input)
    }

    private func feed(_ input: ReportInput, to stream: ReportStream) throws(ExportError) {
        guard input.events.count == input.eventLines.count else {
            throw ExportError.eventCountMismatch(events: input.events.count, lines: input.eventLines.count)
        }
        for (event, line) in zip(input.events, input.eventLines) { try stream.add(event, line: Array(line.utf8)) }
    }

    /// The page and the drawing, once the stream has every event.
    func renderPage(_ input: ReportInput, stream: ReportStream) throws(ExportError) -> Rendered {
        var options = dotOptions
        if options.title == nil { options.title = input.scenario }
        if let w = input.whatIf { options.changed = w.changedAnchors(faithful: false) }
        options.cutOff = input.replay?.cutOff != nil
        let drawingWork = BackgroundWork { () throws(ExportError) -> (dot: String, svg: String, drawing: String) in
            let dot = DotBuilder(outcome: input.outcome, events: input.events, options: options).build()
            let svg = try SVGRenderer.render(dot: dot)
            var drawing = Self.inlineable(svg)
            if let w = input.whatIf { drawing = try Self.sideBySide(w, whatIfDrawing: drawing, options: options) }
            return (dot, svg, drawing)
        }
        let sections = ReportSections(
            input: input, digests: stream.timeline.digests, archivedObjects: stream.archivedObjects)
        let h = Escape.html
        let timeline = stream.timeline
        let rows: NodeRows
        let diagnostics: DiagnosticItems
        var scripts: [[UInt8]]
        do {
            rows = try NodeRows(sections: sections, folder: stream.folder, inlineBudget: inlineBudget)
            diagnostics = try DiagnosticItems(sections: sections, folder: stream.folder, inlineBudget: inlineBudget)
            var extra = [("decided", decidedJSON(sections.deciding)), ("sharedKeys", sharedKeysJSON(input.outcome))]
            if !rows.external { extra.append(("anchors", anchorsJSON(input.outcome))) }
            let index = ChunkedData.statement(kind: "timeline", chunk: 0, json: timeline.indexJSON(extra: extra))
            scripts = timeline.inlineStatements + rows.inlineStatements
            if timeline.external, let folder = stream.folder {
                try folder.write("data/timeline.js", Data(index))
            } else {
                scripts.insert(index, at: 0)
            }
        } catch {
            // The drawing's thread is joined on every path (as `NodeRows` joins its own), so no
            // Graphviz layout outlives a failed report.
            _ = try? drawingWork.wait()
            throw error
        }
        let (dot, svg, drawing) = try drawingWork.wait()
        let page =
            "{\"scenario\":\(Escape.jsonString(input.scenario)),\"trace\":\(Escape.jsonString(input.traceName)),"
            + "\"events\":\(timeline.count),\"files\":\(timeline.external),\"rows\":\(rows.pageJSON)}"
        let html = try Template(text: WebAssets.html).fill([
            "title": h("\(input.scenario) — restoretrace report"),
            "tool": h(input.tool),
            "trace": h(input.traceName),
            "scenario": h(input.scenario),
            "description": input.description.map { "<p class=\"desc\">\(h($0))</p>" } ?? "",
            "facts": sections.facts,
            "verdict": sections.verdict,
            "svg": drawing,
            "drawinghint": Self.drawingHint(input),
            "nodes": rows.html,
            "diagnostics": diagnostics.html,
            "appkeys": sections.appKeys,
            "data": Escape.scriptJSON(page),
            "datascripts": scripts.map { "<script>" + String(decoding: $0, as: UTF8.self) + "</script>\n" }.joined(),
            "css": WebAssets.css,
            "js": WebAssets.js,
        ])
        return Rendered(html: html, svg: svg, dot: dot)
    }

    /// The line above the drawing: how to read it. A scene-based app's drawing is one cluster per
    /// session, top to bottom, not the legacy run's two sides (r20 scenes hunt: every scene report
    /// said "at preservation (left) and after restoration (right)").
    static func drawingHint(_ input: ReportInput) -> String {
        let runs = input.whatIf == nil ? "" : "The recorded run and the what-if run, each "
        if input.outcome.scenes != nil {
            return runs.isEmpty
                ? "One cluster per scene session: the activity it saved, then what the next launch restored from it."
                : runs
                    + "with one cluster per scene session: the activity it saved, then what the next launch restored from it."
        }
        return (runs.isEmpty ? "At" : runs + "at")
            + " preservation (left) and after restoration (right). Click a node to see its details."
    }

    /// An SVG document without its XML declaration and DOCTYPE, ready to sit inside HTML.
    static func inlineable(_ svg: String) -> String {
        guard let start = svg.range(of: "<svg") else { return "" }
        return String(svg[start.lowerBound...])
    }

    /// The timeline index the page script reads, as JSON (what `renderPage` registers).
    func dataJSON(_ input: ReportInput) throws(ExportError) -> String {
        let stream = try ReportStream(writer: self, directory: nil)
        try feed(input, to: stream)
        let sections = ReportSections(input: input, digests: stream.timeline.digests, archivedObjects: nil)
        let extra = [
            ("decided", decidedJSON(sections.deciding)), ("sharedKeys", sharedKeysJSON(input.outcome)),
            ("anchors", anchorsJSON(input.outcome)),
        ]
        return String(decoding: stream.timeline.indexJSON(extra: extra), as: UTF8.self)
    }

    /// Which nodes each event decided, for the timeline's links back to their rows: event seq →
    /// [[row anchor, locator]], sorted by seq.
    private func decidedJSON(_ deciding: DecidingEvents) -> String {
        "{"
            + deciding.nodesBySeq.map { entry in
                let nodes = entry.nodes.map { "[\(Escape.jsonString($0.anchor)),\(Escape.jsonString($0.locator))]" }
                return "\"\(entry.seq)\":[" + nodes.joined(separator: ",") + "]"
            }.joined(separator: ",") + "}"
    }

    /// Restoration path → row anchor per side, for the timeline's path links (a small report's;
    /// a big one's rows list their anchors in `data/nodes.js`).
    private func anchorsJSON(_ outcome: Outcome) -> String {
        "{\"preservation\":" + anchors(outcome.preservation, side: .preservation) + ",\"restoration\":"
            + anchors(outcome.restoration, side: .restoration) + "}"
    }

    /// Archive key → row anchor for the nodes whose restoration path another node of their phase
    /// shares (siblings sharing an identifier, SPEC §2): a link by path went to the first of them
    /// from every event and reference (r19 report hunt). Only those: every other node's path is
    /// its own, and a big app's page need not carry its keys twice.
    private func sharedKeysJSON(_ outcome: Outcome) -> String {
        func shared(_ phase: PhaseOutcome?, side: Anchor.Side) -> String {
            let nodes = phase?.nodes ?? []
            var seen: [String: Int] = [:]
            for n in nodes { if let path = n.path { seen[path, default: 0] += 1 } }
            var pairs: [(String, String)] = []
            var keys: [String: Int] = [:]
            for n in nodes {
                if let path = n.path, let key = n.key, seen[path, default: 0] > 1 {
                    pairs.append((key, Anchor.node(side, n.locator)))
                    keys[key, default: 0] += 1
                }
            }
            // A key two nodes share (two views of one controller with one identifier, R11) tells
            // neither apart: those keep the link by path.
            pairs.removeAll { keys[$0.0, default: 0] > 1 }
            return "{" + pairs.map { Escape.jsonString($0.0) + ":" + Escape.jsonString($0.1) }.joined(separator: ",")
                + "}"
        }
        return "{\"preservation\":" + shared(outcome.preservation, side: .preservation) + ",\"restoration\":"
            + shared(outcome.restoration, side: .restoration) + "}"
    }

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
