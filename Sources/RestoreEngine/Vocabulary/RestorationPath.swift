/// A restoration path (SPEC §2): the restoration identifiers from the root down to a node,
/// shown joined by `/` (`Nav/Detail/notes`). Kept joined: most uses want the text, and splitting
/// it for every preserved node cost an allocation per component.
public struct RestorationPath: Hashable, Sendable, CustomStringConvertible {
    /// The path as traces, reports and `--drop-id` spell it.
    public private(set) var text: String

    /// The path of a root node: its identifier alone.
    public init(root identifier: String) { text = identifier }

    /// A path as written (`Nav/Detail`); no validation: identifiers may hold anything but `/`.
    public init(parsing text: String) { self.text = text }

    /// A node's path, from its identifiers root first.
    public init(components: [String]) { text = components.joined(separator: Self.separator) }

    /// The path of a node below this one (a child, the presented controller, a view, an object).
    public func appending(_ identifier: String) -> RestorationPath {
        RestorationPath(parsing: .joining(text, Self.separator, identifier))
    }

    /// The identifiers, root first.
    public var components: [String] {
        // ASCII text (nearly every path) is cut at its `/` bytes, straight into one array: the
        // `split` on Characters cost ~2,800 instructions a path (3.5 % of the engine on the
        // 200x200 grid), for every controller restored. Other text keeps the Character split:
        // there a `/` may belong to a larger Character (a combining mark after it).
        let cut = text.withUTF8Bytes { utf8 -> [String]? in
            // One pass finds both whether the text is ASCII and how many parts it has: the
            // array is sized once (growing it 1, 2, 4 was two more allocations a path).
            var slashes = 0
            for byte in utf8 {
                if byte >= 0x80 { return nil }
                if byte == Self.slash { slashes += 1 }
            }
            var parts: [String] = []
            parts.reserveCapacity(slashes + 1)
            var start = 0
            for i in utf8.indices where utf8[i] == Self.slash {
                parts.append(String(decoding: UnsafeBufferPointer(rebasing: utf8[start..<i]), as: UTF8.self))
                start = i + 1
            }
            parts.append(String(decoding: UnsafeBufferPointer(rebasing: utf8[start...]), as: UTF8.self))
            return parts
        }
        return cut ?? text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    }

    /// The node's own identifier (the last component).
    public var identifier: Substring { Self.lastComponent(of: text) }

    /// The text after the last `/` (all of it if there is none). ASCII text is searched by
    /// byte: `lastIndex(of:)` on Characters was ~2,500 instructions a path, for every view
    /// restored; other text keeps the Character search, where a `/` may be part of a larger
    /// Character.
    static func lastComponent(of text: String) -> Substring {
        let found = text.withUTF8Bytes { utf8 -> Int?? in
            Self.isASCII(utf8) ? .some(utf8.lastIndex(of: Self.slash)) : .none
        }
        guard let found else {
            return text.lastIndex(of: "/").map { text[text.index(after: $0)...] } ?? text[...]
        }
        guard let slash = found else { return text[...] }
        return text[text.utf8.index(text.utf8.startIndex, offsetBy: slash + 1)...]
    }

    /// `lastComponent(of: text) == identifier[...]`, from the bytes when they tell: ASCII text
    /// whose last component has the identifier's bytes (or the identifier is ASCII too, and
    /// they differ). Otherwise the Characters are compared, where a `/` may be part of a larger
    /// Character and different bytes may be canonically equal. Finding a restored view in its
    /// owner cut each path into a Substring and compared it per view (~700 instructions a view,
    /// 1.7 % of `Scenario.run`; callgrind, `restoretrace-bench --engine-grid 60`).
    static func lastComponent(of text: String, equals identifier: String) -> Bool {
        let known = text.withUTF8Bytes { utf8 -> Bool? in
            guard Self.isASCII(utf8) else { return nil }
            let start = (utf8.lastIndex(of: Self.slash) ?? -1) + 1
            let last = UnsafeBufferPointer(rebasing: utf8[start...])
            return identifier.withUTF8Bytes { idBytes -> Bool? in
                if Self.sameBytes(last, idBytes) { return true }
                return Self.isASCII(idBytes) ? false : nil
            }
        }
        return known ?? (lastComponent(of: text) == identifier[...])
    }

