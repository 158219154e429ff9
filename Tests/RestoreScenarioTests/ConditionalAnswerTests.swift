import RestoreEngine
import RestoreReport
import RestoreTestSupport
import Testing

@testable import RestoreScenario

/// `answer: {ifEqual: {KEY: VALUE}, then: ANSWER, else: ANSWER}`: a restoration class's or the
/// delegate's answer keyed on the node's archived coder.
@Suite struct ConditionalAnswerTests {
    /// Two details of one restoration class: the one whose model still exists comes back.
    static let staleModel = """
        name: stale-model
        classes:
          DetailController:
            answer: {ifEqual: {modelVersion: 2}, then: new, else: nil}
        launchUI: {class: UINavigationController, restorationIdentifier: Nav}
        ui:
          class: UINavigationController
          restorationIdentifier: Nav
          children:
            - {class: DetailController, restorationIdentifier: current, restorationClass: DetailController, state: {modelVersion: 2}}
            - {class: DetailController, restorationIdentifier: stale, restorationClass: DetailController, state: {modelVersion: 1}}
        """

    @Test func aRestorationClassAnswersFromTheNodesCoder() throws {
        let outcome = try parsed(Self.staleModel).run()
        let nodes = try #require(outcome.restoration?.nodes)
        #expect(nodes.first { $0.locator == "Nav/current" }?.status == .restored)
        #expect(nodes.first { $0.locator == "Nav/current" }?.via == .restorationClass)
        #expect(nodes.first { $0.locator == "Nav/stale" }?.reason == .restorationClassReturnedNil)
    }

    @Test func theDelegatesAnswerCanDependOnTheCoderToo() throws {
        let outcome = try parsed(
            """
            name: delegate
            app:
              delegate:
                viewControllerWithRestorationIdentifierPath:
                  Nav/a: {ifEqual: {id: a}, then: new}
                  Nav/b: {ifEqual: {id: a}, then: new, else: {ifEqual: {id: b}, then: {instanceOf: Other}}}
                  Nav/c: {ifEqual: {id: a}}
            launchUI: {class: UINavigationController, restorationIdentifier: Nav}
            ui:
              class: UINavigationController
              restorationIdentifier: Nav
              children:
                - {class: Item, restorationIdentifier: a, state: {id: a}}
                - {class: Item, restorationIdentifier: b, state: {id: b}}
                - {class: Item, restorationIdentifier: c, state: {id: c}}
            """
        ).run()
        let nodes = try #require(outcome.restoration?.nodes)
        #expect(nodes.first { $0.locator == "Nav/a" }?.className == "Item")
        #expect(nodes.first { $0.locator == "Nav/a" }?.via == .appDelegate)
        // The nested rule's `then`: a new instance of another class (a class mismatch UIKit reports).
        #expect(nodes.first { $0.locator == "Nav/b" }?.status == .notRestored)
        #expect(nodes.first { $0.locator == "Nav/b" }?.reason == .classMismatch)
        #expect(nodes.first { $0.locator == "Nav/c" }?.status == .notRestored)
    }

    /// UIKit's constant `UIApplicationStateRestorationBundleVersionKey` holds the key name
    /// without `Key` (what `archive` prints from a real archive): either spelling reads the same
    /// app-level key, where the bare one never matched and silently declined the restoration.
    @Test func theAppLevelKeyReadsUnderEitherSpelling() throws {
        for key in ["UIApplicationStateRestorationBundleVersionKey", "UIApplicationStateRestorationBundleVersion"] {
            let outcome = try parsed(
                """
                name: rule
                app:
                  bundleVersion: "2.0"
                  delegate: {shouldRestoreApplicationState: {ifEqual: {\(key): "2.0"}}}
                ui: {class: Home, restorationIdentifier: Home}
                """
            ).run()
            #expect(outcome.restoration?.performed == true, "\(key)")
        }
    }

    /// Written under that stored name, the key is UIKit's reserved key (P9): the app's value
    /// is refused, not kept beside UIKit's as a second bundle version.
    @Test func writingTheStoredNameIsWritingTheReservedKey() throws {
        let log = EventLog()
        let outcome = try parsed(
            """
            name: rule
            app:
              bundleVersion: "1.0"
              delegate: {willEncodeRestorableState: {UIApplicationStateRestorationBundleVersion: "9.9"}}
            ui: {class: Home, restorationIdentifier: Home}
            """
        ).run(observer: log)
        #expect(
            outcome.diagnostics(.reservedKey).first?.message.contains("'UIApplicationStateRestorationBundleVersion'")
                == true)
        #expect(outcome.restoration?.performed == true)
        // One bundle version in the archive, UIKit's: the app's write under the stored name is dropped.
        let appLevel = try #require(log.system(.archiveWritten).first?.archive?.appLevel)
        let versions = appLevel.filter { $0.key.hasPrefix("UIApplicationStateRestorationBundleVersion") }
        #expect(versions.map(\.value) == [.string("1.0")], "\(versions)")
    }

    @Test func parsedAsARuleWithDefaults() throws {
        let s = try parsed(
            """
            name: t
            classes: {A: {answer: {ifEqual: {v: 1}}}, B: {answer: {ifEqual: {v: 1}, then: existing, else: ~}}}
            """)
        let v1 = [CoderEntry(key: "v", value: .int(1))]
        #expect(s.classes["A"]?.answer == .ifEqual(v1, then: .new, else: .nil))
        #expect(s.classes["B"]?.answer == .ifEqual(v1, then: .existing, else: .nil))
    }

    @Test func mistakesAreLocated() {
        let found = located(
            problems(
                """
                name: t
                classes:
                  A: {answer: {ifEqual: {v: 1}, thn: new}}
                  B: {answer: {ifEqual: {v: 1}, else: maybe}}
                """))
        #expect(
            found.contains { $0.hasPrefix("3:33: unknown key 'thn'") && $0.contains("did you mean 'then'?") },
            "\(found)")
        #expect(found.contains { $0.hasPrefix("4:39: unknown answer 'maybe'") }, "\(found)")
    }

    @Test func aRecordingWithConditionalAnswersReplaysExactly() throws {
        let (path, _) = try TemporaryTrace.record(try parsed(Self.staleModel))
        let summary = try Replaying.run(.init(trace: path, writeReport: false))
        #expect(summary.matched)
        #expect(summary.baseline.outcome.restoration?.count.done == 2)
    }
}
