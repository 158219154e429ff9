import RestoreEngine

extension Scenario {
    /// An engine set up to run this scenario: the app, its classes, its UI on screen at launch 1.
    public func makeEngine(observer: EngineObserver? = nil) -> RestorationEngine {
        let app = ScenarioApp(scenario: self)
        let application = UIApplication(configuration: self.app.configuration)
        app.declareClasses(in: &application.classes)
        let engine = RestorationEngine(application: application, boundary: ScenarioBoundary(app: app))
        engine.observer = observer
        return engine
    }

    /// Runs the whole timeline and returns the outcome.
    ///
    /// `keep` is handed the engine once the run is over, for a caller that would rather not pay
    /// to free its object graph (every live controller, view and index) here: a command-line
    /// process about to exit spent ~2 % of `record`'s time on that at 200×200.
    @discardableResult
    public func run(observer: EngineObserver? = nil, keepingEngine keep: ((RestorationEngine) -> Void)? = nil)
        -> Outcome
    {
        run(observer: observer, keepingEngine: keep, watching: nil)
    }

    /// `run`, telling `watch` which timeline step (by its index in `timeline`) runs.
    func run(
        observer: EngineObserver?, keepingEngine keep: ((RestorationEngine) -> Void)? = nil, watching watch: StepWatch?
    ) -> Outcome {
        let engine = makeEngine(observer: observer)
        defer { keep?(engine) }
        if app.lifecycle == .scenes {
            engine.startScenes(
                scenes.map { scene in
                    SceneSetup(
                        session: scene.session, configuration: scene.configuration,
                        root: scene.ui?.instantiateViewController(classes: engine.application.classes))
                })
        } else {
            // Without `ui:`, the app goes to the background showing the launch UI as built (SPEC §3).
            engine.start(
                with: (ui ?? launchUI).map { $0.instantiateViewController(classes: engine.application.classes) })
        }
        drive(engine, timeline.indices, watch)
        return engine.outcome
    }

    /// SPEC §6 `record SCENARIO --archive`: the app runs with its UI, UIKit's archive (read from a
    /// device or simulator) takes the place of the timeline's preservation, and the timeline's
    /// first launch runs against it: which saved controllers come back under the app as it is now.
    ///
    /// The rest of the timeline runs as written: a kill before the first launch is the one that
    /// ended the app (`{kill: user}` deletes the archive, T2), and what follows the first launch
    /// runs after it (a locked launch, then an unlocked one, R12). Only a `background` before the
    /// first launch is left out: the archive is that preservation.
    @discardableResult
    public func run(against archive: Archive, observer: EngineObserver? = nil) -> Outcome {
        run(against: archive, observer: observer, watching: nil)
    }

    func run(
        against archive: Archive, observer: EngineObserver?, keepingEngine keep: ((RestorationEngine) -> Void)? = nil,
        watching watch: StepWatch?
    ) -> Outcome {
        let engine = makeEngine(observer: observer)
        defer { keep?(engine) }
        engine.start(with: ui.map { $0.instantiateViewController(classes: engine.application.classes) })
        engine.adoptArchive(archive)
        let first = timeline.firstIndex { if case .launch = $0 { true } else { false } }
        let beforeLaunch = timeline[..<(first ?? timeline.endIndex)].indices
        // The archive is the one preservation before the first launch: a `background` there
        // after another, or after a kill, is one the app could not have run.
        var killed = false
        var preserved = false
        for index in beforeLaunch {
            switch timeline[index] {
            case .kill: killed = true
            case .background, .backgroundCrashingWhileEncoding:
                if killed || preserved {
                    watch?.idle.append(
                        (
                            index,
                            killed
                                ? "the app is not running at this step (it was killed, and no launch followed)"
                                : "with --archive, UIKit's archive is the one preservation before the first launch, and this is a second"
                        ))
                }
                preserved = true
            default: break
            }
        }
        drive(
            engine,
            beforeLaunch.filter {
                if case .background = timeline[$0] { false } else { true }
            }, watch)
        if engine.appState != .terminated { engine.kill(.system) }
        if let first, case .launch = timeline[first] {
            drive(engine, timeline[first...].indices, watch)
        } else {
            engine.relaunch(LaunchOptions())
        }
        return engine.outcome
    }
}

extension Scenario {
    /// Runs these steps of the timeline in order.
    fileprivate func drive(_ engine: RestorationEngine, _ steps: some Sequence<Int>, _ watch: StepWatch?) {
        guard let watch else { return engine.run(steps.map { timeline[$0] }) }
        for index in steps {
            watch.step = index
            if let why = engine.idleReason(of: timeline[index]) { watch.idle.append((index, why)) }
            engine.run([timeline[index]])
        }
        watch.step = nil
    }
}

/// Told which timeline step is running, for an observer that sorts events by step.
class StepWatch {
    /// The index in `timeline` of the step running; nil between steps.
    var step: Int?
    /// The steps that did nothing (by index) and why (`RestorationEngine.idleReason`).
    var idle: [(step: Int, why: String)] = []
}
