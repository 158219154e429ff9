/// What UIKit can preserve and restore (UIKit's `UIStateRestoring`): a view controller, a view or
/// a registered object. The walks and the boundary reach all three through it instead of
/// switching on the kind at every call.
public protocol UIStateRestoring: AnyObject {
    /// The class name UIKit archives (`NSStringFromClass`).
    var className: String { get }
    var restorationIdentifier: String? { get }
    /// The restoration class the archive names for it (a controller's `restorationClass`, an
    /// object's `objectRestorationClass`; a view has none).
    var archivedRestorationClass: String? { get }
    /// The object as the boundary passes it to the app.
    var restorableNode: RestorableNode { get }
    func encodeRestorableState(with coder: RestorationCoder)
    func decodeRestorableState(with coder: RestorationCoder)
    func applicationFinishedRestoringState()
}

extension UIViewController: UIStateRestoring {
    public var archivedRestorationClass: String? { restorationClass }
    public var restorableNode: RestorableNode { .viewController(self) }
}

extension UIView: UIStateRestoring {
    public var archivedRestorationClass: String? { nil }
    public var restorableNode: RestorableNode { .view(self) }
}

extension UIStateRestoringObject: UIStateRestoring {
    public var archivedRestorationClass: String? { objectRestorationClass }
    public var restorableNode: RestorableNode { .object(self) }
}
