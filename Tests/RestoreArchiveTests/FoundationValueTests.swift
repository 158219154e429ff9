import Foundation
import RestoreEngine
import Testing

@testable import RestoreArchive

/// Foundation values UIKit's archive holds in a coder, read as the engine's values: a table's
/// selection is an array of `NSIndexPath` (R5 reads index paths as arrays of ints), and an
/// activity or a coder may hold an `NSURL`. Kept as opaque `{$class = …}` dictionaries, a
/// selection was silently ignored: no `selection-dropped`, no `selection-moved`.
@Suite struct FoundationValueTests {
    static func object(_ name: String, _ fields: [(String, KeyedValue)]) -> KeyedValue {
        .object(
            className: name, classes: [name, "NSObject"],
            fields: fields.map { KeyedPair(key: .string($0.0), value: $0.1) })
    }

    @Test func anIndexPathIsAnArrayOfInts() {
        // Foundation's encodeWithCoder: unsigned base-128 varints, low group first (133 = 0x85 0x01).
        let two = Self.object(
            "NSIndexPath", [("NSIndexPathLength", .int(2)), ("NSIndexPathData", .data([0, 0x85, 0x01]))])
        #expect(UIKitArchive.coderValue(two) == .array([.int(0), .int(133)]))
        let one = Self.object("NSIndexPath", [("NSIndexPathLength", .int(1)), ("NSIndexPathValue", .int(7))])
        #expect(UIKitArchive.coderValue(one) == .array([.int(7)]))
        // Data that does not add up to the length stays as it was stored, not a wrong path.
        let short = Self.object("NSIndexPath", [("NSIndexPathLength", .int(3)), ("NSIndexPathData", .data([1, 2]))])
        guard case .dictionary(let kept)? = UIKitArchive.coderValue(short) else {
            Issue.record("a damaged index path should stay a dictionary")
            return
        }
        #expect(kept["$class"] == .string("NSIndexPath"))
    }

    @Test func aURLIsItsAbsoluteString() {
        let base = Self.object("NSURL", [("NS.base", .null), ("NS.relative", .string("https://example.com/a/"))])
        let url = Self.object("NSURL", [("NS.base", base), ("NS.relative", .string("b?c=1"))])
        #expect(UIKitArchive.coderValue(url) == .string("https://example.com/a/b?c=1"))
        let plain = Self.object("NSURL", [("NS.base", .null), ("NS.relative", .string("https://example.com/x"))])
        #expect(UIKitArchive.coderValue(plain) == .string("https://example.com/x"))
    }

    /// A keyed archive as Foundation writes it (binary), filled by `body`.
    static func archived(_ body: (NSKeyedArchiver) -> Void) -> Data {
        let a = NSKeyedArchiver(requiringSecureCoding: false)
        a.outputFormat = .binary
        body(a)
        a.finishEncoding()
        return a.encodedData
    }

    /// Why UIKitArchive refuses `data`, or nil when it reads it.
    static func refusal(_ data: Data) -> String? {
        do {
            _ = try UIKitArchive(bytes: [UInt8](data), file: "data.data")
            return nil
        } catch { return error.description }
    }

    /// A version stored as text was "major version is '2'; this restoretrace reads version 2".
    @Test func aMajorVersionStoredAsTextSaysSo() {
        let refusal = Self.refusal(
            Self.archived { a in
                a.encode([] as NSArray, forKey: "kRootRestorationIdentifiersKey")
                a.encode("2" as NSString, forKey: "kUIStateRestorationArchiveMajorVersionKey")
            })
        #expect(refusal?.contains("the archive's major version is the string '2', where UIKit stores a number") == true)
    }

    /// An identifier path UIKit could not have written (a negative child index, an empty
    /// component) made `import` write a trace that `replay` then refused: it is refused here.
    @Test func anIdentifierPathUIKitCouldNotWriteIsRefused() {
        for (path, problem) in [
            ("Tab/:[-1]:/A", "has the child index ':[-1]:', which is not a number ≥ 0"),
            ("Tab//A", "has an empty component"),
        ] {
            let refusal = Self.refusal(
                Self.archived { a in
                    a.encode(["Tab", path] as NSArray, forKey: "kRootRestorationIdentifiersKey")
                    a.encode(2, forKey: "kUIStateRestorationArchiveMajorVersionKey")
                })
            #expect(
                refusal?.contains("kRootRestorationIdentifiersKey[1]: identifier path '\(path)' \(problem)") == true,
                "\(refusal ?? "read")")
        }
        #expect(UIKitArchive.identifierPathProblem("Tab/:[1]:/Nav/:[0]:/List") == nil)
    }

    /// A registered object, or a controller the app delegate referenced, is encoded ahead of the
    /// tree and is top-level too: the first top-level object was taken for the window's root
    /// controller (asked of viewControllerWithRestorationIdentifierPath:, the real root demoted).
    @Test func theRootIsTheTopLevelControllerWithATreeBelowIt() throws {
        let coder = Self.archived
        let controller = coder { $0.encode(true, forKey: "kViewControllerViewWasLoadedKey") }
        let object = coder { $0.encode("basket-1" as NSString, forKey: "basket") }
        func model(_ roots: [(String, Data)]) throws -> Archive {
            let top = coder { a in
                a.encode(roots.map(\.0) as NSArray, forKey: "kRootRestorationIdentifiersKey")
                a.encode(2, forKey: "kUIStateRestorationArchiveMajorVersionKey")
                for (key, data) in roots { a.encode(data as NSData, forKey: key) }
            }
            return try UIKitArchive(bytes: [UInt8](top), file: "data.data").model
        }
        let tree = [("Nav", controller), ("Nav/:[0]:/List", controller)]
        for (first, kinds) in [
            ([("Store", object)], [NodeKind.object]),
            ([("Settings", controller)], [.viewController]),
            ([("Store", object), ("Store/Cart", object)], [.object, .object]),
        ] {
            let m = try model(first + tree)
            let firstRelations = m.entries.prefix(first.count).map(\.relation)
            #expect(firstRelations.allSatisfy { $0 != .root }, "\(first.map(\.0))")
            #expect(m.entries.prefix(first.count).map(\.kind) == kinds, "\(first.map(\.0))")
            #expect(m.entries.first { $0.key == "Nav" }?.relation == .root, "\(first.map(\.0))")
        }
    }
}
