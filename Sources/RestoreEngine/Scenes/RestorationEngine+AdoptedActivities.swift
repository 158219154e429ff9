extension RestorationEngine {
    /// The scene sessions' saved activities are ones this engine did not save: UIKit's own, read
    /// from a device's or simulator's `.savedState` folder (CAPTURE.md §5). Like `adoptArchive`,
    /// they stand for a preservation that happened there: each is reported as `activity-saved`,
    /// the next launch reconnects with it, and a replay re-adopts it from the trace.
    public func adoptActivities(_ activities: [(session: String, activity: UserActivity)]) {
        phase = .preservation
        appState = .background
        for (session, activity) in activities {
            guard let i = scenes.index(session) else { continue }
            scenes.sessions[i].saved = activity
            scenes.sessions[i].reason = nil
            scenes.sessions[i].foreground = false
            var e = EngineEvent(launch: launch, phase: .preservation, event: .activitySaved)
            e.session = session
            e.activity = activity
            emit(e)
        }
        // As at a scene-based background: the view-controller archive is not UIKit's way here.
        outcome.preservation = PhaseOutcome(performed: false, reason: .sceneBasedApp, launch: launch)
        publishScenes()
    }
}
