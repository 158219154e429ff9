import RestoreEngine
import RestoreTrace

/// Stands in for the app during a replay: answers every call from the recorded answers, and
/// where the recording has none (a what-if took the run elsewhere), as UIKit apps usually do.
final class StandInApp: AppBoundary {
    // Stored properties are `@exclusivity(unchecked)`: dynamic exclusivity checks (a runtime call
    // and a thread-local access set per access) on the reader, follower, comparator and
    // stand-in were ~3 % of a replay's instructions (grid 80, callgrind). The engine's thread
    // alone uses the stand-in (steps are read on another, see `Replayer.StepReading`), and no
    // access to one of these properties overlaps another.
    @exclusivity(unchecked) var answers = RecordedAnswers()
    let whatIf: WhatIf
    let rule: RestoreRule?
    /// Views each class's instances have, learned from every hierarchy in the trace so far; the
    /// first hierarchy in trace order to show a class wins (hence the seq).
    @exclusivity(unchecked) private var viewsByClass: [String: (seq: Int, views: [NodeBlueprint])] = [:]
    /// Hierarchies in the writer's format not learned yet, read again from the trace only when
    /// the stand-in builds a new controller and needs views (see `load`).
    @exclusivity(unchecked) private var unlearned: [() -> RecordedEvent?] = []
    /// What became of each `activity:SESSION.type` what-if: a session never asked for its
    /// activity in this run is absent (see `ReplayResult.activityTypeUses`).
    @exclusivity(unchecked) var activityTypeUses: [String: ActivityTypeUse] = [:]
    /// The first scene session of the app at start: a new session (S3) is made from it, as a
    /// scenario's app makes one, so an `activity:SESSION.type` what-if on it reaches the new
    /// sessions too, as recording the changed scenario does.
    @exclusivity(unchecked) var firstSession: String?
    /// The sessions connected new in this run (`application:configurationForConnectingSceneSession:options:`).
    @exclusivity(unchecked) var newSessions: Set<String> = []
    /// The trace was recorded in a real app (`source: app`).
    @exclusivity(unchecked) var fromApp = false
    /// The scene calls the steps loaded so far recorded, by kind and by kind and session: in a
    /// real app's trace, the ones its delegates implement.
    @exclusivity(unchecked) var sceneCallbacksSeen: Set<Callback> = []
    @exclusivity(unchecked) var sceneCallsSeen: Set<String> = []
    /// The sessions those calls were about.
    @exclusivity(unchecked) var sceneSessionsSeen: Set<String> = []

    /// A hierarchy of the trace to learn views from: where its record is, and its tree when
    /// reading the step decoded it.
    struct Hierarchy {
        let seq: Int
        let span: Comparator.Span
        let line: Int
        let tree: NodeBlueprint?
    }

    init(whatIf: WhatIf, rule: RestoreRule?) {
        self.whatIf = whatIf
        self.rule = rule
        forcedAnswers = whatIf.answers
    }

    /// `--set answer:PATH=…`, by path: `WhatIf.answers` builds its dictionary from every edit on
    /// each read (4,000 answers made a what-if on the 100×100 grid take 8.7 s).
    private let forcedAnswers: [String: Answer]

    /// The step's recorded answers and its hierarchies to learn views from.
    ///
    /// A faithful replay never builds a controller the recording did not, so a hierarchy in the
    /// writer's format is learned only when one is built, read again then: walking the trees
    /// the step decoded (the app at start, the launch UI) at every load was 1 % of a replay
    /// (grid 80, callgrind). A what-if replay learns the decoded trees at once instead: reading
    /// them again (11 MB each at 200×200) and decoding them a second time cost a what-if that
    /// builds a controller 6 % (g80, `--set answer:Tabs/nav3/s7=new`: 3,683.4M -> 3,465.3M
    /// instructions), walking them costs one that builds none 0.4 % (`--drop-id`). A record not
    /// in the writer's format is learned at once, so its bytes are not held.
    func load(_ answers: RecordedAnswers, hierarchies: [Hierarchy], rereading comparator: Comparator) {
        self.answers = answers
        if fromApp { learnSceneCalls(answers) }
        for h in hierarchies {
            if let tree = h.tree, h.span.held != nil || !whatIf.isEmpty {
                learnViews(tree, seq: h.seq)
            } else if let held = h.span.held {
                // A hierarchy that does not decode teaches nothing; the comparison reports the line.
                if let tree = try? held.decoded(.hierarchy).hierarchy { learnViews(tree, seq: h.seq) }
            } else {
                // Where it is, not its tree: that is let go with the step.
                let (span, line) = (h.span, h.line)
                unlearned.append { [comparator] in comparator.reread(span, line: line) }
            }
        }
    }

