import RestoreEngine

extension Scenario {
    /// Runs the scenario with `observer` (against UIKit's archive for `record --archive`), and
    /// finds in that same run the keys that do nothing, as a located error (nil when there are
    /// none): a crash key that crashes nothing, a path in `app.delegate.encodes` that names no
    /// controller or object at any background (a typo, encoded as nothing), and a launch's `data:`
    /// for a path no preserved view has.
    ///
    /// A crash key names the node (or, with scenes, the session) whose callback crashes. When that
    /// callback is never made at that step — the path is not in the tree, the session was closed,
    /// the launch has no archive to decode — the app ran on as if the key were not there, and the
    /// recording passed: the question the user asked was silently not asked. Which callbacks a
    /// step makes is only known by running it, so the run is watched step by step when (and only
    /// when) the scenario has one of these keys. The recording's caller discards what the run
    /// wrote when a key did nothing. (Found in a second run ahead of the recording, it made
    /// `record` of the 200×200 grid with `encodes: [Tabs]` 1.37 s instead of 0.73 s.)
    public func runFindingKeysThatDoNothing(
        observer: EngineObserver, against archive: Archive? = nil,
        keepingEngine keep: ((RestorationEngine) -> Void)? = nil
    ) -> (outcome: Outcome, keysThatDoNothing: ScenarioError?) {
        let locations = keyLocations.byStep
        let hasKeys = !locations.isEmpty || !app.delegate.encodes.isEmpty || !keyLocations.data.isEmpty
        // Every run watches for steps that do nothing; only one with keys to check watches
        // its events too (an observer in between costs every event).
        let crashWatch =
            hasKeys ? CrashWatch(crashSteps: Set(locations.keys), collectsEncoded: !keyLocations.data.isEmpty) : nil
        let watch = crashWatch ?? StepWatch()
        let watched = crashWatch.map { WatchingObserver(observer, $0) } ?? observer
        let outcome =
            archive.map { run(against: $0, observer: watched, keepingEngine: keep, watching: watch) }
            ?? run(observer: watched, keepingEngine: keep, watching: watch)
        var problems = crashWatch.map { keysThatDoNothing(locations, $0, archive) } ?? []
        // A step with a crash key that did nothing is said once, by its key.
        for (step, why) in watch.idle where locations[step] == nil {
            guard let location = keyLocations.steps[step] else { continue }
            problems.append(Diagnostic(at: location, idleStep(step, why)))
        }
        guard let file = problems.first?.location?.file else { return (outcome, nil) }
        return (outcome, ScenarioError(file: file, problems: problems))
    }

    /// "timeline step 4 ('background') does nothing: …", and what to write instead.
    private func idleStep(_ index: Int, _ why: String) -> String {
        let (word, fix) =
            switch timeline[index] {
            case .kill: ("kill", "Remove it, or put a launch before it")
            case .close: ("close", "Remove it, or close another session")
            case .disconnect: ("disconnect", "Remove it, or put a launch before it")
            default: ("background", "Put a launch before it, or remove it")
            }
        return "timeline step \(index + 1) ('\(word)') does nothing: \(why). \(fix)"
    }

    /// The keys that do nothing, found in a run of their own that records nothing; nil when there
    /// are none or the scenario has no key to check. For an output that cannot be taken back once
    /// written (a device or pipe), where the recording's own run is too late to find them.
    public func keysThatDoNothing(against archive: Archive? = nil) -> ScenarioError? {
        runFindingKeysThatDoNothing(observer: IgnoringObserver(), against: archive).keysThatDoNothing
    }

