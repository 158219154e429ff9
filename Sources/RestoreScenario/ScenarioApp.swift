import RestoreEngine

/// The app a scenario describes, answering UIKit's calls the way the scenario says.
public final class ScenarioApp: RestorableApp {
    public let scenario: Scenario
    /// The paths of `app.delegate.encodes` that named a controller or object at some background
    /// of the run (one that never does is a typo, `Scenario.keysThatDoNothing`).
    public private(set) var encodedPaths: Set<String> = []
    /// Sessions UIKit made at a launch that had none left, each with the `scenes:` item whose
    /// configuration it was given: its delegate answers as that scene's does.
    var newSessions: [String: String] = [:]
    /// Each `scenes:` item's index by session, the first of a name: looked up at every scene
    /// call, a search of the list made 8,000 sessions cost 12 s (r17 fuzz).
    lazy var sceneIndex: [String: Int] = {
        var index: [String: Int] = [:]
        for (i, s) in scenario.scenes.enumerated() where index[s.session] == nil { index[s.session] = i }
        return index
    }()
    /// Views a class's initializer creates, from the first node of that class in the scenario.
    private let viewsByClass: [String: [NodeBlueprint]]

    public init(scenario: Scenario) {
        self.scenario = scenario
        var views: [String: [NodeBlueprint]] = [:]
        // The class whose views were just found: its neighbours mostly share it (one hash of
        // the class name saved per node), and a class's first views stay its views.
        var known: String?
        func collect(_ b: NodeBlueprint) {
            if !b.views.isEmpty, known != b.className {
                if views[b.className] == nil { views[b.className] = b.views.map(Self.freshView) }
                known = b.className
            }
            b.children.forEach(collect)
            b.presented.map(collect)
        }
        Self.distinctRoots(of: scenario).forEach(collect)
        for name in scenario.storyboards.keys.sorted() {
            for id in scenario.storyboards[name]!.keys.sorted() { collect(scenario.storyboards[name]![id]!) }
        }
        for name in scenario.classes.keys.sorted() { scenario.classes[name]!.builds.forEach(collect) }
        viewsByClass = views
    }

    /// The trees a scenario's app starts from (`ui`, `launchUI`, the delegate's default root), each
    /// once: `ui` is often `launchUI` itself (a storyboard app, the benchmark grid), and walking it
    /// again finds nothing new (collecting views and declaring classes are idempotent) but cost a
    /// walk of every node (~5 % of `Scenario.run` on the grid; callgrind, `--engine-grid 60`).
    private static func distinctRoots(of scenario: Scenario) -> [NodeBlueprint] {
        var roots: [NodeBlueprint] = []
        for case let b? in [scenario.ui, scenario.launchUI, scenario.app.delegate.defaultRoot]
        where !roots.contains(where: { $0.isSameTree(as: b) }) {
            roots.append(b)
        }
        return roots
    }

    /// A view as a new instance's initializer makes it: same rows, nothing selected or scrolled.
    private static func freshView(_ view: NodeBlueprint) -> NodeBlueprint {
        var v = view
        v.viewState.selected = nil
        v.viewState.firstVisible = nil
        v.viewState.contentOffset = nil
        v.viewState.zoomScale = nil
        v.viewState.selectedRange = nil
        v.state = []
        return v
    }

    /// Declares every class the scenario names, so the class check (R4) knows their superclasses.
    public func declareClasses(in hierarchy: inout ClassHierarchy) {
        Self.declareClasses(of: scenario, in: &hierarchy)
    }

    /// The same without building the app (whose view templates cost a walk of every tree): what
    /// a trace header needs.
    public static func declareClasses(of scenario: Scenario, in hierarchy: inout ClassHierarchy) {
        for b in distinctRoots(of: scenario) { b.declareClasses(in: &hierarchy) }
        for name in scenario.storyboards.keys.sorted() {
            for id in scenario.storyboards[name]!.keys.sorted() {
                scenario.storyboards[name]![id]!.declareClasses(in: &hierarchy)
            }
        }
        for name in scenario.classes.keys.sorted() {
            scenario.classes[name]!.builds.forEach { $0.declareClasses(in: &hierarchy) }
        }
    }

    // MARK: Building

    private func build(_ blueprint: NodeBlueprint, at path: String?, _ application: UIApplication) -> UIViewController {
        let vc = withClassViews(blueprint).instantiateViewController(classes: application.classes)
        applyData(vc, path: path, application.launchOptions.data)
        return vc
    }

    /// A controller built at launch has the views its class creates, even where the scenario
    /// lists them only on the preserved instance (one `views:` list per class is enough).
    private func withClassViews(_ b: NodeBlueprint) -> NodeBlueprint {
        guard lacksClassViews(b) else { return b }  // the common case: nothing to copy
        var b = b
        if b.role == .viewController, b.views.isEmpty, let views = viewsByClass[b.className] { b.views = views }
        b.children = b.children.map(withClassViews)
        if let p = b.presented { b.presented = withClassViews(p) }
        return b
    }