    /// Lets go of the step's answers once it has run.
    func unload() { answers = RecordedAnswers() }

    private func learnViews(_ b: NodeBlueprint, seq: Int) {
        if !b.views.isEmpty, (viewsByClass[b.className]?.seq ?? .max) > seq {
            viewsByClass[b.className] = (seq, b.views)
        }
        for c in b.children { learnViews(c, seq: seq) }
        if let p = b.presented { learnViews(p, seq: seq) }
    }

    /// The views a new instance of the class gets, once every hierarchy so far is learned.
    private func views(of className: String) -> [NodeBlueprint] {
        for read in unlearned {
            // A hierarchy that does not decode teaches nothing; the comparison reports the line.
            if let r = read(), let h = try? r.decoded(.hierarchy).hierarchy { learnViews(h, seq: r.seq) }
        }
        unlearned = []
        return viewsByClass[className]?.views ?? []
    }

    func perform(_ call: AppCall, context: CallContext) -> AppAnswer {
        let app = context.application
        switch call {
        case .loadInitialInterface:
            return .viewController(answers.takeLaunchUI()?.instantiateViewController(classes: app.classes))
        case .instantiateStoryboardScene(let ref):
            let e = answers.take(
                .storyboardInstantiate, path: context.path, receiver: "UIStoryboard",
                argument: .string(ref.qualifiedIdentifier))
            return .viewController(materialize(e?.result, app))
        case .willFinishLaunching, .didFinishLaunching:
            let e = answers.take(call.callback!, path: nil, receiver: "AppDelegate")
            apply(e?.effects, app)
            return .bool(e?.result.flatMap { if case .bool(let b) = $0 { b } else { nil } } ?? true)
        case .responds(let callback) where callback.isScene:
            return .bool(respondsToScene(callback, session: context.path))
        case .responds(let callback):
            // The recording shows which of the pair the app implements: the one UIKit called.
            return .bool(answers.has(callback))
        case .shouldSave, .shouldSaveSecure:
            let e = answers.take(call.callback!, path: nil, receiver: "AppDelegate")
            apply(e?.effects, app)
            return .bool(boolResult(e) ?? false)
        case .willEncodeApplication(let coder):
            let e = answers.take(.willEncodeApplication, path: nil, receiver: "AppDelegate")
            for entry in e?.coder ?? [] { coder.encode(entry.value, forKey: entry.key) }
            apply(e?.effects, app)
            return .void
        case .shouldRestore(let coder), .shouldRestoreSecure(let coder):
            return .bool(shouldRestore(call.callback!, coder))
        case .didDecodeApplication:
            _ = answers.take(.didDecodeApplication, path: nil, receiver: "AppDelegate")
            return .void
        case .delegateViewController(let path, _):
            return .viewController(delegateViewController(path.components, context))
        case .restorationClassViewController(let className, let components, _):
            return .viewController(restorationClassViewController(className, components, context))
        case .restorationClassObject(let className, let components, _):
            return .object(restorationClassObject(className, components, context))
        case .encode(let node, let coder):
            encode(node, coder, context)
            return .void
        case .decode(let node, let coder):
            let e = answers.take(.decode, path: context.path, receiver: node.className)
            if e?.result == .crashed {
                coder.crashApp()
                return .void
            }
            node.restoring.decodeRestorableState(with: coder)
            return .void
        case .finishedRestoring(let node):
            _ = answers.take(.finishedRestoring, path: context.path, receiver: node.className)
            return .void
        case .modelIdentifier(let indexPath, let view):
            return .modelIdentifier(modelIdentifier(indexPath, view, context))
        case .indexPath(let identifier, let view):
            return .indexPath(indexPath(identifier, view, context))
        case .scene(let sceneCall):
            return perform(sceneCall)
        }
    }

    private func shouldRestore(_ callback: Callback, _ coder: RestorationCoder) -> Bool {
        let e = answers.take(callback, path: nil, receiver: "AppDelegate")
        if let forced = whatIf.shouldRestore { return forced }
        // The app's rule reads the keys it checks (R13), whatever the answer replayed.
        if let rule { _ = rule.evaluate(coder) }
        // The recorded answer holds for the recorded question; a changed archive re-asks the app's rule.
        if let e, e.coder == coder.entries, let b = boolResult(e) { return b }
        if let rule { return rule.evaluate(coder) }
        return boolResult(e) ?? false
    }

    private func delegateViewController(_ components: [String], _ context: CallContext) -> UIViewController? {
        let app = context.application
        let e = answers.take(.delegateViewController, path: context.path, receiver: "AppDelegate")
        if !forcedAnswers.isEmpty, let forced = forcedAnswers[RestorationPath(components: components).text] {
            return resolve(forced, components: components, restorationClass: nil, app)
        }
        return materialize(e?.result, app)
    }

