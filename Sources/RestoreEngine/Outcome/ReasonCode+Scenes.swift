/// What a code means for a scene session (SPEC §8). The legacy summaries and fixes speak of the
/// archive and of `application:shouldSave…`/`decodeRestorableStateWithCoder:`, which a
/// scene-based app is never asked (S1): beside a scene finding they told the user to fix a
/// callback UIKit does not call.
extension ReasonCode {
    /// The summary for a scene session; the legacy one where the two agree.
    public var sceneSummary: String {
        switch self {
        case .saveDeclined: "stateRestorationActivity(for:) returned nil"
        case .noArchive: "no activity was saved for it before the app was killed"
        case .archiveDeletedUserQuit:
            "the user force-quit the app from the app switcher, which closed its scenes and deleted the saved activity"
        case .archiveDeletedCrash:
            "the app crashed during restoration (or never completed an extended one), so UIKit deleted the saved activity"
        case .deviceLocked: "the device was locked, so session.stateRestorationActivity was nil at connection"
        default: summary
        }
    }

    /// The fix for a scene session; the legacy one where the two agree.
    public var sceneFix: String {
        switch self {
        case .saveDeclined:
            "return the scene's NSUserActivity from stateRestorationActivity(for:) (scene.userActivity, kept current in updateUserActivityState(_:)), with its type listed under NSUserActivityTypes"
        case .noArchive: "background the app before it is killed: a scene saves its activity on entering the background"
        case .archiveDeletedUserQuit:
            "test by backgrounding, then stopping from Xcode; a force quit discards the scene sessions and their activities by design"
        case .archiveDeletedCrash:
            "fix the crash in scene(_:willConnectTo:options:) or scene(_:restoreInteractionStateWith:), and call completeStateRestoration() on every path after extendStateRestoration()"
        case .deviceLocked:
            "read session.stateRestorationActivity again once protected data is available (UIApplication.protectedDataDidBecomeAvailableNotification), or give the saved state a data-protection class readable after first unlock"
        default: fix
        }
    }

    /// `summary` or `sceneSummary`, as the app's life cycle asks.
    public func summary(sceneBased: Bool) -> String { sceneBased ? sceneSummary : summary }
    /// `fix` or `sceneFix`, as the app's life cycle asks.
    public func fix(sceneBased: Bool) -> String { sceneBased ? sceneFix : fix }
}
