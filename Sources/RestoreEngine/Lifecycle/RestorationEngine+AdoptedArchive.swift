extension RestorationEngine {
    /// The archive on disk is one this engine did not write: UIKit's own, read from a device or a
    /// simulator (SPEC §9). It stands for a preservation that happened there: it is reported as
    /// `archive-written` and its objects as preserved, so the next launch restores from it and a
    /// replay re-adopts it from the trace.
    public func adoptArchive(_ adopted: Archive) {
        phase = .preservation
        // UIKit writes the archive as the app enters the background.
        appState = .background
        archive = adopted
        archiveClassesInferred = true
        archiveLoss = nil
        let nodes = adopted.entries.map { e -> NodeOutcome in
            let depth = e.path.count - 1
            return NodeOutcome(
                path: e.pathString, locator: e.pathString, key: e.key, className: e.className, kind: e.kind,
                status: .preserved, depth: max(0, depth),
                parent: depth > 0 ? RestorationPath(components: Array(e.path.dropLast())).text : nil)
        }
        outcome.preservation = PhaseOutcome(performed: true, nodes: nodes, launch: launch)
        if observer != nil {
            var event = EngineEvent(launch: launch, phase: .preservation, event: .archiveWritten)
            event.reason = Self.adoptedReason
            event.archive = adopted
            emit(event)
        }
    }

    /// The `reason` of an adopted archive's `archive-written` event.
    public static let adoptedReason = "read from UIKit's archive, not written by the engine"
}
