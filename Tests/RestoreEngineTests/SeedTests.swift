import RestoreTestSupport
import Testing

@testable import RestoreEngine

/// The seed documents' own examples, run on the engine.
@Suite struct SeedTests {
    /// Seed 000, "未设置恢复标识符的情况": the unmarked navigation controller and everything in it
    /// is skipped, and comes back in its default (storyboard) state.
    @Test func seed000UnmarkedNavigationControllerComesBackInItsDefaultState() throws {
        func storyboardUI() -> UITabBarController {
            tabs(
                "MyTabBarController",
                [
                    UINavigationController(
                        restorationIdentifier: nil, viewControllers: [vc("ListViewController", "List")]),
                    nav("MyNavController", [vc("MyViewController", "MyViewController")]),
                ])
        }
        let app = TestApp()
        let launched = storyboardUI()
        app.launchUI = { launched }
        let ui = storyboardUI()
        ui.children[0].addChild(
            vc("DetailViewController", "Detail", views: [view("UITextView", "notes", kind: .textView)]))
        ui.children[1].children[0].state = state(("number", 7))
        ui.selectedIndex = 1
        let log = EventLog()
        let engine = runCycle(app, ui: ui, log: log)

        let p = try #require(engine.outcome.preservation)
        #expect(p.node("MyTabBarController/<UINavigationController>")?.reason == .noRestorationIdentifier)
        for lost in ["List", "Detail"] {
            #expect(p.node("MyTabBarController/<UINavigationController>/\(lost)")?.reason == .ancestorNotPreserved)
        }
        #expect(p.node("MyTabBarController/<UINavigationController>/Detail/notes")?.reason == .viewOwnerNotPreserved)
        #expect(
            log.writtenArchive?.entries.map(\.pathString) == [
                "MyTabBarController", "MyTabBarController/MyNavController",
                "MyTabBarController/MyNavController/MyViewController",
            ])
        #expect(log.calls(.encode).count == 3)

