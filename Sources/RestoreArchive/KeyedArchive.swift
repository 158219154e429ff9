import Foundation

/// An `NSKeyedArchiver` archive read without NSKeyedUnarchiver (which would need every class to
/// exist): the property list is read by PropertyListSerialization (binary or XML), once
/// `BinaryPlistScan` has found it safe to, then `$top` is resolved through `$objects` and
/// `CF$UID` into `KeyedValue`s.
///
/// Limits keep a hostile file from exhausting the machine: its size, the number of `$objects`,
/// the nesting depth and the number of values resolved in total (a small archive that shares one
/// object many times can otherwise unfold into billions of values). A cycle is an error, not a hang.
public struct KeyedArchive: Sendable {
    /// Larger files are refused before they are parsed.
    public static let maximumBytes = 64 << 20
    /// Larger XML plists are refused before they are parsed: Foundation holds about 17 bytes per
    /// byte of XML (60 MB took 1.0 GB). UIKit writes binary; XML is `plutil`'s conversion of it.
    public static let maximumXMLBytes = 32 << 20
    public static let maximumObjects = 1_000_000
    public static let maximumDepth = 64
    /// Values resolved in total, shared objects counted each time they are reached.
    public static let maximumValues = 250_000

    /// `$top`, by key.
    public let top: [String: KeyedValue]
    /// `$top`'s keys, sorted, so output never follows hash order.
    public var keys: [String] { top.keys.sorted() }

    public subscript(key: String) -> KeyedValue? { top[key] }

    /// A file's bytes, at most `maximumBytes` of them (`BoundedFile`).
    public static func contents(of file: String) throws(KeyedArchiveError) -> [UInt8] {
        do { return try BoundedFile.contents(of: file, limit: maximumBytes) } catch {
            switch error {
            case .tooBig(let bytes, let atLeast): throw tooBig(file, bytes, atLeast: atLeast)
            case .unreadable(let reason):
                throw KeyedArchiveError(
                    file: file, "cannot be read: \(reason)", hint: "check that the file exists and is readable")
            }
        }
    }

    public static func tooBig(_ file: String, _ size: Int, atLeast: Bool = false, at place: String? = nil)
        -> KeyedArchiveError
    {
        KeyedArchiveError(
            file: file, at: place,
            "is \(atLeast ? "over " : "")\(size) bytes; an archive larger than \(maximumBytes) bytes is refused",
            hint: "UIKit's restoration archives are kilobytes; is this the right file?")
    }

    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - file: the archive's path, for messages.
    ///   - place: where this archive sits inside another one (a nested archive), for messages.
    ///   - budget: shared by every archive read from one file (a UIKit archive and the archives
    ///     nested in it), so that the limits hold for the file, not for each archive in it.
    public init(bytes: [UInt8], file: String, place: String? = nil, budget: KeyedBudget = KeyedBudget())
        throws(KeyedArchiveError)
    {
        let at = place
        guard bytes.count <= Self.maximumBytes else { throw Self.tooBig(file, bytes.count, at: at) }
        try budget.parse(bytes.count, file: file, at: at)
        // Foundation unfolds shared objects and crashes on sets before any limit here applies.
        let root: Any
        do { root = try PropertyListGate.value(of: bytes, xmlLimit: Self.maximumXMLBytes) } catch {
            throw Self.refused(error, file: file, at: at, head: place == nil ? bytes.prefix(64) : [])
        }
        guard case .dictionary(let dict) = PropertyListNode(root), let objects = dict["$objects"] as? [Any],
            let topDict = dict["$top"] as? [String: Any]
        else {
            throw KeyedArchiveError(
                file: file, at: at, "is a property list but not a keyed archive: it has no $top and $objects",
                hint: "pass the data.data file written by UIKit (an NSKeyedArchiver archive)")
        }
        if let archiver = dict["$archiver"] as? String, archiver != "NSKeyedArchiver" {
            throw KeyedArchiveError(
                file: file, at: at, "$archiver is '\(archiver)', not NSKeyedArchiver",
                hint: "only NSKeyedArchiver archives are read")
        }
        if let version = dict["$version"] as? NSNumber, version.intValue != 100_000 {
            throw KeyedArchiveError(
                file: file, at: at,
                "$version is \(version.stringValue); this reader knows keyed archive version 100000",
                hint:
                    "an archive from a newer Foundation: restoretrace cannot read it yet; open an issue with the file attached"
            )
        }
        guard objects.count <= Self.maximumObjects else {
            throw KeyedArchiveError(
                file: file, at: at,
                "$objects holds \(objects.count) objects; more than \(Self.maximumObjects) is refused")
        }
        var resolver = KeyedResolver(objects: objects, file: file, place: place, budget: budget)
        var top: [String: KeyedValue] = [:]
        for key in topDict.keys.sorted() {
            top[key] = try resolver.inline(topDict[key]!, at: resolver.describe(["$top", key]), depth: 0)
        }
        self.top = top
    }