    private func lacksClassViews(_ b: NodeBlueprint) -> Bool {
        if b.role == .viewController, b.views.isEmpty, viewsByClass[b.className] != nil { return true }
        return b.children.contains(where: lacksClassViews) || (b.presented.map(lacksClassViews) ?? false)
    }

    /// Tables get the rows the launch's `data` gives for their path (the data changed while the app was dead).
    private func applyData(_ vc: UIViewController, path: String?, _ data: [String: [String]]) {
        guard !data.isEmpty else { return }
        for view in vc.views {
            if let path, let id = view.restorationIdentifier,
                let rows = data[RestorationPath(parsing: path).appending(id).text]
            {
                view.viewState.rows = rows
            }
        }
        for child in vc.children {
            applyData(
                child,
                path: path.flatMap { p in
                    child.restorationIdentifier.map { RestorationPath(parsing: p).appending($0).text }
                }, data)
        }
        if let presented = vc.presentedViewController {
            applyData(
                presented,
                path: path.flatMap { p in
                    presented.restorationIdentifier.map { RestorationPath(parsing: p).appending($0).text }
                }, data)
        }
    }

    /// A new instance of `className` for the node at `components`, as its initializer builds it.
    private func newInstance(
        of className: String, restorationClass: String?, at components: [String], _ application: UIApplication
    ) -> UIViewController {
        var b = NodeBlueprint(role: .viewController, className: className, restorationIdentifier: components.last)
        b.restorationClass = restorationClass
        b.views = viewsByClass[className] ?? []
        b.children = scenario.classes[restorationClass ?? className]?.builds ?? []
        if let sup = application.classes.superclass(of: className), sup != ClassHierarchy.viewControllerRoot {
            b.inherits = sup
        }
        return build(b, at: RestorationPath(components: components).text, application)
    }

    private func resolve(
        _ answer: Answer, components: [String], archivedClass: String, restorationClass: String?,
        coder: RestorationCoder, _ application: UIApplication
    ) -> UIViewController? {
        let path = RestorationPath(components: components).text
        switch answer {
        case .nil: return nil
        case .existing: return application.viewController(atRestorationPath: path)
        case .new:
            return newInstance(of: archivedClass, restorationClass: restorationClass, at: components, application)
        case .instanceOf(let other):
            return newInstance(of: other, restorationClass: restorationClass, at: components, application)
        case .storyboard:
            guard case .dictionary(let ref)? = coder.decodeObject(forKey: ReservedKeys.storyboard),
                let name = ref["name"]?.stringValue, let id = ref["identifier"]?.stringValue
            else { return nil }
            return instantiateViewController(application, storyboard: StoryboardReference(name: name, identifier: id))
        }
    }

    // MARK: RestorableApp

    public func loadInitialInterface(_ application: UIApplication) -> UIViewController? {
        scenario.launchUI.map { build($0, at: $0.restorationIdentifier, application) }
    }

    public func instantiateViewController(_ application: UIApplication, storyboard: StoryboardReference)
        -> UIViewController?
    {
        guard let scene = scenario.storyboards[storyboard.name]?[storyboard.identifier] else { return nil }
        var b = scene
        if b.storyboard == nil { b.storyboard = storyboard }
        return build(b, at: nil, application)
    }

    public func application(_ application: UIApplication, willFinishLaunchingWithOptions launch: Int) -> Bool {
        if scenario.app.delegate.makeKeyAndVisible == .willFinishLaunching { application.window.makeKeyAndVisible() }
        return true
    }

    public func application(_ application: UIApplication, didFinishLaunchingWithOptions launch: Int) -> Bool {
        if application.window.rootViewController == nil, let root = scenario.app.delegate.defaultRoot {
            application.window.rootViewController = build(root, at: root.restorationIdentifier, application)
        }
        if scenario.app.delegate.makeKeyAndVisible == .didFinishLaunching { application.window.makeKeyAndVisible() }
        return true
    }

    public func responds(to callback: Callback) -> Bool {
        switch callback {
        case .shouldSaveSecure: scenario.app.delegate.shouldSaveSecureApplicationState != nil
        case .shouldRestoreSecure: scenario.app.delegate.shouldRestoreSecureApplicationState != nil
        default: true
        }
    }

    public func application(_ application: UIApplication, shouldSaveApplicationState coder: RestorationCoder) -> Bool {
        scenario.app.delegate.shouldSaveApplicationState
    }

