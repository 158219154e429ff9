import Foundation
import RestoreEngine

extension UIKitArchive {
    /// The engine's archive model of this archive, so a trace can carry it and a relaunch can
    /// run against it (SPEC §9): identifier-path keys are the archive keys as they are, restoration
    /// paths drop the `:[n]:` components, a key's last `/:[n]:/` makes it its parent's n-th child.
    ///
    /// What UIKit's archive does not say is inferred, and only from UIKit's own keys: an object's
    /// class is its restoration class when it has one; else `UITabBarController` for a
    /// `kTabBarSelectedViewControllerKey`, `UINavigationController` for a `kUIViewControllerChildrenKey`
    /// (restorationArchiveTool's published output), the identifier when it is a mangled Swift class
    /// name (`_TtC…`, a class used as its own identifier); else `UIViewController`, which any
    /// controller passes the class check against.
    public var model: Archive {
        let presented = Set(
            objects.compactMap { o in o.values.first { $0.key == UIKitArchiveKeys.presented }?.value.proxyPath })
        let classes = Dictionary(restorationClasses.map { ($0.key, $0.className) }, uniquingKeysWith: { a, _ in a })
        var entries: [ArchiveEntry] = []
        let root = rootIndex
        for (i, object) in objects.enumerated() {
            var entry = Self.entry(object, first: i == root, presented: presented)
            entry.restorationClass = classes[object.key]
            entry.className = entry.restorationClass ?? entry.className
            entries.append(entry)
            for view in object.views {
                let coder = view.values.compactMap(Self.coderEntry)
                entries.append(
                    ArchiveEntry(
                        key: object.key + "/" + view.identifier, path: entry.path + [view.identifier], kind: .view,
                        className: Self.viewClass(view.values.map(\.key)), parentKey: object.key, relation: .view,
                        coder: coder))
            }
        }
        let appLevel = topLevel.compactMap { pair -> CoderEntry? in
            let name = UIKitArchiveKeys.engineNames[pair.key] ?? pair.key
            return Self.coderValue(pair.value).map {
                CoderEntry(key: name, value: $0, isSystem: UIKitArchiveKeys.isSystem(pair.key))
            }
        }
        return Archive(appLevel: appLevel, entries: entries)
    }

    /// Which object is the window's root view controller. A registered object, or a controller
    /// the app delegate referenced, is encoded ahead of the tree (P2, P8) and is top-level too: the
    /// first top-level object was taken for the root. The evidence, strongest first: a
    /// controller's keys and objects below it; a controller's keys; objects below it; first.
    var rootIndex: Int {
        let parents = Set(objects.compactMap { Self.split($0.key).parent })
        let topLevel = objects.indices.filter { Self.split(objects[$0].key).parent == nil }
        func hasDescendants(_ i: Int) -> Bool { parents.contains(objects[i].key) }
        func looksLikeController(_ i: Int) -> Bool {
            objects[i].values.contains { Self.controllerKeys.contains($0.key) }
        }
        return topLevel.first { hasDescendants($0) && looksLikeController($0) }
            ?? topLevel.first(where: looksLikeController) ?? topLevel.first(where: hasDescendants)
            ?? topLevel.first ?? 0
    }

    /// Keys only a view controller's coder holds.
    static let controllerKeys: Set<String> = [
        UIKitArchiveKeys.viewWasLoaded, UIKitArchiveKeys.children, UIKitArchiveKeys.tabSelected,
        UIKitArchiveKeys.storyboard,
    ]

    private static func entry(_ o: Object, first: Bool, presented: Set<String>) -> ArchiveEntry {
        let keys = Set(o.values.map(\.key))
        let split = Self.split(o.key)
        let relation: ArchiveRelation
        if let index = split.index {
            relation = .child(index)
        } else if split.parent == nil {
            relation = first ? .root : .object
        } else {
            relation = presented.contains(o.key) ? .presented : .object
        }
        let isController = relation != .object || !keys.isDisjoint(with: controllerKeys)
        let identifier = split.components.last ?? o.key
        let className: String
        if keys.contains(UIKitArchiveKeys.tabSelected) {
            className = "UITabBarController"
        } else if keys.contains(UIKitArchiveKeys.children) {
            className = "UINavigationController"
        } else if identifier.hasPrefix("_TtC") {
            className = identifier
        } else {
            className = isController ? ClassHierarchy.viewControllerRoot : ClassHierarchy.objectRoot
        }
        var e = ArchiveEntry(
            key: o.key, path: split.components, kind: isController ? .viewController : .object, className: className,
            parentKey: split.parent, relation: relation, coder: o.values.compactMap(coderEntry))
        if case .dictionary(let ref)? = e.coder.first(where: { $0.key == UIKitArchiveKeys.storyboard })?.value,
            let name = ref["name"]?.stringValue, let id = ref["identifier"]?.stringValue
        {
            e.storyboard = StoryboardReference(name: name, identifier: id)
        }
        return e
    }

    /// `A/:[1]:/B/C` → components [A, B, C], parent `A/:[1]:/B`, no index; `A/:[1]:/B` → parent `A`, index 1.
    static func split(_ key: String) -> (components: [String], parent: String?, index: Int?) {
        let parts = key.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let components = parts.filter { indexMarker($0) == nil }
        guard parts.count > 1 else { return (components, nil, nil) }
        if parts.count >= 3, let index = indexMarker(parts[parts.count - 2]) {
            return (components, parts.dropLast(2).joined(separator: "/"), index)
        }
        return (components, parts.dropLast().joined(separator: "/"), nil)
    }

