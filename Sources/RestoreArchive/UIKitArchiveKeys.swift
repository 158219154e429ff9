/// The keys of UIKit's restoration archive this reader interprets, spelled as they are stored
/// (CAPTURE.md §1.3–1.4: the public constants' string values drop the `Key` suffix).
public enum UIKitArchiveKeys {
    public static let roots = "kRootRestorationIdentifiersKey"
    public static let restorationClassMap = "kViewControllerRestorationClassMapKey"
    public static let majorVersion = "kUIStateRestorationArchiveMajorVersionKey"
    public static let minorVersion = "kUIStateRestorationArchiveMinorVersionKey"
    public static let bundleVersion = "UIApplicationStateRestorationBundleVersion"
    public static let systemVersion = "UIApplicationStateRestorationSystemVersion"
    public static let timestamp = "UIApplicationStateRestorationTimestamp"
    public static let userInterfaceIdiom = "UIApplicationStateRestorationUserInterfaceIdiom"
    public static let children = "kUIViewControllerChildrenKey"
    public static let tabSelected = "kTabBarSelectedViewControllerKey"
    public static let viewWasLoaded = "kViewControllerViewWasLoadedKey"
    public static let presented = "kUIViewControllerPresentedViewControllerKey"
    public static let viewData = "kViewRestorationDataKey"
    public static let storyboard = "UIStateRestorationViewControllerStoryboardKey"

    /// The only archive major version UIKit has written (iOS 8.0 to 11.3 at least).
    public static let supportedMajorVersion = 2

    /// UIKit's stored name → the name the engine's archive model uses (`ReservedKeys`, the
    /// constants' names), for the four public app-level keys.
    public static let engineNames: [String: String] = [
        bundleVersion: bundleVersion + "Key", systemVersion: systemVersion + "Key", timestamp: timestamp + "Key",
        userInterfaceIdiom: userInterfaceIdiom + "Key",
    ]

    /// Whether UIKit wrote the key (its `k…Key` names and the public `UI…StateRestoration…`
    /// ones), as opposed to the app's own keys beside them.
    public static func isSystem(_ key: String) -> Bool {
        (key.hasPrefix("k") && key.hasSuffix("Key")) || key.hasPrefix("UIApplicationStateRestoration")
            || key.hasPrefix("UIStateRestoration") || key == "interfaceVersion"
            || key == "WindowIdentifierToSizeClassMapKey"
    }

    /// The order restorationArchiveTool lists keys in: case-insensitively alphabetical
    /// (`encodingKey…` before `kViewController…`, `kUIState…` before `UIApplication…`).
    public static func toolOrder(_ a: String, _ b: String) -> Bool {
        let (la, lb) = (a.lowercased(), b.lowercased())
        return la == lb ? a < b : la < lb
    }
}
