extension RestorationEngine {
    /// The archive on disk is one this engine did not write: UIKit's own, read from a device or a
    /// simulator (SPEC §9). It stands for a preservation that happened there: it is reported as
    /// `archive-written` and its objects as preserved, so the next launch restores from it and a
    /// replay re-adopts it from the trace.
    ///
    /// - Parameter classesInferred: its classes are guessed from its keys (`UIKitArchive.model`),
    ///   so R4 is not checked against them. Said in the event's `reason`, so a replay knows; a
    ///   trace recorded before this choice (the older reason) replays with R4 checked, as it was.
    public func adoptArchive(_ adopted: Archive, classesInferred: Bool = true) {
        phase = .preservation
        // UIKit writes the archive as the app enters the background.
        appState = .background
        archive = adopted
        archiveClassesInferred = classesInferred
        archiveLoss = nil
        encodeCrash = nil
        // Siblings that share an identifier (UIKit allows them in containers) get `#i`, their
        // index, as the engine's own preservation names them, and their subtrees follow.
        var locators: [String: String] = [:]
        var used = Set<String>()
        let nodes = adopted.entries.map { e -> NodeOutcome in
            let depth = e.path.count - 1
            let parent = e.parentKey.flatMap { locators[$0] }
            var locator = parent.map { $0 + "/" + e.identifier } ?? e.pathString
            if !used.insert(locator).inserted {
                let suffix: Int
                if case .child(let i) = e.relation { suffix = i } else { suffix = used.count }
                locator += "#\(suffix)"
                used.insert(locator)
            }
            locators[e.key] = locator
            return NodeOutcome(
                path: e.pathString, locator: locator, key: e.key, className: e.className, kind: e.kind,
                status: .preserved, depth: max(0, depth),
                parent: parent ?? (depth > 0 ? RestorationPath(components: Array(e.path.dropLast())).text : nil))
        }
        outcome.preservation = PhaseOutcome(performed: true, nodes: nodes, launch: launch)
        if observer != nil {
            var event = EngineEvent(launch: launch, phase: .preservation, event: .archiveWritten)
            event.reason = classesInferred ? Self.adoptedInferredReason : Self.adoptedReason
            event.archive = adopted
            emit(event)
        }
    }

    /// The `reason` of an adopted archive's `archive-written` event.
    public static let adoptedReason = "read from UIKit's archive, not written by the engine"
    /// The same, when its classes are guessed and R4 is not checked (`classesInferred`).
    ///
    /// A format contract, not only words: a replay reads the flag back from this exact text
    /// (`Replayer.adoptedArchive`). Reworded, every trace recorded with it would replay with R4
    /// checked and diverge where a guessed class mismatches; keep it, or bump the trace format.
    public static let adoptedInferredReason =
        "read from UIKit's archive, not written by the engine; its classes are guessed from its keys, so R4 is not checked"
}