    /// Byte equality; `elementsEqual` was a generic call of ~200 instructions for a short name.
    private static func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        for i in 0..<a.count where a[i] != b[i] { return false }
        return true
    }

    private static let slash = UInt8(ascii: "/")

    private static func isASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in utf8 where byte >= 0x80 { return false }
        return true
    }

    public var description: String { text }

    static let separator = "/"
}

/// An archive key (SPEC §2): a node's path as UIKit's archive spells it, where a container's
/// i-th child hangs from its parent by `/:[i]:/` (`Tabs/:[1]:/Settings`), so two children that
/// share an identifier still get two keys; a presented controller, a view or a registered object
/// hangs by a plain `/`.
public struct ArchiveKey: Hashable, Sendable, CustomStringConvertible {
    /// The key as the archive and the trace spell it.
    public private(set) var text: String

    /// The key of the root controller: its identifier alone.
    public init(root identifier: String) { text = identifier }

    /// A key as written.
    public init(parsing text: String) { self.text = text }

    /// The key of the container's `index`-th child.
    public func child(_ index: Int, _ identifier: String) -> ArchiveKey {
        // Written in one pass, the index's digits included: only the key allocates.
        ArchiveKey(parsing: .joining(text, "/:[", index, "]:/", identifier))
    }

    /// The key of a node that hangs by a plain `/`: the presented controller, a view, an object.
    public func appending(_ identifier: String) -> ArchiveKey {
        ArchiveKey(parsing: .joining(text, RestorationPath.separator, identifier))
    }

    public var description: String { text }
}

/// Where a node sits in the hierarchy even without a restoration path (SPEC §5 `locator`): its
/// ancestors' identifiers, with `<Class>` for a node that has none, and `#i` after a node whose
/// earlier sibling reads the same, so every node has its own.
public struct NodeLocator: Hashable, Sendable, CustomStringConvertible {
    public private(set) var text: String

    /// A locator as written.
    public init(parsing text: String) { self.text = text }

    /// How a node is named in a locator: its identifier, or `<Class>` when it has none.
    public static func name(identifier: String?, className: String) -> String {
        identifier.flatMap { $0.isEmpty ? nil : $0 } ?? "<\(className)>"
    }

    /// The locator of a node named `name`, below `parent` (or the root when nil).
    public init(_ name: String, below parent: NodeLocator?) {
        text = parent.map { .joining($0.text, RestorationPath.separator, name) } ?? name
    }

    /// The node's own name (the last component).
    public var name: Substring { RestorationPath.lastComponent(of: text) }

    public var description: String { text }
}

extension RestorationPath {
    /// What is wrong with `id` as a restoration identifier, in words that follow it ("'a/b'
    /// contains '/': …"), or nil. A `/` cannot be told from two identifiers once joined into a
    /// path (the archive's keys, as the trace and restorationArchiveTool write them, do not read
    /// back); a line break or a tab would start a line of its own in every finding that names the
    /// node (every other control character is printed escaped). Scenarios and storyboards both ask.
    public static func identifierProblem(_ id: String) -> String? {
        if let what = lineBreakOrTab(in: id) { return "holds \(what): an identifier is one line of text; remove it" }
        guard id.contains("/") else { return nil }
        let parts = id.split(separator: "/", omittingEmptySubsequences: false).count
        return
            "contains '/': restoration paths join identifiers with '/', where it reads as \(parts) identifiers; rename it (e.g. '\(String(id.map { $0 == "/" ? "-" : $0 }))')"
    }

    /// "a line break (U+000A)" or "a tab (U+0009)" for the first in `text`, else nil.
    public static func lineBreakOrTab(in text: String) -> String? {
        guard let c = text.unicodeScalars.first(where: { $0 == "\n" || $0 == "\t" }) else { return nil }
        return c == "\n" ? "a line break (U+000A)" : "a tab (U+0009)"
    }
}
