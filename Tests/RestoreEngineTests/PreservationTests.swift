import RestoreTestSupport
import Testing

@testable import RestoreEngine

/// P1–P10: what the app's move to the background writes into the archive.
@Suite struct PreservationTests {
    @Test func shouldSaveReturningNoArchivesNothing() throws {
        let app = TestApp()
        app.shouldSave = false
        let log = EventLog()
        let engine = runCycle(app, ui: nav("Nav", [vc("Home", "Home")]), log: log)

        let p = try #require(engine.outcome.preservation)
        #expect(!p.performed)
        #expect(p.reason == .saveDeclined)
        #expect(p.nodes.map(\.locator) == ["Nav", "Nav/Home"])
        #expect(p.nodes.allSatisfy { $0.status == .skipped && $0.reason == .saveDeclined })
        #expect(log.calls(.shouldSave).count == 1)
        #expect(log.calls(.willEncodeApplication).isEmpty)
        #expect(log.calls(.encode).isEmpty)
        #expect(log.system(.archiveWritten).isEmpty)
        #expect(log.system(.snapshot).isEmpty)
        // Once when preservation is declined, once when the next launch finds nothing because of it.
        #expect(engine.outcome.diagnostics(.saveDeclined).count == 2)
        let r = try #require(engine.outcome.restoration)
        #expect(!r.performed)
        #expect(r.reason == .saveDeclined)
        #expect(log.calls(.shouldRestore).isEmpty)
    }

    @Test func willEncodeRunsBeforeAnyNodeAndAppCoderHasReservedKeys() throws {
        let app = TestApp()
        var seen: [CoderEntry] = []
        app.willEncode = { coder, _ in
            seen = coder.entries
            coder.encode("11.0", forKey: "MyAppVersion")
        }
        let log = EventLog()
        preserve(app, ui: nav("Nav", [vc("Home", "Home")]), log: log) {
            $0.configuration = AppConfiguration(bundleVersion: "42", systemVersion: "16.4", idiom: .pad)
        }

        let order = log.events.compactMap(\.callback).filter {
            [.shouldSave, .willEncodeApplication, .encode].contains($0)
        }
        #expect(order == [.shouldSave, .willEncodeApplication, .encode, .encode])
        #expect(seen.map(\.key) == ReservedKeys.appLevel)
        #expect(seen.allSatisfy { $0.isSystem })
        let archive = try #require(log.writtenArchive)
        #expect(archive.appLevelValue(ReservedKeys.bundleVersion) == .string("42"))
        #expect(archive.appLevelValue(ReservedKeys.systemVersion) == .string("16.4"))
        #expect(archive.appLevelValue(ReservedKeys.userInterfaceIdiom) == .int(1))
        guard case .date? = archive.appLevelValue(ReservedKeys.timestamp) else {
            Issue.record("timestamp is not a date")
            return
        }
        #expect(archive.appLevelValue("MyAppVersion") == .string("11.0"))
    }

    @Test func nodeWithoutIdentifierSkipsItsWholeSubtreeEvenIdentifiedOnes() throws {
        let inner = vc("Inner", "Inner")
        let unmarked = container("Unmarked", nil, encodesChildren: true, [inner])
        unmarked.addView(view("UITextField", "Field", kind: .textField))
        unmarked.present(vc("Modal", "Modal"))
        let log = EventLog()
        let engine = preserve(ui: nav("Nav", [vc("Home", "Home"), unmarked]), log: log)

        let p = try #require(engine.outcome.preservation)
        #expect(p.node("Nav/<Unmarked>")?.reason == .noRestorationIdentifier)
        for (locator, reason) in [
            ("Nav/<Unmarked>/Inner", ReasonCode.ancestorNotPreserved),
            ("Nav/<Unmarked>/Modal", .ancestorNotPreserved),
            ("Nav/<Unmarked>/Field", .viewOwnerNotPreserved),
        ] {
            let node = try #require(p.node(locator), "\(locator)")
            #expect(node.status == .skipped, "\(locator)")
            #expect(node.reason == reason, "\(locator)")
            #expect(node.cause == "Nav/<Unmarked>", "\(locator)")
        }
        #expect(log.writtenArchive?.keys == ["Nav", "Nav/:[0]:/Home"])
        #expect(log.calls(.encode).compactMap(\.path) == ["Nav", "Nav/Home"])
    }