    private func keysThatDoNothing(_ locations: [Int: SourceLocation], _ watch: CrashWatch, _ archive: Archive?)
        -> [Diagnostic]
    {
        var problems = locations.keys.sorted().compactMap { index -> Diagnostic? in
            guard !watch.crashed.contains(index), let location = locations[index] else { return nil }
            return Diagnostic(at: location, unfired(index, watch, againstArchive: archive != nil))
        }
        // A table the data of a launch names must be one the app ever preserved: the path of
        // no preserved node is a typo, and the changed rows change nothing.
        // With --archive, UIKit's archive is the preservation: its nodes are preserved too.
        let preserved = watch.encodedNodes.union(archive?.entries.map(\.pathString) ?? [])
        for (path, location) in keyLocations.data.sorted(by: { $0.value < $1.value }) where !preserved.contains(path) {
            problems.append(
                Diagnostic(
                    at: location,
                    "'data' names '\(path)', the path of no view the app preserved in this run, so its rows change nothing; write the restoration path of the table or collection view"
                        + Self.nearest(path, among: preserved.sorted())))
        }
        let encoded = watch.app?.encodedPaths ?? []
        // Only where the app delegate was asked at all: a declined save asks it nothing.
        if watch.encodeAsked {
            for path in app.delegate.encodes where !encoded.contains(path) {
                guard let location = keyLocations.encodes[path] else { continue }
                problems.append(
                    Diagnostic(
                        at: location,
                        "'\(path)' in 'encodes' names no controller or registered object at any background of the run, so the app delegate encodes nothing for it; write the restoration path of one (a controller's, or an object's from its restorationParent)"
                    ))
            }
        }
        return problems
    }

    /// Why the crash key of step `index` crashed nothing, and what to name instead.
    private func unfired(_ index: Int, _ watch: CrashWatch, againstArchive: Bool) -> String {
        let scenes = app.lifecycle == .scenes
        switch timeline[index] {
        case .backgroundCrashingWhileEncoding(let name):
            let key = "'crashWhileEncoding: \(name)' crashes nothing"
            if watch.ran[index] == nil {
                // Only a background before the first launch is the one --archive stands for.
                let replaced = !timeline[..<index].contains { if case .launch = $0 { true } else { false } }
                return key
                    + (againstArchive && replaced
                        ? ": with --archive, UIKit's archive is this preservation, so no background runs before the first launch. Remove the key, or record without --archive"
                        : ": the app is not in the foreground at this step, so it does not go to the background. Put the step after a launch")
            }
            let asked = watch.asked[index] ?? []
            if scenes {
                return key + ": scene session '\(name)' is not asked for its activity at this background"
                    + Self.others(
                        asked, none: "no session is asked (none is connected)", some: "the sessions asked are")
                    + ". Name one of them, or close or disconnect the session later in the timeline"
            }
            return key + ": no node at restoration path '\(name)' encodes at this background"
                + Self.others(
                    asked, none: "nothing encodes (preservation declined or no node has a restoration identifier)",
                    some: "the nodes that encode are")
                + ". Name one of them, or remove the key"
        case .launch(let options):
            let name = options.crashWhileDecoding ?? ""
            let asked = watch.asked[index] ?? []
            let key = "'crashWhileDecoding: \(name)' crashes nothing"
            if scenes {
                return key + ": scene session '\(name)' restores no interaction state at this launch"
                    + Self.others(
                        asked, none: "no session does (none saved an activity the launch can restore)",
                        some: "the sessions that do are")
                    + ". Name one of them"
            }
            return key + ": no node at restoration path '\(name)' decodes at this launch"
                + Self.others(
                    asked, none: "nothing decodes (there is no archive, or restoration is declined)",
                    some: "the nodes that decode are")
                + ". Name one of them, or remove the key"
        default:
            return "this step's crash key crashes nothing"
        }
    }

    /// "; nearest: A, B", the preserved paths closest to a mistyped one.
    private static func nearest(_ path: String, among paths: [String]) -> String {
        let views = Array(Set(paths)).sorted()
        let close = views.filter { $0.hasSuffix("/" + (path.split(separator: "/").last.map(String.init) ?? path)) }
        let shown =
            close.isEmpty
            ? views.filter { $0.hasPrefix(path.split(separator: "/").first.map(String.init) ?? "") } : close
        return shown.isEmpty ? "" : "; nearest: " + shown.prefix(5).joined(separator: ", ")
    }

