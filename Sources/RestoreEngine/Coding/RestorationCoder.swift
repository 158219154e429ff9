/// One key of a coder, in the order it was written.
public struct CoderEntry: Hashable, Sendable {
    public var key: String
    public var value: CoderValue
    /// True when UIKit itself wrote the key (children, storyboard, view state), false when the app did.
    public var isSystem: Bool

    public init(key: String, value: CoderValue, isSystem: Bool = false) {
        self.key = key
        self.value = value
        self.isSystem = isSystem
    }
}

/// The keyed coder UIKit hands to `encodeRestorableStateWithCoder:` and
/// `decodeRestorableStateWithCoder:` — one per object, so equal keys in two objects never collide (P4).
///
/// Keys keep the order they were first written in; writing a key again replaces its value.
public final class RestorationCoder {
    // Stored properties are `@exclusivity(unchecked)`: dynamic exclusivity checks (a runtime
    // call and a thread-local access set per read or write) were 15 % of the engine's
    // instructions on the 200x200 grid, and nothing here overlaps two accesses to one property.
    @exclusivity(unchecked) public private(set) var entries: [CoderEntry] = []
    /// Keys the app tried to write that UIKit reserves for itself (P9).
    public var reservedKeyViolations: [String] { rare?.reservedKeyViolations ?? [] }
    /// Every write the app made, in order, including ones UIKit rejected: what a replay repeats.
    public var appWrites: [CoderEntry] { appWritesAreEntries ? appEntries : rare?.writtenByApp ?? [] }
    /// True while every app write so far added a new key at the end of `entries` and nothing
    /// replaced one: `appWrites` is then `appEntries`, and no second array is grown per coder
    /// (one allocation per controller that writes state, ~1 % of the engine's instructions
    /// without an observer; callgrind, `restoretrace-bench --engine-grid 60`). A coder that
    /// starts from entries keeps its writes apart from the start.
    @exclusivity(unchecked) private var appWritesAreEntries = true
    /// Set when the app crashes while using this coder (models a crash during decode, T3).
    @exclusivity(unchecked) public private(set) var appCrashed = false
    /// No key shorter than this is reserved: the app's own keys (`row`, `selection`) are told
    /// apart by their length instead of a hash of the key per write.
    @exclusivity(unchecked) private var shortestReservedKey: Int
    @exclusivity(unchecked) private var writingAsSystem = false
    /// Keys the app read, in order, when the engine asked to know (R13: did `shouldRestore…` look
    /// at the bundle version?). Off by default: decoding is hot.
    public var readKeys: [String] { rare?.readKeys ?? [] }
    @exclusivity(unchecked) var tracksReads = false

    /// What few coders need, allocated by the first that does: each stored array, set or
    /// dictionary was one more release when a coder was freed, and the engine makes two or
    /// three coders per node (~1 % of its instructions; callgrind, `restoretrace-bench
    /// --engine-grid 60`).
    private final class Rare {
        /// Key → index in `entries`, once a coder holds more keys than a scan is worth.
        @exclusivity(unchecked) var positions: [String: Int] = [:]
        @exclusivity(unchecked) var reservedKeyViolations: [String] = []
        /// The app's writes, once they no longer read the same as its entries in `entries`.
        @exclusivity(unchecked) var writtenByApp: [CoderEntry] = []
        @exclusivity(unchecked) var readKeys: [String] = []
        /// Keys UIKit reserves, when not `ReservedKeys.all`.
        @exclusivity(unchecked) var reservedKeys: Set<String>?
    }
    @exclusivity(unchecked) private var rare: Rare?
    /// `rare`, allocated if needed: for writes.
    private var rareState: Rare {
        if let rare { return rare }
        let made = Rare()
        rare = made
        return made
    }
    private var positionsAreEmpty: Bool { rare?.positions.isEmpty ?? true }

    public init(entries: [CoderEntry] = [], reservedKeys: Set<String> = ReservedKeys.all) {
        // O(1) for the default set (the same storage); another set is measured.
        if reservedKeys == ReservedKeys.all {
            shortestReservedKey = ReservedKeys.shortest
        } else {
            shortestReservedKey = reservedKeys.lazy.map(\.utf8.count).min() ?? 0
            rareState.reservedKeys = reservedKeys
        }
        appWritesAreEntries = entries.isEmpty
        // A decode's coder starts from an archived one, whose keys are unique: it shares that
        // array as is instead of growing a new one entry by entry.
        if entries.count < Self.linearLimit, !Self.repeatsKey(entries) {
            self.entries = entries
        } else {
            for entry in entries { put(entry) }
        }
    }

