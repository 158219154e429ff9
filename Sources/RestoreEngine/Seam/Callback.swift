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