    @Test func eachNodeGetsItsOwnCoderSoEqualKeysNeverCollide() throws {
        let ui = {
            nav(
                "Nav",
                [vc("A", "A", state: state(("title", "first"))), vc("B", "B", state: state(("title", "second")))])
        }
        let log = EventLog()
        let app = TestApp()
        let launched = nav("Nav", [vc("A", "A"), vc("B", "B")])
        app.launchUI = { launched }
        runCycle(app, ui: ui(), log: log)

        let archive = try #require(log.writtenArchive)
        #expect(archive.entry("Nav/:[0]:/A")?.value("title") == "first")
        #expect(archive.entry("Nav/:[1]:/B")?.value("title") == "second")
        #expect(log.calls(.decode, path: "Nav/A").first?.coder?.first { $0.key == "title" }?.value == "first")
        #expect(log.calls(.decode, path: "Nav/B").first?.coder?.first { $0.key == "title" }?.value == "second")
        #expect(launched.children.map { $0.state.first { $0.key == "title" }?.value } == ["first", "second"])
    }

    @Test func archiveRecordsKeyClassRestorationClassAndStoryboard() throws {
        let list = vc("ListController", "List")
        list.storyboard = StoryboardReference(name: "Main", identifier: "ListScene")
        let detail = vc("DetailController", "Detail", restorationClass: "DetailRestorer")
        let log = EventLog()
        preserve(ui: tabs("Tabs", [nav("Nav", [list, detail])]), log: log)

        let archive = try #require(log.writtenArchive)
        #expect(archive.keys == ["Tabs", "Tabs/:[0]:/Nav", "Tabs/:[0]:/Nav/:[0]:/List", "Tabs/:[0]:/Nav/:[1]:/Detail"])
        #expect(
            archive.entries.map(\.className) == [
                "UITabBarController", "UINavigationController", "ListController", "DetailController",
            ])
        let listEntry = try #require(archive.entry("Tabs/:[0]:/Nav/:[0]:/List"))
        #expect(listEntry.path == ["Tabs", "Nav", "List"])
        #expect(listEntry.storyboard == StoryboardReference(name: "Main", identifier: "ListScene"))
        #expect(listEntry.value(ReservedKeys.storyboard) == .dictionary(["name": "Main", "identifier": "ListScene"]))
        #expect(listEntry.restorationClass == nil)
        let detailEntry = try #require(archive.entry("Tabs/:[0]:/Nav/:[1]:/Detail"))
        #expect(detailEntry.restorationClass == "DetailRestorer")
        #expect(detailEntry.storyboard == nil)
        #expect(detailEntry.value(ReservedKeys.storyboard) == nil)
        #expect(archive.restorationClassMap.map(\.key) == ["Tabs/:[0]:/Nav/:[1]:/Detail"])
    }

    @Test func navigationEncodesWholeStackBottomUp() throws {
        let log = EventLog()
        let engine = preserve(ui: nav("Nav", [vc("List", "List"), vc("Page", "Page"), vc("Page", "Page")]), log: log)

        let archive = try #require(log.writtenArchive)
        let refs = try #require(archive.entry("Nav")?.value(ReservedKeys.children)?.arrayValue)
        #expect(refs.compactMap(\.referenceValue) == ["Nav/:[0]:/List", "Nav/:[1]:/Page", "Nav/:[2]:/Page"])
        #expect(log.calls(.encode).compactMap(\.key) == ["Nav", "Nav/:[0]:/List", "Nav/:[1]:/Page", "Nav/:[2]:/Page"])
        // A navigation stack may repeat an identifier: the index keeps the keys apart.
        #expect(engine.outcome.diagnostics(.ambiguousPath).isEmpty)
    }

    @Test func tabBarPreservesIdentifiedTabsAndSelectedReference() throws {
        let engine = preserve(ui: tabs("Tabs", [vc("A", "A"), vc("Unmarked", nil), vc("C", "C")], selected: 2))

        let archive = try #require(engine.archive)
        let tabBar = try #require(archive.entry("Tabs"))
        #expect(
            tabBar.value(ReservedKeys.children)?.arrayValue?.compactMap(\.referenceValue) == [
                "Tabs/:[0]:/A", "Tabs/:[2]:/C",
            ])
        #expect(tabBar.value(ReservedKeys.tabSelected) == .reference("Tabs/:[2]:/C"))
        #expect(archive.keys == ["Tabs", "Tabs/:[0]:/A", "Tabs/:[2]:/C"])
        #expect(engine.outcome.preservation?.node("Tabs/<Unmarked>")?.reason == .noRestorationIdentifier)
    }

    @Test func splitPreservesIdentifiedChildren() throws {
        let split = UISplitViewController(
            restorationIdentifier: "Split", viewControllers: [nav("Master", [vc("List", "List")]), vc("Detail", nil)])
        let engine = preserve(ui: split)

        let archive = try #require(engine.archive)
        #expect(archive.keys == ["Split", "Split/:[0]:/Master", "Split/:[0]:/Master/:[0]:/List"])
        #expect(archive.entry("Split")?.value(ReservedKeys.children) == .array([.reference("Split/:[0]:/Master")]))
        #expect(engine.outcome.preservation?.node("Split/<Detail>")?.reason == .noRestorationIdentifier)
    }

    @Test func customContainerWithoutEncodingLosesChildren() throws {
        let silent = preserve(ui: container("Pager", "Pager", encodesChildren: false, [vc("Page", "Page")]))
        let node = try #require(silent.outcome.preservation?.node("Pager/Page"))
        #expect(node.status == .skipped)
        #expect(node.reason == .notEncodedByContainer)
        #expect(node.cause == "Pager")
        #expect(silent.archive?.keys == ["Pager"])
        #expect(silent.archive?.entry("Pager")?.value(ReservedKeys.children) == nil)
        #expect(
            silent.outcome.diagnostics(.notEncodedByContainer).first?.message.contains(
                "its container `Pager` does not encode its children") == true)

        let encoding = preserve(ui: container("Pager", "Pager", encodesChildren: true, [vc("Page", "Page")]))
        #expect(encoding.archive?.keys == ["Pager", "Pager/:[0]:/Page"])
        #expect(encoding.outcome.preservation?.node("Pager/Page")?.status == .preserved)
    }

    @Test func presentedControllerIsEncodedByPresenter() throws {
        // A plain controller encodes its presented controller, not its children.
        let root = vc("Root", "Root", presenting: vc("Modal", "Modal"))
        root.addChild(vc("Embedded", "Embedded"))
        let engine = preserve(ui: root)

        let archive = try #require(engine.archive)
        #expect(archive.keys == ["Root", "Root/Modal"])
        #expect(archive.entry("Root")?.value(ReservedKeys.presented) == .reference("Root/Modal"))
        let modal = try #require(archive.entry("Root/Modal"))
        #expect(modal.relation == .presented)
        #expect(modal.path == ["Root", "Modal"])
        #expect(modal.parentKey == "Root")
        #expect(engine.outcome.preservation?.node("Root/Embedded")?.reason == .notEncodedByContainer)
    }

    @Test func viewPreservedOnlyWithIdentifierAndPreservedOwner() throws {
        let shown = vc(
            "Shown", "Shown",
            views: [view("UIScrollView", "scroll", kind: .scrollView), view("UIView", nil, kind: .view)])
        let hidden = vc("Hidden", nil, views: [view("UIScrollView", "scroll", kind: .scrollView)])
        let engine = preserve(ui: nav("Nav", [shown, hidden]))

        let archive = try #require(engine.archive)
        #expect(archive.keys == ["Nav", "Nav/:[0]:/Shown", "Nav/:[0]:/Shown/scroll"])
        let entry = try #require(archive.entry("Nav/:[0]:/Shown/scroll"))
        #expect(entry.kind == .view)
        #expect(entry.relation == .view)
        #expect(entry.path == ["Nav", "Shown", "scroll"])
        let p = try #require(engine.outcome.preservation)
        #expect(p.node("Nav/<Hidden>/scroll")?.reason == .viewOwnerNotPreserved)
        #expect(p.node("Nav/<Hidden>/scroll")?.cause == "Nav/<Hidden>")
        // A view without an identifier is listed as skipped, like a controller (P6).
        #expect(p.node("Nav/Shown/<UIView>")?.reason == .noRestorationIdentifier)
        #expect(p.node("Nav/Shown/<UIView>")?.status == .skipped)
    }

    @Test func builtInViewsSaveDocumentedState() throws {
        let views = [
            view("UIScrollView", "scroll", kind: .scrollView) {
                $0.contentOffset = [0, 240]
                $0.zoomScale = 2
                $0.contentInset = [1, 2, 3, 4]
            },
            table("table", rows: ["m1", "m2"], selected: ["m2"], firstVisible: "m1", association: false),
            view("UICollectionView", "grid", kind: .collectionView) {
                $0.rows = ["a", "b"]
                $0.selected = ["a"]
            },
            view("UITextField", "field", kind: .textField) { $0.selectedRange = [3, 5] },
            view("UITextView", "text", kind: .textView) {
                $0.selectedRange = [1, 2]
                $0.editable = false
            },
            view("UIImageView", "image", kind: .imageView),
            view("WKWebView", "web", kind: .webView),
        ]
        let archive = try #require(preserve(ui: vc("Root", "Root", views: views)).archive)
        func keys(_ id: String) -> Set<String> {
            Set(archive.entry("Root/" + id)?.coder.filter(\.isSystem).map(\.key) ?? [])
        }
        let scroll: Set = [ViewStateKeys.contentOffset, ViewStateKeys.zoomScale, ViewStateKeys.contentInset]
        let rows: Set = [ViewStateKeys.selectedIndexPaths, ViewStateKeys.firstVisibleIndexPath]

        #expect(keys("scroll") == scroll)
        #expect(archive.entry("Root/scroll")?.value(ViewStateKeys.contentOffset) == .array([0.0, 240.0]))
        #expect(archive.entry("Root/scroll")?.value(ViewStateKeys.zoomScale) == .double(2))
        #expect(keys("table") == scroll.union(rows))
        #expect(keys("grid") == scroll.union([ViewStateKeys.selectedIndexPaths]))
        #expect(keys("field") == [ViewStateKeys.selectedTextRange])
        #expect(archive.entry("Root/field")?.value(ViewStateKeys.selectedTextRange) == .array([3, 5]))
        #expect(keys("text") == scroll.union([ViewStateKeys.selectedRange, ViewStateKeys.editable]))
        #expect(archive.entry("Root/text")?.value(ViewStateKeys.editable) == .bool(false))
        #expect(keys("image") == Set(ViewStateKeys.imageGeometry))
        #expect(keys("web") == [ViewStateKeys.contentOffset, ViewStateKeys.zoomScale, ViewStateKeys.webHistory])
    }

    @Test func tableWithModelAssociationSavesModelIdentifiers() throws {
        let log = EventLog()
        preserve(
            ui: vc(
                "List", "List",
                views: [
                    table("table", rows: ["m1", "m2", "m3"], selected: ["m2"], firstVisible: "m1", association: true)
                ]), log: log)

        let entry = try #require(log.writtenArchive?.entry("List/table"))
        #expect(entry.value(ViewStateKeys.selectedModelIdentifiers) == .array(["m2"]))
        #expect(entry.value(ViewStateKeys.firstVisibleModelIdentifier) == "m1")
        #expect(entry.value(ViewStateKeys.selectedIndexPaths) == nil)
        let asked = log.calls(.modelIdentifier)
        #expect(asked.map(\.argument) == [.array([0, 1]), .array([0, 0])])
        #expect(asked.map(\.result) == [.modelIdentifier("m2"), .modelIdentifier("m1")])
    }

    @Test func tableWithoutAssociationSavesRawIndexPaths() throws {
        let log = EventLog()
        preserve(
            ui: vc(
                "List", "List",
                views: [
                    table("table", rows: ["m1", "m2", "m3"], selected: ["m2"], firstVisible: "m1", association: false)
                ]), log: log)

        let entry = try #require(log.writtenArchive?.entry("List/table"))
        #expect(entry.value(ViewStateKeys.selectedIndexPaths) == .array([.array([0, 1])]))
        #expect(entry.value(ViewStateKeys.firstVisibleIndexPath) == .array([0, 0]))
        #expect(entry.value(ViewStateKeys.selectedModelIdentifiers) == nil)
        #expect(log.calls(.modelIdentifier).isEmpty)
    }

    @Test func registeredObjectPreservedOnlyWhenReferenced() throws {
        let home = vc("Home", "Home")
        home.addRestorableObject(
            UIStateRestoringObject(
                className: "Store", restorationIdentifier: "Store", restorationParentPath: "Nav/Home"))
        let lost = vc("Unmarked", nil)
        lost.addRestorableObject(UIStateRestoringObject(className: "Cache", restorationIdentifier: "Cache"))
        let engine = preserve(ui: nav("Nav", [home, lost]))

        let archive = try #require(engine.archive)
        // Its path is scoped by its restorationParent (P8).
        #expect(archive.keys == ["Nav", "Nav/:[0]:/Home", "Nav/:[0]:/Home/Store"])
        #expect(archive.entry("Nav/:[0]:/Home/Store")?.parentKey == "Nav/:[0]:/Home")
        #expect(archive.entry("Nav/:[0]:/Home")?.value("Store") == .reference("Nav/:[0]:/Home/Store"))
        #expect(archive.entry("Nav/:[0]:/Home/Store")?.kind == .object)
        #expect(archive.entry("Nav/:[0]:/Home/Store")?.relation == .object)
        // Not referenced by anything preserved, it still has its restoration path: its
        // identifier alone, with no restorationParent (P8), not the referencing controller's.
        let skipped = try #require(engine.outcome.preservation?.node("Cache"))
        #expect(skipped.path == "Cache")
        #expect(skipped.cause == "Nav/<Unmarked>")
        #expect(skipped.status == .skipped)
        #expect(skipped.reason == .objectNotReferenced)
        #expect(skipped.kind == .object)
    }

    @Test func encodingAReservedKeyIsAnError() throws {
        let app = TestApp()
        app.willEncode = { coder, _ in coder.encode("9.9", forKey: ReservedKeys.bundleVersion) }
        let clean = preserve(ui: vc("Clean", "Clean", state: state(("title", "ok"))))
        #expect(clean.outcome.diagnostics(.reservedKey).isEmpty)

        let engine = preserve(app, ui: vc("Home", "Home", state: state((ReservedKeys.timestamp, "now"))))
        let errors = engine.outcome.diagnostics(.reservedKey)
        #expect(errors.count == 2)
        #expect(errors.allSatisfy { $0.severity == .error })
        #expect(errors.map(\.locator) == ["AppDelegate", "Home"])
        #expect(errors[0].message.contains("'\(ReservedKeys.bundleVersion)'"))
        #expect(errors[1].message.contains("'\(ReservedKeys.timestamp)'"))
        // UIKit's value wins over the app's.
        #expect(engine.archive?.appLevelValue(ReservedKeys.bundleVersion) == "1.0")
    }

    @Test func snapshotTakenUnlessIgnored() throws {
        let taken = EventLog()
        preserve(ui: vc("Home", "Home"), log: taken)
        #expect(taken.callbacks.suffix(2) == [SystemEvent.archiveWritten.rawValue, SystemEvent.snapshot.rawValue])

        let app = TestApp()
        app.willEncode = { _, application in application.ignoreSnapshotOnNextApplicationLaunch() }
        let ignored = EventLog()
        preserve(app, ui: vc("Home", "Home"), log: ignored)
        #expect(ignored.system(.snapshot).isEmpty)
        #expect(ignored.system(.archiveWritten).count == 1)
        #expect(ignored.calls(.willEncodeApplication).first?.effects?.ignoredSnapshot == true)

        // The flag lasts one preservation: the next one takes a snapshot again.
        let again = EventLog()
        var first = true
        app.willEncode = { _, application in
            if first { application.ignoreSnapshotOnNextApplicationLaunch() }
            first = false
        }
        let launched = vc("Home", "Home")
        app.launchUI = { launched }
        runCycle(
            app, ui: vc("Home", "Home"), log: again,
            timeline: [.background, .kill(.system), .launch(LaunchOptions()), .background])
        #expect(again.system(.snapshot).map(\.launch) == [2])
    }

    /// An empty identifier is no identifier (as for controllers and views): the skipped object
    /// is located by its class, not by an empty name (`Home/`, which two such objects would share).
    @Test func skippedObjectWithAnEmptyIdentifierIsLocatedByItsClass() throws {
        let home = vc("Home", nil)
        home.addRestorableObject(UIStateRestoringObject(className: "Store", restorationIdentifier: ""))
        let engine = preserve(ui: nav("Nav", [home]))
        let object = try #require(engine.outcome.preservation?.nodes.first { $0.kind == .object })
        #expect(object.locator == "Nav/<Home>/<Store>")
        #expect(object.status == .skipped)
    }
}
