internal import CGraphviz
import Foundation

/// Renders DOT text to SVG in-process through Graphviz's C library (libgvc).
///
/// The only file that touches Graphviz. libgvc keeps global state and is not thread-safe, so
/// every render holds one process-wide lock from parse to free, and gets a fresh context so
/// output never depends on what an earlier render interned.
public enum SVGRenderer {
    /// Lays out `dot` and returns the SVG document.
    ///
    /// - Parameters:
    ///   - dot: the graph, e.g. from `DotBuilder.build()`.
    ///   - layout: a Graphviz layout engine; `dot` draws hierarchies.
    /// - Throws: `ExportError.graphvizParse` or `.graphvizRender` with Graphviz's own message.
    public static func render(dot: String, layout: String = "dot") throws -> String {
        lock.lock()
        defer { lock.unlock() }
        messages = []
        _ = agreseterrors()
        let previous = rt_agseterrf(collect)
        defer { _ = rt_agseterrf(previous) }

        guard let context = gvContext() else { throw ExportError.graphvizRender(stage: "setup", message: "gvContext() returned nil") }
        defer { _ = gvFreeContext(context) }

        guard let graph = dot.withCString({ rt_agmemread($0) }) else {
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
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let lock = NSLock()
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
