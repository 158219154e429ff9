internal import CGraphviz
import Foundation

/// Renders DOT text to SVG in-process through Graphviz's C library (libgvc).
///
/// The only file that touches Graphviz. libgvc keeps global state and is not thread-safe, so
/// every render holds one process-wide lock from parse to free. Two things keep a render's
/// bytes from depending on what the process did before it (a what-if report draws twice, and
/// its second drawing moved a label by a pixel in about half the runs):
/// - objects get IDs in the order they are made (`rt_agmemread`), not the addresses of their
///   interned names, by which some of the layout's sets are ordered;
/// - every render uses one context, made at the first and never freed: the pango plugin keeps a
///   pointer to the last font name it measured, which lives in the context's font table, so
///   freeing a context per render made the next render read freed memory (valgrind: invalid
///   read in `textspan_size`).
public enum SVGRenderer {
    /// Lays out `dot` and returns the SVG document.
    ///
    /// - Parameters:
    ///   - dot: the graph, e.g. from `DotBuilder.build()`.
    ///   - layout: a Graphviz layout engine; `dot` draws hierarchies.
    /// - Throws: `ExportError.graphvizParse` or `.graphvizRender` with Graphviz's own message.
    public static func render(dot: String, layout: String = "dot") throws(ExportError) -> String {
        lock.lock()
        defer { lock.unlock() }
        messages = []
        _ = agreseterrors()
        let previous = rt_agseterrf(collect)
        defer { _ = rt_agseterrf(previous) }

        if sharedContext == nil { sharedContext = gvContext() }
        guard let context = sharedContext else {
            throw ExportError.graphvizRender(stage: "setup", message: "gvContext() returned nil")
        }

        guard let graph = dot.withCString({ rt_agmemread($0, reading) }) else {
            throw ExportError.graphvizParse(errorText(default: "agmemread returned no graph"))
        }
        defer { _ = agclose(graph) }
        // A syntax error inside an HTML-like label still yields a graph: the messages tell.
        if let error = errors() { throw ExportError.graphvizParse(error) }

        guard rt_gvLayout(context, graph, layout) == 0 else {
            throw ExportError.graphvizRender(stage: "layout", message: errorText(default: "layout '\(layout)' failed"))
        }
        defer { _ = gvFreeLayout(context, graph) }

        var data: UnsafeMutablePointer<CChar>?
        var length = 0
        let rc = rt_gvRenderData(context, graph, "svg", &data, &length)
        defer { if let data { gvFreeRenderData(data) } }
        guard rc == 0, let data else {
            throw ExportError.graphvizRender(stage: "rendering", message: errorText(default: "gvRenderData failed"))
        }
        if let error = errors() { throw ExportError.graphvizRender(stage: "rendering", message: error) }
        let bytes = UnsafeRawBufferPointer(start: data, count: length)
        return canonicalClusterOrder(String(decoding: bytes, as: UTF8.self))
    }

    /// Graphviz writes clusters in the order of their interned names' addresses, which changes
    /// with the process's allocation history (GRAPHVIZ.md). Clusters never overlap, so putting
    /// their groups back in id order changes nothing on screen and makes the bytes reproducible.
    static func canonicalClusterOrder(_ svg: String) -> String {
        var lines = svg.split(separator: "\n", omittingEmptySubsequences: false)
        // Each cluster is `<g id="clustN" class="cluster">` … `</g>`, one element per line, no nesting.
        var blocks: [(id: Int, range: Range<Int>)] = []
        var i = 0
        while i < lines.count {
            if lines[i].hasPrefix("<g id=\"clust"), lines[i].contains("class=\"cluster\""),
                let end = lines[i...].firstIndex(where: { $0 == "</g>" })
            {
                let digits = lines[i].dropFirst("<g id=\"clust".count).prefix { $0.isNumber }
                blocks.append((Int(digits) ?? 0, i..<(end + 1)))
                i = end + 1
            } else {
                i += 1
            }
        }
        // Only a contiguous run of clusters is reordered (dot writes them together).
        guard blocks.count > 1,
            zip(blocks, blocks.dropFirst()).allSatisfy({ $0.range.upperBound == $1.range.lowerBound })
        else {
            return svg
        }
        let sorted = blocks.sorted { $0.id < $1.id }.flatMap { lines[$0.range] }
        lines.replaceSubrange(blocks.first!.range.lowerBound..<blocks.last!.range.upperBound, with: sorted)
        return lines.joined(separator: "\n")
    }

    private static let lock = NSLock()
    /// The context every render uses (see above); only touched while `lock` is held.
    nonisolated(unsafe) private static var sharedContext: OpaquePointer?
    /// The reading disciplines of the graph being rendered (counted IDs, see `rt_agmemread`):
    /// the graph keeps pointers to them until it is closed; only touched while `lock` is held.
    nonisolated(unsafe) private static let reading = UnsafeMutablePointer<rt_reading>.allocate(capacity: 1)
    /// Message fragments from the current render; only touched while `lock` is held.
    nonisolated(unsafe) private static var messages: [String] = []

    private static let collect: agusererrf = { text in
        if let text { SVGRenderer.messages.append(String(cString: text)) }
        return 0
    }

    /// Graphviz sends "Error", ": ", then the message as separate fragments.
    private static func errors() -> String? {
        let lines = messages.joined().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let errors = lines.filter { $0.hasPrefix("Error") }.map { String($0.dropFirst("Error: ".count)) }
        return errors.isEmpty ? nil : errors.joined(separator: "; ")
    }

    private static func errorText(default fallback: String) -> String {
        if let e = errors() { return e }
        let all = messages.joined().trimmingCharacters(in: .whitespacesAndNewlines)
        return all.isEmpty ? fallback : all
    }
}
