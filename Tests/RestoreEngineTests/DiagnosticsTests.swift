import RestoreTestSupport
import Testing

@testable import RestoreEngine

/// R11 and the diagnostics: stable reason codes, and messages that explain the chain of causes.
@Suite struct DiagnosticsTests {
    @Test func siblingsWithSamePathOutsideBuiltInContainersAreAmbiguous() throws {
        let pager = container("Pager", "Pager", encodesChildren: true, [vc("Page", "Page"), vc("Page", "Page")])
        pager.addView(view("UIView", "badge", kind: .view))
        pager.addView(view("UIView", "badge", kind: .view))
        let engine = preserve(ui: pager)
        let errors = engine.outcome.diagnostics(.ambiguousPath)
        #expect(errors.map(\.path) == ["Pager/Page", "Pager/badge"])
        #expect(errors.allSatisfy { $0.severity == .error })
        #expect(errors.first?.message.contains("share the restoration path 'Pager/Page'") == true)

        // Navigation, tab and split controllers tell equal identifiers apart by index.
        for ui in [
            nav("Nav", [vc("Page", "Page"), vc("Page", "Page")]),
            tabs("Tabs", [vc("Page", "Page"), vc("Page", "Page")]),
            UISplitViewController(
                restorationIdentifier: "Split", viewControllers: [vc("Page", "Page"), vc("Page", "Page")]),
        ] as [UIViewController] {
            #expect(preserve(ui: ui).outcome.diagnostics(.ambiguousPath).isEmpty, "\(ui.className)")
        }
        // Distinct identifiers under a custom container are fine.
        let distinct = container("Pager", "Pager", encodesChildren: true, [vc("Page", "First"), vc("Page", "Second")])
        #expect(preserve(ui: distinct).outcome.diagnostics(.ambiguousPath).isEmpty)
    }

    @Test func presentedControllerSharingAChildsPathIsAmbiguous() throws {
        // Both would be restored at 'Pager/Page': a child of the custom container and the controller it presents.
        let pager = container("Pager", "Pager", encodesChildren: true, [vc("Page", "Page")])
        pager.present(vc("Page", "Page"))
        let engine = preserve(ui: pager)
        #expect(engine.archive?.keys == ["Pager", "Pager/:[0]:/Page", "Pager/Page"])
        let errors = engine.outcome.diagnostics(.ambiguousPath)
        #expect(errors.map(\.path) == ["Pager/Page"])
        #expect(errors.first?.severity == .error)
    }

