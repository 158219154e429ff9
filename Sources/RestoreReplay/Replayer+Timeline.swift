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
        /// `--drop-id` paths that named two or more siblings sharing an identifier (R11).
        private(set) var ambiguousDrops = Set<String>()
        /// Whether a `background` step ran a preservation (an imported archive is adopted, not
        /// preserved: a drop has nothing to act on there).
        private(set) var preserved = false
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
            let idle =
                started
                ? Self.timelineStep(kind, start).flatMap { step, name in
                    engine.idleReason(of: step).map { IdleStep(line: line, step: name, reason: $0) }
                } : nil
            if let idle { idleSteps.append(idle) }
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
                // Deepest first: an ancestor dropped first hid its descendants' paths, and the
                // descendant's drop was then refused as if the archive were UIKit's.
                let drops = whatIf.droppedIdentifiers.sorted {
                    RestorationPath(parsing: $0).components.count > RestorationPath(parsing: $1).components.count
                }
                for dropped in drops {
                    switch dropIdentifier(at: dropped) {
                    case .dropped: droppedSomewhere.insert(dropped)
                    case .ambiguous: ambiguousDrops.insert(dropped)
                    case .notFound: break
                    }
                }
                if idle == nil { preserved = true }
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

        enum Drop { case dropped, ambiguous, notFound }

        /// `--drop-id`: the node at this path loses its restoration identifier before preservation.
        /// - Returns: whether a node had that path, or two siblings shared it (nothing is
        ///   dropped then: the path names neither, and dropping the first said the wrong one lost).
        private func dropIdentifier(at nodePath: String) -> Drop {
            // A doubled, leading or trailing `/` was refused before the run (`WhatIfEdit.pathProblem`).
            let components = RestorationPath(parsing: nodePath).components
            guard let root = application.window.rootViewController, root.restorationIdentifier == components.first
            else {
                return .notFound
            }
            var node = root
            for (i, id) in components.enumerated().dropFirst() {
                let candidates = (node.children + [node.presentedViewController].compactMap { $0 }).filter {
                    $0.restorationIdentifier == id
                }
                let views = i == components.count - 1 ? node.views.filter { $0.restorationIdentifier == id } : []
                if candidates.count + views.count > 1 { return .ambiguous }
                if let next = candidates.first {
                    node = next
                } else if let view = views.first {
                    view.restorationIdentifier = nil
                    return .dropped
                } else {
                    return .notFound
                }
            }
            node.restorationIdentifier = nil
            return .dropped
        }
    }
}
