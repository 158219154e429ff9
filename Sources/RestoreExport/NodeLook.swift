import RestoreEngine

/// How one node is marked in the drawing: seed 000's black star for preserved, red cross for
/// skipped, and the same language for restoration.
struct NodeLook {
    let marker: String
    let markerColor: String
    let color: String
    let fill: String
    /// The finding that makes a restored node partial (a selection dropped or moved), if any.
    let partial: Diagnostic?

    /// The amber of a partial restoration: not the green of "restored", not the red of "lost".
    static let partialColor = "#9a6700"

    init(_ n: borrowing NodeOutcome, partial: Diagnostic? = nil) {
        self.partial = partial
        if n.status == .restored, partial != nil {
            (marker, markerColor, color, fill) = ("◐", Self.partialColor, Self.partialColor, "#fff8c5")
            return
        }
        switch n.status {
        case .preserved: (marker, markerColor, color, fill) = ("★", "#1f2328", "#1f2328", "#ffffff")
        case .skipped: (marker, markerColor, color, fill) = ("✗", "#c62828", "#c62828", "#fdecea")
        case .restored: (marker, markerColor, color, fill) = ("✓", "#2e7d32", "#2e7d32", "#edf7ee")
        case .notRestored: (marker, markerColor, color, fill) = ("✗", "#c62828", "#c62828", "#fdecea")
        }
    }

    /// The HTML-like label: marker and class, identifier, then why (reason, cause, via).
    func label(_ n: NodeOutcome) -> String {
        var lines = [
            "<FONT COLOR=\"\(markerColor)\">\(marker)</FONT> <B>\(Self.element(n.className, empty: "(no class name)"))</B>"
        ]
        let last = n.displayName
        if last == "<\(n.className)>" {
            lines.append("<FONT POINT-SIZE=\"9\" COLOR=\"#57606a\"><I>no restoration identifier</I></FONT>")
        } else {
            lines.append("<FONT POINT-SIZE=\"9\">\(Self.element(last, empty: "(empty identifier)"))</FONT>")
        }
        let red = "<FONT POINT-SIZE=\"9\" COLOR=\"#c62828\">"
        switch n.status {
        case .preserved: break
        case .skipped, .notRestored:
            let verb = n.status == .skipped ? "skipped" : "lost"
            lines.append(red + "\(verb): \(n.reason?.rawValue ?? "unknown")</FONT>")
            if let cause = n.cause, cause != n.locator {
                lines.append(red + "because of \(Self.element(Self.lastComponent(cause), empty: "(unnamed)"))</FONT>")
            }
        case .restored:
            var text = n.via.map { "via \($0.rawValue)" } ?? "restored"
            if n.decoded == false { text += ", not decoded" }
            lines.append(
                "<FONT POINT-SIZE=\"9\" COLOR=\"\(partial == nil ? "#2e7d32" : Self.partialColor)\">\(text)</FONT>")
            if let code = partial?.code {
                lines.append("<FONT POINT-SIZE=\"9\" COLOR=\"\(Self.partialColor)\">partly: \(code.rawValue)</FONT>")
            }
        }
        return lines.joined(separator: "<BR/>")
    }

    private static func drawn(_ s: String) -> String { Escape.drawn(s, limit: Escape.drawnNameLimit) }

    /// A name as the content of an HTML-like element: Graphviz refuses an empty element
    /// (`<B></B>` is "syntax error in line 1", and the whole drawing fails), so an empty name
    /// (a trace's or an archive's `class: ""`) is drawn as what it is.
    static func element(_ s: String, empty: String) -> String {
        s.isEmpty ? empty : Escape.dotHTML(drawn(s))
    }

    static func lastComponent(_ locator: String) -> String {
        locator.split(separator: "/").last.map(String.init) ?? locator
    }
}
