/// Restoration path → value, with `String`'s equality: what `[String: Value]` answered, hashed
/// from the bytes (`ASCIIHash`) while every path stored and looked up is ASCII. The live index
/// puts every controller of the launch UI in one and looks every restored controller up: with
/// `String`'s hash that was ~1,100 instructions a controller, ~3 % of `Scenario.run` (callgrind,
/// `restoretrace-bench --engine-grid 60`). The first path that is not ASCII moves everything
/// into a `Dictionary`, which answers from then on.
struct PathTable<Value> {
    private var keys: [String] = []
    private var hashes: [Int] = []
    private var values: [Value] = []
    /// Open addressing by byte hash: an index into the arrays above, or -1 for an empty bucket.
    private var buckets: [Int32] = []
    private var dictionary: [String: Value]?

    init(minimumCapacity: Int = 0) {
        keys.reserveCapacity(minimumCapacity)
        hashes.reserveCapacity(minimumCapacity)
        values.reserveCapacity(minimumCapacity)
        buckets = [Int32](repeating: -1, count: Self.bucketCount(for: minimumCapacity))
    }

    var count: Int { dictionary?.count ?? keys.count }

    /// Reading a path that is not ASCII moves the table into its `Dictionary`: hence `mutating`.
    mutating func value(at path: String) -> Value? {
        if dictionary == nil, let h = ASCIIHash.of(path) { return find(path, h).map { values[$0] } }
        moveToDictionary()
        return dictionary?[path]
    }

    /// - Returns: the value this one replaced, if the path had one.
    @discardableResult
    mutating func set(_ value: Value, at path: String) -> Value? {
        if dictionary == nil, let h = ASCIIHash.of(path) {
            if let i = find(path, h) {
                defer { values[i] = value }
                return values[i]
            }
            // Buckets hold 32-bit indices: a table that would outgrow them (and its buckets'
            // doubling) goes to the `Dictionary` instead of trapping.
            guard keys.count < Int32.max / 4 else {
                moveToDictionary()
                return dictionary?.updateValue(value, forKey: path)
            }
            if (keys.count + 1) * 2 > buckets.count { grow() }
            var b = h & (buckets.count - 1)
            while buckets[b] >= 0 { b = (b + 1) & (buckets.count - 1) }
            buckets[b] = Int32(keys.count)
            keys.append(path)
            hashes.append(h)
            values.append(value)
            return nil
        }
        moveToDictionary()
        return dictionary?.updateValue(value, forKey: path)
    }

    private func find(_ path: String, _ h: Int) -> Int? {
        ASCIIHash.find(path, hash: h, buckets: buckets, hashes: hashes, keys: keys)
    }

    private mutating func grow() {
        buckets = [Int32](repeating: -1, count: Self.bucketCount(for: max(keys.count + 1, buckets.count)))
        for i in keys.indices {
            var b = hashes[i] & (buckets.count - 1)
            while buckets[b] >= 0 { b = (b + 1) & (buckets.count - 1) }
            buckets[b] = Int32(i)
        }
    }

    /// Moves the table into its `Dictionary` the first time a path that is not ASCII comes. The
    /// table's paths are ASCII and distinct, so none of them collide there.
    private mutating func moveToDictionary() {
        guard dictionary == nil else { return }
        var made: [String: Value] = [:]
        made.reserveCapacity(keys.count)
        for i in keys.indices { made[keys[i]] = values[i] }
        dictionary = made
        (keys, hashes, values, buckets) = ([], [], [], [])
    }

    /// A power of two at least twice `count` (at least 16).
    private static func bucketCount(for count: Int) -> Int {
        var size = 16
        while size < count * 2 { size *= 2 }
        return size
    }
}
