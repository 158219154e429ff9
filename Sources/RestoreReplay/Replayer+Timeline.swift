import RestoreEngine
import RestoreTrace

extension Replayer {
    /// Drives the engine through the timeline's markers (app running, background, kill, launch),
    /// applying the what-if's edits where they belong.
    struct Timeline {
        let path: String
        let whatIf: WhatIf
        let application: UIApplication
        let engine: RestorationEngine
        /// Whether the first launch ('app-running') has run.
        private(set) var started = false
        /// `--drop-id` paths that named a node at some preservation.
        private(set) var droppedSomewhere = Set<String>()
        /// The steps that did nothing when they ran, in order (see `IdleStep`).
        private(set) var idleSteps: [IdleStep] = []

        init(path: String, whatIf: WhatIf, application: UIApplication, engine: RestorationEngine) {
            self.path = path
            self.whatIf = whatIf
            self.application = application
            self.engine = engine
        }

        /// Runs the step a marker starts; `start` is the marker decoded, `scenes` a scene-based
        /// app's sessions at start, `line` where the marker is.
        mutating func run(_ kind: SystemEvent, _ start: inout EngineEvent, scenes: [SceneSetup], line: Int)
            throws(TraceError)
        {
            if started, let (step, name) = Self.timelineStep(kind, start), let why = engine.idleReason(of: step) {
                idleSteps.append(IdleStep(line: line, step: name, reason: why))
            }
            switch kind {
            case .appRunning:
                guard !started else {
                    throw TraceError(
                        file: path, line: line, "a second 'app-running' event: a trace has one first launch")
                }
                started = true
                if engine.isSceneBased {
                    (engine.boundary as? StandInApp)?.firstSession = scenes.first?.session
                    engine.startScenes(scenes)
                } else {
                    let root = start.hierarchy?.instantiateViewController(classes: application.classes)
                    // The decoded tree (25 MB at 200x200) goes before the app runs, not after it.
                    start.hierarchy = nil
                    engine.start(with: root)
                }
            case .background:
                try requireStarted(line)
                for dropped in whatIf.droppedIdentifiers where dropIdentifier(at: dropped) {
                    droppedSomewhere.insert(dropped)
                }
                engine.enterBackground()
            case .kill:
                try requireStarted(line)
                engine.kill(start.kill ?? .system)
            case .launch:
                try requireStarted(line)
                relaunch(start.options ?? LaunchOptions())
            case .close:
                try requireStarted(line)
                engine.run([.close(session: start.session ?? "")])
            case .disconnect:
                try requireStarted(line)
                engine.run([.disconnect(session: start.session ?? "")])
            default: break
            }
        }

        /// The timeline step a marker runs, and its name in a scenario, for those that can do
        /// nothing (`RestorationEngine.idleReason`); nil for the others.
        private static func timelineStep(_ kind: SystemEvent, _ start: EngineEvent) -> (TimelineStep, String)? {
            switch kind {
            case .background: (.background, "background")
            case .kill: (.kill(start.kill ?? .system), "kill")
            case .close: (.close(session: start.session ?? ""), "close")
            case .disconnect: (.disconnect(session: start.session ?? ""), "disconnect")
            default: nil
            }
        }

        /// A launch with the what-if's lock state and bundle version.
        private func relaunch(_ recorded: LaunchOptions) {
            var options = recorded
            if let locked = whatIf.deviceLocked { options.deviceLocked = locked }
            if let version = whatIf.bundleVersion {
                engine.modifyArchive { archive in
                    if let i = archive.appLevel.firstIndex(where: { $0.key == ReservedKeys.bundleVersion }) {
                        archive.appLevel[i].value = .string(version)
                    }
                }
            }
            engine.relaunch(options)
        }

        private func requireStarted(_ line: Int) throws(TraceError) {
            if !started {
                throw TraceError(
                    file: path, line: line, "the app is not running yet: the first event must be 'app-running'")
            }
        }

        /// `--drop-id`: the node at this path loses its restoration identifier before preservation.
        /// - Returns: whether a node had that path.
        private func dropIdentifier(at nodePath: String) -> Bool {
            // As `--drop-id` always read it: an empty component (a doubled or trailing `/`) is skipped.
            let components = RestorationPath(parsing: nodePath).components.filter { !$0.isEmpty }
            guard let root = application.window.rootViewController, root.restorationIdentifier == components.first
            else {
                return false
            }
            var node = root
            for (i, id) in components.enumerated().dropFirst() {
                let candidates = node.children + [node.presentedViewController].compactMap { $0 }
                if let next = candidates.first(where: { $0.restorationIdentifier == id }) {
                    node = next
                } else if i == components.count - 1,
                    let view = node.views.first(where: { $0.restorationIdentifier == id })
                {
                    view.restorationIdentifier = nil
                    return true
                } else {
                    return false
                }
            }
            node.restorationIdentifier = nil
            return true
        }
    }
}
