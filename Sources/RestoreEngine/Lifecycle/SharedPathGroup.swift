/// Controllers indexed at one restoration path that another live controller shares: navigation,
/// tab and split siblings may share an identifier, and R3 step 3 must then find the one at the
/// archived entry's `:[i]:` index, as UIKit's root set does ("Object in root set for index [0]
/// for identifier path …").
///
/// A lookup filtered every member, string comparisons included, for every archived entry:
/// quadratic in the siblings (20,000 sharing one identifier took 6.7 s to record, 100,000 took
/// 273 s). A member indexed with an archive key (obtained in this launch) can match only an
/// entry with that key, so it is found through `keyed`; only members indexed without one (the
/// launch UI's) are looked at one by one.
struct SharedPathGroup {
    /// In the order they were indexed at the path: where two match, the first wins.
    private(set) var members: [UIViewController] = []
    /// Each member's place in `members`.
    private var places: [ObjectIdentifier: Int] = [:]
    /// Places of the members indexed here with each archive key. A member indexed again since
    /// (with another key) stays listed: the caller's filter checks what its mark says now.
    private var keyed: [String: [Int]] = [:]
    /// Places of the members indexed here without a key, in order; those since given a key are
    /// dropped as they are met.
    private var unkeyed: [Int] = []
    /// Whether each member's place is in `unkeyed`.
    private var listedUnkeyed: [Bool] = []

    init(first: UIViewController, key: String?) { add(first, key: key) }

    func contains(_ vc: UIViewController) -> Bool { places[ObjectIdentifier(vc)] != nil }

    /// A controller is indexed at the path (again, or for the first time).
    mutating func add(_ vc: UIViewController, key: String?) {
        let place: Int
        if let known = places[ObjectIdentifier(vc)] {
            place = known
        } else {
            place = members.count
            places[ObjectIdentifier(vc)] = place
            members.append(vc)
            listedUnkeyed.append(false)
        }
        if let key {
            keyed[key, default: []].append(place)
        } else if !listedUnkeyed[place] {
            // A new member's place is the largest, so the list stays in order. An earlier member
            // is listed again only once it had a key and lost it, and from then on the caller
            // filters `members` whole (`keyDroppedSinceReset`): the list's order no longer matters.
            listedUnkeyed[place] = true
            unkeyed.append(place)
        }
    }

    /// Calls `body` with every member that may be the one for an entry with this archive key, in
    /// member order: those indexed here with the key, and those whose mark has no key now
    /// (`isKeyed` false). A superset of what the caller's filter keeps, as long as no member
    /// indexed with a key was indexed again without one (the caller then filters `members` whole),
    /// and as long as archive keys are unique across paths (a key holds its path, so a member
    /// given a key at another path can never have this entry's: true of UIKit's archives and of
    /// every archive the engine writes).
    /// No list is built: a launch UI's siblings are each met once per lookup, as before.
    mutating func forEachCandidate(
        forKey key: String, isKeyed: (UIViewController) -> Bool, _ body: (UIViewController) -> Void
    ) {
        let byKey = keyed[key].map { $0.count > 1 ? $0.sorted() : $0 } ?? []
        var a = 0
        var last = -1
        // The unkeyed list is walked once, dropping members given a key since (in place), and
        // merged with `byKey` as it goes.
        var kept = 0
        for r in unkeyed.indices {
            let place = unkeyed[r]
            guard !isKeyed(members[place]) else {
                listedUnkeyed[place] = false
                continue
            }
            unkeyed[kept] = place
            kept += 1
            while a < byKey.count, byKey[a] < place {
                if byKey[a] != last { body(members[byKey[a]]) }
                last = byKey[a]
                a += 1
            }
            if place != last { body(members[place]) }
            last = place
        }
        unkeyed.removeLast(unkeyed.count - kept)
        while a < byKey.count {
            if byKey[a] != last { body(members[byKey[a]]) }
            last = byKey[a]
            a += 1
        }
    }
}
