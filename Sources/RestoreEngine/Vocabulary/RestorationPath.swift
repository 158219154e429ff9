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
        // One pass over the bytes into one array: `split` then `map` built two arrays, for every
        // controller restored (its path goes to the app as components). `/` is ASCII, so every
        // cut falls on a character boundary; empty components stay, as with `split`.
        var parts: [String] = []
        let bytes = text.utf8
        var start = bytes.startIndex
        var i = start
        while i != bytes.endIndex {
            if bytes[i] == UInt8(ascii: "/") {
                parts.append(String(text[start..<i]))
                start = bytes.index(after: i)
            }
            i = bytes.index(after: i)
        }
        parts.append(String(text[start...]))
        return parts
    }

    /// The node's own identifier (the last component).
    public var identifier: Substring { text.lastIndex(of: "/").map { text[text.index(after: $0)...] } ?? text[...] }

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
        // The middle part is at most 15 bytes, stored inline: only the key allocates.
        ArchiveKey(parsing: .joining(text, "/:[" + String(index) + "]:/", identifier))
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
    public var name: Substring { text.lastIndex(of: "/").map { text[text.index(after: $0)...] } ?? text[...] }

    public var description: String { text }
}
