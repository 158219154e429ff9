import RestoreEngine
import Testing

@testable import RestoreScenario

@Suite("NODE and OBJECT → blueprints")
struct ScenarioNodeTests {
    @Test func nodeMapsEveryControllerKey() throws {
        let s = try parsed(
            """
            name: node
            classes: {HomeRestorer: {}}
            ui:
              class: HomeTabs
              inherits: UITabBarController
              restorationIdentifier: tabs
              restorationClass: HomeRestorer
              storyboard: {name: Main, identifier: Tabs}
              selectedIndex: 1
              children:
                - {class: First, restorationIdentifier: first}
                - {class: Second, restorationIdentifier: second}
              presented: {class: Login, restorationIdentifier: login}
            """)
        let ui = try #require(s.ui)
        #expect(ui.role == .viewController)
        #expect(ui.className == "HomeTabs")
        #expect(ui.inherits == "UITabBarController")
        #expect(ui.restorationIdentifier == "tabs")
        #expect(ui.restorationClass == "HomeRestorer")
        #expect(ui.storyboard == StoryboardReference(name: "Main", identifier: "Tabs"))
        #expect(ui.selectedIndex == 1)
        #expect(ui.children.map(\.className) == ["First", "Second"])
        #expect(ui.children.map(\.role) == [.viewController, .viewController])
        #expect(ui.presented?.restorationIdentifier == "login")
    }

    @Test func kindContainerMarksACustomContainer() throws {
        let s = try parsed(
            """
            name: c
            ui: {class: SegmentHost, kind: container, encodesChildren: false, children: [{class: A}]}
            """)
        #expect(s.ui?.isCustomContainer == true)
        #expect(s.ui?.encodesChildren == false)
    }

    @Test func kindViewOutsideViewsIsAnError() {
        #expect(
            located(problems("name: c\nui: {class: Banner, kind: view}\n")) == [
                "2:27: 'kind: view' marks a view; list it under its controller's 'views:' instead"
            ])
    }

    @Test func nodeUnderViewsIsAViewEvenWithoutKind() throws {
        let s = try parsed(
            """
            name: v
            ui:
              class: A
              views:
                - {class: BannerView, restorationIdentifier: banner, state: {shown: true}}
                - {class: BadgeView, kind: view, restorationIdentifier: badge}
            """)
        #expect(s.ui?.views.map(\.role) == [.view, .view])
        #expect(s.ui?.views.first?.state == [CoderEntry(key: "shown", value: .bool(true))])
    }

    @Test func controllerKeyOnAViewIsAnError() {
        let p = problems("name: v\nui:\n  class: A\n  views:\n    - {class: UIView, children: []}\n")
        #expect(
            located(p) == [
                "5:23: 'children' applies to view controllers, not to views (view 0 of A is a view because it is listed under 'views:')"
            ])
    }

    @Test func viewPropertyOnAControllerIsAnError() {
        let p = problems("name: v\nui: {class: UITableViewController, rows: [a]}\n")
        #expect(
            located(p) == [
                "2:36: 'rows' is a view property; it belongs on a view listed under 'views:', not on a view controller"
            ])
    }

    @Test func stateValuesKeepTheirTypesAndFileOrder() throws {
        let s = try parsed(
            """
            name: values
            ui:
              class: A
              state:
                zString: hello
                aInt: 42
                mDouble: 0.8926057
                bBool: false
                quotedNumber: "1.0"
                quotedBool: 'true'
                hex: 0x1F
                list: [1, two, 3.5]
                map: {inner: [true]}
                no: no
                negative: -7
                exponent: 1e3
            """)
        let state = try #require(s.ui?.state)
        #expect(
            state.map(\.key) == [
                "zString", "aInt", "mDouble", "bBool", "quotedNumber", "quotedBool", "hex", "list", "map", "no",
                "negative", "exponent",
            ])
        #expect(
            state.map(\.value) == [
                .string("hello"), .int(42), .double(0.8926057), .bool(false), .string("1.0"), .string("true"), .int(31),
                .array([.int(1), .string("two"), .double(3.5)]), .dictionary(["inner": .array([.bool(true)])]),
                .string("no"), .int(-7), .double(1000),
            ])
        #expect(state.allSatisfy { !$0.isSystem })
    }

    @Test func nullCoderValueIsAnError() {
        #expect(
            located(problems("name: v\nui: {class: A, state: {k: ~}}\n")) == [
                "2:27: 'k' is null; a coder value is a string, integer, float, boolean, list or map (quote it for the text \"~\")"
            ])
    }

    @Test func integerTooLargeIsAnError() {
        let p = problems("name: v\nui: {class: A, state: {k: 99999999999999999999}}\n")
        #expect(located(p) == ["2:27: 'k': the integer '99999999999999999999' is too large"])
    }

    @Test func explicitStringTagKeepsText() throws {
        let s = try parsed("name: v\nui: {class: A, state: {k: !!str 12, b: !!float 3}}\n")
        #expect(s.ui?.state.map(\.value) == [.string("12"), .double(3)])
    }

    @Test func unsupportedTagIsAnError() {
        let p = problems("name: v\nui: {class: A, state: {k: !!binary aGk=}}\n")
        #expect(
            located(p) == ["2:27: 'k': the YAML tag 'tag:yaml.org,2002:binary' is not supported; use a plain value"])
    }

    @Test func missingClassOnANodeIsLocatedAtTheNode() {
        let p = problems("name: v\nui:\n  class: UINavigationController\n  children:\n    - restorationIdentifier: a\n")
        #expect(
            located(p) == [
                "5:7: child 0 of UINavigationController needs 'class:' (a UIKit class such as UINavigationController, or the app's own class)"
            ])
    }

    @Test func selectedIndexOutOfRangeIsAnError() {
        let p = problems("name: v\nui: {class: UITabBarController, selectedIndex: -1, children: [{class: A}]}\n")
        #expect(located(p) == ["2:48: selectedIndex -1 is out of range: UITabBarController has 1 child (0...0)"])
    }

    @Test func storyboardNeedsNameAndIdentifier() {
        let p = problems("name: v\nui: {class: A, storyboard: {name: Main}}\n")
        #expect(located(p) == ["2:28: 'storyboard' needs 'identifier:' (the scene's Storyboard ID)"])
    }

    @Test func objectsMapToObjectBlueprints() throws {
        let s = try parsed(
            """
            name: o
            classes: {ContextRestorer: {answer: existing}}
            ui:
              class: A
              restorationIdentifier: a
              objects:
                - restorationIdentifier: ViewContext
                  class: NSManagedObjectContext
                  objectRestorationClass: ContextRestorer
                  state: {store: sqlite}
                - {restorationIdentifier: plain}
            """)
        #expect(
            s.ui?.objects == [
                ObjectBlueprint(
                    restorationIdentifier: "ViewContext", className: "NSManagedObjectContext",
                    objectRestorationClass: "ContextRestorer",
                    state: [CoderEntry(key: "store", value: .string("sqlite"))]),
                ObjectBlueprint(restorationIdentifier: "plain", className: "NSObject"),
            ])
    }

    @Test func unknownObjectKeyIsSuggested() {
        let p = problems("name: o\nui: {class: A, objects: [{restorationIdentifier: x, restorationClass: R}]}\n")
        #expect(
            located(p) == [
                "2:53: unknown key 'restorationClass' in object 0 of A (did you mean 'objectRestorationClass'?)"
            ])
    }
}
