import RestoreEngine

/// A test app: a delegate with configurable answers, restoration classes as closures.
public final class TestApp: RestorableApp {
    public init() {}
    public var shouldSave = true
    public var shouldSaveHook: (RestorationCoder, UIApplication) -> Void = { _, _ in }
    public var shouldRestore: (RestorationCoder) -> Bool = { _ in true }
    public var willEncode: (RestorationCoder, UIApplication) -> Void = { _, _ in }
    public var didDecode: (RestorationCoder) -> Void = { _ in }
    public var launchUI: () -> UIViewController? = { nil }
    public var willFinish: (UIApplication) -> Void = { _ in }
    public var defaultRoot: (() -> UIViewController)?
    public var makeKeyInWillFinish = true
    public var delegateAnswers: [String: (UIApplication) -> UIViewController?] = [:]
    public var restorationClasses: [String: ([String], RestorationCoder, UIApplication) -> UIViewController?] = [:]
    public var objectClasses: [String: ([String]) -> UIStateRestoringObject?] = [:]
    public var storyboards: [String: () -> UIViewController] = [:]

    public func loadInitialInterface(_ application: UIApplication) -> UIViewController? { launchUI() }
    public func instantiateViewController(_ application: UIApplication, storyboard: StoryboardReference)
        -> UIViewController?
    {
        storyboards[storyboard.qualifiedIdentifier]?()
    }
    public func application(_ application: UIApplication, willFinishLaunchingWithOptions launch: Int) -> Bool {
        willFinish(application)
        if makeKeyInWillFinish { application.window.makeKeyAndVisible() }
        return true
    }
    public func application(_ application: UIApplication, didFinishLaunchingWithOptions launch: Int) -> Bool {
        if application.window.rootViewController == nil, let defaultRoot {
            application.window.rootViewController = defaultRoot()
        }
        application.window.makeKeyAndVisible()
        return true
    }
    public func application(_ application: UIApplication, shouldSaveApplicationState coder: RestorationCoder) -> Bool {
        shouldSaveHook(coder, application)
        return shouldSave
    }
    public func application(_ application: UIApplication, willEncodeRestorableStateWith coder: RestorationCoder) {
        willEncode(coder, application)
    }
    public func application(_ application: UIApplication, shouldRestoreApplicationState coder: RestorationCoder) -> Bool
    {
        shouldRestore(coder)
    }
    public func application(
        _ application: UIApplication, viewControllerWithRestorationIdentifierPath identifierComponents: [String],
        coder: RestorationCoder
    ) -> UIViewController? {
        delegateAnswers[RestorationPath(components: identifierComponents).text]?(application)
    }
    public func application(_ application: UIApplication, didDecodeRestorableStateWith coder: RestorationCoder) {
        didDecode(coder)
    }
    public func viewController(
        restorationClass: String, withRestorationIdentifierPath identifierComponents: [String], coder: RestorationCoder,
        application: UIApplication
    ) -> UIViewController? {
        restorationClasses[restorationClass]?(identifierComponents, coder, application)
    }
    public func object(
        restorationClass: String, withRestorationIdentifierPath identifierComponents: [String], coder: RestorationCoder,
        application: UIApplication
    ) -> UIStateRestoringObject? {
        objectClasses[restorationClass]?(identifierComponents)
    }
}
