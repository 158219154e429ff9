/// What Interface Builder's element names stand for in UIKit.
public enum InterfaceBuilderNames {
    /// Elements that are view controllers in an iOS/tvOS storyboard, with the class UIKit makes.
    public static let controllerClasses: [String: String] = [
        "viewController": "UIViewController",
        "tableViewController": "UITableViewController",
        "collectionViewController": "UICollectionViewController",
        "navigationController": "UINavigationController",
        "tabBarController": "UITabBarController",
        "splitViewController": "UISplitViewController",
        "pageViewController": "UIPageViewController",
        "glkViewController": "GLKViewController",
        "avPlayerViewController": "AVPlayerViewController",
        "hostingController": "UIHostingController",
        // MapKit's Look Around scene (Xcode 14+), as in Apple's MapKitLookAround sample.
        "lookAroundViewController": "MKLookAroundViewController",
        "viewControllerPlaceholder": "UIViewController",
    ]

    /// View elements whose class is not `UI` + the capitalised element name.
    static let irregularViewClasses: [String: String] = [
        "wkWebView": "WKWebView",
        "webView": "UIWebView",
        "mapView": "MKMapView",
        "mtkView": "MTKView",
        "glkView": "GLKView",
        "skView": "SKView",
        "sceneKitView": "SCNView",
        "arscnView": "ARSCNView",
        "arskView": "ARSKView",
        "containerView": "UIView",
        "tableViewCellContentView": "UIView",
        "collectionViewCellContentView": "UIView",
        "pickerView": "UIPickerView",
        "switch": "UISwitch",
    ]

    /// The UIKit class of a view element: `tableView` → `UITableView`.
    public static func viewClass(of element: String) -> String {
        if let irregular = irregularViewClasses[element] { return irregular }
        guard let first = element.first else { return "UIView" }
        return "UI" + first.uppercased() + element.dropFirst()
    }
}

/// Relationship segue names (`relationship="…"`) and where each child goes.
public enum SegueRelationship {
    /// Children in the order UIKit holds them: navigation root, tabs, split columns (classic
    /// master/detail and iOS 14 columns), then anything else.
    static let childRanks: [String: Int] = [
        "rootViewController": 0,
        "viewControllers": 0,
        "masterViewController": 0,
        "primaryViewController": 0,
        "supplementaryViewController": 1,
        "detailViewController": 2,
        "secondaryViewController": 2,
        "compactViewController": 3,
    ]

    /// A relationship name this version does not know (a future split column, say) still makes
    /// a child: it goes after the known ones, in file order.
    static func childRank(_ relationship: String?) -> Int {
        relationship.flatMap { childRanks[$0] } ?? 9
    }
}
