/// A view controller as the engine sees it. Subclass it and override the restoration methods to
/// model your own controllers in a test, exactly as you would in UIKit.
open class UIViewController {
    // Stored properties are `@exclusivity(unchecked)`: dynamic exclusivity checks (a runtime
    // call and a thread-local access set per read or write) were 15 % of the engine's
    // instructions on the 200x200 grid, and nothing here overlaps two accesses to one property.
    /// The class name UIKit archives (`NSStringFromClass`), used for the class check of R4.
    @exclusivity(unchecked) public var className: String
    @exclusivity(unchecked) public var restorationIdentifier: String?
    /// Name of the restoration class (`restorationClass`); the app answers for it.
    @exclusivity(unchecked) public var restorationClass: String?
    /// Set when the controller was instantiated from a storyboard.
    @exclusivity(unchecked) public var storyboard: StoryboardReference?
    /// The storyboard file and scene it was built from (for reports), if any.
    @exclusivity(unchecked) public var origin: StoryboardOrigin?
    @exclusivity(unchecked) public var containerKind: ContainerKind
    /// Custom containers only: whether its encode references its children (P5).
    @exclusivity(unchecked) public var encodesChildren = false
    /// Tab bar: the selected tab.
    @exclusivity(unchecked) public var selectedIndex = 0
    /// The state the default `encodeRestorableState(with:)` writes and `decodeRestorableState(with:)` reads back.
    @exclusivity(unchecked) public var state: [CoderEntry] = []
    /// `isViewLoaded`: a controller whose view was never loaded encodes no view state (P6).
    @exclusivity(unchecked) public var isViewLoaded = true
    /// Keys of its state whose objects' classes do not adopt NSSecureCoding: under secure coding
    /// the coder holding them fails to decode (P1).
    @exclusivity(unchecked) public var insecureKeys: [String] = []

    @exclusivity(unchecked) public private(set) var children: [UIViewController] = []
    // The back references below are `unowned(unsafe)`, not `weak`: a weak reference gives its
    // target a side table, and every retain and release of that controller then takes the slow
    // path (incrementSlow and the side table's release were ~10 % of the engine's samples on the
    // 200x200 grid, where every controller is some view's owner). `deinit` clears each one its
    // target still holds, so they read nil once the target is gone, exactly as weak ones did:
    // only a controller's own `setChildren`/`addChild`/`present`/`addView`/`addRestorableObject`
    // set them, and each keeps the referencing object in the target's arrays.
    @exclusivity(unchecked) public private(set) unowned(unsafe) var parent: UIViewController?
    @exclusivity(unchecked) public private(set) var presentedViewController: UIViewController?
    @exclusivity(unchecked) public private(set) unowned(unsafe) var presentingViewController: UIViewController?
    @exclusivity(unchecked) public private(set) var views: [UIView] = []
    /// Registered `UIStateRestoring` objects whose references this controller encodes (P8).
    @exclusivity(unchecked) public private(set) var restorableObjects: [UIStateRestoringObject] = []
    /// The path `UIApplication` last indexed it at, for `existingPath(of:)`.
    @exclusivity(unchecked) var liveIndexMark: LiveIndexMark?

    public init(className: String? = nil, restorationIdentifier: String? = nil, containerKind: ContainerKind = .none) {
        self.className = className ?? String(describing: Self.self)
        self.restorationIdentifier = restorationIdentifier
        self.containerKind = containerKind
    }

    deinit {
        for child in children where child.parent === self { child.parent = nil }
        if let presented = presentedViewController, presented.presentingViewController === self {
            presented.presentingViewController = nil
        }
        for view in views where view.owner === self { view.owner = nil }
        for object in restorableObjects where object.referencingController === self {
            object.referencingController = nil
        }
    }

    // MARK: Restoration methods the app overrides

    open func encodeRestorableState(with coder: RestorationCoder) {
        for entry in state { coder.encode(entry.value, forKey: entry.key) }
    }

    open func decodeRestorableState(with coder: RestorationCoder) {
        state = coder.appEntries
    }

    open func applicationFinishedRestoringState() {}

    // MARK: Hierarchy

    public func setChildren(_ newChildren: [UIViewController]) {
        for child in children where child.parent === self { child.parent = nil }
        children = newChildren
        for child in newChildren { child.parent = self }
    }

    public func addChild(_ child: UIViewController) {
        child.parent = self
        children.append(child)
    }

    public func present(_ controller: UIViewController?) {
        // Only if it is still ours: another controller may have presented it since.
        if let old = presentedViewController, old.presentingViewController === self {
            old.presentingViewController = nil
        }
        presentedViewController = controller
        controller?.presentingViewController = self
    }

    public func addView(_ view: UIView) {
        view.owner = self
        views.append(view)
    }

    /// `registerObjectForStateRestoration:restorationIdentifier:` plus an encode that references it.
    public func addRestorableObject(_ object: UIStateRestoringObject) {
        object.referencingController = self
        restorableObjects.append(object)
    }

    /// A decode that sets the property holding an object: the one it held at that restoration
    /// path (built by its initializer in the launch UI) is replaced, not kept beside it. By
    /// path, not identifier alone: two objects with one identifier scoped by different parents
    /// are two properties, and the second restored replaced the first.
    func takeRestoredObject(_ object: UIStateRestoringObject) {
        guard !restorableObjects.contains(where: { $0 === object }) else { return }
        if let i = restorableObjects.firstIndex(where: {
            $0.restorationPath == object.restorationPath && $0.className == object.className
        }) {
            if restorableObjects[i].referencingController === self { restorableObjects[i].referencingController = nil }
            object.referencingController = self
            restorableObjects[i] = object
        } else {
            addRestorableObject(object)
        }
    }

    /// The view controller whose path this one's path extends: its container, or whoever presented it.
    public var restorationParent: UIViewController? { parent ?? presentingViewController }
}

/// `UINavigationController`: preserves its whole stack.
open class UINavigationController: UIViewController {
    public init(restorationIdentifier: String? = nil, viewControllers: [UIViewController] = []) {
        super.init(
            className: "UINavigationController", restorationIdentifier: restorationIdentifier,
            containerKind: .navigation)
        setChildren(viewControllers)
    }
}

/// `UITabBarController`: preserves tabs with identifiers and the selected tab.
open class UITabBarController: UIViewController {
    public init(restorationIdentifier: String? = nil, viewControllers: [UIViewController] = [], selectedIndex: Int = 0)
    {
        super.init(
            className: "UITabBarController", restorationIdentifier: restorationIdentifier, containerKind: .tabBar)
        setChildren(viewControllers)
        self.selectedIndex = selectedIndex
    }
}

/// `UISplitViewController`: preserves children with identifiers.
open class UISplitViewController: UIViewController {
    public init(restorationIdentifier: String? = nil, viewControllers: [UIViewController] = []) {
        super.init(
            className: "UISplitViewController", restorationIdentifier: restorationIdentifier, containerKind: .split)
        setChildren(viewControllers)
    }
}
