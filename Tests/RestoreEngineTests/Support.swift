import RestoreEngine

/// Collects every event the engine emits.
final class EventLog: EngineObserver {
    var events: [EngineEvent] = []
    func engine(_ engine: RestorationEngine, didEmit event: EngineEvent) { events.append(event) }
    var callbacks: [String] { events.map(\.name) }
    func calls(_ callback: Callback) -> [EngineEvent] { events.filter { $0.callback == callback } }
}

/// A test app: a delegate with configurable answers, restoration classes as closures.
final class TestApp: RestorableApp {
    var shouldSave = true
    var shouldRestore: (RestorationCoder) -> Bool = { _ in true }
    var willEncode: (RestorationCoder, UIApplication) -> Void = { _, _ in }
    var launchUI: () -> UIViewController? = { nil }
    var defaultRoot: (() -> UIViewController)?
    var makeKeyInWillFinish = true
    var delegateAnswers: [String: (UIApplication) -> UIViewController?] = [:]
    var restorationClasses: [String: ([String], RestorationCoder, UIApplication) -> UIViewController?] = [:]
    var objectClasses: [String: ([String]) -> UIStateRestoringObject?] = [:]
    var storyboards: [String: () -> UIViewController] = [:]

    func loadInitialInterface(_ application: UIApplication) -> UIViewController? { launchUI() }
    func instantiateViewController(_ application: UIApplication, storyboard: StoryboardReference) -> UIViewController? {
        storyboards[storyboard.name + "/" + storyboard.identifier]?()
    }
    func application(_ application: UIApplication, willFinishLaunchingWithOptions launch: Int) -> Bool {
        if makeKeyInWillFinish { application.window.makeKeyAndVisible() }
        return true
    }
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launch: Int) -> Bool {
        if application.window.rootViewController == nil, let defaultRoot { application.window.rootViewController = defaultRoot() }
        application.window.makeKeyAndVisible()
        return true
    }
    func application(_ application: UIApplication, shouldSaveApplicationState coder: RestorationCoder) -> Bool { shouldSave }
    func application(_ application: UIApplication, willEncodeRestorableStateWith coder: RestorationCoder) { willEncode(coder, application) }
    func application(_ application: UIApplication, shouldRestoreApplicationState coder: RestorationCoder) -> Bool { shouldRestore(coder) }
    func application(_ application: UIApplication, viewControllerWithRestorationIdentifierPath identifierComponents: [String], coder: RestorationCoder) -> UIViewController? {
        delegateAnswers[identifierComponents.joined(separator: "/")]?(application)
    }
    func viewController(restorationClass: String, withRestorationIdentifierPath identifierComponents: [String], coder: RestorationCoder, application: UIApplication) -> UIViewController? {
        restorationClasses[restorationClass]?(identifierComponents, coder, application)
    }
    func object(restorationClass: String, withRestorationIdentifierPath identifierComponents: [String], coder: RestorationCoder, application: UIApplication) -> UIStateRestoringObject? {
        objectClasses[restorationClass]?(identifierComponents)
    }
}

/// Runs launch 1 with `ui`, then background → kill → relaunch.
@discardableResult
func runCycle(_ app: TestApp, ui: UIViewController?, log: EventLog = EventLog(), timeline: [TimelineStep]? = nil, configure: (UIApplication) -> Void = { _ in }) -> RestorationEngine {
    let application = UIApplication()
    configure(application)
    let engine = RestorationEngine(application: application, boundary: DirectBoundary(app: app))
    engine.observer = log
    engine.start(with: ui)
    engine.run(timeline ?? [.background, .kill(.system), .launch(LaunchOptions())])
    return engine
}

extension PhaseOutcome {
    func node(_ locator: String) -> NodeOutcome? { nodes.first { $0.locator == locator } }
}