    /// A decode's coder over entries known to hold each key once (an archive entry the engine
    /// wrote): the same as `init(entries:)` without looking for repeated keys.
    init(uniqueEntries entries: [CoderEntry]) {
        shortestReservedKey = ReservedKeys.shortest
        start(uniqueEntries: entries)
    }

    /// Makes this coder what `init(uniqueEntries:)` makes: a coder nothing else holds any more,
    /// handed to the next call instead of a new one (see `RestorationEngine.reusableCoder`).
    func reset(uniqueEntries entries: [CoderEntry]) {
        rare = nil
        appCrashed = false
        writingAsSystem = false
        tracksReads = false
        shortestReservedKey = ReservedKeys.shortest
        start(uniqueEntries: entries)
    }

    private func start(uniqueEntries entries: [CoderEntry]) {
        appWritesAreEntries = entries.isEmpty
        if entries.count < Self.linearLimit {
            self.entries = entries
        } else {
            self.entries = []
            for entry in entries { put(entry) }
        }
    }

    private static func repeatsKey(_ entries: [CoderEntry]) -> Bool {
        for i in entries.indices {
            for j in entries.indices where j > i && entries[j].key == entries[i].key { return true }
        }
        return false
    }

    // MARK: Encoding (what the app calls)

    public func encode(_ value: CoderValue, forKey key: String) {
        let at = position(of: key)
        if writingAsSystem {
            // UIKit's value takes the place of an app's entry: that write leaves `entries`.
            if appWritesAreEntries, let at, !entries[at].isSystem { keepAppWritesApart() }
        } else {
            // A key written again keeps one entry for two writes.
            if appWritesAreEntries, at != nil { keepAppWritesApart() }
            if !appWritesAreEntries { rareState.writtenByApp.append(CoderEntry(key: key, value: value)) }
            if key.utf8.count >= shortestReservedKey, (rare?.reservedKeys ?? ReservedKeys.all).contains(key) {
                rareState.reservedKeyViolations.append(key)
                // UIKit's value wins over the app's, under either name UIKit's key goes by.
                if at != nil || position(of: ReservedKeys.canonical(key)) != nil { return }
            }
        }
        put(CoderEntry(key: key, value: value, isSystem: writingAsSystem), at: at)
    }

    /// From now on the app's writes are kept in an array of their own, starting with the ones
    /// `entries` still shows.
    private func keepAppWritesApart() {
        rareState.writtenByApp = appEntries
        appWritesAreEntries = false
    }
    public func encode(_ value: String, forKey key: String) { encode(.string(value), forKey: key) }
    public func encode(_ value: Int, forKey key: String) { encode(.int(value), forKey: key) }
    public func encode(_ value: Double, forKey key: String) { encode(.double(value), forKey: key) }
    public func encode(_ value: Bool, forKey key: String) { encode(.bool(value), forKey: key) }
    /// Encodes a reference to another restorable object (`encodeObject:` of a controller or a
    /// registered `UIStateRestoring` object); UIKit then preserves that object too.
    public func encodeReference(toArchiveKey key: String, forKey name: String) {
        encode(.reference(key), forKey: name)
    }

    // MARK: Decoding

    public func decodeObject(forKey key: String) -> CoderValue? {
        if tracksReads { rareState.readKeys.append(key) }
        return position(of: key).map { entries[$0].value }
    }
    /// `decodeObject(forKey:)` for one of UIKit's own keys (`ViewStateKeys`, `ReservedKeys`),
    /// which are ASCII: a key with fewer UTF-8 bytes is passed over without comparing (see
    /// `mayEqual`).
    func decodeObject(forASCIIKey key: String) -> CoderValue? {
        if tracksReads { rareState.readKeys.append(key) }
        if let positions = rare?.positions, !positions.isEmpty { return positions[key].map { entries[$0].value } }
        for i in entries.indices where Self.equals(entries[i].key, asciiKey: key) {
            return entries[i].value
        }
        return nil
    }

