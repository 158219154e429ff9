import RestoreEngine

/// What the system does to a scene-based app (SPEC §8), as the glue learns it from the scene
/// delegate and `UISceneSession`: sessions connecting, activities saved or not, snapshots, and
/// the ways a scene ends. Calls into the app go through `didCall` like every other.
extension AppCapture {
    /// A session is connected at launch 1 with this configuration and root view controller.
    public func sceneConnected(session: String, configuration: String, root: AnyObject?) {
        var e = EngineEvent(launch: launch, phase: phase, event: .sceneConnected)
        e.session = session
        e.configuration = configuration
        e.hierarchy = root.map(application.snapshot(ofController:))
        write(e)
    }

    /// UIKit archived `activity` with the session.
    public func activitySaved(session: String, activity: UserActivity) {
        var e = EngineEvent(launch: launch, phase: phase, event: .activitySaved)
        e.session = session
        e.activity = activity
        write(e)
    }

    /// UIKit persisted nothing for the session; `reason` is the reason code.
    public func activityNotSaved(session: String, reason: String) {
        var e = EngineEvent(launch: launch, phase: phase, event: .activityNotSaved)
        e.session = session
        e.reason = reason
        write(e)
    }

    /// UIKit took the app switcher's snapshot of one scene.
    public func snapshotTaken(session: String) {
        var e = EngineEvent(launch: launch, phase: phase, event: .snapshot)
        e.session = session
        write(e)
    }

    /// The user closed the scene in the switcher (S4).
    public func sceneClosed(session: String) {
        phase = .termination
        var e = EngineEvent(launch: launch, phase: phase, event: .close)
        e.session = session
        write(e)
    }

    /// The system disconnected the scene to reclaim memory (S4).
    public func sceneDisconnected(session: String) {
        phase = .preservation
        var e = EngineEvent(launch: launch, phase: phase, event: .disconnect)
        e.session = session
        write(e)
    }

    /// The session and its activity are gone; `reason` says why.
    public func sessionDiscarded(session: String, reason: String) {
        var e = EngineEvent(launch: launch, phase: phase, event: .sessionDiscarded)
        e.session = session
        e.reason = reason
        write(e)
    }

    /// UIKit deleted one session's saved activity (after a crash during restoration).
    public func activityDeleted(session: String, reason: String) {
        var e = EngineEvent(launch: launch, phase: phase, event: .archiveDeleted)
        e.session = session
        e.reason = reason
        write(e)
    }
}
