import RestoreEngine
import Testing

@testable import RestoreScenario

/// Defects round 15's acceptance hunt found and round 16 fixed, each with the scenario it used.
@Suite struct ReviewRound16Tests {
    /// Two pages of a navigation stack share the restoration path `Nav/page`, and each registers
    /// a draft whose restorationParent is `Nav/page`. Each page's draft is scoped by that page:
    /// before, the one draft kept was filed under the second page's key while the first page
    /// referenced a key that was not in the archive (or, with different states, got the first
    /// draft's state under the second's key).
    static func pagesWithDrafts(_ first: Int, _ second: Int) -> String {
        """
        name: drafts
        classes: {ORC: {answer: new}}
        launchUI:
          class: UINavigationController
          restorationIdentifier: Nav
          children: [{class: P1, restorationIdentifier: page}, {class: P2, restorationIdentifier: page}]
        ui:
          class: UINavigationController
          restorationIdentifier: Nav
          children:
            - class: P1
              restorationIdentifier: page
              objects: [{restorationIdentifier: draft, class: Draft, objectRestorationClass: ORC, restorationParent: Nav/page, state: {d: \(first)}}]
            - class: P2
              restorationIdentifier: page
              objects: [{restorationIdentifier: draft, class: Draft, objectRestorationClass: ORC, restorationParent: Nav/page, state: {d: \(second)}}]
        timeline: [background, {kill: system}, launch, background]
        """
    }

