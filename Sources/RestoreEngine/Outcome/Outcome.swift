public enum NodeStatus: String, Sendable {
    case preserved, skipped, restored
    case notRestored = "not-restored"
}

/// How a restored view controller was obtained (R3).
public enum RestoreVia: String, Sendable {
    case restorationClass = "restoration-class"
    case appDelegate = "app-delegate"
    case existing
    case storyboard
}

/// One node's fate in a phase.
public struct NodeOutcome: Hashable, Sendable {
    /// The restoration path, or nil when the node or one of its ancestors has no identifier.
    public var path: String?
    /// Where it sits even without a path: identifiers, with `<Class>` for nodes that have none.
    public var locator: String
    public var key: String?
    public var className: String
    public var kind: NodeKind
    public var status: NodeStatus
    public var reason: ReasonCode?
    /// The locator of the node that caused this one's loss (the unmarked ancestor, the container...).
    public var cause: String?
    public var via: RestoreVia?
    public var decoded: Bool?
    /// Depth below the root, for drawing.
    public var depth: Int
    /// The locator of its parent in the hierarchy, for drawing.
    public var parent: String?
    /// Where it sits structurally (`0.1.v0`: root, second child, first view), independent of
    /// identifiers, so two runs can be compared even when an identifier changed. Preservation only.
    public var position: String?

    /// A short name for messages: its identifier or class, without the `#n` a locator adds to
    /// tell siblings sharing a path apart (not part of any identifier).
    public var displayName: String {
        guard let last = locator.split(separator: "/").last else { return className }
        return String(Self.withoutSiblingSuffix(last))
    }

    /// Where a message says the node is: its locator, or, when it is or is below one of siblings
    /// sharing a restoration path (a component of its locator has the `#n` that tells them
    /// apart, which is in no path and no archive, or an ancestor-or-self locator is in `shared`,
    /// the locators others' extend), its archive key, which tells them apart as the archive
    /// dump does (`Nav/:[1]:/page/list`).
    public func messageLocator(shared: Set<String> = []) -> String {
        // Most locators have no `#` and no shared ancestor: answered without splitting them.
        let hasHash = locator.utf8.contains(UInt8(ascii: "#"))
        guard let key, hasHash || !shared.isEmpty else { return locator }
        let parts = locator.split(separator: "/", omittingEmptySubsequences: false)
        if hasHash, parts.contains(where: { Self.withoutSiblingSuffix($0).count != $0.count }) { return key }
        guard !shared.isEmpty else { return locator }
        var prefix = ""
        for part in parts {
            prefix += prefix.isEmpty ? String(part) : "/" + part
            if shared.contains(prefix) { return key }
        }
        return locator
    }

    /// The locator without its `#n` suffix, when it has one: the first sibling's locator.
    public var siblingBase: String? {
        guard let last = locator.split(separator: "/").last else { return nil }
        let bare = Self.withoutSiblingSuffix(last)
        return bare.count == last.count ? nil : String(locator.dropLast(last.count - bare.count))
    }

    /// `page#2` without its `#2`; anything else as it is.
    private static func withoutSiblingSuffix(_ name: Substring) -> Substring {
        guard let hash = name.lastIndex(of: "#"), hash != name.startIndex else { return name }
        let digits = name[name.index(after: hash)...]
        return !digits.isEmpty && digits.allSatisfy({ $0.isASCII && $0.isNumber }) ? name[..<hash] : name
    }
}

extension NodeOutcome {
    /// Every field a walk knows when it meets the node, set at once: a node built apart and then
    /// changed was copied whole into its array (seven strings, ~250 instructions a node).
    ///
    /// Declared out here and handed to the memberwise initializer, which writes the fields straight
    /// into the result: an initializer in the struct's body that set `self.path = path`, … built the
    /// value on the stack, copied it out whole and destroyed the original (an outlined copy and
    /// destroy, seven strings retained and released again: ~700 instructions per node, 3 node
    /// outcomes per node a run; callgrind, `restoretrace-bench --engine-grid 60`).
    public init(
        path: String?, locator: String, key: String?, className: String, kind: NodeKind, status: NodeStatus,
        depth: Int, parent: String?, reason: ReasonCode? = nil, cause: String? = nil, position: String? = nil
    ) {
        self.init(
            path: path, locator: locator, key: key, className: className, kind: kind, status: status, reason: reason,
            cause: cause, via: nil, decoded: nil, depth: depth, parent: parent, position: position)
    }
}

/// What happened in one preservation or one restoration.
public struct PhaseOutcome: Hashable, Sendable {
    public var performed: Bool
    public var reason: ReasonCode?
    public var nodes: [NodeOutcome]
    /// The launch it belongs to.
    public var launch: Int
    public init(performed: Bool, reason: ReasonCode? = nil, nodes: [NodeOutcome] = [], launch: Int) {
        self.performed = performed
        self.reason = reason
        self.nodes = nodes
        self.launch = launch
    }

    public var count: (done: Int, total: Int) {
        // Counted in place: `filter` would copy every node outcome into a new array first.
        var done = 0
        for node in nodes where node.status == .preserved || node.status == .restored { done += 1 }
        return (done, nodes.count)
    }
}

/// The result of running a timeline: the last preservation, every relaunch's restoration, and the findings.
public struct Outcome: Hashable, Sendable {
    public var preservation: PhaseOutcome?
    /// One per relaunch (launch 2, 3, ...), in order.
    public var launches: [PhaseOutcome] = []
    public var diagnostics: [Diagnostic] = []
    /// The scene sessions (scene-based life cycle, SPEC §8); nil for an app-based app.
    public var scenes: [SceneOutcome]?
    public init() {}

    /// The last launch's restoration.
    public var restoration: PhaseOutcome? { launches.last }
}
