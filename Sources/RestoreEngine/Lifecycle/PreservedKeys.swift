/// Preserved controllers' archive keys and depths by restoration path, hashed only when a
/// registered object asks where its parent is: most apps register none, and hashing every
/// preserved path was ~1.3 % of the engine on the 200x200 grid.
///
/// Siblings in a navigation, tab or split controller may share a restoration path (their keys
/// differ by their index). An object's `restorationParent` is one object in UIKit, but a path
/// in a scenario; such a path is resolved to the node the referencing controller is, or is
/// below (`parent(ofPath:below:)`), as a page's draft is parented to that page.
final class PreservedKeys {
    struct Found {
        var key: String
        var depth: Int
        var locator: String
    }

    // Unchecked: a dynamic exclusivity check per access (a runtime call and a thread-local
    // access set) was ~80 instructions per preserved controller; nothing here overlaps two
    // accesses to one property.
    @exclusivity(unchecked) private var paths: [String] = []
    @exclusivity(unchecked) private var keysAndDepths: [(key: String, depth: Int)] = []
    /// Locators that are not the node's path (a `#n` suffix, an identifier-less ancestor's
    /// class), by index: most nodes are located by their path, and storing a second reference
    /// to it for each cost ~8 % of the preservation walk on the 200×200 grid.
    @exclusivity(unchecked) private var otherLocators: [Int: String] = [:]
    /// The indices of registered objects (rare).
    @exclusivity(unchecked) private var objects: Set<Int> = []
    /// Path → the last node preserved there.
    @exclusivity(unchecked) private var index: [String: Int] = [:]
    /// Path → every node preserved there, only for a path preserved more than once.
    @exclusivity(unchecked) private var shared: [String: [Int]] = [:]
    /// Every key preserved.
    @exclusivity(unchecked) private var keys: Set<String> = []
    @exclusivity(unchecked) private var indexed = 0

    func append(path: String, key: String, depth: Int, locator: String, isObject: Bool = false) {
        // Usually one string for both (`NodeLocator(parsing:)`): equal at the first comparison.
        if locator != path { otherLocators[paths.count] = locator }
        if isObject { objects.insert(paths.count) }
        paths.append(path)
        keysAndDepths.append((key, depth))
    }

    private func found(_ i: Int) -> Found {
        Found(key: keysAndDepths[i].key, depth: keysAndDepths[i].depth, locator: otherLocators[i] ?? paths[i])
    }

    /// Whether a controller or a view was preserved at `path`.
    func hasControllerOrView(atPath path: String) -> Bool {
        indexAll()
        guard let all = shared[path] else { return index[path].map { !objects.contains($0) } ?? false }
        return all.contains { !objects.contains($0) }
    }

    /// The last node preserved at `path`.
    subscript(path: String) -> Found? {
        indexAll()
        return index[path].map(found)
    }

    /// The node preserved at `path` that an object referenced by the controller at `owner` (a
    /// locator) is scoped by: the only one; among several (`shared`), the one nearest the owner,
    /// the one whose locator has the most leading components in common with the owner's (the
    /// owner itself or an ancestor, or a view or object in the owner's own subtree, beats a
    /// sibling's). Nil when none has the path, or when several do and none is nearer than the
    /// rest: the path does not say which (`shared` and no `found`).
    func parent(ofPath path: String, below owner: String) -> (found: Found?, shared: [Found]) {
        indexAll()
        guard let all = shared[path] else { return (index[path].map(found), []) }
        let candidates = all.map(found)
        let ownerParts = owner.split(separator: "/", omittingEmptySubsequences: false)
        let nearness = candidates.map { candidate in
            zip(candidate.locator.split(separator: "/", omittingEmptySubsequences: false), ownerParts)
                .prefix { $0 == $1 }.count
        }
        guard let best = nearness.max(), nearness.filter({ $0 == best }).count == 1,
            let at = nearness.firstIndex(of: best)
        else { return (nil, candidates) }
        return (candidates[at], candidates)
    }

    /// Whether a node was preserved under this archive key.
    func contains(key: String) -> Bool {
        indexAll()
        return keys.contains(key)
    }

    private func indexAll() {
        while indexed < paths.count {
            keys.insert(keysAndDepths[indexed].key)
            if let earlier = index.updateValue(indexed, forKey: paths[indexed]) {
                shared[paths[indexed], default: [earlier]].append(indexed)
            }
            indexed += 1
        }
    }
}
