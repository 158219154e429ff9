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

    /// A version stored as text was "major version is '2'; this restoretrace reads version 2".
    @Test func aMajorVersionStoredAsTextSaysSo() {
        let a = NSKeyedArchiver(requiringSecureCoding: false)
        a.outputFormat = .binary
        a.encode([] as NSArray, forKey: "kRootRestorationIdentifiersKey")
        a.encode("2" as NSString, forKey: "kUIStateRestorationArchiveMajorVersionKey")
        a.finishEncoding()
        do {
            _ = try UIKitArchive(bytes: [UInt8](a.encodedData), file: "data.data")
            Issue.record("a text major version should be refused")
        } catch {
            #expect(
                error.description.contains("the archive's major version is the string '2', where UIKit stores a number")
            )
        }
    }

    /// An identifier path UIKit could not have written (a negative child index, an empty
    /// component) made `import` write a trace that `replay` then refused: it is refused here.
    @Test func anIdentifierPathUIKitCouldNotWriteIsRefused() {
        for (path, problem) in [
            ("Tab/:[-1]:/A", "has the child index ':[-1]:', which is not a number ≥ 0"),
            ("Tab//A", "has an empty component"),
        ] {
            let a = NSKeyedArchiver(requiringSecureCoding: false)
            a.outputFormat = .binary
            a.encode(["Tab", path] as NSArray, forKey: "kRootRestorationIdentifiersKey")
            a.encode(2, forKey: "kUIStateRestorationArchiveMajorVersionKey")
            a.finishEncoding()
            do {
                _ = try UIKitArchive(bytes: [UInt8](a.encodedData), file: "data.data")
                Issue.record("\(path) should be refused")
            } catch {
                #expect(
                    error.description.contains(
                        "kRootRestorationIdentifiersKey[1]: identifier path '\(path)' \(problem)"),
                    "\(error.description)")
            }
        }
        #expect(UIKitArchive.identifierPathProblem("Tab/:[1]:/Nav/:[0]:/List") == nil)
    }

    /// A registered object the app delegate encoded ahead of the tree is top-level too: it was
    /// taken for the window's root controller (asked of viewControllerWithRestorationIdentifierPath:,
    /// the real root demoted to an object).
    @Test func theRootIsTheFirstTopLevelController() throws {
        func coder(_ body: (NSKeyedArchiver) -> Void) -> Data {
            let a = NSKeyedArchiver(requiringSecureCoding: false)
            a.outputFormat = .binary
            body(a)
            a.finishEncoding()
            return a.encodedData
        }
        let top = coder { a in
            a.encode(["Store", "Nav", "Nav/:[0]:/List"] as NSArray, forKey: "kRootRestorationIdentifiersKey")
            a.encode(2, forKey: "kUIStateRestorationArchiveMajorVersionKey")
            a.encode(coder { $0.encode("basket-1" as NSString, forKey: "basket") } as NSData, forKey: "Store")
            a.encode(coder { $0.encode(true, forKey: "kViewControllerViewWasLoadedKey") } as NSData, forKey: "Nav")
            a.encode(
                coder { $0.encode(true, forKey: "kViewControllerViewWasLoadedKey") } as NSData, forKey: "Nav/:[0]:/List"
            )
        }
        let model = try UIKitArchive(bytes: [UInt8](top), file: "data.data").model
        #expect(model.entries.map(\.key) == ["Store", "Nav", "Nav/:[0]:/List"])
        #expect(model.entries.map(\.relation) == [.object, .root, .child(0)])
        #expect(model.entries.map(\.kind) == [.object, .viewController, .viewController])
    }
}
