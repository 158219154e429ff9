import Foundation
import RestoreEngine

/// The node reader's fast path over a JSON document (`ScenarioJSONDocument`): a NODE whose keys
/// and values are all of the common, valid kinds is read straight from the document's entries,
/// keys compared by their bytes, strings made only for the values kept.
///
/// It never reports a problem: at the first thing it is not sure of (a key it does not handle, a
/// duplicate, a null, a value of an unexpected type or out of range) it returns nil before doing
/// anything, and `node` reads the node the general way, which words every problem as before. A
/// node it takes gets the same blueprint, and leaves the same records (`classReferences`), in
/// the same order, as the general way; its children go through `node` again, each on its own.
///
/// Why: reading the grid's nodes through `ScenarioNode`s (a string per key, arrays of pairs per
/// node, `Fields` per node) was ~18k instructions a node, most of record's parsing.
extension ScenarioReader {
    /// The keys the fast path handles (the rest send the node the general way).
    private enum FlatKey {
        case className, restorationIdentifier, restorationClass, state, children, selectedIndex, views
        case contentOffset
    }

    /// The node `index` of `document` as `node(_:role:_:depth:)` would read it, or nil to read it
    /// that way.
    func flatNode(
        _ document: ScenarioJSONDocument, _ index: Int, role: NodeBlueprint.Role, depth: Int
    ) -> NodeBlueprint? {
        guard depth < Self.maximumDepth, document.entries[index].kind == .object else { return nil }
        let isView = role == .view
        var found:
            (
                className: Int, restorationIdentifier: Int, restorationClass: Int, state: Int, children: Int,
                selectedIndex: Int, views: Int, contentOffset: Int
            ) = (-1, -1, -1, -1, -1, -1, -1, -1)
        for i in 0..<document.count(index) {
            let (k, v) = document.member(index, i)
            guard let key = Self.flatKey(document, k, isView: isView) else { return nil }
            let kind = document.entries[v].kind
            // Each handled key once, with a value of the kind it takes (a null would mean absent).
            switch key {
            case .className:
                guard found.className < 0, kind == .string, !document.isEmptyText(v) else { return nil }
                found.className = v
            case .restorationIdentifier:
                guard found.restorationIdentifier < 0, kind == .string else { return nil }
                found.restorationIdentifier = v
            case .restorationClass:
                guard found.restorationClass < 0, kind == .string, !document.isEmptyText(v) else { return nil }
                found.restorationClass = v
            case .state:
                guard found.state < 0, kind == .object else { return nil }
                found.state = v
            case .children:
                guard found.children < 0, kind == .array else { return nil }
                found.children = v
            case .selectedIndex:
                guard found.selectedIndex < 0, kind == .plain else { return nil }
                found.selectedIndex = v
            case .views:
                guard found.views < 0, kind == .array else { return nil }
                found.views = v
            case .contentOffset:
                guard found.contentOffset < 0, kind == .array else { return nil }
                found.contentOffset = v
            }
        }
        guard found.className >= 0 else { return nil }
        // Every value checked before anything is kept or recorded.
        let className = document.text(found.className)
        var state: [CoderEntry] = []
        if found.state >= 0 {
            guard let entries = flatEntries(document, found.state) else { return nil }
            state = entries
        }
        var selectedIndex: Int?
        if found.selectedIndex >= 0 {
            guard case .int(let i) = document.coreScalar(found.selectedIndex),
                (0..<(found.children >= 0 ? document.count(found.children) : 0)).contains(i)
            else { return nil }
            selectedIndex = i
        }
        var contentOffset: [Double]?
        if found.contentOffset >= 0 {
            guard propertyApplies("contentOffset", className: className),
                let offset = flatNumbers(document, found.contentOffset, count: 2)
            else { return nil }
            contentOffset = offset
        }

        let identifier = found.restorationIdentifier >= 0 ? document.text(found.restorationIdentifier) : nil
        // A '/' in it is a problem, which the general way words.
        if let identifier, identifier.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == 0x0A || $0 == 0x09 }) {
            return nil
        }
        var b = NodeBlueprint(role: role, className: className)
        b.restorationIdentifier = identifier
        if found.restorationClass >= 0 {
            let c = document.text(found.restorationClass)
            b.restorationClass = c
            classReferences.append((c, document.node(found.restorationClass), "restorationClass"))
        }
        b.state = state
        if found.children >= 0 {
            b.children = members(document, found.children, role: .viewController, "child", of: className, depth: depth)
        }
        if let selectedIndex { b.selectedIndex = selectedIndex }
        if found.views >= 0 {
            b.views = members(document, found.views, role: .view, "view", of: className, depth: depth)
        }
        if isView {
            var s = ViewState()
            s.contentOffset = contentOffset
            b.viewState = s
        }
        return b
    }

    /// The handled key `k` is, for a node of this role; nil for any other.
    private static func flatKey(_ document: ScenarioJSONDocument, _ k: Int, isView: Bool) -> FlatKey? {
        if document.isString(k, "class") { return .className }
        if document.isString(k, "restorationIdentifier") { return .restorationIdentifier }
        if document.isString(k, "state") { return .state }
        if isView { return document.isString(k, "contentOffset") ? .contentOffset : nil }
        if document.isString(k, "children") { return .children }
        if document.isString(k, "views") { return .views }
        if document.isString(k, "restorationClass") { return .restorationClass }
        if document.isString(k, "selectedIndex") { return .selectedIndex }
        return nil
    }

    /// `state:` whose keys are distinct and not empty and whose values are strings, integers,
    /// finite floats or booleans, as `entries` reads it; nil for anything else.
    private func flatEntries(_ document: ScenarioJSONDocument, _ index: Int) -> [CoderEntry]? {
        let n = document.count(index)
        // A few keys are compared with each other; more go the general way (which hashes them).
        guard n <= 16 else { return nil }
        var result: [CoderEntry] = []
        result.reserveCapacity(n)
        for i in 0..<n {
            let (k, v) = document.member(index, i)
            guard !document.isEmptyText(k) else { return nil }
            for j in 0..<i where document.sameText(k, document.member(index, j).key) { return nil }
            guard let value = flatCoderScalar(document, v) else { return nil }
            result.append(CoderEntry(key: document.text(k), value: value))
        }
        return result
    }

    /// A scalar coder value as `coderValue` reads it; nil for a collection, a null, an infinity.
    private func flatCoderScalar(_ document: ScenarioJSONDocument, _ index: Int) -> CoderValue? {
        switch document.entries[index].kind {
        case .string: return .string(document.text(index))
        case .plain:
            switch document.coreScalar(index) {
            case .int(let i): return .int(i)
            case .double(let d) where d.isFinite: return .double(d)
            case .bool(let b): return .bool(b)
            default: return nil
            }
        case .array, .object: return nil
        }
    }

    /// A list of exactly `count` numbers, as `numbers` reads it; nil for anything else.
    private func flatNumbers(_ document: ScenarioJSONDocument, _ index: Int, count: Int) -> [Double]? {
        guard document.count(index) == count else { return nil }
        var values: [Double] = []
        values.reserveCapacity(count)
        for i in 0..<count {
            let item = document.item(index, i)
            guard document.entries[item].kind == .plain else { return nil }
            switch document.coreScalar(item) {
            case .int(let n): values.append(Double(n))
            case .double(let d) where d.isFinite: values.append(d)
            default: return nil
            }
        }
        return values
    }

    /// The nodes in the array `array` of `document` (a node's children or views), each read as
    /// `role` (the general way where the fast path does not take it).
    private func members(
        _ document: ScenarioJSONDocument, _ array: Int, role: NodeBlueprint.Role, _ label: String,
        of className: String, depth: Int
    ) -> [NodeBlueprint] {
        let n = document.count(array)
        var nodes: [NodeBlueprint] = []
        nodes.reserveCapacity(n)
        for i in 0..<n {
            let item = document.node(document.item(array, i))
            if let member = node(item, role: role, "\(label) \(i) of \(className)", depth: depth + 1) {
                nodes.append(member)
            }
        }
        return nodes
    }
}
