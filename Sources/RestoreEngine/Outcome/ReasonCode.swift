/// Why a node was not preserved or not restored, or what a diagnostic is about. Stable: used in JSON.
public enum ReasonCode: String, Sendable, CaseIterable, Comparable {
    case noRestorationIdentifier = "no-restoration-identifier"
    case ancestorNotPreserved = "ancestor-not-preserved"
    case notEncodedByContainer = "not-encoded-by-container"
    case viewOwnerNotPreserved = "view-owner-not-preserved"
    case objectNotReferenced = "object-not-referenced"
    case saveDeclined = "save-declined"
    case restoreDeclined = "restore-declined"
    case noArchive = "no-archive"
    case archiveDeletedUserQuit = "archive-deleted-user-quit"
    case archiveDeletedCrash = "archive-deleted-crash"
    case deviceLocked = "device-locked"
    case restorationClassReturnedNil = "restoration-class-returned-nil"
    case classMismatch = "class-mismatch"
    case notFound = "not-found"
    case parentNotRestored = "parent-not-restored"
    case ambiguousPath = "ambiguous-path"
    case reservedKey = "reserved-key"
    case windowNotVisible = "window-not-visible"
    case selectionDropped = "selection-dropped"
    case selectionMoved = "selection-moved"
    case truncatedByContainer = "truncated-by-container"
    case insecureCoding = "insecure-coding"
    case viewNotLoaded = "view-not-loaded"
    case archiveFromOlderVersion = "archive-from-older-version"
    case duplicateInstance = "duplicate-instance"
    case deprecatedApi = "deprecated-api"
    case sceneBasedApp = "scene-based-app"
    case legacyRestorationInert = "legacy-restoration-inert"
    case activityTypeNotDeclared = "activity-type-not-declared"
    case activityNotPlist = "activity-not-plist"
    case sessionDiscarded = "session-discarded"

    public static func < (a: ReasonCode, b: ReasonCode) -> Bool { a.rawValue < b.rawValue }

    /// One line a person understands, without the node's name.
    public var summary: String {
        switch self {
        case .noRestorationIdentifier: "it has no restoration identifier"
        case .ancestorNotPreserved: "an ancestor was not preserved, so nothing below it was"
        case .notEncodedByContainer: "its custom container does not encode its children"
        case .viewOwnerNotPreserved: "the view controller that owns it was not preserved"
        case .objectNotReferenced: "no preserved object encodes a reference to it"
        case .saveDeclined:
            "application:shouldSaveSecureApplicationState: (or the deprecated application:shouldSaveApplicationState:) returned NO"
        case .restoreDeclined:
            "application:shouldRestoreSecureApplicationState: (or the deprecated application:shouldRestoreApplicationState:) returned NO"
        case .noArchive: "there was no restoration archive at launch"
        case .archiveDeletedUserQuit: "the user force-quit the app from the app switcher, which deletes the archive"
        case .archiveDeletedCrash: "the app crashed during restoration, which deletes the archive"
        case .deviceLocked: "the device was locked at launch, so the encrypted archive could not be read"
        case .restorationClassReturnedNil: "its restoration class returned nil, which excludes it and its subtree"
        case .classMismatch: "the object returned is not of the archived class"
        case .notFound: "no restoration class, app delegate, existing object or storyboard supplied it"
        case .parentNotRestored: "its parent was not restored"
        case .ambiguousPath: "another preserved sibling has the same restoration path"
        case .reservedKey: "it encodes a key UIKit reserves"
        case .windowNotVisible: "makeKeyAndVisible was not called in willFinishLaunching"
        case .selectionDropped: "a selected item's model identifier no longer exists"
        case .selectionMoved: "without UIDataSourceModelAssociation the raw index path now points at another item"
        case .truncatedByContainer:
            "a controller below it in its navigation stack did not come back, and UIKit truncates the stack there"
        case .insecureCoding: "its coder holds an object whose class does not adopt NSSecureCoding"
        case .viewNotLoaded: "its view controller's view was never loaded, so no view state was encoded"
        case .archiveFromOlderVersion: "the archive was written by another bundle version and restored without a check"
        case .duplicateInstance: "its restoration class made a second instance of a controller the launch UI built"
        case .deprecatedApi: "the app implements only the state restoration methods deprecated in iOS 13.2"
        case .sceneBasedApp: "the app uses scenes, so UIKit never runs view-controller-based restoration"
        case .legacyRestorationInert: "view-controller-based restoration pieces do nothing in a scene-based app"
        case .activityTypeNotDeclared:
            "its activity's type is not listed in NSUserActivityTypes, so it is not persisted"
        case .activityNotPlist: "its activity's userInfo holds a value that is not a property-list type"
        case .sessionDiscarded:
            "the user closed the scene (or force-quit the app) in the app switcher, which discards its session"
        }
    }

