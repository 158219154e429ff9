/// A view with preservable state. Built-in kinds save what UIKit documents (P6); custom views
/// override `encodeRestorableState(with:)`.
open class UIView {
    // Stored properties are `@exclusivity(unchecked)`: dynamic exclusivity checks (a runtime
    // call and a thread-local access set per read or write) were 15 % of the engine's
    // instructions on the 200x200 grid, and nothing here overlaps two accesses to one property.
    @exclusivity(unchecked) public var className: String
    @exclusivity(unchecked) public var restorationIdentifier: String?
    @exclusivity(unchecked) public var kind: ViewKind
    /// Built-in state (offset, selection, ranges...).
    @exclusivity(unchecked) public var viewState: ViewState
    /// Custom state written by the default encode.
    @exclusivity(unchecked) public var state: [CoderEntry] = []
    /// The storyboard file and scene it was built from (for reports), if any.
    @exclusivity(unchecked) public var origin: StoryboardOrigin?
    /// Cleared by the owner's `deinit` (see `UIViewController.parent` for why it is not weak).
    @exclusivity(unchecked) public internal(set) unowned(unsafe) var owner: UIViewController?
    /// The table's data source, when it adopts `UIDataSourceModelAssociation` (P7).
    @exclusivity(unchecked) public var modelAssociation: UIDataSourceModelAssociation?

    public init(
        className: String = "UIView", restorationIdentifier: String? = nil, kind: ViewKind = .view,
        viewState: ViewState = ViewState()
    ) {
        self.className = className
        self.restorationIdentifier = restorationIdentifier
        self.kind = kind
        self.viewState = viewState
        if viewState.modelAssociation == true { modelAssociation = RowsModelAssociation() }
    }

    open func encodeRestorableState(with coder: RestorationCoder) {
        for entry in state { coder.encode(entry.value, forKey: entry.key) }
    }

    open func decodeRestorableState(with coder: RestorationCoder) {
        state = coder.appEntries
    }

    open func applicationFinishedRestoringState() {}
}

/// `UIDataSourceModelAssociation`: turns rows into stable model identifiers and back.
public protocol UIDataSourceModelAssociation: AnyObject {
    func modelIdentifierForElement(at indexPath: [Int], in view: UIView) -> String?
    func indexPathForElement(withModelIdentifier identifier: String, in view: UIView) -> [Int]?
}

/// A data source that answers from the view's current rows (one section).
public final class RowsModelAssociation: UIDataSourceModelAssociation {
    public init() {}
    public func modelIdentifierForElement(at indexPath: [Int], in view: UIView) -> String? {
        guard indexPath.count == 2, let rows = view.viewState.rows, rows.indices.contains(indexPath[1]) else {
            return nil
        }
        return rows[indexPath[1]]
    }
    public func indexPathForElement(withModelIdentifier identifier: String, in view: UIView) -> [Int]? {
        view.viewState.rows?.firstIndex(of: identifier).map { [0, $0] }
    }
}

/// An object registered with `registerObjectForStateRestoration:restorationIdentifier:`.
open class UIStateRestoringObject {
    // Stored properties are `@exclusivity(unchecked)`: dynamic exclusivity checks (a runtime
    // call and a thread-local access set per read or write) were 15 % of the engine's
    // instructions on the 200x200 grid, and nothing here overlaps two accesses to one property.
    @exclusivity(unchecked) public var className: String
    @exclusivity(unchecked) public var restorationIdentifier: String?
    @exclusivity(unchecked) public var objectRestorationClass: String?
    @exclusivity(unchecked) public var state: [CoderEntry] = []
    /// The restoration path of its `restorationParent`, which scopes its own path (P8); nil puts
    /// it at the top level, under its identifier alone.
    @exclusivity(unchecked) public var restorationParentPath: String?
    /// The controller whose encode references it (the one that registered it, in this model).
    /// Cleared by the controller's `deinit` (see `UIViewController.parent` for why it is not weak).
    @exclusivity(unchecked) public internal(set) unowned(unsafe) var referencingController: UIViewController?

    public init(
        className: String = "NSObject", restorationIdentifier: String?, objectRestorationClass: String? = nil,
        restorationParentPath: String? = nil
    ) {
        self.className = className
        self.restorationIdentifier = restorationIdentifier
        self.objectRestorationClass = objectRestorationClass
        self.restorationParentPath = restorationParentPath
    }

    /// Its restoration path: the parent's path and its identifier, or its identifier alone (P8).
    public var restorationPath: String? {
        guard let id = restorationIdentifier, !id.isEmpty else { return nil }
        return restorationParentPath.map { $0 + "/" + id } ?? id
    }

    open func encodeRestorableState(with coder: RestorationCoder) {
        for entry in state { coder.encode(entry.value, forKey: entry.key) }
    }
    open func decodeRestorableState(with coder: RestorationCoder) { state = coder.appEntries }
    open func applicationFinishedRestoringState() {}
}

/// The app's window.
public final class UIWindow {
    // Stored properties are `@exclusivity(unchecked)`: dynamic exclusivity checks (a runtime
    // call and a thread-local access set per read or write) were 15 % of the engine's
    // instructions on the 200x200 grid, and nothing here overlaps two accesses to one property.
    @exclusivity(unchecked) public var rootViewController: UIViewController?
    @exclusivity(unchecked) public internal(set) var isKeyWindow = false
    public init() {}
    public func makeKeyAndVisible() { isKeyWindow = true }
}
