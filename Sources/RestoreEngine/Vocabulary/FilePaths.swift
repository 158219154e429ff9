/// File path text, without Foundation's `NSString` path methods: on Linux (swift-corelibs-
/// foundation) `deletingLastPathComponent` of a one-character component — `.`, `c`, `a/` —
/// stops the process with an illegal instruction, and those are paths users type
/// (`restoretrace archive .`, a scenario named `s`).
public enum FilePaths {
    /// The folder part of `path`, as `NSString.deletingLastPathComponent` gives it elsewhere:
    /// `a/b` → `a`, `/a` → `/`, `a` → `` (the current folder, left for the caller to spell),
    /// `a/b/` → `a` (a trailing slash ends no component), `/` → `/`.
    public static func parent(of path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        if text == "/" { return "/" }
        guard let slash = text.lastIndex(of: "/") else { return "" }
        var folder = text[..<slash]
        while folder.hasSuffix("/") { folder = folder.dropLast() }
        return folder.isEmpty ? "/" : String(folder)
    }
}
