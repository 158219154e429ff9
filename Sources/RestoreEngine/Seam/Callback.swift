/// The UIKit selectors the engine calls on the app (trace field `callback`).
public enum Callback: String, Sendable, CaseIterable {
    case willFinishLaunching = "application:willFinishLaunchingWithOptions:"
    case didFinishLaunching = "application:didFinishLaunchingWithOptions:"
    case shouldSave = "application:shouldSaveApplicationState:"
    case shouldSaveSecure = "application:shouldSaveSecureApplicationState:"
    case willEncodeApplication = "application:willEncodeRestorableStateWithCoder:"
    case shouldRestore = "application:shouldRestoreApplicationState:"
    case shouldRestoreSecure = "application:shouldRestoreSecureApplicationState:"
    case delegateViewController = "application:viewControllerWithRestorationIdentifierPath:coder:"
    case didDecodeApplication = "application:didDecodeRestorableStateWithCoder:"
    case restorationClassViewController = "viewControllerWithRestorationIdentifierPath:coder:"
    case restorationClassObject = "objectWithRestorationIdentifierPath:coder:"
    case storyboardInstantiate = "instantiateViewControllerWithIdentifier:"
    case encode = "encodeRestorableStateWithCoder:"
    case decode = "decodeRestorableStateWithCoder:"
    case finishedRestoring = "applicationFinishedRestoringState"
    case modelIdentifier = "modelIdentifierForElementAtIndexPath:inView:"
    case indexPath = "indexPathForElementWithModelIdentifier:inView:"
    // The scene life cycle (SPEC §8): saving per session (S2), reconnecting (S3), closing (S4).
    case sceneWillResignActive = "sceneWillResignActive:"
    case sceneDidEnterBackground = "sceneDidEnterBackground:"
    case stateRestorationActivity = "stateRestorationActivityForScene:"
    case userActivityWillSave = "userActivityWillSave:"
    case updateUserActivityState = "updateUserActivityState:"
    case didUpdateUserActivity = "scene:didUpdateUserActivity:"
    case sceneDidDisconnect = "sceneDidDisconnect:"
    case didDiscardSceneSessions = "application:didDiscardSceneSessions:"
    case willConnectToSession = "scene:willConnectToSession:options:"
    case restoreInteractionState = "scene:restoreInteractionStateWithUserActivity:"
    case sceneWillEnterForeground = "sceneWillEnterForeground:"
    case sceneDidBecomeActive = "sceneDidBecomeActive:"
    /// A new session's configuration (S3): asked only when no remembered session is left.
    case configurationForConnecting = "application:configurationForConnectingSceneSession:options:"

    /// A call of the scene life cycle (SPEC §8). A switch, not a list, so a new call is placed.
    public var isScene: Bool {
        switch self {
        case .sceneWillResignActive, .sceneDidEnterBackground, .stateRestorationActivity, .userActivityWillSave,
            .updateUserActivityState, .didUpdateUserActivity, .sceneDidDisconnect, .didDiscardSceneSessions,
            .willConnectToSession, .restoreInteractionState, .sceneWillEnterForeground, .sceneDidBecomeActive,
            .configurationForConnecting:
            true
        case .willFinishLaunching, .didFinishLaunching, .shouldSave, .shouldSaveSecure, .willEncodeApplication,
            .shouldRestore, .shouldRestoreSecure, .delegateViewController, .didDecodeApplication,
            .restorationClassViewController, .restorationClassObject, .storyboardInstantiate, .encode, .decode,
            .finishedRestoring, .modelIdentifier, .indexPath:
            false
        }
    }
}

/// Things the system does (trace field `event`).
public enum SystemEvent: String, Sendable, CaseIterable {
    /// The app is running (launch 1) with the hierarchy the timeline starts from.
    case appRunning = "app-running"
    /// A relaunch begins; carries the launch options.
    case launch
    /// The main storyboard's initial interface was loaded (R1); carries the hierarchy.
    case launchUIBuilt = "launch-ui-built"
    /// The app moved to the background; carries the hierarchy being preserved.
    case background
    case archiveWritten = "archive-written"
    case archiveDeleted = "archive-deleted"
    case snapshot
    case kill
    case crash
    /// A scene session connected at launch 1, with its configuration and window hierarchy (S2).
    case sceneConnected = "scene-connected"
    /// A session's activity was archived with it (S2).
    case activitySaved = "activity-saved"
    /// A session's activity was not persisted; `reason` says why (S2).
    case activityNotSaved = "activity-not-saved"
    /// The user closed a scene in the switcher (S4).
    case close
    /// The system disconnected a scene to reclaim memory (S4).
    case disconnect
    /// A session and its activity are gone (S4).
    case sessionDiscarded = "session-discarded"
}

public enum Phase: String, Sendable, CaseIterable {
    case launch, preservation, termination, restoration
}

/// How the app was terminated (T1, T2).
public enum KillKind: String, Sendable, CaseIterable {
    /// Killed by the system in the background: the archive survives.
    case system
    /// Force-quit from the app switcher: the archive is deleted.
    case user
    /// Stopped from the debugger: the archive survives.
    case debugger
}

public enum NodeKind: String, Sendable {
    case viewController, view, object
}