    /// What to do about it.
    public var fix: String {
        switch self {
        case .noRestorationIdentifier: "set restorationIdentifier on it (in code or the storyboard's Restoration ID)"
        case .ancestorNotPreserved: "give every ancestor from the root down a restoration identifier"
        case .notEncodedByContainer:
            "encode the children in the container's encodeRestorableStateWithCoder: (coder.encode(child, forKey:))"
        case .viewOwnerNotPreserved: "make the owning view controller restorable first"
        case .objectNotReferenced: "encode the object from a preserved controller's encodeRestorableStateWithCoder:"
        case .saveDeclined:
            "return YES from application:shouldSaveSecureApplicationState: (or the deprecated application:shouldSaveApplicationState:)"
        case .restoreDeclined:
            "check the condition in application:shouldRestoreSecureApplicationState: (or the deprecated application:shouldRestoreApplicationState:): a bundle version check?"
        case .noArchive: "background the app before it is killed: preservation only runs on entering the background"
        case .archiveDeletedUserQuit:
            "test by backgrounding, then stopping from Xcode; a force-quit deletes the archive by design"
        case .archiveDeletedCrash:
            "fix the crash in decodeRestorableStateWithCoder:; UIKit drops the archive after a crash"
        case .deviceLocked: "nothing to fix in code: restoration only happens on an unlocked device"
        case .restorationClassReturnedNil:
            "return a controller from +viewControllerWithRestorationIdentifierPath:coder:, or expect the subtree to be lost"
        case .classMismatch: "return an instance of the archived class (or a subclass)"
        case .notFound: "give it a restoration class, answer it from the app delegate, or load it from a storyboard"
        case .parentNotRestored: "restore the parent first"
        case .ambiguousPath: "give siblings distinct restoration identifiers"
        case .reservedKey: "rename the key: UIApplicationStateRestoration* and UIKit's own keys are reserved"
        case .windowNotVisible: "call makeKeyAndVisible in application:willFinishLaunchingWithOptions:"
        case .selectionDropped:
            "expected if the item was deleted; otherwise check indexPathForElementWithModelIdentifier:inView:"
        case .selectionMoved: "adopt UIDataSourceModelAssociation in the table's data source"
        case .truncatedByContainer: "make every controller below it in the stack restorable"
        case .insecureCoding:
            "adopt NSSecureCoding (supportsSecureCoding = YES) in that value's class, or encode plist types instead"
        case .viewNotLoaded:
            "nothing to fix if the view was never shown; load it (loadViewIfNeeded) to preserve its state"
        case .archiveFromOlderVersion:
            "compare UIApplicationStateRestorationBundleVersionKey in application:shouldRestoreSecureApplicationState: and decline archives you cannot read"
        case .duplicateInstance:
            "return the launch UI's instance from the restoration class (look it up by path), or drop the restoration class"
        case .deprecatedApi:
            "implement application:shouldSaveSecureApplicationState: and application:shouldRestoreSecureApplicationState: instead"
        case .sceneBasedApp:
            "save each scene's state as an NSUserActivity from stateRestorationActivityForScene:"
        case .legacyRestorationInert: "replace each piece with its scene-based counterpart (listed)"
        case .activityTypeNotDeclared: "add the activity type to NSUserActivityTypes in Info.plist"
        case .activityNotPlist:
            "store only the types NSUserActivity.userInfo allows (NSString, NSNumber, NSDate, NSData, NSArray, NSDictionary, NSSet, NSNull, NSURL) in userInfo, e.g. an identifier instead of a model object"
        case .sessionDiscarded:
            "nothing to fix: closing a scene discards it by design; test by backgrounding, then stopping from Xcode"
        }
    }
}