    /// What a refused or unreadable property list is called in an archive's message.
    /// - Parameter head: the file's first bytes, when it is a file of its own (not an archive
    ///   nested in one), to name two files users pass by mistake.
    static func refused(_ refusal: PropertyListGate.Refusal, file: String, at: String?, head: ArraySlice<UInt8> = [])
        -> KeyedArchiveError
    {
        switch refusal {
        case .binary(let message, let hint): return KeyedArchiveError(file: file, at: at, message, hint: hint)
        case .notXML where head.starts(with: Array(#"{"format":"restoretrace-trace/"#.utf8)):
            return KeyedArchiveError(
                file: file, at: at, "is a restoretrace trace already, not UIKit's archive",
                hint: "read it as it is: restoretrace archive \(file), or replay, report and diff it")
        case .notXML where head.starts(with: Array("NSCR".utf8)):
            // macOS keeps its windows' saved state under the same name (CAPTURE.md §1.1).
            return KeyedArchiveError(
                file: file, at: at,
                "is a macOS app's saved state (AppKit's encrypted NSCR records), not UIKit's restoration archive",
                hint:
                    "pass the data.data of an iOS app: Library/Saved Application State/BUNDLE.savedState in its simulator or device container"
            )
        case .notXML:
            return KeyedArchiveError(
                file: file, at: at, "is not a property list UIKit writes (binary, or XML from plutil)",
                hint:
                    "UIKit's archive is a binary plist named data.data inside Library/Saved Application State/BUNDLE.savedState"
            )
        case .xmlTooBig(let bytes, let limit):
            return KeyedArchiveError(
                file: file, at: at,
                "is an XML property list of \(bytes) bytes; one larger than \(limit) bytes is refused",
                hint:
                    "pass the binary data.data UIKit wrote (up to \(maximumBytes) bytes) instead of its XML conversion")
        case .xml(let problem):
            return KeyedArchiveError(
                file: file, at: at,
                problem.map { "is an XML property list that does not parse: \($0)" }
                    ?? "is an XML property list that does not parse",
                hint: problem.flatMap(PropertyListGate.line(in:)) != nil
                    ? "fix the line named, or pass the binary data.data UIKit wrote"
                    : "pass the binary data.data UIKit wrote")
        }
    }

    /// Reads a nested archive (a value that is an archive's bytes), within the budget of the
    /// file it is nested in.
    public init(nested bytes: [UInt8], file: String, place: String, budget: KeyedBudget) throws(KeyedArchiveError) {
        try self.init(bytes: bytes, file: file, place: place, budget: budget)
    }

    /// A plain property-list value (no `$objects`) as a `KeyedValue`, under the same depth and
    /// size limits: what the scene restoration dictionary may hold instead of a nested archive.
    public static func plain(_ value: Any, file: String, place: String) throws(KeyedArchiveError) -> KeyedValue {
        var resolver = KeyedResolver(objects: [], file: file, place: place, budget: KeyedBudget())
        return try resolver.inline(value, at: place, depth: 0)
    }
}

/// What one file may cost to read, across the archives nested in it. Each root object and each
/// view of a UIKit archive is an archive of its own, and many roots may name one stored blob: with
/// a budget per archive, 202 KB of roots sharing one 200,000-value blob took 38 s and 920 MB and
/// wrote a 120 MB trace, and more roots cost more without end.
public final class KeyedBudget: @unchecked Sendable {
    // Unchecked Sendable: one reading uses it, on one thread, and it is not kept after.
    /// Values resolved in all of the file's archives together.
    public static let maximumValues = 2_000_000
    /// Bytes of archives parsed, nested ones counted each time they are read.
    public static let maximumBytes = 4 * KeyedArchive.maximumBytes
    private(set) var values = 0
    private(set) var bytes = 0
    private let valueLimit: Int

    /// - Parameter maximumValues: lower than the default only in tests.
    public init(maximumValues: Int = KeyedBudget.maximumValues) { valueLimit = maximumValues }

    func parse(_ count: Int, file: String, at place: String?) throws(KeyedArchiveError) {
        bytes += count
        guard bytes <= Self.maximumBytes else {
            throw KeyedArchiveError(
                file: file, at: place,
                "reading the archives nested in this file means parsing more than \(Self.maximumBytes) bytes (the same nested archive named over and over)",
                hint: "no restoration archive is this large; the file is corrupt or built to exhaust readers")
        }
    }

    func resolve(file: String, at place: String) throws(KeyedArchiveError) {
        values += 1
        guard values <= valueLimit else {
            throw KeyedArchiveError(
                file: file, at: place,
                "the archives in this file resolve to more than \(valueLimit) values together (the same nested archive named over and over)",
                hint: "no restoration archive is this large; the file is corrupt or built to exhaust readers")
        }
    }
}
