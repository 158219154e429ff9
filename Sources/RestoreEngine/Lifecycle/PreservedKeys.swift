/// Preserved controllers' archive keys and depths by restoration path, hashed only when a
/// registered object asks where its parent is: most apps register none, and hashing every
/// preserved path was ~1.3 % of the engine on the 200x200 grid. A path preserved twice answers
/// with the later one, as the dictionary it replaces did.
final class PreservedKeys {
    // Unchecked: a dynamic exclusivity check per access (a runtime call and a thread-local
    // access set) was ~80 instructions per preserved controller; nothing here overlaps two
    // accesses to one property.
    @exclusivity(unchecked) private var paths: [String] = []
    @exclusivity(unchecked) private var found: [(key: String, depth: Int)] = []
    @exclusivity(unchecked) private var index: [String: Int] = [:]
    @exclusivity(unchecked) private var indexed = 0

    func append(path: String, key: String, depth: Int) {
        paths.append(path)
        found.append((key, depth))
    }

    subscript(path: String) -> (key: String, depth: Int)? {
        while indexed < paths.count {
            index[paths[indexed]] = indexed
            indexed += 1
        }
        return index[path].map { found[$0] }
    }
}
