import Foundation
import RestoreArchive
import RestoreEngine
import RestoreTrace

extension Importing {
    /// A scene-based app's saved state (`KnownSceneSessions/data.data` and each session's
    /// restoration dictionary) as a scene trace: the app running with its sessions connected, then
    /// each saved activity adopted as its `activity-saved` event, so `archive`, `replay` and
    /// `report` read it and a relaunch reconnects with what UIKit would hand back.
    /// - Parameter read: the sessions, when the lookup that found them read them already.
    static func importScenes(at folder: String, to output: String?, read: UIKitSceneSessions? = nil)
        throws(RestoreFailure) -> Result
    {
        let saved: UIKitSceneSessions
        if let read { saved = read } else { saved = try readScenes(folder) }
        if let untraceable = saved.untraceableNumber() { throw RestoreFailure(untraceable) }
        let name = appName((folder as NSString).appendingPathComponent(UIKitArchiveFile.fileName))
        let path = output ?? name + ".trace.jsonl"
        var configuration = AppConfiguration(bundleVersion: "unknown", systemVersion: "unknown", idiom: .phone)
        configuration.lifecycle = .scenes
        let activities = saved.sessions.compactMap { s in s.activity.map { (s.persistentIdentifier, $0.model) } }
        // The types UIKit saved were declared in NSUserActivityTypes, or it would not have saved them.
        configuration.userActivityTypes = activities.map(\.1.type).reduce(into: []) {
            if !$0.contains($1) { $0.append($1) }
        }
        var header = TraceHeader(
            scenario: name, description: "UIKit's saved scene sessions in \(folder)", app: configuration)
        header.source = source
        let recorded: (outcome: Outcome, events: Int)
        do {
            try InputGuard.refuseWritingOntoInputs(output: path, inputs: [folder] + saved.files)
            recorded = try TraceRecorder.record(header: header, to: path) { observer in
                let engine = RestorationEngine(
                    application: UIApplication(configuration: configuration), boundary: DirectBoundary(app: NoApp()))
                engine.observer = observer
                engine.startScenes(
                    saved.sessions.map {
                        SceneSetup(session: $0.persistentIdentifier, configuration: $0.configuration ?? "", root: nil)
                    })
                engine.adoptActivities(activities.map { (session: $0.0, activity: $0.1) })
                return engine.outcome
            }
        } catch {
            throw RestoreFailure(error)
        }
        return Result(
            archiveFile: (folder as NSString).appendingPathComponent(UIKitSceneSessions.knownSessionsFile), path: path,
            objects: saved.sessions.count, events: recorded.events, noun: "scene sessions")
    }

    /// The saved scene sessions in `folder`, or a located failure (exit 2).
    public static func readScenes(_ folder: String) throws(RestoreFailure) -> UIKitSceneSessions {
        do { return try UIKitSceneSessions(savedState: folder) } catch { throw RestoreFailure(error) }
    }

}