    @Test(arguments: [(1, 1), (2, 1)])
    func siblingsSharingAPathScopeTheirOwnObjects(first: Int, second: Int) throws {
        let run = try ScenarioRun(Self.pagesWithDrafts(first, second))
        #expect(run.outcome.diagnostics(.ambiguousPath).isEmpty)
        // Each page references its own draft, under the key its draft is archived at (the
        // archive of the last background, after both came back).
        let entries = try #require(run.engine.archive).entries
        let references = entries.filter { $0.className == "P1" || $0.className == "P2" }
            .map { $0.coder.first { $0.key == "draft" }.map { "\($0.value)" } ?? "none" }
        #expect(
            references == [
                "Object Identifier Proxy: Nav/:[0]:/page/draft", "Object Identifier Proxy: Nav/:[1]:/page/draft",
            ])
        #expect(
            entries.filter { $0.className == "Draft" }.map(\.key) == ["Nav/:[0]:/page/draft", "Nav/:[1]:/page/draft"])
        let drafts = run.calls(.encode, launch: 1).filter { $0.receiver == "Draft" }
        #expect(drafts.map(\.key) == ["Nav/:[0]:/page/draft", "Nav/:[1]:/page/draft"])
        #expect(drafts.map { $0.coder?.first.map { "\($0.value)" } ?? "" } == ["\(first)", "\(second)"])
        // Both come back, and the next background files each under its page again.
        let restored = run.outcome.restoration?.nodes.filter { $0.kind == .object }.map { "\($0.locator) \($0.status)" }
        #expect(restored == ["Nav/page/draft restored", "Nav/page#1/draft restored"])
        let again = run.calls(.encode, launch: 2).filter { $0.receiver == "Draft" }.map(\.key)
        #expect(again == ["Nav/:[0]:/page/draft", "Nav/:[1]:/page/draft"])
    }

    /// A restorationParent path that several preserved siblings share, named by a controller
    /// below none of them, does not say which one scopes the object: an ambiguous-path error,
    /// and the object is not preserved (before, it was filed under the last sibling's key).
    @Test func aParentPathNoReferencerIsBelowIsAmbiguous() throws {
        let run = try ScenarioRun(
            """
            name: amb
            launchUI:
              class: UITabBarController
              restorationIdentifier: Tabs
              children:
                - class: UINavigationController
                  restorationIdentifier: Nav
                  children: [{class: P1, restorationIdentifier: page}, {class: P2, restorationIdentifier: page}]
                - class: Other
                  restorationIdentifier: other
                  objects: [{restorationIdentifier: draft, class: Draft, restorationParent: Tabs/Nav/page, state: {d: 1}}]
            timeline: [background]
            """)
        let draft = run.outcome.preservation?.nodes.first { $0.kind == .object }
        #expect(draft?.status == .skipped)
        #expect(draft?.reason == .ambiguousPath)
        #expect(run.calls(.encode).filter { $0.receiver == "Draft" }.isEmpty)
        let message = run.outcome.diagnostics(.ambiguousPath).first?.message ?? ""
        #expect(
            message.contains("its restorationParent 'Tabs/Nav/page' is the restoration path of 2 preserved siblings"))
    }

    /// A presented controller that shares its presenter's view's restoration identifier: the
    /// error stays, and the controller its restoration class made is presented again. It was
    /// reported restored but never presented (the view's entry answered the presented reference),
    /// so the next background lost it with no reason.
    @Test func aPresentedControllerSharingAViewsPathIsPresentedAgain() throws {
        let run = try ScenarioRun(
            """
            name: d2
            classes: {R: {answer: new}}
            launchUI: {class: Home, restorationIdentifier: Home}
            ui:
              class: Home
              restorationIdentifier: Home
              views: [{class: UIScrollView, restorationIdentifier: detail, contentOffset: [0, 40]}]
              presented: {class: DetailSheet, restorationIdentifier: detail, restorationClass: R, state: {x: 1}}
            timeline: [background, {kill: system}, launch, background]
            """)
        #expect(run.root?.presentedViewController?.className == "DetailSheet")
        #expect(run.calls(.encode, launch: 2).map { $0.receiver ?? "" } == ["Home", "UIScrollView", "DetailSheet"])
        #expect(!run.outcome.diagnostics(.ambiguousPath).isEmpty)
    }

    /// An object referenced only by a controller that is not preserved has the path its
    /// restorationParent scopes (P8), and its cause is that controller, not an ancestor: it was
    /// located under the controller (`Home/<Login>/unref`, path null) and blamed on "its
    /// ancestor `<Login>`".
    @Test func anUnreferencedObjectKeepsItsScopedPath() throws {
        let run = try ScenarioRun(
            """
            name: de
            launchUI: {class: Home, restorationIdentifier: Home}
            ui:
              class: Home
              restorationIdentifier: Home
              presented:
                class: Login
                objects: [{restorationIdentifier: unref, class: Store, restorationParent: Home, state: {a: 1}}]
            timeline: [background]
            """)
        let object = try #require(run.outcome.preservation?.nodes.first { $0.kind == .object })
        #expect(object.path == "Home/unref")
        #expect(object.locator == "Home/unref")
        #expect(object.reason == .objectNotReferenced)
        #expect(object.cause == "Home/<Login>")
        let message = run.outcome.diagnostics(.objectNotReferenced).first?.message
        #expect(
            message
                == "`unref` (Home/unref) was not preserved: nothing preserved references it (the controller that does, `<Login>`, has no restoration identifier)."
        )
    }

    /// Below a declined save, identified nodes keep their restoration paths: `path` is null only
    /// where an identifier is missing (README). Only the root had one.
    @Test func nodesBelowADeclinedSaveKeepTheirPaths() throws {
        let run = try ScenarioRun(
            """
            name: p1
            app: {delegate: {shouldSaveSecureApplicationState: false, shouldRestoreSecureApplicationState: true}}
            launchUI:
              class: UINavigationController
              restorationIdentifier: Nav
              children:
                - {class: A, restorationIdentifier: A, views: [{class: UIScrollView, restorationIdentifier: s}], objects: [{restorationIdentifier: o, class: O, restorationParent: Nav/A}]}
                - {class: Cc, children: [{class: D, restorationIdentifier: D}]}
            timeline: [background]
            """)
        let nodes = try #require(run.outcome.preservation?.nodes).map { "\($0.locator) \($0.path ?? "null")" }
        #expect(
            nodes == [
                "Nav Nav", "Nav/A Nav/A", "Nav/A/s Nav/A/s", "Nav/<Cc> null", "Nav/<Cc>/D null", "Nav/A/o Nav/A/o",
            ])
        #expect(run.outcome.preservation?.nodes.allSatisfy { $0.reason == .saveDeclined } == true)
    }

    /// Siblings sharing a restoration path are named in messages by their identifier and told
    /// apart by their archive keys: messages said "`page#2` (Nav/page#2)", a name and a path
    /// that exist nowhere, and "(Nav/page)" for the first, the same as another's.
    @Test func siblingsSharingAPathAreNamedByTheirKeys() throws {
        let run = try ScenarioRun(
            """
            name: e1
            classes: {R: {answer: nil}}
            launchUI: {class: UINavigationController, restorationIdentifier: Nav}
            ui:
              class: UINavigationController
              restorationIdentifier: Nav
              children:
                - {class: P, restorationIdentifier: page}
                - {class: P, restorationIdentifier: page, restorationClass: R}
                - {class: P, restorationIdentifier: page}
            timeline: [background, {kill: system}, launch]
            """)
        let lost = run.outcome.diagnostics.filter { $0.code == .notFound || $0.code == .restorationClassReturnedNil }
        #expect(
            lost.map { String($0.message.prefix(while: { $0 != ")" })) } == [
                "`page` (Nav/:[0]:/page", "`page` (Nav/:[1]:/page", "`page` (Nav/:[2]:/page",
            ])
        #expect(!lost.contains { $0.message.contains("#") })
    }

    // MARK: Found by the review of the fixes above

    /// An object scoped by a view of its own page, a path both pages' views share: it was
    /// `ambiguous-path` (a view is below the referencing controller, not its ancestor), and the
    /// page referenced the other page's key.
    @Test func anObjectScopedByItsPagesViewIsThatPages() throws {
        let run = try ScenarioRun(
            """
            name: viewparent
            launchUI: {class: UINavigationController, restorationIdentifier: Nav}
            ui:
              class: UINavigationController
              restorationIdentifier: Nav
              children:
                - {class: P, restorationIdentifier: page, views: [{class: UIScrollView, restorationIdentifier: list}]}
                - class: P
                  restorationIdentifier: page
                  views: [{class: UIScrollView, restorationIdentifier: list}]
                  objects: [{restorationIdentifier: cursor, class: Cursor, restorationParent: Nav/page/list, state: {c: 2}}]
            timeline: [background]
            """)
        #expect(run.outcome.diagnostics(.ambiguousPath).isEmpty)
        let entries = try #require(run.engine.archive).entries
        #expect(entries.filter { $0.kind == .object }.map(\.key) == ["Nav/:[1]:/page/list/cursor"])
        let reference = entries.first { $0.key == "Nav/:[1]:/page" }?.coder.first { $0.key == "cursor" }
        #expect(reference.map { "\($0.value)" } == "Object Identifier Proxy: Nav/:[1]:/page/list/cursor")
    }

    /// One object (one class and state at one path) referenced by the page that scopes it and by
    /// a controller below neither page is that one object met again: it was also reported an
    /// `ambiguous-path` error, "never preserved", beside its preserved self.
    @Test func anObjectAlsoReferencedFromElsewhereIsOneObject() throws {
        let draft =
            "{restorationIdentifier: draft, class: Draft, restorationParent: Tabs/Nav/page, state: {d: 2}}"
        let run = try ScenarioRun(
            """
            name: multi
            launchUI: {class: UITabBarController, restorationIdentifier: Tabs}
            ui:
              class: UITabBarController
              restorationIdentifier: Tabs
              children:
                - class: UINavigationController
                  restorationIdentifier: Nav
                  children: [{class: P, restorationIdentifier: page}, {class: P, restorationIdentifier: page, objects: [\(draft)]}]
                - {class: Other, restorationIdentifier: other, objects: [\(draft)]}
            timeline: [background]
            """)
        #expect(run.outcome.diagnostics(.ambiguousPath).isEmpty)
        let objects = run.outcome.preservation?.nodes.filter { $0.kind == .object }.map {
            "\($0.key ?? "") \($0.status)"
        }
        #expect(objects == ["Tabs/:[0]:/Nav/:[1]:/page/draft preserved"])
    }

    /// `app.delegate.encodes` naming an object that the first of two pages scopes: the app's
    /// reference was to the last page's key, so the object was "not referenced".
    @Test func theAppDelegatesReferenceFindsTheFirstPagesObject() throws {
        let run = try ScenarioRun(
            """
            name: enc2
            app: {delegate: {encodes: [Nav/page/draft]}}
            launchUI: {class: UINavigationController, restorationIdentifier: Nav}
            ui:
              class: UINavigationController
              restorationIdentifier: Nav
              children:
                - class: P
                  restorationIdentifier: page
                  presented:
                    class: Login
                    objects: [{restorationIdentifier: draft, class: Draft, restorationParent: Nav/page, state: {d: 1}}]
                - {class: P, restorationIdentifier: page}
            timeline: [background]
            """)
        let object = run.outcome.preservation?.nodes.first { $0.kind == .object }
        #expect(object?.status == .preserved)
        #expect(object?.key == "Nav/:[0]:/page/draft")
    }

    /// Objects found registered at relaunch (R6) at a path two pages share: each archived key
    /// gets its own page's object. Both entries took the first page's, whose state the second
    /// decode then overwrote.
    @Test func registeredObjectsOfSiblingsAreHandedOutOnePerKey() throws {
        func page(_ n: Int, _ d: Int) -> String {
            "{class: P\(n), restorationIdentifier: page, objects: [{restorationIdentifier: draft, class: Draft, restorationParent: Nav/page, state: {d: \(d)}}]}"
        }
        let run = try ScenarioRun(
            """
            name: r6
            launchUI: {class: UINavigationController, restorationIdentifier: Nav, children: [\(page(1, 0)), \(page(2, 0))]}
            ui: {class: UINavigationController, restorationIdentifier: Nav, children: [\(page(1, 1)), \(page(2, 2))]}
            timeline: [background, {kill: system}, launch, background]
            """)
        let drafts = try #require(run.engine.archive).entries.filter { $0.kind == .object }
        #expect(drafts.map(\.key) == ["Nav/:[0]:/page/draft", "Nav/:[1]:/page/draft"])
        #expect(drafts.map { $0.coder.first.map { "\($0.value)" } ?? "" } == ["1", "2"])
    }

    /// A presented controller under one page and an object the other page scopes share a path
    /// but not a key or a locator: no collision (R11 was checked by path).
    @Test func anObjectOfOnePageDoesNotCollideWithTheOtherPagesSheet() throws {
        let run = try ScenarioRun(
            """
            name: keyclash
            launchUI: {class: UINavigationController, restorationIdentifier: Nav}
            ui:
              class: UINavigationController
              restorationIdentifier: Nav
              children:
                - {class: P, restorationIdentifier: page, presented: {class: Sheet, restorationIdentifier: draft}}
                - {class: P, restorationIdentifier: page, objects: [{restorationIdentifier: draft, class: Draft, restorationParent: Nav/page, state: {d: 2}}]}
            timeline: [background]
            """)
        #expect(run.outcome.diagnostics(.ambiguousPath).isEmpty)
        #expect(run.outcome.preservation?.nodes.allSatisfy { $0.status == .preserved } == true)
    }

    // MARK: Found by the second review

    /// References in the last archive (the app's and every entry's) to keys no entry has: a
    /// reference UIKit would decode as nil, where the scenario's object was preserved.
    static func dangling(_ run: ScenarioRun) throws -> [String] {
        let archive = try #require(run.engine.archive)
        let keys = Set(archive.entries.map(\.key))
        func references(_ v: CoderValue) -> [String] {
            switch v {
            case .reference(let k): [k]
            case .array(let a): a.flatMap(references)
            default: []
            }
        }
        let all = (archive.appLevel + archive.entries.flatMap(\.coder)).flatMap { references($0.value) }
        return all.filter { !keys.contains($0) }
    }

    static let twoPages =
        "launchUI: {class: UINavigationController, restorationIdentifier: Nav, children: [{class: P, restorationIdentifier: page}, {class: P, restorationIdentifier: page}]}"

    /// A page's note names its page's draft as its parent, listed before that draft: it was
    /// scoped by the other page's draft (already preserved) and reported ambiguous.
    @Test func anObjectListedBeforeItsParentObjectWaitsForIt() throws {
        let run = try ScenarioRun(
            """
            name: d1
            \(Self.twoPages)
            ui:
              class: UINavigationController
              restorationIdentifier: Nav
              children:
                - {class: P, restorationIdentifier: page, objects: [{restorationIdentifier: draft, class: D, restorationParent: Nav/page, state: {d: 1}}, {restorationIdentifier: note, class: N, restorationParent: Nav/page/draft, state: {n: 1}}]}
                - {class: P, restorationIdentifier: page, objects: [{restorationIdentifier: note, class: N, restorationParent: Nav/page/draft, state: {n: 2}}, {restorationIdentifier: draft, class: D, restorationParent: Nav/page, state: {d: 2}}]}
            timeline: [background]
            """)
        #expect(run.outcome.diagnostics(.ambiguousPath).isEmpty)
        let objects = run.outcome.preservation?.nodes.filter { $0.kind == .object }.compactMap(\.key).sorted()
        #expect(
            objects == [
                "Nav/:[0]:/page/draft", "Nav/:[0]:/page/draft/note", "Nav/:[1]:/page/draft",
                "Nav/:[1]:/page/draft/note",
            ])
        #expect(try Self.dangling(run).isEmpty)
    }

    /// An object whose parent is its page's presented sheet, a path both pages' sheets share:
    /// the page referenced the other page's sheet's key, and after relaunch nothing held the
    /// object, which then vanished with no reason.
    @Test func anObjectScopedByItsPagesSheetIsReferencedThere() throws {
        let run = try ScenarioRun(
            """
            name: d4
            classes: {R: {answer: new}}
            \(Self.twoPages)
            ui:
              class: UINavigationController
              restorationIdentifier: Nav
              children:
                - {class: P, restorationIdentifier: page, presented: {class: S, restorationIdentifier: sheet, restorationClass: R}, objects: [{restorationIdentifier: draft, class: D, objectRestorationClass: R, restorationParent: Nav/page/sheet}]}
                - {class: P, restorationIdentifier: page, presented: {class: S, restorationIdentifier: sheet, restorationClass: R}}
            timeline: [background, {kill: system}, launch, background]
            """)
        #expect(try Self.dangling(run).isEmpty)
        let again = run.outcome.preservation?.nodes.filter { $0.kind == .object }.map { "\($0.key ?? "") \($0.status)" }
        #expect(again == ["Nav/:[0]:/page/sheet/draft preserved"])
    }

    /// One object referenced by the first page and by another tab: the tab's reference was to
    /// the last page's key, and after relaunch the tab lost the object with no reason.
    @Test func aReferenceFromElsewhereGoesToTheObjectMetAgain() throws {
        let draft =
            "{restorationIdentifier: draft, class: D, objectRestorationClass: R, restorationParent: Tabs/Nav/page, state: {d: 1}}"
        let run = try ScenarioRun(
            """
            name: d5
            classes: {R: {answer: new}}
            launchUI: {class: UITabBarController, restorationIdentifier: Tabs, children: [{class: UINavigationController, restorationIdentifier: Nav, children: [{class: P, restorationIdentifier: page}, {class: P, restorationIdentifier: page}]}, {class: O, restorationIdentifier: other}]}
            ui:
              class: UITabBarController
              restorationIdentifier: Tabs
              children:
                - {class: UINavigationController, restorationIdentifier: Nav, children: [{class: P, restorationIdentifier: page, objects: [\(draft)]}, {class: P, restorationIdentifier: page}]}
                - {class: O, restorationIdentifier: other, objects: [\(draft)]}
            timeline: [background]
            """)
        #expect(try Self.dangling(run).isEmpty)
        #expect(run.outcome.diagnostics(.ambiguousPath).isEmpty)
    }

    /// `encodes:` naming a note under the second page's draft: the app's reference was to the
    /// first page's key, which is not in the archive.
    @Test func theAppDelegatesReferenceToANestedObjectFindsIt() throws {
        let run = try ScenarioRun(
            """
            name: d3
            app: {delegate: {encodes: [Nav/page/draft/note]}}
            \(Self.twoPages)
            ui:
              class: UINavigationController
              restorationIdentifier: Nav
              children:
                - {class: P, restorationIdentifier: page, objects: [{restorationIdentifier: draft, class: D, restorationParent: Nav/page, state: {d: 1}}]}
                - {class: P, restorationIdentifier: page, objects: [{restorationIdentifier: draft, class: D, restorationParent: Nav/page, state: {d: 2}}, {restorationIdentifier: note, class: N, restorationParent: Nav/page/draft}]}
            timeline: [background]
            """)
        #expect(try Self.dangling(run).isEmpty)
        #expect(run.engine.archive?.appLevel.contains { $0.value == .reference("Nav/:[1]:/page/draft/note") } == true)
    }

    /// R6 at relaunch: only the second page of the launch UI registers a draft. The first
    /// page's archived draft took it (another page's object), and the second page's was then
    /// "not found".
    @Test func aRegisteredObjectOfAnotherPageIsNotTaken() throws {
        let run = try ScenarioRun(
            """
            name: d2
            launchUI: {class: UINavigationController, restorationIdentifier: Nav, children: [{class: P, restorationIdentifier: page}, {class: P, restorationIdentifier: page, objects: [{restorationIdentifier: draft, class: D, restorationParent: Nav/page}]}]}
            ui:
              class: UINavigationController
              restorationIdentifier: Nav
              children:
                - {class: P, restorationIdentifier: page, objects: [{restorationIdentifier: draft, class: D, restorationParent: Nav/page, state: {d: 1}}]}
                - {class: P, restorationIdentifier: page, objects: [{restorationIdentifier: draft, class: D, restorationParent: Nav/page, state: {d: 2}}]}
            timeline: [background, {kill: system}, launch, background]
            """)
        let restored = run.outcome.restoration?.nodes.filter { $0.kind == .object }.map {
            "\($0.key ?? "") \($0.status)"
        }
        #expect(restored == ["Nav/:[0]:/page/draft notRestored", "Nav/:[1]:/page/draft restored"])
        // Said as it is: an object was registered at that path, by the other page.
        let said = run.outcome.diagnostics(.notFound).first?.message ?? ""
        #expect(said.contains("the objects registered at its path when restoration ran belong to other controllers"))
        #expect(!said.contains("no object was registered at its path"))
        let drafts = try #require(run.engine.archive).entries.filter { $0.kind == .object }
        #expect(drafts.map { $0.coder.first.map { "\($0.value)" } ?? "" } == ["2"])
    }

    // MARK: Found by the third review

    /// One object referenced by the navigation controller and by both pages: which object it
    /// was met again as came from a dictionary's order, which differs from one process to the
    /// next, so the same scenario recorded different traces. Picked in a fixed order now: the
    /// first page's (`ReviewRound16CLITests` records it in separate processes).
    @Test func theObjectMetAgainIsTheSameEveryRun() throws {
        let store = "{restorationIdentifier: store, class: St, restorationParent: Nav/page, state: {d: 2}}"
        let yaml = """
            name: nd
            ui:
              class: UINavigationController
              restorationIdentifier: Nav
              objects: [\(store)]
              children: [{class: P, restorationIdentifier: page, objects: [\(store)]}, {class: P, restorationIdentifier: page, objects: [\(store)]}]
            timeline: [background]
            """
        let run = try ScenarioRun(yaml)
        let nav = try #require(run.engine.archive?.entries.first { $0.key == "Nav" })
        #expect(nav.coder.first { $0.key == "store" }?.value == .reference("Nav/:[0]:/page/store"))
        #expect(try Self.dangling(run).isEmpty)
    }

    /// The app delegate's reference to an object at a path two pages share, listed by the
    /// navigation controller (placed by no page) and by the first page: it named the last
    /// page's key; the first page's object is the one preserved. Also with the object in the
    /// first page's sheet, scoped by the page's view.
    @Test func theAppDelegatesReferenceIsToThePlacedObject() throws {
        let note = "{restorationIdentifier: note, class: N, restorationParent: Nav/page}"
        let run = try ScenarioRun(
            """
            name: ai
            app: {delegate: {encodes: [Nav/page/note]}}
            ui:
              class: UINavigationController
              restorationIdentifier: Nav
              objects: [\(note)]
              children: [{class: P, restorationIdentifier: page, objects: [\(note)]}, {class: P, restorationIdentifier: page}]
            timeline: [background]
            """)
        #expect(try Self.dangling(run).isEmpty)
        let sheet = try ScenarioRun(
            """
            name: af
            app: {delegate: {encodes: [Nav/page/v/draft]}}
            ui:
              class: UINavigationController
              restorationIdentifier: Nav
              children:
                - {class: P, restorationIdentifier: page, views: [{class: V, kind: view, restorationIdentifier: v}], presented: {class: S, restorationIdentifier: sheet, objects: [{restorationIdentifier: draft, class: D, restorationParent: Nav/page/v, state: {d: 0}}]}}
                - {class: P, restorationIdentifier: page, views: [{class: V, kind: view, restorationIdentifier: v}]}
            timeline: [background]
            """)
        #expect(try Self.dangling(sheet).isEmpty)
        #expect(
            sheet.engine.archive?.appLevel.first { $0.key == "draft" }?.value == .reference("Nav/:[0]:/page/v/draft"))
    }

    /// One controller listing two registered objects with one identifier, scoped by different
    /// parents: its encode wrote both references under that identifier, so one replaced the
    /// other, and that object was restored, then dropped at the next background with nothing
    /// said. The second is referenced under its restoration path.
    @Test func twoObjectsWithOneIdentifierUnderOneControllerAreBothReferenced() throws {
        let run = try ScenarioRun(
            """
            name: dup
            classes: {R: {answer: new}}
            launchUI: {class: UINavigationController, restorationIdentifier: Nav}
            ui:
              class: UINavigationController
              restorationIdentifier: Nav
              objects:
                - {restorationIdentifier: store, class: St, objectRestorationClass: R, restorationParent: Nav, state: {a: 1}}
                - {restorationIdentifier: store, class: St, objectRestorationClass: R, state: {b: 2}}
            timeline: [background, {kill: system}, launch, background]
            """)
        let again = run.outcome.preservation?.nodes.filter { $0.kind == .object }.map { "\($0.key ?? "") \($0.status)" }
        #expect(again == ["Nav/store preserved", "store preserved"])
        #expect(try Self.dangling(run).isEmpty)
    }
}
