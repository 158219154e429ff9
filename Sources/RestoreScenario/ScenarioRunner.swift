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
    @discardableResult
    public func run(observer: EngineObserver? = nil) -> Outcome {
        let engine = makeEngine(observer: observer)
        engine.start(with: ui.map { $0.instantiateViewController(classes: engine.application.classes) })
        engine.run(timeline)
        return engine.outcome
    }
}
