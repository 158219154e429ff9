/// The app side, with UIKit's names: the application delegate, the storyboards and the
/// restoration classes. Every method has a default (UIKit's behaviour when the app does not
/// implement it), so a test implements only what it models.
public protocol RestorableApp: AnyObject {
    /// The main storyboard's initial controller, built at every launch before `willFinishLaunching` (R1).
    func loadInitialInterface(_ application: UIApplication) -> UIViewController?
    /// `-[UIStoryboard instantiateViewControllerWithIdentifier:]`.
    func instantiateViewController(_ application: UIApplication, storyboard: StoryboardReference) -> UIViewController?

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launch: Int) -> Bool
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launch: Int) -> Bool
    /// Whether the delegate implements an optional method (`respondsToSelector:`): UIKit asks for
    /// the iOS 13.2 secure pair and calls it instead of the deprecated one when it is there (P1).
    func responds(to callback: Callback) -> Bool
    func application(_ application: UIApplication, shouldSaveApplicationState coder: RestorationCoder) -> Bool
    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: RestorationCoder) -> Bool
    func application(_ application: UIApplication, willEncodeRestorableStateWith coder: RestorationCoder)
    func application(_ application: UIApplication, shouldRestoreApplicationState coder: RestorationCoder) -> Bool
    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: RestorationCoder) -> Bool
    func application(
        _ application: UIApplication, viewControllerWithRestorationIdentifierPath identifierComponents: [String],
        coder: RestorationCoder
    ) -> UIViewController?
    func application(_ application: UIApplication, didDecodeRestorableStateWith coder: RestorationCoder)

    /// `+[restorationClass viewControllerWithRestorationIdentifierPath:coder:]`.
    func viewController(
        restorationClass: String, withRestorationIdentifierPath identifierComponents: [String],
        coder: RestorationCoder, application: UIApplication
    ) -> UIViewController?
    /// `+[objectRestorationClass objectWithRestorationIdentifierPath:coder:]`.
    func object(
        restorationClass: String, withRestorationIdentifierPath identifierComponents: [String],
        coder: RestorationCoder, application: UIApplication
    ) -> UIStateRestoringObject?
}

extension RestorableApp {
    public func loadInitialInterface(_ application: UIApplication) -> UIViewController? { nil }
    public func instantiateViewController(_ application: UIApplication, storyboard: StoryboardReference)
        -> UIViewController?
    { nil }
    public func application(_ application: UIApplication, willFinishLaunchingWithOptions launch: Int) -> Bool {
        application.window.makeKeyAndVisible()
        return true
    }
    public func application(_ application: UIApplication, didFinishLaunchingWithOptions launch: Int) -> Bool { true }
    public func application(_ application: UIApplication, shouldSaveApplicationState coder: RestorationCoder) -> Bool {
        false
    }
    /// By default an app implements the deprecated pair only, as every app written before iOS 13.2 does.
    public func responds(to callback: Callback) -> Bool {
        callback != .shouldSaveSecure && callback != .shouldRestoreSecure
    }
    public func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: RestorationCoder)
        -> Bool
    { false }
    public func application(_ application: UIApplication, willEncodeRestorableStateWith coder: RestorationCoder) {}
    public func application(_ application: UIApplication, shouldRestoreApplicationState coder: RestorationCoder) -> Bool
    { false }
    public func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: RestorationCoder)
        -> Bool
    { false }
    public func application(
        _ application: UIApplication, viewControllerWithRestorationIdentifierPath identifierComponents: [String],
        coder: RestorationCoder
    ) -> UIViewController? { nil }
    public func application(_ application: UIApplication, didDecodeRestorableStateWith coder: RestorationCoder) {}
    public func viewController(
        restorationClass: String, withRestorationIdentifierPath identifierComponents: [String],
        coder: RestorationCoder, application: UIApplication
    ) -> UIViewController? { nil }
    public func object(
        restorationClass: String, withRestorationIdentifierPath identifierComponents: [String],
        coder: RestorationCoder, application: UIApplication
    ) -> UIStateRestoringObject? { nil }
}

