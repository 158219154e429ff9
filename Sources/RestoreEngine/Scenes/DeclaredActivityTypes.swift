/// `NSUserActivityTypes` entries written with Xcode build settings, and the activity types they
/// stand for (S2).
///
/// An Info.plist from an Xcode project often writes its types with build settings, as Xcode's
/// templates do (`$(PRODUCT_BUNDLE_IDENTIFIER).browse`): Xcode fills them in when it builds
/// (`INFOPLIST_EXPAND_BUILD_SETTINGS`, on by default), so UIKit only ever sees the built value.
/// Compared as written, a correctly declared type was reported not persisted, an error that
/// failed `--fail-on error` (r20 scenes hunt). A declared type with a `$(NAME)` or `${NAME}` in
/// it stands for any type with some text in its place; every other character must match.
///
/// The engine compares types exactly, as UIKit does: a scenario resolves each such entry into
/// the concrete types of its own activities that it matches (`resolving`), so the trace's header
/// names them and a replay needs no rule of its own (matched in the engine, a trace recorded
/// before diverged when replayed). An entry that is nothing but settings is left as written: it
/// would match any type at all, and hide the undeclared type the check exists for.
public enum DeclaredActivityTypes {
    /// `declared` with each entry that holds build settings replaced by the `types` it matches, in
    /// the order of `types`; an entry that matches none, or is only settings, stays as written.
    /// Exact entries and the order of the list are kept; no type is listed twice.
    public static func resolving(_ declared: [String], against types: [String]) -> [String] {
        var out: [String] = []
        for entry in declared {
            let matched = isPattern(entry) ? types.filter { matches(pattern: Array(entry.utf8), Array($0.utf8)) } : []
            for t in matched.isEmpty ? [entry] : matched where !out.contains(t) { out.append(t) }
        }
        return out
    }

    /// Holds a setting and some text of its own.
    private static func isPattern(_ entry: String) -> Bool {
        let bytes = Array(entry.utf8)
        let settings = settings(in: bytes)
        return !settings.isEmpty && settings.reduce(0) { $0 + $1.count } < bytes.count
    }

    /// Whether `text` holds a `$(…)` or `${…}` build setting that Xcode fills in at build time.
    public static func hasBuildSetting(_ text: String) -> Bool {
        !settings(in: Array(text.utf8)).isEmpty
    }

    /// The `$(…)` and `${…}` settings in `bytes`, as ranges of their whole `$(NAME)`.
    private static func settings(in bytes: [UInt8]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var i = 0
        while i + 1 < bytes.count {
            let open = bytes[i + 1]
            if bytes[i] == UInt8(ascii: "$"), open == UInt8(ascii: "(") || open == UInt8(ascii: "{") {
                let close = open == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "}")
                if let end = bytes[(i + 2)...].firstIndex(of: close), end > i + 2 {
                    out.append(i..<(end + 1))
                    i = end + 1
                    continue
                }
            }
            i += 1
        }
        return out
    }

    /// Whether `type` is `pattern` with each setting replaced by one or more characters.
    private static func matches(pattern: [UInt8], _ type: [UInt8]) -> Bool {
        // The literal pieces between settings, matched in order; a setting takes at least one byte.
        var pieces: [ArraySlice<UInt8>] = []
        var start = 0
        for s in settings(in: pattern) {
            pieces.append(pattern[start..<s.lowerBound])
            start = s.upperBound
        }
        pieces.append(pattern[start...])
        // The first piece is a prefix and the last a suffix; those between are found left to
        // right, each after at least one byte for the setting before it (greedy-left is exact
        // for a pattern whose only wildcards are "one or more of anything").
        guard type.starts(with: pieces[0]) else { return false }
        var at = pieces[0].count
        for piece in pieces.dropFirst().dropLast() {
            guard let found = firstIndex(of: piece, in: type, from: at + 1) else { return false }
            at = found + piece.count
        }
        let last = pieces[pieces.count - 1]
        return type.count - last.count >= at + 1 && type.suffix(last.count).elementsEqual(last)
    }

    private static func firstIndex(of piece: ArraySlice<UInt8>, in bytes: [UInt8], from start: Int) -> Int? {
        guard !piece.isEmpty else { return start <= bytes.count ? start : nil }
        var k = start
        while k + piece.count <= bytes.count {
            if bytes[k..<(k + piece.count)].elementsEqual(piece) { return k }
            k += 1
        }
        return nil
    }
}
