/// A restoration class given as a Swift type rather than a string, so a renamed class is a compile
/// error instead of a silent `not-found` at restoration.
///
/// The name is `String(describing:)`, the unqualified type name: the same name a controller's
/// `className` gets by default, so `HomeController.self` names the class a `HomeController`
/// archives and the app's `viewController(restorationClass:…)` receives.
extension UIViewController {
    /// The restoration class name that `restorationClass: Self.self` stands for; compare it with the
    /// `restorationClass` string the app receives.
    public static var restorationClassName: String { String(describing: self) }

    /// A controller whose restoration class is `restorationClass`, named as ``restorationClassName``.
    public convenience init(
        className: String? = nil, restorationIdentifier: String? = nil, restorationClass: Any.Type,
        containerKind: ContainerKind = .none
    ) {
        self.init(className: className, restorationIdentifier: restorationIdentifier, containerKind: containerKind)
        self.restorationClass = String(describing: restorationClass)
    }

    /// Sets `restorationClass` from a type: `controller.setRestorationClass(HomeController.self)`.
    public func setRestorationClass(_ type: Any.Type) {
        restorationClass = String(describing: type)
    }
}

extension NodeBlueprint {
    /// A controller blueprint whose restoration class is given as a type, named by `String(describing:)`.
    public init(
        role: Role = .viewController, className: String, restorationIdentifier: String? = nil,
        restorationClass: Any.Type
    ) {
        self.init(role: role, className: className, restorationIdentifier: restorationIdentifier)
        self.restorationClass = String(describing: restorationClass)
    }
}
