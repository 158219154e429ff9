import Testing

@testable import RestoreEngine

/// The engine's fast paths (one-pass string joins, entries behind one reference, the live index
/// kept on each controller, the coder's reserved-key check by length) must give exactly what the
/// plain code they replace gave.
@Suite struct EngineFastPathTests {
    static let texts = ["", "0", "Tabs", "Tabs/:[1]:/Settings", "Café/Menü", "a/\u{301}b", "🇫🇷/🇩🇪", "0.12.p"]

    @Test(arguments: texts) func joinsAreTheBytesPlusGives(_ text: String) {
        for other in Self.texts {
            #expect(String.joining(text, "/", other).utf8.elementsEqual((text + "/" + other).utf8))
            #expect(String.joining(text, "", other).utf8.elementsEqual((text + other).utf8))
            for number in [0, 7, 10, 99, 1_234_567_890, Int.max, -1, Int.min] {
                #expect(String.joining(text, ".v", number).utf8.elementsEqual((text + ".v" + String(number)).utf8))
                let key = String.joining(text, "/:[", number, "]:/", other)
                #expect(key.utf8.elementsEqual((text + "/:[" + String(number) + "]:/" + other).utf8))
            }
        }
    }

    @Test func archiveKeysAndPositionsReadAsBefore() {
        let key = ArchiveKey(root: "Tabs").child(12, "nav12").child(0, "s0").appending("scroll")
        #expect(key.text == "Tabs/:[12]:/nav12/:[0]:/s0/scroll")
        var cursor = PreservationCursor.root
        cursor.parentPosition = "0.3"
        cursor.relation = .child(41)
        #expect(cursor.position == "0.3.41")
    }

    @Test func anEntryCopyIsUnchangedByWritesToTheOriginal() {
        var entry = ArchiveEntry(
            key: "Nav/:[0]:/a", path: ["Nav", "a"], kind: .viewController, className: "A", parentKey: "Nav",
            relation: .child(0), coder: [CoderEntry(key: "row", value: .int(1))])
        #expect(MemoryLayout<ArchiveEntry>.size == MemoryLayout<AnyObject>.size)
        let copy = entry
        entry.coder.append(CoderEntry(key: "draft", value: "x"))
        entry.path = ["Nav", "b"]
        entry.insecureKeys.append("draft")
        entry.restorationClass = "AClass"
        #expect(copy.coder.map(\.key) == ["row"])
        #expect(copy.pathString == "Nav/a")
        #expect(copy.insecureKeys.isEmpty)
        #expect(copy.restorationClass == nil)
        #expect(entry.pathString == "Nav/b")
        #expect(entry.identifier == "b")
        #expect(copy != entry)
        var rebuilt = entry
        rebuilt.className = "A"
        #expect(rebuilt == entry)
        #expect(Set([rebuilt, entry, copy]).count == 2)
    }

    @Test func aCoderChangedAfterPreservationIsStillCheckedForRepeatedKeys() {
        var entry = ArchiveEntry(
            key: "A", pathString: "A", kind: .viewController, className: "A", parentKey: nil, relation: .root,
            coder: [CoderEntry(key: "row", value: .int(1))])
        #expect(entry.coderKeysAreUnique)
        let copy = entry
        entry.coder.append(CoderEntry(key: "row", value: .int(2)))
        #expect(!entry.coderKeysAreUnique)
        #expect(copy.coderKeysAreUnique)
        #expect(entry.makeCoder().entries.count == 1)
        #expect(entry.makeCoder().decodeInteger(forKey: "row") == 2)
        #expect(copy.makeCoder().decodeInteger(forKey: "row") == 1)
        var replaced = copy
        replaced.coder = [CoderEntry(key: "a", value: .int(1)), CoderEntry(key: "a", value: .int(3))]
        #expect(!replaced.coderKeysAreUnique)
        #expect(replaced.makeCoder().decodeInteger(forKey: "a") == 3)
        // An entry built through the public initializer is read as any archive is.
        let decoded = ArchiveEntry(
            key: "B", path: ["B"], kind: .view, className: "V", parentKey: nil, relation: .view,
            coder: [CoderEntry(key: "k", value: .int(1)), CoderEntry(key: "k", value: .int(4))])
        #expect(!decoded.coderKeysAreUnique)
        #expect(decoded.makeCoder().entries.map(\.key) == ["k"])
    }

