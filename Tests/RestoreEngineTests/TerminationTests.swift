import RestoreTestSupport
import Testing

@testable import RestoreEngine

/// A controller whose decode crashes the app (T3).
final class CrashingController: UIViewController {
    override func decodeRestorableState(with coder: RestorationCoder) {
        coder.crashApp()
    }
}

/// T1–T4: how the app ends decides whether the archive survives.
@Suite struct TerminationTests {
    private func launchApp() -> TestApp {
        let app = TestApp()
        app.launchUI = { nav("Nav", [vc("Home", "Home")]) }
        return app
    }

    @Test(arguments: [KillKind.system, .debugger])
    func systemKillKeepsArchive(kind: KillKind) throws {
        let log = EventLog()
        let engine = runCycle(
            launchApp(), ui: nav("Nav", [vc("Home", "Home")]), log: log, timeline: [.background, .kill(kind)])
        #expect(engine.archive?.keys == ["Nav", "Nav/:[0]:/Home"])
        #expect(log.system(.archiveDeleted).isEmpty)
        #expect(log.system(.kill).first?.kill == kind)
        #expect(log.system(.kill).first?.reason == "killed-in-background")

        engine.relaunch()
        let r = try #require(engine.outcome.restoration)
        #expect(r.performed)
        #expect(r.nodes.map(\.status) == [.restored, .restored])
    }

    @Test func userForceQuitDeletesArchive() throws {
        let log = EventLog()
        let engine = runCycle(
            launchApp(), ui: nav("Nav", [vc("Home", "Home")]), log: log, timeline: [.background, .kill(.user)])
        #expect(engine.archive == nil)
        #expect(log.system(.archiveDeleted).count == 1)
        #expect(log.index(of: .kill)! < log.index(of: .archiveDeleted)!)

        engine.relaunch()
        let r = try #require(engine.outcome.restoration)
        #expect(!r.performed)
        #expect(r.reason == .archiveDeletedUserQuit)
        #expect(log.calls(.shouldRestore).isEmpty)
        #expect(engine.outcome.diagnostics(.archiveDeletedUserQuit).first?.message.contains("force-quit") == true)
    }

    @Test func crashDuringRestorationDeletesArchiveAndNextLaunchRestoresNothing() throws {
        let app = TestApp()
        app.launchUI = { nav("Nav", [CrashingController(className: "Home", restorationIdentifier: "Home")]) }
        let log = EventLog()
        let engine = runCycle(
            app, ui: nav("Nav", [vc("Home", "Home")]), log: log,
            timeline: [.background, .kill(.system), .launch(LaunchOptions()), .launch(LaunchOptions())])

        #expect(engine.outcome.launches.count == 2)
        let crashed = engine.outcome.launches[0]
        #expect(crashed.nodes.allSatisfy { $0.status == .notRestored && $0.reason == .archiveDeletedCrash })
        #expect(crashed.node(key: "Nav/:[0]:/Home")?.cause == nil)
        #expect(crashed.node(key: "Nav")?.cause == "Nav/Home")
        let second = log.launch(2)
        #expect(
            second.map(\.name).suffix(3) == [
                Callback.decode.rawValue, SystemEvent.crash.rawValue, SystemEvent.archiveDeleted.rawValue,
            ])
        #expect(second.last { $0.callback == .decode }?.result == .crashed)
        #expect(!second.contains { $0.callback == .didDecodeApplication || $0.callback == .didFinishLaunching })
        #expect(engine.outcome.diagnostics(.archiveDeletedCrash).first?.severity == .error)

        let next = engine.outcome.launches[1]
        #expect(!next.performed)
        #expect(next.reason == .archiveDeletedCrash)
        #expect(log.launch(3).allSatisfy { $0.callback != .shouldRestore && $0.callback != .decode })
        #expect(engine.archive == nil)
    }

    @Test func killInForegroundLeavesNoNewArchive() throws {
        // Killed before ever going to the background.
        let log = EventLog()
        let engine = runCycle(
            launchApp(), ui: nav("Nav", [vc("Home", "Home")]), log: log,
            timeline: [.kill(.system), .launch(LaunchOptions())])
        #expect(log.system(.kill).first?.reason == "killed-in-foreground")
        #expect(log.system(.archiveWritten).isEmpty)
        let r = try #require(engine.outcome.restoration)
        #expect(!r.performed)
        #expect(r.reason == .noArchive)
        #expect(
            engine.outcome.diagnostics(.noArchive).first?.message.contains("killed while in the foreground") == true)

        // Restored once, then killed in the foreground: the consumed archive is not replaced.
        let twice = EventLog()
        let again = runCycle(
            launchApp(), ui: nav("Nav", [vc("Home", "Home")]), log: twice,
            timeline: [.background, .kill(.system), .launch(LaunchOptions()), .kill(.system), .launch(LaunchOptions())])
        #expect(again.outcome.launches.map(\.performed) == [true, false])
        #expect(again.outcome.launches[1].reason == .noArchive)
        #expect(twice.system(.archiveWritten).count == 1)
    }

    @Test func killLetsGoOfTheDeadAppsControllersBeforeAnyRelaunch() throws {
        let app = TestApp()
        app.launchUI = { nav("Nav", [vc("Home", "Home", presenting: vc("Sheet", "Sheet"))]) }
        let engine = RestorationEngine(application: UIApplication(), boundary: DirectBoundary(app: app))
        weak var root: UIViewController?
        weak var home: UIViewController?
        weak var sheet: UIViewController?
        weak var model: UIStateRestoringObject?
        do {
            let h = vc("Home", "Home", presenting: vc("Sheet", "Sheet"))
            let object = UIStateRestoringObject(restorationIdentifier: "model")
            h.addRestorableObject(object)
            let n = nav("Nav", [h])
            (root, home, sheet, model) = (n, h, h.presentedViewController, object)
            engine.start(with: n)
        }
        engine.run([.background])
        #expect(root != nil && home != nil && sheet != nil && model != nil)
        engine.kill(.system)
        // Nothing but the engine held them: the terminated app's tree is freed at the kill.
        #expect(root == nil)
        #expect(home == nil)
        #expect(sheet == nil)
        #expect(model == nil)
        #expect(engine.application.window.rootViewController == nil)
        #expect(engine.application.viewController(atRestorationPath: "Nav/Home") == nil)

        // The launch after it restores from the archive as before, and its controllers (indexed
        // and obtained during restoration) go at the next kill too.
        engine.relaunch()
        let r = try #require(engine.outcome.restoration)
        #expect(r.performed)
        // The registered object is not re-registered by this launch UI, as on any relaunch.
        #expect(r.nodes.map(\.status) == [.restored, .restored, .restored, .notRestored])
        weak let restored = engine.application.viewController(atRestorationPath: "Nav/Home")
        #expect(restored != nil)
        engine.kill(.system)
        #expect(restored == nil)
    }
}