    /// What a restored view's built-in state reads first, in one pass over the entries: its
    /// scroll offset, its zoom scale and its selected range (a text view's, else a text field's).
    /// The same answers as `decodeObject(forASCIIKey:)` of each key in that order (the first entry
    /// holding each; UIKit's keys are distinct, so an entry holds at most one of them): looked
    /// for one at a time, a scroll view's three entries were scanned nine times, four calls of
    /// ~195 instructions (callgrind, `restoretrace-bench --engine-plain 7000`). A coder that
    /// records its reads or indexes its keys asks one key at a time, as before.
    func builtInViewValues() -> (offset: CoderValue?, zoom: CoderValue?, range: CoderValue?) {
        guard !tracksReads, positionsAreEmpty else {
            return (
                decodeObject(forASCIIKey: ViewStateKeys.contentOffset),
                decodeObject(forASCIIKey: ViewStateKeys.zoomScale),
                decodeObject(forASCIIKey: ViewStateKeys.selectedRange)
                    ?? decodeObject(forASCIIKey: ViewStateKeys.selectedTextRange)
            )
        }
        var offset: CoderValue?
        var zoom: CoderValue?
        var range: CoderValue?
        var textRange: CoderValue?
        for i in entries.indices {
            let key = entries[i].key
            if offset == nil, Self.equals(key, asciiKey: ViewStateKeys.contentOffset) {
                offset = entries[i].value
            } else if zoom == nil, Self.equals(key, asciiKey: ViewStateKeys.zoomScale) {
                zoom = entries[i].value
            } else if range == nil, Self.equals(key, asciiKey: ViewStateKeys.selectedRange) {
                range = entries[i].value
            } else if textRange == nil, Self.equals(key, asciiKey: ViewStateKeys.selectedTextRange) {
                textRange = entries[i].value
            }
        }
        return (offset, zoom, range ?? textRange)
    }

    /// False when `key` cannot equal `asciiKey`, an ASCII string, because it has fewer UTF-8 bytes;
    /// true when `==` must tell. Strings are equal when canonically equivalent, so a key of
    /// other bytes can equal an ASCII one (U+212A KELVIN SIGN is "K"), but only with more bytes:
    /// no canonical composition yields ASCII, so each of its non-ASCII scalars decomposes to a
    /// single ASCII one, written in fewer bytes. A view's built-in keys differ in length, and
    /// `==` on two different ones compares bytes (~90 instructions, `_stringCompareInternal`):
    /// restoring a scroll view compared its three keys seven times for four lookups.
    @inline(__always)
    static func mayEqual(_ key: String, asciiKey: String) -> Bool {
        key.utf8.count >= asciiKey.utf8.count
    }

    /// `key == asciiKey`, passing over a key too short to equal it first (see `mayEqual`).
    @inline(__always)
    static func equals(_ key: String, asciiKey: String) -> Bool {
        mayEqual(key, asciiKey: asciiKey) && key == asciiKey
    }

    public func decodeString(forKey key: String) -> String? { decodeObject(forKey: key)?.stringValue }
    public func decodeInteger(forKey key: String) -> Int { decodeObject(forKey: key)?.intValue ?? 0 }
    public func decodeBool(forKey key: String) -> Bool { decodeObject(forKey: key)?.boolValue ?? false }
    public func decodeDouble(forKey key: String) -> Double {
        switch decodeObject(forKey: key) {
        case .double(let d): d
        case .int(let i): Double(i)
        default: 0
        }
    }
    public func containsValue(forKey key: String) -> Bool {
        if tracksReads { rareState.readKeys.append(key) }
        return position(of: key) != nil
    }

    /// The keys the app wrote, without UIKit's own.
    public var appEntries: [CoderEntry] {
        // Shared as they are when UIKit wrote none of them (a controller's coder right after its
        // encode, when its `encode` event copies the app's writes): `filter` made a new array,
        // an allocation per controller of every observed preservation (callgrind,
        // `restoretrace-bench --engine-grid 60` with an observer: appEntries 4.44M -> 2.94M
        // instructions).
        var appCount = 0
        for entry in entries where !entry.isSystem { appCount += 1 }
        if appCount == entries.count { return entries }
        // None (a restored view's built-in state): no array to build. Otherwise one array of
        // its final size, where `filter` grew one from empty (a restored controller's decode;
        // `--engine-grid 60`, no observer: appEntries 2.34M -> 1.97M instructions).
        guard appCount > 0 else { return [] }
        var kept: [CoderEntry] = []
        kept.reserveCapacity(appCount)
        for entry in entries where !entry.isSystem { kept.append(entry) }
        return kept
    }
    public var systemEntries: [CoderEntry] { entries.filter(\.isSystem) }