    @Test func anExistingControllerIsOnlyTheOneIndexedSinceTheLastReset() {
        let application = UIApplication()
        let root = UINavigationController(
            restorationIdentifier: "Nav", viewControllers: [UIViewController(restorationIdentifier: "a")])
        application.window.rootViewController = root
        application.resetIndex()
        let a = root.children[0]
        #expect(application.existingPath(of: root) == "Nav")
        #expect(application.existingPath(of: a) == "Nav/a")
        // Indexed again elsewhere: the later path is the one it exists at.
        application.index(a, at: "Other/a")
        #expect(application.existingPath(of: a) == "Other/a")
        // Another application's index says nothing about this one's.
        let other = UIApplication()
        #expect(other.existingPath(of: root) == nil)
        // After a reset only what is on screen now exists.
        application.window.rootViewController = UIViewController(restorationIdentifier: "Fresh")
        application.resetIndex(expecting: 10)
        #expect(application.existingPath(of: root) == nil)
        #expect(application.existingPath(of: a) == nil)
        #expect(application.viewController(atRestorationPath: "Fresh") != nil)
    }

    @Test func reservedKeysAreFoundWhateverTheSet() {
        let standard = RestorationCoder()
        standard.encode(1, forKey: "row")
        standard.encode(true, forKey: ReservedKeys.viewWasLoaded)
        #expect(standard.reservedKeyViolations == [ReservedKeys.viewWasLoaded])
        // A set of its own, with keys shorter than any of UIKit's.
        let custom = RestorationCoder(reservedKeys: ["id", "x"])
        custom.encode(1, forKey: "x")
        custom.encode(1, forKey: "row")
        custom.encode(1, forKey: "id")
        #expect(custom.reservedKeyViolations == ["x", "id"])
        let none = RestorationCoder(reservedKeys: [])
        none.encode(1, forKey: "")
        #expect(none.reservedKeyViolations.isEmpty)
        #expect(ReservedKeys.shortest == ReservedKeys.all.map(\.utf8.count).min())
    }

    /// A child's key is built by its parent for the children reference; the child reuses it only
    /// while its identifier is the one the key was built from.
    @Test func aChildRenamedWhileItsSiblingEncodesIsKeyedByItsNewIdentifier() {
        let later = UIViewController(className: "Later", restorationIdentifier: "b")
        let renaming = RenamingController(className: "First", restorationIdentifier: "a")
        renaming.renames = later
        let engine = preserve(ui: nav("Nav", [renaming, later]))
        let keys = engine.archive?.entries.map(\.key)
        #expect(keys == ["Nav", "Nav/:[0]:/a", "Nav/:[1]:/renamed"])
        // The container's reference was written before the rename, as UIKit would have it.
        let children = engine.archive?.entries[0].coder.first { $0.key == ReservedKeys.children }?.value
        #expect(children == .array([.reference("Nav/:[0]:/a"), .reference("Nav/:[1]:/b")]))
    }

    /// An app may decide in its encode that its custom container encodes its children: UIKit
    /// reads `encodesChildren` after the call, so the children are referenced and preserved.
    @Test func aContainerThatStartsEncodingItsChildrenInItsEncodePreservesThem() throws {
        let pager = EncodingDecider(className: "Pager", restorationIdentifier: "Pager", containerKind: .custom)
        pager.setChildren([vc("Page", "a"), vc("Page", "b")])
        let engine = preserve(ui: pager)
        #expect(engine.archive?.keys == ["Pager", "Pager/:[0]:/a", "Pager/:[1]:/b"])
        #expect(
            engine.archive?.entry("Pager")?.value(ReservedKeys.children)
                == .array([.reference("Pager/:[0]:/a"), .reference("Pager/:[1]:/b")]))
        let p = try #require(engine.outcome.preservation)
        #expect(p.node("Pager/a")?.status == .preserved)
        #expect(p.node("Pager/b")?.status == .preserved)
        #expect(engine.outcome.diagnostics(.notEncodedByContainer).isEmpty)

        // Its children sharing an identifier are then ambiguous (R11), as for any encoding container.
        let twins = EncodingDecider(className: "Pager", restorationIdentifier: "Pager", containerKind: .custom)
        twins.setChildren([vc("Page", "a"), vc("Page", "a")])
        #expect(preserve(ui: twins).outcome.diagnostics(.ambiguousPath).map(\.path) == ["Pager/a"])
    }

    @Test func repeatedSiblingNamesGetTheirIndex() {
        let kids = ["a", "b", "a", nil, nil].map { UIViewController(className: "C", restorationIdentifier: $0) }
        #expect(PreservationWalk.nameSuffixes(kids) == ["", "", "#2", "", "#4"])
        #expect(PreservationWalk.nameSuffixes([kids[0]]) == [""])
        #expect(PreservationWalk.nameSuffixes([]) == [])
    }
}

/// Renames another controller while it encodes (an app doing odd things in its encode).
private final class RenamingController: UIViewController {
    var renames: UIViewController?
    override func encodeRestorableState(with coder: RestorationCoder) {
        renames?.restorationIdentifier = "renamed"
        super.encodeRestorableState(with: coder)
    }
}

/// A custom container that decides in its encode that it encodes its children.
private final class EncodingDecider: UIViewController {
    override func encodeRestorableState(with coder: RestorationCoder) {
        encodesChildren = true
        super.encodeRestorableState(with: coder)
    }
}
