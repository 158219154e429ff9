import RestoreTestSupport
import Testing

@testable import RestoreEngine

/// The engine hands the next call the coder the last call used once nothing else holds it
/// (`RestorationEngine.reusableCoder`): a coder the app kept must stay as it was, and a reused
/// one must start as empty as a new one.
@Suite struct CoderReuseTests {
    /// Keeps every coder it is handed, as an app that stores the coder for later would.
    final class KeepingController: UIViewController {
        var encodedWith: RestorationCoder?
        var decodedWith: RestorationCoder?
        override func encodeRestorableState(with coder: RestorationCoder) {
            super.encodeRestorableState(with: coder)
            encodedWith = coder
        }
        override func decodeRestorableState(with coder: RestorationCoder) {
            super.decodeRestorableState(with: coder)
            decodedWith = coder
        }
    }

    /// Writes a key UIKit reserves (P9) besides its state.
    final class ReservedKeyController: UIViewController {
        override func encodeRestorableState(with coder: RestorationCoder) {
            super.encodeRestorableState(with: coder)
            coder.encode(.int(1), forKey: ReservedKeys.children)
        }
    }

    @Test func aCoderTheAppKeptIsNotHandedToTheNextNode() throws {
        let keeper = KeepingController(className: "Keeper", restorationIdentifier: "a")
        keeper.state = state(("row", .int(1)))
        let next = vc("Screen", "b", state: state(("row", .int(2)), ("draft", .string("x"))))
        let root = nav("Nav", [keeper, next, vc("Screen", "c")])
        let app = TestApp()
        app.launchUI = { root }
        let engine = runCycle(app, ui: root)

        let encoded = try #require(keeper.encodedWith)
        #expect(encoded.entries.map(\.key) == ["row", ReservedKeys.viewWasLoaded])
        #expect(encoded.decodeInteger(forKey: "row") == 1)
        // The launch UI is the same objects: the keeper decoded its own entry, with another coder.
        let decoded = try #require(keeper.decodedWith)
        #expect(decoded !== encoded)
        #expect(decoded.decodeInteger(forKey: "row") == 1)
        #expect(decoded.containsValue(forKey: "draft") == false)
        #expect(engine.outcome.preservation?.node(key: "Nav/:[1]:/b")?.status == .preserved)
    }

    @Test func aReusedCoderStartsWithoutTheLastNodesFindings() {
        let writer = ReservedKeyController(className: "Writer", restorationIdentifier: "a")
        let log = EventLog()
        let engine = preserve(ui: nav("Nav", [writer, vc("Screen", "b"), vc("Screen", "c")]), log: log)

        let reserved = engine.outcome.diagnostics(.reservedKey)
        #expect(reserved.map(\.path) == ["Nav/a"])
        let archive = engine.archive
        #expect(archive?.entry("Nav/:[1]:/b")?.coder.map(\.key) == [ReservedKeys.viewWasLoaded])
        #expect(archive?.entry("Nav/:[2]:/c")?.coder.map(\.key) == [ReservedKeys.viewWasLoaded])
        let writes = log.calls(.encode).map { ($0.coder ?? []).map(\.key) }
        #expect(writes == [[], [ReservedKeys.children], [], []])
    }

    @Test func appEntriesAreTheAppsWritesWithOrWithoutUIKitKeys() {
        let coder = RestorationCoder()
        coder.encode(1, forKey: "row")
        coder.encode("x", forKey: "draft")
        #expect(coder.appEntries == coder.entries)
        coder.writeSystem { $0.encode(true, forKey: ReservedKeys.viewWasLoaded) }
        coder.encode(2, forKey: "row")
        #expect(coder.appEntries == [CoderEntry(key: "row", value: .int(2)), CoderEntry(key: "draft", value: "x")])
        #expect(coder.systemEntries.map(\.key) == [ReservedKeys.viewWasLoaded])
        #expect(RestorationCoder().appEntries.isEmpty)
        let builtIn = RestorationCoder()
        builtIn.writeSystem { $0.encode(true, forKey: ReservedKeys.viewWasLoaded) }
        #expect(builtIn.appEntries.isEmpty)
        #expect(builtIn.systemEntries.count == 1)
    }

    @Test func aBlueprintIsTheSameTreeAsItsCopiesUntilOneIsWritten() {
        var tree = NodeBlueprint(className: "UINavigationController", restorationIdentifier: "Nav")
        tree.children = [NodeBlueprint(className: "Screen", restorationIdentifier: "a")]
        var copy = tree
        #expect(copy.isSameTree(as: tree))
        let rebuilt = {
            var b = NodeBlueprint(className: "UINavigationController", restorationIdentifier: "Nav")
            b.children = [NodeBlueprint(className: "Screen", restorationIdentifier: "a")]
            return b
        }()
        #expect(rebuilt == tree)
        #expect(!rebuilt.isSameTree(as: tree))
        copy.restorationIdentifier = "Other"
        #expect(!copy.isSameTree(as: tree))
    }
}