    @Test func reasonCodesAreStable() {
        #expect(
            ReasonCode.allCases.map(\.rawValue) == [
                "no-restoration-identifier", "ancestor-not-preserved", "not-encoded-by-container",
                "view-owner-not-preserved", "object-not-referenced", "save-declined", "restore-declined",
                "no-archive", "archive-deleted-user-quit", "archive-deleted-crash", "device-locked",
                "restoration-class-returned-nil", "class-mismatch", "not-found", "parent-not-restored",
                "ambiguous-path", "reserved-key", "window-not-visible", "selection-dropped", "selection-moved",
                "truncated-by-container", "insecure-coding", "view-not-loaded", "archive-from-older-version",
                "duplicate-instance", "deprecated-api", "scene-based-app", "legacy-restoration-inert",
                "activity-type-not-declared", "activity-not-plist", "session-discarded",
            ])
        #expect(ReasonCode.allCases.allSatisfy { !$0.summary.isEmpty && !$0.fix.isEmpty })
    }

    @Test func preservationMessagesNameTheAncestorThatCausedTheLoss() throws {
        let unmarked = UINavigationController(
            restorationIdentifier: nil, viewControllers: [vc("List", "List"), vc("Detail", "Detail")])
        let engine = preserve(
            ui: tabs("Tabs", [unmarked, vc("Owner", nil, views: [view("UIView", "badge", kind: .view)])]))
        let messages = Dictionary(
            engine.outcome.diagnostics.compactMap { d in d.locator.map { ($0, d.message) } },
            uniquingKeysWith: { first, _ in first })

        #expect(
            messages["Tabs/<UINavigationController>/Detail"]
                == "`Detail` (Tabs/<UINavigationController>/Detail) was not preserved: its ancestor `<UINavigationController>` has no restoration identifier."
        )
        let cause = try #require(messages["Tabs/<UINavigationController>"])
        #expect(
            cause.contains(
                "has no restoration identifier, so 2 identified nodes below it were not preserved: `List`, `Detail`"))
        #expect(cause.contains("Fix: set restorationIdentifier"))
        #expect(messages["Tabs/<Owner>/badge"]?.contains("its owner `<Owner>` has no restoration identifier") == true)
        #expect(engine.outcome.diagnostics(.ancestorNotPreserved).allSatisfy { $0.severity == .warning })
    }

    @Test func restorationMessagesNameTheAncestorThatWasLost() throws {
        let app = TestApp()
        app.restorationClasses["NavRestorer"] = { _, _, _ in nil }
        let ui = nav("Nav", [vc("Home", "Home")])
        ui.restorationClass = "NavRestorer"
        let engine = runCycle(app, ui: ui)
        let message = try #require(engine.outcome.diagnostics(.parentNotRestored).first?.message)
        #expect(
            message.contains(
                "`Home` (Nav/Home) was not restored: its ancestor `Nav` was not restored — its restoration class returned nil"
            ))
        let root = try #require(engine.outcome.diagnostics(.restorationClassReturnedNil).first)
        #expect(root.path == "Nav")
        #expect(
            root.message.contains("Fix: return a controller from +viewControllerWithRestorationIdentifierPath:coder:"))
    }

    @Test func everyLostNodeCarriesAReason() throws {
        let pager = container("Pager", "Pager", encodesChildren: false, [vc("Page", "Page")])
        let unmarked = vc("Unmarked", nil, views: [view("UIView", "v", kind: .view)])
        unmarked.addRestorableObject(UIStateRestoringObject(className: "Store", restorationIdentifier: "Store"))
        let app = TestApp()
        app.launchUI = { nav("Nav", []) }
        let engine = runCycle(app, ui: nav("Nav", [pager, unmarked, vc("Home", "Home")]))

        let skipped = try #require(engine.outcome.preservation?.nodes.filter { $0.status == .skipped })
        #expect(
            Set(skipped.compactMap(\.reason)) == [
                .notEncodedByContainer, .noRestorationIdentifier, .viewOwnerNotPreserved, .objectNotReferenced,
            ])
        #expect(skipped.allSatisfy { $0.reason != nil })
        let lost = try #require(engine.outcome.restoration?.nodes.filter { $0.status == .notRestored })
        #expect(lost.map(\.path) == ["Nav/Pager", "Nav/Home"])
        #expect(lost.map(\.reason) == [.notFound, .notFound])
    }
}

@Suite struct LocatorTests {
    /// Two unmarked navigation controllers in one tab bar must not share a name: the report links
    /// and draws by locator.
    @Test func identicalUnmarkedSiblingsGetDistinctLocators() throws {
        let ui = tabs("Tabs", [nav(nil, [vc("A", "a")]), nav(nil, [vc("B", "b")])])
        let p = try #require(runCycle(TestApp(), ui: ui).outcome.preservation)
        let locators = p.nodes.map(\.locator)
        #expect(Set(locators).count == locators.count, "\(locators)")
        #expect(locators.contains("Tabs/<UINavigationController>/a"))
        #expect(locators.contains("Tabs/<UINavigationController>#1/b"))
        #expect(
            p.nodes.first { $0.locator == "Tabs/<UINavigationController>#1/b" }?.cause
                == "Tabs/<UINavigationController>#1")
    }
}

@Suite struct CoderAPITests {
    /// The coder calls a Swift subclass uses, as `NSCoder` offers them.
    @Test func typedDecodersReadWhatWasEncoded() {
        let coder = RestorationCoder()
        coder.encode(3, forKey: "count")
        coder.encode(true, forKey: "flag")
        coder.encode(2.5, forKey: "ratio")
        coder.encodeReference(toArchiveKey: "Tabs/:[0]:/nav", forKey: "child")
        #expect(coder.decodeInteger(forKey: "count") == 3)
        #expect(coder.decodeBool(forKey: "flag"))
        #expect(coder.decodeDouble(forKey: "ratio") == 2.5)
        #expect(coder.decodeDouble(forKey: "count") == 3)
        #expect(coder.decodeObject(forKey: "child") == .reference("Tabs/:[0]:/nav"))
        #expect(coder.containsValue(forKey: "flag"))
        #expect(!coder.containsValue(forKey: "missing"))
        #expect(coder.decodeInteger(forKey: "missing") == 0)
        #expect(coder.systemEntries.isEmpty)
        #expect(coder.appEntries.map(\.key) == ["count", "flag", "ratio", "child"])
    }
}