    /// "; the nodes that encode are A, B and 3 more", or the sentence for none.
    private static func others(_ names: [String], none: String, some: String) -> String {
        guard !names.isEmpty else { return "; \(none)" }
        let shown = names.prefix(8).joined(separator: ", ")
        return "; \(some) \(shown)" + (names.count > 8 ? " and \(names.count - 8) more" : "")
    }
}

/// Sorts a run's events by timeline step, and keeps the app: which steps ran, which crashed, and whose state each
/// one encoded or decoded (or, with scenes, which sessions it asked to save or restore).
private final class CrashWatch: StepWatch, EngineObserver {
    var crashed: Set<Int> = []
    var ran: [Int: Bool] = [:]
    var asked: [Int: [String]] = [:]
    private var askedSet: [Int: Set<String>] = [:]
    /// The steps with a crash key: the only ones whose callbacks are listed (`asked`).
    let crashSteps: Set<Int>
    /// The scenario's app, whose delegate says which `encodes` paths it found.
    var app: ScenarioApp?
    /// application:willEncodeRestorableStateWithCoder: was called at least once.
    var encodeAsked = false
    /// Every node encoded in the run, when `collectsEncoded` (only `data:` keys read it).
    var encodedNodes: Set<String> = []
    let collectsEncoded: Bool

    init(crashSteps: Set<Int>, collectsEncoded: Bool) {
        self.crashSteps = crashSteps
        self.collectsEncoded = collectsEncoded
    }

    func engine(_ engine: RestorationEngine, didEmit event: EngineEvent) {
        if app == nil { app = (engine.boundary as? ScenarioBoundary)?.app }
        if event.callback == .willEncodeApplication { encodeAsked = true }
        if collectsEncoded, event.callback == .encode, let path = event.path { encodedNodes.insert(path) }
        guard let step else { return }
        ran[step] = true
        if event.event == .crash || event.result == .crashed { crashed.insert(step) }
        guard crashSteps.contains(step) else { return }
        let name: String? =
            switch event.callback {
            case .encode?, .decode?: event.path
            case .stateRestorationActivity?, .restoreInteractionState?: event.session
            default: nil
            }
        // Listed in order, once each: a set beside the list, or every encode compared its path
        // with all the step's before it (33 s instead of 0.6 s on the 200×200 grid).
        if let name, askedSet[step, default: []].insert(name).inserted { asked[step, default: []].append(name) }
    }
}

/// Hands every event to the recording's observer and to the watch. A live-hierarchy observer
/// (the trace recorder) still gets the live tree: the watch reads no hierarchy.
private final class WatchingObserver: LiveHierarchyObserver {
    private let observer: EngineObserver
    private let watch: CrashWatch

    init(_ observer: EngineObserver, _ watch: CrashWatch) {
        self.observer = observer
        self.watch = watch
    }

    func engine(_ engine: RestorationEngine, didEmit event: EngineEvent) {
        watch.engine(engine, didEmit: event)
        observer.engine(engine, didEmit: event)
    }

    func engine(_ engine: RestorationEngine, didEmit event: EngineEvent, hierarchyOf root: UIViewController) {
        watch.engine(engine, didEmit: event)
        if let live = observer as? LiveHierarchyObserver {
            live.engine(engine, didEmit: event, hierarchyOf: root)
        } else {
            var whole = event
            whole.hierarchy = root.blueprint(classes: engine.application.classes)
            observer.engine(engine, didEmit: whole)
        }
    }
}

/// Takes every event and keeps none (the live tree is not snapshotted for it).
private final class IgnoringObserver: LiveHierarchyObserver {
    func engine(_ engine: RestorationEngine, didEmit event: EngineEvent) {}
    func engine(_ engine: RestorationEngine, didEmit event: EngineEvent, hierarchyOf root: UIViewController) {}
}