    /// Models the app crashing inside a callback that got this coder.
    public func crashApp() { appCrashed = true }

    // MARK: Engine side

    /// Writes keys as UIKit: reserved keys allowed, recorded as system entries.
    func writeSystem(_ body: (RestorationCoder) -> Void) {
        writingAsSystem = true
        body(self)
        writingAsSystem = false
    }

    /// Writes a key as UIKit into a coder that holds no value for it yet: the built-in view
    /// state the walk writes into a view's new coder before the app's encode, each key once.
    /// The same entry `writeSystem` + `encode` makes, without looking for an earlier value (a
    /// string comparison per key already written, ~90 instructions each: ~1,000 instructions a
    /// scroll view with what `encode` does besides; callgrind, `restoretrace-bench --engine-grid 60`).
    func appendNewSystemKey(_ value: CoderValue, forKey key: String) {
        assert(position(of: key) == nil, "appendNewSystemKey: \(key) is in the coder already")
        guard positionsAreEmpty, entries.count < Self.linearLimit else {
            return put(CoderEntry(key: key, value: value, isSystem: true))
        }
        if entries.isEmpty { entries.reserveCapacity(4) }
        entries.append(CoderEntry(key: key, value: value, isSystem: true))
    }

    private func put(_ entry: CoderEntry) { put(entry, at: position(of: entry.key)) }

    /// `at`: the entry's key's position, looked up by the caller.
    private func put(_ entry: CoderEntry, at: Int?) {
        if let at {
            entries[at] = entry
        } else {
            if !positionsAreEmpty || entries.count >= Self.linearLimit {
                let side = rareState
                if side.positions.isEmpty { for (i, e) in entries.enumerated() { side.positions[e.key] = i } }
                side.positions[entry.key] = entries.count
            }
            // Most coders hold two to four keys: one allocation instead of growing 1, 2, 4.
            if entries.isEmpty { entries.reserveCapacity(4) }
            entries.append(entry)
        }
    }

    /// Most coders hold a handful of keys: a linear scan beats hashing until they grow.
    private static let linearLimit = 12

    private func position(of key: String) -> Int? {
        guard let positions = rare?.positions, !positions.isEmpty else {
            for i in entries.indices where entries[i].key == key { return i }
            return nil
        }
        return positions[key]
    }
}

/// Keys UIKit reserves. An app that encodes one of them earns a `reserved-key` error (P9).
public enum ReservedKeys {
    public static let bundleVersion = "UIApplicationStateRestorationBundleVersionKey"
    public static let userInterfaceIdiom = "UIApplicationStateRestorationUserInterfaceIdiomKey"
    public static let timestamp = "UIApplicationStateRestorationTimestampKey"
    public static let systemVersion = "UIApplicationStateRestorationSystemVersionKey"
    public static let storyboard = "UIStateRestorationViewControllerStoryboardKey"
    public static let children = "kUIViewControllerChildrenKey"
    public static let tabSelected = "kTabBarSelectedViewControllerKey"
    public static let viewWasLoaded = "kViewControllerViewWasLoadedKey"
    public static let presented = "kUIViewControllerPresentedViewControllerKey"
    public static let restorationClass = "kUIStateRestorationRestorationClassKey"

    public static let appLevel: [String] = [bundleVersion, userInterfaceIdiom, timestamp, systemVersion]
    /// The app-level keys under the name UIKit's constants hold (`…BundleVersion`, without
    /// `Key`): the same keys in a real archive, so writing one is writing the reserved key.
    public static let appLevelStored: [String] = appLevel.map { String($0.dropLast("Key".count)) }
    public static let all: Set<String> = Set(
        appLevel + appLevelStored + [
            storyboard, children, tabSelected, viewWasLoaded, presented, restorationClass,
        ])

    /// The engine's name of a reserved key written under its stored name (or the key itself).
    public static func canonical(_ key: String) -> String {
        appLevelStored.contains(key) ? key + "Key" : key
    }
    /// The length in UTF-8 bytes of the shortest key in `all`.
    static let shortest = all.lazy.map(\.utf8.count).min() ?? 0
}
