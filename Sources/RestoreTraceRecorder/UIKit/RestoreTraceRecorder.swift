#if canImport(UIKit)
    // NOT COMPILED ON LINUX, where this package is built and tested: this file has never been
    // built. The hook installation; everything it reports goes to the tested capture core.
    import Foundation
    import ObjectiveC
    import RestoreTrace
    import UIKit

    // RestoreEngine by declaration: it has types named as UIKit's (UIViewController, UIView,
    // UIApplication, NSUserActivity…), and with the whole module imported every use of those
    // names beside UIKit's is ambiguous.
    import struct RestoreEngine.AppConfiguration
    import struct RestoreEngine.Archive
    import enum RestoreEngine.FilePaths
    import struct RestoreEngine.LaunchOptions
    import enum RestoreEngine.Phase

    /// The in-app recorder for debug builds. Call `install()` first thing in
    /// `application(_:willFinishLaunchingWithOptions:)`: Swift has no `+load`, and UIKit restores
    /// state between will- and didFinishLaunching.
    public enum RestoreTraceRecorder {
        /// Installs the hooks and starts (or continues) the trace in the app's container; its path
        /// is logged once. Main thread only; a second call does nothing.
        /// - Parameter readArchive: reads UIKit's archive after a save into the trace's
        ///   `archive-written` event; by default `SavedStateArchive` on the app's own `data.data`.
        @MainActor
        public static func install(
            readArchive: (() -> Archive?)? = nil, log: @escaping (String) -> Void = { NSLog("%@", $0) }
        ) {
            guard session == nil else { return }
            let info = Bundle.main.infoDictionary ?? [:]
            let name = Bundle.main.bundleIdentifier ?? "app"
            let readArchive =
                readArchive ?? { SavedStateArchive.read(inContainer: NSHomeDirectory(), bundle: name, log: log) }
            let path = TraceFile.path(inContainer: NSHomeDirectory(), name: name)
            do {
                try FileManager.default.createDirectory(
                    atPath: FilePaths.parent(of: path), withIntermediateDirectories: true)
                let sink = try FileTraceSink(path: path)
                let header = TraceHeader(scenario: name, app: configuration(info))
                let s = RecorderSession(
                    header: header, sink: sink, resume: TraceFile.resumePoint(ofTraceAt: path), readArchive: readArchive
                )
                session = s
                TraceFile.logLocationOnce(path, log: log)
                s.installHooks()
                s.started()
            } catch {
                log("RestoreTraceRecorder: cannot record to \(path): \(error)")
            }
        }

        @MainActor static var session: RecorderSession?

        /// The app as the trace's header describes it: a replay builds its model from this alone,
        /// so a scene-based app must say so (without, its trace stopped at event 2, rule S1).
        @MainActor
        static func configuration(_ info: [String: Any]) -> AppConfiguration {
            var app = AppConfiguration(
                bundleVersion: info["CFBundleVersion"] as? String ?? "1.0",
                systemVersion: UIDevice.current.systemVersion,
                idiom: UIDevice.current.userInterfaceIdiom == .pad ? .pad : .phone)
            if info["UIApplicationSceneManifest"] != nil { app.lifecycle = .scenes }
            app.userActivityTypes = info["NSUserActivityTypes"] as? [String] ?? []
            // The legacy opt-ins the delegate implements: inert in a scene-based app (S1).
            let optIns = [
                ("application:shouldSaveApplicationState:", "shouldSaveApplicationState"),
                ("application:shouldSaveSecureApplicationState:", "shouldSaveSecureApplicationState"),
                ("application:shouldRestoreApplicationState:", "shouldRestoreApplicationState"),
                ("application:shouldRestoreSecureApplicationState:", "shouldRestoreSecureApplicationState"),
                ("application:willEncodeRestorableStateWithCoder:", "willEncodeRestorableState"),
                (
                    "application:viewControllerWithRestorationIdentifierPath:coder:",
                    "viewControllerWithRestorationIdentifierPath"
                ),
            ]
            if let delegate = UIApplication.shared.delegate {
                app.legacyOptIns = optIns.filter { delegate.responds(to: NSSelectorFromString($0.0)) }.map(\.1)
            }
            return app
        }
    }

    /// One process's recording: the core, the application port, the coder scopes.
    @MainActor
    final class RecorderSession {
        let app = UIKitApplication()
        let capture: AppCapture
        let relaunch: Bool
        private let readArchive: (() -> Archive?)?
        /// The coders of the callbacks on the stack, innermost last.
        var scopes: [CoderRecording] = []
        /// Objects inside a hooked call per selector: a super call from an override is not a second call.
        private var inside: [Selector: Set<ObjectIdentifier>] = [:]
        /// Whether UIKit's archive was there when this relaunch started (see `archiveDeletedAfterLaunch`).
        private(set) var archiveAtLaunch = false
        /// Where UIKit keeps this app's archive.
        static var archiveFile: String {
            SavedStateArchive.path(inContainer: NSHomeDirectory(), bundle: Bundle.main.bundleIdentifier ?? "app")
        }
        /// The app's answer to the save question of the preservation running (nil until given).
        var saveAnswer: Bool?
        /// `willFinishLaunching` is running when `install` is called: it is reported before the next call.
        private var willFinishPending = true
        /// The window as `install` found it, inside `willFinishLaunching`: what that call changed
        /// (made the window key and visible, set a root) is measured from here.
        private var willFinishStart: WindowState?

        init(
            header: TraceHeader, sink: TraceSink, resume: (launch: Int, phase: Phase, seq: Int)?,
            readArchive: (() -> Archive?)?
        ) {
            capture = AppCapture(header: header, application: app, sink: sink, resume: resume)
            relaunch = resume != nil
            self.readArchive = readArchive
        }

        /// A relaunch: the last process ended (how exactly a device does not say: `system`, the
        /// kill that keeps the archive), this one starts with its storyboard's UI in the window.
        func started() {
            guard relaunch else { return }
            archiveAtLaunch = FileManager.default.fileExists(atPath: Self.archiveFile)
            capture.killed(.system, inForeground: capture.phase != .preservation)
            var options = LaunchOptions()
            options.deviceLocked = !UIApplication.shared.isProtectedDataAvailable
            // A new build between the runs ("after an update", R13) is said at the launch.
            options.bundleVersion = Bundle.main.infoDictionary?["CFBundleVersion"] as? String
            capture.launched(options)
            // A scene-based app's UI is its scenes': UIKit builds no launch UI for it.
            if !capture.isSceneBased { capture.launchInterfaceBuilt() }
            willFinishStart = capture.willCall()
        }

        // MARK: Reporting

        /// Runs the app's implementation between `willCall` and `didCall`, once per object and
        /// selector however many overrides call super.
        func around<T>(
            _ selector: Selector, _ object: AnyObject, coder: NSCoder? = nil, run: () -> T,
            report: (T, CoderRecording?) -> CapturedCall?
        ) -> T {
            let id = ObjectIdentifier(object)
            if inside[selector, default: []].contains(id) { return run() }
            flushWillFinish()
            inside[selector, default: []].insert(id)
            let recording = coder.map(CoderRecording.init)
            if let recording { scopes.append(recording) }
            let before = capture.willCall()
            let result = run()
            if recording != nil { scopes.removeLast() }
            inside[selector]?.remove(id)
            if let call = report(result, recording) { capture.didCall(call, since: before) }
            return result
        }

        private func flushWillFinish() {
            guard willFinishPending else { return }
            willFinishPending = false
            // UIKit went on to restore and finish launching, so willFinishLaunching answered YES.
            if relaunch {
                capture.didCall(
                    CapturedCall(.willFinishLaunching, receiver: "AppDelegate", answer: .bool(true)),
                    since: willFinishStart ?? capture.willCall())
            }
        }

        /// Preservation: the background event and the snapshot come from the first delegate
        /// question; the archive is read once UIKit's synchronous save has returned, and only
        /// after a YES. After a NO, UIKit writes nothing, and the `data.data` on disk is an older
        /// save (or none): reporting it made a replay restore from a stale archive. The engine
        /// writes neither the archive nor the snapshot after a NO (P1, P10), so neither does this.
        func preservationStarts() {
            app.snapshotIgnored = false
            saveAnswer = nil
            capture.enteredBackground()
            DispatchQueue.main.async { [self] in
                if saveAnswer == true {
                    capture.archiveWritten(readArchive?())
                    if !app.snapshotIgnored { capture.snapshotTaken() }
                }
                capture.output.flush()
            }
        }

        /// Restoration paths of a node: the controller's, or a view's under its controller.
        func path(of object: AnyObject) -> String? {
            if let vc = object as? UIViewController { return UIKitApplication.restorationPath(of: vc) }
            if let view = object as? UIView, let id = view.restorationIdentifier {
                var responder: UIResponder? = view.next
                while let r = responder, !(r is UIViewController) { responder = r.next }
                return (responder as? UIViewController).flatMap(UIKitApplication.restorationPath(of:)).map {
                    $0 + "/" + id
                }
            }
            return app.registered.first(where: { $0.value === object })?.key
        }
    }
#endif