    private func restorationClassViewController(
        _ className: String, _ components: [String], _ context: CallContext
    ) -> UIViewController? {
        let app = context.application
        let e = answers.take(.restorationClassViewController, path: context.path, receiver: className)
        if !forcedAnswers.isEmpty, let forced = forcedAnswers[RestorationPath(components: components).text] {
            return resolve(forced, components: components, restorationClass: className, app)
        }
        guard let e else {
            return resolve(.new, components: components, restorationClass: className, app)
        }
        return materialize(e.result, app)
    }

    private func restorationClassObject(
        _ className: String, _ components: [String], _ context: CallContext
    ) -> UIStateRestoringObject? {
        let app = context.application
        let e = answers.take(.restorationClassObject, path: context.path, receiver: className)
        // `--set answer:PATH=…` names an object's path too: it was taken and ignored, so the
        // what-if answered "does not change" where recording the same answer lost the object (R6).
        if !forcedAnswers.isEmpty, let forced = forcedAnswers[RestorationPath(components: components).text] {
            return app.object(answering: forced, restorationClass: className, identifierComponents: components)
        }
        if case .object(.existing(_, let p)?)? = e?.result {
            return app.registeredObject(atRestorationPath: p)
        }
        if case .object(.newObject(let o)?)? = e?.result { return o.instantiate() }
        if e == nil {
            return app.object(answering: .new, restorationClass: className, identifierComponents: components)
        }
        return nil
    }

    private func encode(_ node: RestorableNode, _ coder: RestorationCoder, _ context: CallContext) {
        if let e = answers.take(.encode, path: context.path, receiver: node.className) {
            for entry in e.coder ?? [] { coder.encode(entry.value, forKey: entry.key) }
            if e.result == .crashed { coder.crashApp() }
        } else {
            // UIKit's default for an object whose encode the recording does not have.
            node.restoring.encodeRestorableState(with: coder)
        }
    }

    private func modelIdentifier(_ indexPath: [Int], _ view: UIView, _ context: CallContext) -> String? {
        if let e = answers.take(
            .modelIdentifier, path: context.path, receiver: "", argument: .array(indexPath.map(CoderValue.int))),
            case .modelIdentifier(let m)? = e.result
        {
            return m
        }
        return view.modelAssociation?.modelIdentifierForElement(at: indexPath, in: view)
    }

    private func indexPath(_ identifier: String, _ view: UIView, _ context: CallContext) -> [Int]? {
        if let e = answers.take(.indexPath, path: context.path, receiver: "", argument: .string(identifier)),
            case .indexPath(let p)? = e.result
        {
            return p
        }
        return view.modelAssociation?.indexPathForElement(withModelIdentifier: identifier, in: view)
    }

    private func boolResult(_ e: RecordedAnswer?) -> Bool? {
        if case .bool(let b)? = e?.result { b } else { nil }
    }

    private func apply(_ effects: CallEffects?, _ app: UIApplication) {
        guard let effects else { return }
        if effects.madeKeyAndVisible { app.window.makeKeyAndVisible() }
        if effects.ignoredSnapshot { app.ignoreSnapshotOnNextApplicationLaunch() }
        // A default root is built only when nothing was restored as root (the usual didFinishLaunching).
        if let root = effects.newRoot, app.window.rootViewController == nil {
            app.window.rootViewController = materialize(.object(root), app)
        }
    }

    /// Turns a recorded answer back into a live object.
    private func materialize(_ result: EventResult?, _ app: UIApplication) -> UIViewController? {
        guard case .object(let returned?)? = result else { return nil }
        switch returned {
        case .existing(_, let path): return app.viewController(atRestorationPath: path)
        case .new(let blueprint): return blueprint.instantiateViewController(classes: app.classes)
        case .newObject: return nil
        }
    }

    private func resolve(
        _ answer: Answer, components: [String], restorationClass: String?, _ app: UIApplication
    ) -> UIViewController? {
        let path = RestorationPath(components: components).text
        let archived = app.archivedEntry(atPath: path)
        switch answer {
        case .nil: return nil
        case .existing: return app.viewController(atRestorationPath: path)
        case .new, .instanceOf:
            var className = archived?.className ?? "UIViewController"
            if case .instanceOf(let other) = answer { className = other }
            var b = NodeBlueprint(className: className, restorationIdentifier: components.last)
            b.restorationClass = restorationClass
            b.views = views(of: className)
            return b.instantiateViewController(classes: app.classes)
        case .storyboard:
            guard let ref = archived?.storyboard else { return nil }
            let e = answers.take(
                .storyboardInstantiate, path: path, receiver: "UIStoryboard",
                argument: .string(ref.qualifiedIdentifier))
            return materialize(e?.result, app)
        }
    }
}