        // Next launch: the unmarked tab is as the storyboard built it; the marked one is restored.
        #expect(engine.application.window.rootViewController === launched)
        #expect(launched.children[0].children.map(\.restorationIdentifier) == ["List"])
        #expect(launched.children[1].children[0].state == state(("number", 7)))
        #expect(launched.selectedIndex == 1)
        #expect(engine.outcome.restoration?.nodes.allSatisfy { $0.status == .restored } == true)
    }

    /// Seed 002, listing 1: the app saves its version and refuses to restore an archive written by another one.
    @Test func seed002BundleVersionCheckDeclinesAStaleArchive() throws {
        let app = TestApp()
        var running: UIApplication?
        app.shouldSaveHook = { coder, _ in coder.encode(Double(11), forKey: "MyAppVersion") }
        app.shouldRestore = { coder in
            coder.decodeDouble(forKey: "MyAppVersion") == 11
                && coder.decodeString(forKey: ReservedKeys.bundleVersion) == running?.configuration.bundleVersion
        }
        let launched = vc("Profile", "Profile")
        app.launchUI = { launched }
        app.defaultRoot = { vc("Welcome", "Welcome") }
        let ui = vc("Profile", "Profile", state: state(("UserID", "u42"), ("EditField", 1), ("EditedText", "Ada")))

        let same = runCycle(app, ui: ui) { running = $0 }
        #expect(same.outcome.restoration?.node("Profile")?.status == .restored)
        #expect(launched.state == ui.state)

        launched.state = []
        var update = LaunchOptions()
        update.bundleVersion = "1.1"
        let log = EventLog()
        let updated = runCycle(
            app, ui: ui, log: log, timeline: [.background, .kill(.system), .launch(update), .background]
        ) { running = $0 }
        let r = try #require(updated.outcome.restoration)
        #expect(!r.performed)
        #expect(r.reason == .restoreDeclined)
        #expect(log.calls(.shouldRestore).map(\.result) == [.bool(false)])
        #expect(
            updated.outcome.diagnostics(.restoreDeclined).first?.message.contains("archive bundle version \"1.0\"")
                == true)
        #expect(launched.state.isEmpty)
        #expect(updated.application.window.rootViewController === launched)
        // The next preservation writes the new version.
        #expect(log.writtenArchive?.appLevelValue(ReservedKeys.bundleVersion) == "1.1")
    }

    /// Seed 003: a tab bar of navigation controllers built in code, every controller with a restoration
    /// class; the tab bar's class installs it as the window's root, the others find what it built.
    @Test func seed003TabBarAndNavigationRestoredThroughRestorationClasses() throws {
        func controller(_ cls: String, _ id: String? = nil) -> UIViewController {
            vc(cls, id ?? cls, restorationClass: cls)
        }
        func navigation(_ id: String, _ root: UIViewController) -> UINavigationController {
            let n = nav(id, [root])
            n.className = "NavigationController"
            n.restorationClass = "NavigationController"
            return n
        }
        func tabBar() -> UITabBarController {
            let t = tabs(
                "TabBarController",
                [
                    navigation("home", controller("HomeController")),
                    navigation("dynamic", controller("DynamicController")),
                    navigation("mine", controller("MineController")),
                ])
            t.className = "TabBarController"
            t.restorationClass = "TabBarController"
            return t
        }
        let app = TestApp()
        app.makeKeyInWillFinish = false  // the seed calls makeKeyAndVisible in didFinishLaunching
        var defaults = 0
        app.defaultRoot = {
            defaults += 1
            return tabBar()
        }
        app.restorationClasses["TabBarController"] = { _, _, application in
            let t = tabBar()
            application.window.rootViewController = t
            return t
        }
        app.restorationClasses["NavigationController"] = { path, _, application in
            let i = ["home", "dynamic", "mine"].firstIndex(of: path.last!)!
            return application.window.rootViewController?.children[i]
        }
        for (i, cls) in ["HomeController", "DynamicController", "MineController"].enumerated() {
            app.restorationClasses[cls] = { _, _, application in
                application.window.rootViewController?.children[i].children.first
            }
        }
        let detail = CountingController(
            className: "HomeDetailController", restorationIdentifier: "HomeDetailController")
        detail.restorationClass = "HomeDetailController"
        app.restorationClasses["HomeDetailController"] = { _, _, _ in detail }

        let ui = tabBar()
        ui.children[0].addChild(controller("HomeDetailController"))
        ui.children[0].children[1].state = state(("draft", "hello"))
        let log = EventLog()
        let engine = runCycle(app, ui: ui, log: log) {
            $0.classes.declare("TabBarController", superclass: "UITabBarController")
            $0.classes.declare("NavigationController", superclass: "UINavigationController")
        }

        let r = try #require(engine.outcome.restoration)
        #expect(r.nodes.count == 8)
        #expect(r.nodes.allSatisfy { $0.status == .restored && $0.via == .restorationClass })
        #expect(log.calls(.delegateViewController).isEmpty)
        #expect(log.calls(.restorationClassViewController).first?.effects?.newRoot != nil)
        let root = try #require(engine.application.window.rootViewController)
        #expect(root.className == "TabBarController")
        #expect(root.children[0].children.map(\.className) == ["HomeController", "HomeDetailController"])
        #expect(root.children[0].children[1] === detail)
        #expect(detail.state == state(("draft", "hello")))
        #expect(detail.finished == 1)
        #expect(defaults == 0)
        // Seed 000's checklist requires makeKeyAndVisible in willFinishLaunching; seed 003 calls it later (R10).
        #expect(engine.outcome.diagnostics(.windowNotVisible).map(\.path) == [nil])
    }

    /// Seed 004 (LevenWin/Restoration): controllers from the storyboard whose restoration class
    /// instantiates them again from the storyboard archived under `UIStateRestorationViewControllerStoryboardKey`;
    /// each brings back its text input. Stopped from the debugger after backgrounding, snapshot ignored.
    @Test func seed004TextInputRestoredFromTheArchivedStoryboard() throws {
        func scene(_ id: String) -> MessageViewController {
            let m = MessageViewController(className: id, restorationIdentifier: id)
            m.storyboard = StoryboardReference(name: "Main", identifier: id)
            m.restorationClass = id
            m.addView(view("UITextField", "messageInput", kind: .textField))
            return m
        }
        let app = TestApp()
        app.willEncode = { _, application in application.ignoreSnapshotOnNextApplicationLaunch() }
        app.launchUI = { nav("homeNavigation", [scene("ViewController")]) }
        app.storyboards["Main/ViewController"] = { scene("ViewController") }
        app.storyboards["Main/SecondViewController"] = { scene("SecondViewController") }
        var storyboardsSeen: [CoderValue] = []
        let fromStoryboard: ([String], RestorationCoder, UIApplication) -> UIViewController? = {
            path, coder, application in
            guard let sb = coder.decodeObject(forKey: ReservedKeys.storyboard) else { return nil }
            storyboardsSeen.append(sb)
            guard case .dictionary(let d) = sb, let name = d["name"]?.stringValue else { return nil }
            return app.instantiateViewController(
                application, storyboard: StoryboardReference(name: name, identifier: path.last!))
        }
        app.restorationClasses["ViewController"] = fromStoryboard
        app.restorationClasses["SecondViewController"] = fromStoryboard

        let first = scene("ViewController")
        first.message = "Hello"
        let second = scene("SecondViewController")
        second.message = "half-typed reply"
        second.views[0].viewState.selectedRange = [4, 0]
        let log = EventLog()
        let engine = runCycle(
            app, ui: nav("homeNavigation", [first, second]), log: log,
            timeline: [.background, .kill(.debugger), .launch(LaunchOptions())])

        #expect(log.system(.snapshot).isEmpty)
        #expect(
            storyboardsSeen == [
                .dictionary(["name": "Main", "identifier": "ViewController"]),
                .dictionary(["name": "Main", "identifier": "SecondViewController"]),
            ])
        let stack = try #require(engine.application.window.rootViewController?.children as? [MessageViewController])
        #expect(stack.map(\.message) == ["Hello", "half-typed reply"])
        #expect(stack[1].views[0].viewState.selectedRange == [4, 0])
        #expect(engine.outcome.restoration?.nodes.allSatisfy { $0.status == .restored } == true)
        #expect(engine.outcome.restoration?.node("homeNavigation/SecondViewController")?.via == .restorationClass)
    }
}

/// Seed 004's controller: a text field whose text is encoded under `kMessageRestorationKey`.
final class MessageViewController: UIViewController {
    var message = ""
    override func encodeRestorableState(with coder: RestorationCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(message, forKey: "kMessageRestorationKey")
    }
    override func decodeRestorableState(with coder: RestorationCoder) {
        super.decodeRestorableState(with: coder)
        message = coder.decodeString(forKey: "kMessageRestorationKey") ?? ""
    }
}
