/// What a view controller does with its children when it is preserved (P5).
public enum ContainerKind: String, Sendable, CaseIterable {
    /// A plain controller: encodes its presented controller, not its children.
    case none
    /// `UINavigationController`: encodes its whole stack, bottom-up.
    case navigation
    /// `UITabBarController`: encodes the tabs with identifiers and a reference to the selected one.
    case tabBar
    /// `UISplitViewController`: encodes its children with identifiers.
    case split
    /// A custom container: preserves its children only if its own encode references them.
    case custom
}

/// The built-in state a view preserves (P6).
public enum ViewKind: String, Sendable, CaseIterable {
    case view, scrollView, tableView, collectionView, textField, textView, imageView, webView

    /// Table and collection views save selection and first visible row (P6, P7).
    public var hasRows: Bool { self == .tableView || self == .collectionView }
    public var isScrollable: Bool {
        // A switch, not `[…].contains(self)`: that built an array for every view preserved.
        switch self {
        case .scrollView, .tableView, .collectionView, .textView: true
        default: false
        }
    }
}

/// Class names and their superclasses: enough to answer "is X a kind of Y" (R4) and to give
/// UIKit classes their built-in behaviour.
public struct ClassHierarchy: Sendable, Equatable {
    public static let viewControllerRoot = "UIViewController"
    public static let viewRoot = "UIView"
    public static let objectRoot = "NSObject"

    /// UIKit's own classes, each with its superclass (nil for the roots of this model).
    public static let uikit: [String: String?] = [
        "NSObject": nil,
        "UIViewController": nil,
        "UINavigationController": "UIViewController",
        "UITabBarController": "UIViewController",
        "UISplitViewController": "UIViewController",
        "UITableViewController": "UIViewController",
        "UICollectionViewController": "UIViewController",
        "UIView": nil,
        "UIScrollView": "UIView",
        "UITableView": "UIScrollView",
        "UICollectionView": "UIScrollView",
        "UITextView": "UIScrollView",
        "UITextField": "UIView",
        "UIImageView": "UIView",
        "WKWebView": "UIView",
    ]

    private var superclasses: [String: String] = [:]

    public init() {}

    /// Declares a custom class. Declaring it again with another superclass keeps the first answer.
    public mutating func declare(_ name: String, superclass: String) {
        guard Self.uikit[name] == nil, name != superclass, superclasses[name] == nil else { return }
        superclasses[name] = superclass
    }

    public func superclass(of name: String) -> String? {
        if let known = Self.uikit[name] { return known }
        return superclasses[name]
    }

    /// Custom classes declared so far, sorted (for traces).
    public var declared: [(name: String, superclass: String)] {
        superclasses.keys.sorted().map { ($0, superclasses[$0]!) }
    }

    /// `[obj isKindOfClass:]`: the class itself or one of its superclasses. Cycles end the walk.
    public func isKind(_ name: String, of ancestor: String) -> Bool {
        var current: String? = name
        var steps = 0
        while let c = current, steps < 64 {
            if c == ancestor { return true }
            current = superclass(of: c)
            steps += 1
        }
        return false
    }

    /// The nearest UIKit class this one inherits from (itself if it is one).
    public func uikitAncestor(of name: String) -> String? {
        var current: String? = name
        var steps = 0
        while let c = current, steps < 64 {
            if Self.uikit[c] != nil { return c }
            current = superclasses[c]
            steps += 1
        }
        return nil
    }

    public func containerKind(of name: String) -> ContainerKind {
        switch uikitAncestor(of: name) {
        case "UINavigationController": .navigation
        case "UITabBarController": .tabBar
        case "UISplitViewController": .split
        default: .none
        }
    }

    public func viewKind(of name: String) -> ViewKind {
        switch uikitAncestor(of: name) {
        case "UIScrollView": .scrollView
        case "UITableView": .tableView
        case "UICollectionView": .collectionView
        case "UITextField": .textField
        case "UITextView": .textView
        case "UIImageView": .imageView
        case "WKWebView": .webView
        default: .view
        }
    }
}
