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
        /// A registered object's, not a controller's or a view's.
        var isObject = false
    }

    // Unchecked: a dynamic exclusivity check per access (a runtime call and a thread-local
    // access set) was ~80 instructions per preserved controller; nothing here overlaps two
    // accesses to one property.
    @exclusivity(unchecked) private var paths: [String] = []
    @exclusivity(unchecked) private var found: [Found] = []
    /// Path → the last node preserved there.
    @exclusivity(unchecked) private var index: [String: Int] = [:]
    /// Path → every node preserved there, only for a path preserved more than once.
    @exclusivity(unchecked) private var shared: [String: [Int]] = [:]
    /// Every key preserved.
    @exclusivity(unchecked) private var keys: Set<String> = []
    @exclusivity(unchecked) private var indexed = 0

    func append(path: String, key: String, depth: Int, locator: String, isObject: Bool = false) {
        paths.append(path)
        found.append(Found(key: key, depth: depth, locator: locator, isObject: isObject))
    }

    /// Whether a controller or a view was preserved at `path`.
    func hasControllerOrView(atPath path: String) -> Bool {
        indexAll()
        guard let all = shared[path] else { return index[path].map { !found[$0].isObject } ?? false }
        return all.contains { !found[$0].isObject }
    }

    /// The last node preserved at `path`.
    subscript(path: String) -> Found? {
        indexAll()
        return index[path].map { found[$0] }
    }

    /// The node preserved at `path` that an object referenced by the controller at `owner` (a
    /// locator) is scoped by: the only one; among several (`shared`), the one nearest the owner,
    /// the one whose locator has the most leading components in common with the owner's (the
    /// owner itself or an ancestor, or a view or object in the owner's own subtree, beats a
    /// sibling's). Nil when none has the path, or when several do and none is nearer than the
    /// rest: the path does not say which (`shared` and no `found`).
    func parent(ofPath path: String, below owner: String) -> (found: Found?, shared: [Found]) {
        indexAll()
        guard let all = shared[path] else { return (index[path].map { found[$0] }, []) }
        let candidates = all.map { found[$0] }
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
            keys.insert(found[indexed].key)
            if let earlier = index.updateValue(indexed, forKey: paths[indexed]) {
                shared[paths[indexed], default: [earlier]].append(indexed)
            }
            indexed += 1
        }
    }
}