    public func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: RestorationCoder)
        -> Bool
    {
        scenario.app.delegate.shouldSaveSecureApplicationState ?? false
    }

    public func application(
        _ application: UIApplication, shouldRestoreSecureApplicationState coder: RestorationCoder
    ) -> Bool {
        scenario.app.delegate.shouldRestoreSecureApplicationState?.evaluate(coder) ?? false
    }

    public func application(_ application: UIApplication, willEncodeRestorableStateWith coder: RestorationCoder) {
        for entry in scenario.app.delegate.willEncodeRestorableState { coder.encode(entry.value, forKey: entry.key) }
        // `[coder encodeObject:self.someController forKey:…]`: a reference, under the node's own identifier.
        let keys = scenario.app.delegate.encodes.isEmpty ? nil : application.archiveKeys()
        for path in scenario.app.delegate.encodes {
            guard let key = keys?.key(ofRestorationPath: path) else { continue }
            encodedPaths.insert(path)
            coder.encodeReference(toArchiveKey: key, forKey: String(path.split(separator: "/").last ?? ""))
        }
        if scenario.app.delegate.ignoreSnapshot { application.ignoreSnapshotOnNextApplicationLaunch() }
    }

    public func application(_ application: UIApplication, shouldRestoreApplicationState coder: RestorationCoder) -> Bool
    {
        scenario.app.delegate.shouldRestoreApplicationState.evaluate(coder)
    }

    public func application(
        _ application: UIApplication, viewControllerWithRestorationIdentifierPath identifierComponents: [String],
        coder: RestorationCoder
    ) -> UIViewController? {
        // Most apps answer no path: the path is only joined back into text when there is a table to look in.
        let answers = scenario.app.delegate.viewControllerWithRestorationIdentifierPath
        guard !answers.isEmpty else { return nil }
        let path = RestorationPath(components: identifierComponents).text
        guard let answer = answers[path],
            let archived = application.archivedEntry(atPath: path)
        else { return nil }
        return resolve(
            answer.resolve(coder), components: identifierComponents, archivedClass: archived.className,
            restorationClass: nil,
            coder: coder, application)
    }

    public func viewController(
        restorationClass: String, withRestorationIdentifierPath identifierComponents: [String],
        coder: RestorationCoder, application: UIApplication
    ) -> UIViewController? {
        let path = RestorationPath(components: identifierComponents).text
        guard let spec = scenario.classes[restorationClass], let archived = application.archivedEntry(atPath: path)
        else { return nil }
        return resolve(
            spec.answer.resolve(coder), components: identifierComponents, archivedClass: archived.className,
            restorationClass: restorationClass, coder: coder, application)
    }

    public func object(
        restorationClass: String, withRestorationIdentifierPath identifierComponents: [String],
        coder: RestorationCoder, application: UIApplication
    ) -> UIStateRestoringObject? {
        let path = RestorationPath(components: identifierComponents).text
        guard let spec = scenario.classes[restorationClass], application.archivedEntry(atPath: path) != nil
        else { return nil }
        return application.object(
            answering: spec.answer.resolve(coder), restorationClass: restorationClass,
            identifierComponents: identifierComponents)
    }
}

/// The boundary for a scenario: the app answers, and it crashes where the launch says it does (T3).
public final class ScenarioBoundary: AppBoundary {
    public let app: ScenarioApp
    private let direct: DirectBoundary
    public init(app: ScenarioApp) {
        self.app = app
        direct = DirectBoundary(app: app)
    }
    public func perform(_ call: AppCall, context: CallContext) -> AppAnswer {
        // One switch on the call's case: three `if case` tests in turn cost ~50 instructions
        // more on every call into the app, before any of its work (callgrind,
        // `restoretrace-bench --engine-grid 60`, no observer: Scenario.run 131.4M -> 130.6M).
        switch call {
        case .delegateViewController:
            // The app (final) answers nil at once when its delegate answers no path: said here,
            // the path is never cut into identifiers for it (`AppCall.delegateViewController`).
            if app.scenario.app.delegate.viewControllerWithRestorationIdentifierPath.isEmpty {
                return .viewController(nil)
            }
        case .decode(_, let coder):
            if let crashPath = context.application.pathCrashingWhileDecoding, crashPath == context.path {
                coder.crashApp()
                return .void
            }
        case .encode(_, let coder):
            if let crashPath = context.application.pathCrashingWhileEncoding, crashPath == context.path {
                coder.crashApp()
                return .void
            }
        case .scene(.stateRestorationActivity(let session)):
            // A scene-based app's `crashWhileEncoding` names the session whose save crashes.
            if context.application.pathCrashingWhileEncoding == session { return .crashed }
        case .scene(.restoreInteractionState(let session, _)):
            // … and its `crashWhileDecoding` the session whose restoration crashes.
            if context.application.pathCrashingWhileDecoding == session { return .crashed }
        default: break
        }
        return direct.perform(call, context: context)
    }
}