    /// `:[n]:` → n.
    static func indexMarker(_ part: String) -> Int? {
        guard part.hasPrefix(":["), part.hasSuffix("]:"), part.count > 4 else { return nil }
        return Int(part.dropFirst(2).dropLast(2))
    }

    /// The most specific UIKit class whose own keys the view wrote (`kUITableView…` → UITableView).
    static func viewClass(_ keys: [String]) -> String {
        let known = ["UITableView", "UICollectionView", "UITextView", "UITextField", "UIScrollView", "WKWebView"]
        for name in known where keys.contains(where: { $0.hasPrefix("k" + name) }) { return name }
        return ClassHierarchy.viewRoot
    }

    private static func coderEntry(_ pair: (key: String, value: KeyedValue)) -> CoderEntry? {
        coderValue(pair.value).map {
            CoderEntry(key: pair.key, value: $0, isSystem: UIKitArchiveKeys.isSystem(pair.key))
        }
    }

    /// A keyed-archive value as a coder value: a proxy is a reference; a set an array; a
    /// dictionary's non-string keys are described; an object of an unknown class a dictionary
    /// with its class under `$class`. `nil` (an encoded nil) is no value at all, as decoding it gives.
    static func coderValue(_ v: KeyedValue) -> CoderValue? {
        switch v {
        case .null: return nil
        case .string(let s): return .string(s)
        case .int(let i): return .int(i)
        case .double(let d): return .double(d)
        case .bool(let b): return .bool(b)
        case .data(let d): return .data(d)
        case .date(let t): return .date(t)
        case .array(let items), .set(let items): return .array(items.compactMap(coderValue))
        case .proxy(let path): return .reference(path)
        case .dictionary(let pairs): return .dictionary(dictionary(pairs))
        case .object("NSIndexPath", _, let fields):
            // The engine's index paths are arrays of ints: a table's selection (R5) reads them so.
            return indexPath(fields).map { .array($0.map(CoderValue.int)) }
                ?? .dictionary(objectFields("NSIndexPath", fields))
        case .object("NSURL", _, let fields):
            return url(fields).map(CoderValue.string) ?? .dictionary(objectFields("NSURL", fields))
        case .object(let name, _, let fields):
            return .dictionary(objectFields(name, fields))
        }
    }

    /// An object this reader does not interpret: its keys, and its class under `$class`.
    private static func objectFields(_ name: String, _ fields: [KeyedPair]) -> [String: CoderValue] {
        var d = dictionary(fields)
        d["$class"] = .string(name)
        return d
    }

    /// `NSIndexPath`'s keyed coding (Foundation's `encodeWithCoder:`): `NSIndexPathLength`, then
    /// the one index as `NSIndexPathValue`, or every index in `NSIndexPathData` as unsigned
    /// base-128 varints, low group first. Nil when the fields do not add up.
    static func indexPath(_ fields: [KeyedPair]) -> [Int]? {
        func field(_ key: String) -> KeyedValue? { fieldValue(key, in: fields) }
        guard let length = field("NSIndexPathLength")?.intValue, length >= 0, length <= 1024 else { return nil }
        if length == 0 { return [] }
        if length == 1 { return field("NSIndexPathValue")?.intValue.map { [$0] } }
        guard let bytes = field("NSIndexPathData")?.dataValue else { return nil }
        var indexes: [Int] = []
        var value = 0
        var shift = 0
        for byte in bytes {
            guard shift < 63 else { return nil }
            value |= Int(byte & 0x7F) << shift
            if byte & 0x80 == 0 {
                indexes.append(value)
                (value, shift) = (0, 0)
            } else {
                shift += 7
            }
        }
        return indexes.count == length && shift == 0 ? indexes : nil
    }

    /// `NSURL`'s keyed coding: `NS.relative` against `NS.base` (another NSURL, or nil).
    static func url(_ fields: [KeyedPair]) -> String? {
        func field(_ key: String) -> KeyedValue? { fieldValue(key, in: fields) }
        guard let relative = field("NS.relative")?.stringValue else { return nil }
        guard case .object("NSURL", _, let baseFields)? = field("NS.base"), let base = url(baseFields) else {
            return relative
        }
        return URL(string: relative, relativeTo: URL(string: base))?.absoluteString ?? relative
    }

    /// An opaque object's value for a string key.
    private static func fieldValue(_ key: String, in fields: [KeyedPair]) -> KeyedValue? {
        fields.first { $0.key.stringValue == key }?.value
    }

    private static func dictionary(_ pairs: [KeyedPair]) -> [String: CoderValue] {
        var out: [String: CoderValue] = [:]
        for p in pairs {
            guard let value = coderValue(p.value) else { continue }
            out[p.key.stringValue ?? coderValue(p.key).map(\.description) ?? "nil"] = value
        }
        return out
    }
}

extension KeyedValue {
    /// The identifier path of a `_UIObjectIdentifierPathProxy`.
    var proxyPath: String? { if case .proxy(let p) = self { p } else { nil } }
}