/// The boundary when the app itself answers: dispatches each call to the delegate or to the node.
public final class DirectBoundary: AppBoundary {
    public let app: RestorableApp
    public init(app: RestorableApp) { self.app = app }

    public func perform(_ call: AppCall, context: CallContext) -> AppAnswer {
        let application = context.application
        switch call {
        case .loadInitialInterface:
            return .viewController(app.loadInitialInterface(application))
        case .instantiateStoryboardScene(let reference):
            return .viewController(app.instantiateViewController(application, storyboard: reference))
        case .willFinishLaunching:
            return .bool(app.application(application, willFinishLaunchingWithOptions: context.launch))
        case .didFinishLaunching:
            return .bool(app.application(application, didFinishLaunchingWithOptions: context.launch))
        case .responds(let callback):
            return .bool(app.responds(to: callback))
        case .shouldSave(let coder):
            return .bool(app.application(application, shouldSaveApplicationState: coder))
        case .shouldSaveSecure(let coder):
            return .bool(app.application(application, shouldSaveSecureApplicationState: coder))
        case .shouldRestoreSecure(let coder):
            return .bool(app.application(application, shouldRestoreSecureApplicationState: coder))
        case .willEncodeApplication(let coder):
            app.application(application, willEncodeRestorableStateWith: coder)
            return .void
        case .shouldRestore(let coder):
            return .bool(app.application(application, shouldRestoreApplicationState: coder))
        case .didDecodeApplication(let coder):
            app.application(application, didDecodeRestorableStateWith: coder)
            return .void
        case .delegateViewController(let path, let coder):
            return .viewController(
                app.application(
                    application, viewControllerWithRestorationIdentifierPath: path.components, coder: coder))
        case .restorationClassViewController(let className, let path, let coder):
            return .viewController(
                app.viewController(
                    restorationClass: className, withRestorationIdentifierPath: path, coder: coder,
                    application: application))
        case .restorationClassObject(let className, let path, let coder):
            return .object(
                app.object(
                    restorationClass: className, withRestorationIdentifierPath: path, coder: coder,
                    application: application))
        case .encode(let node, let coder):
            // Each kind called on its class, not through `restoring`'s existential and its
            // protocol witness: ~60 instructions per encode and decode (callgrind,
            // `restoretrace-bench --engine-grid 60`: Scenario.run 130.6M -> 129.7M).
            switch node {
            case .viewController(let vc): vc.encodeRestorableState(with: coder)
            case .view(let v): v.encodeRestorableState(with: coder)
            case .object(let o): o.encodeRestorableState(with: coder)
            }
            return .void
        case .decode(let node, let coder):
            switch node {
            case .viewController(let vc): vc.decodeRestorableState(with: coder)
            case .view(let v): v.decodeRestorableState(with: coder)
            case .object(let o): o.decodeRestorableState(with: coder)
            }
            return .void
        case .finishedRestoring(let node):
            // As for encode and decode (Scenario.run 129.7M -> 129.3M).
            switch node {
            case .viewController(let vc): vc.applicationFinishedRestoringState()
            case .view(let v): v.applicationFinishedRestoringState()
            case .object(let o): o.applicationFinishedRestoringState()
            }
            return .void
        case .modelIdentifier(let indexPath, let view):
            return .modelIdentifier(view.modelAssociation?.modelIdentifierForElement(at: indexPath, in: view))
        case .indexPath(let identifier, let view):
            return .indexPath(view.modelAssociation?.indexPathForElement(withModelIdentifier: identifier, in: view))
        case .scene(let sceneCall):
            // An app without a scene delegate answers as UIKit's defaults do.
            guard let sceneApp = app as? SceneDelegateApp else { return sceneCall.defaultAnswer }
            return sceneCall.perform(on: sceneApp, application: application)
        }
    }
}
