/// State of one launch's restoration, one slot per archive entry (in archive order), so a lookup
/// by archive key hashes the key once.
struct RestorationRun {
    /// Archive key → entry index (the first entry, if a key repeats).
    let slot: ArchiveKeySlots
    /// The live object obtained for each entry, if any.
    var restored: [RestorableNode?]
    var outcomes: [NodeOutcome] = []
    /// The archive is read with secure coding (P1).
    var secureCoding = false
    /// R14: entries whose restoration class made a second instance beside the launch UI's.
    var duplicates: [(entry: Int, launchInstance: UIViewController, restored: UIViewController)] = []
    /// The registered objects found at their path (R6) so far: an entry takes one no other
    /// entry took, so siblings sharing a path each get their own.
    var takenObjects = Set<ObjectIdentifier>()
    /// Object entries `not-found` although objects were registered at their path: each
    /// belonged to a sibling sharing the parent's path, or went to another entry.
    var registeredElsewhere = Set<Int>()
    /// Entry i's parent's slot (-1: no parent key, or none in the archive), hashed once here:
    /// phase one, phase two and a view's owner each looked it up by key again (three hashes of
    /// a long key per entry).
    private let parentSlot: [Int]
    /// No entry before entry i has its key: a lookup by that key answers i.
    private let isFirst: [Bool]

    init(_ archive: Archive) {
        let entries = archive.entries
        // One hash per entry, and no copy of each entry (its coder, its class) to read its key.
        var isFirst = [Bool](repeating: true, count: entries.count)
        var keys: [String] = []
        keys.reserveCapacity(entries.count)
        for i in entries.indices { keys.append(entries[i].key) }
        let slot = ArchiveKeySlots(keys: keys, isFirst: &isFirst)
        var parentSlot = [Int](repeating: -1, count: entries.count)
        for i in entries.indices {
            guard let parent = entries[i].parentKey else { continue }
            // Entries come parents first, depth first: the parent is usually the entry before
            // or one of its ancestors, found by comparing keys instead of hashing one more.
            var j = i - 1
            while j >= 0, entries[j].key != parent {
                // Up only: an archive whose keys point forward goes to the hash below.
                j = parentSlot[j] < j ? parentSlot[j] : -1
            }
            parentSlot[i] = j >= 0 && isFirst[j] ? j : slot[parent] ?? -1
        }
        self.slot = slot
        self.parentSlot = parentSlot
        self.isFirst = isFirst
        restored = Array(repeating: nil, count: archive.entries.count)
        outcomes.reserveCapacity(archive.entries.count)
    }

    /// Outcomes are added in archive order: entry i's outcome is `outcomes[i]`.
    mutating func add(_ node: consuming NodeOutcome) { outcomes.append(node) }

    func index(_ key: String?) -> Int? { key.flatMap { slot[$0] }.flatMap { $0 < outcomes.count ? $0 : nil } }
    /// `index(key)` for a reference that can only be to a controller (the presented one): when a
    /// view shares the key (an ambiguous path, R11), the first controller entry with it. The
    /// view's entry answered before, so the restored controller was never presented again while
    /// its outcome said restored.
    func controllerIndex(_ key: String, in archive: Archive) -> Int? {
        guard let first = index(key) else { return nil }
        if archive.entries[first].kind == .viewController { return first }
        return archive.entries.indices.first {
            $0 < outcomes.count && archive.entries[$0].kind == .viewController && archive.entries[$0].key == key
        }
    }
    /// `index(key)` for a reference from entry `parent` to one of its children, where `after` is
    /// the child found before (or `parent` itself): a container's children come one after the
    /// other in the archive, each after the subtree of the one before, in the order the
    /// container lists them. So the next entry whose parent is `parent`, if it is among the next
    /// few, is compared with `key` (the same string, for an archive the engine wrote) before the
    /// key is hashed. Hashing each child's key cost a cache miss or three per child on the
    /// 200x200 grid (`ArchiveKeySlots`' lookup was ~1.4 % of the engine's samples; `relink`
    /// 39.8M -> 32.6M instructions, callgrind, `restoretrace-bench --engine-grid 60`).
    /// The answer is `index(key)`'s because `isFirst` and `slot` use the same equality (bytes
    /// when every key is ASCII, else canonical equivalence) and the candidate is compared with
    /// `==`: a canonically equal but byte-different reference still finds the entry.
    func childIndex(_ key: String, of parent: Int, after: Int) -> Int? {
        var j = after + 1
        // A child's own subtree lies in between: looked through for a few entries only, so a
        // deep subtree costs a bounded scan before the hash.
        while j < parentSlot.count, j <= after + Self.childLookAhead {
            if parentSlot[j] == parent {
                if isFirst[j], slot.key(at: j) == key { return j < outcomes.count ? j : nil }
                break
            }
            j += 1
        }
        return index(key)
    }

    /// How far past the previous child `childIndex` looks for the next one.
    private static let childLookAhead = 8

    /// `index(entry i's parentKey)`, without hashing it.
    func parentIndex(of i: Int) -> Int? {
        let p = parentSlot[i]
        return p >= 0 && p < outcomes.count ? p : nil
    }
    /// `controller(entry i's parentKey)`, without hashing it.
    func parentController(of i: Int) -> UIViewController? {
        let p = parentSlot[i]
        return p >= 0 ? controller(at: p) : nil
    }
    func status(_ key: String?) -> NodeStatus? { index(key).map { outcomes[$0].status } }
    func controller(_ key: String) -> UIViewController? { slot[key].flatMap(controller(at:)) }
    func controller(at i: Int) -> UIViewController? {
        guard case .viewController(let vc)? = restored[i] else { return nil }
        return vc
    }
}
