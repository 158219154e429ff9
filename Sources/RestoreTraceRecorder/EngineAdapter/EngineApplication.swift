import RestoreEngine

/// The engine's `UIApplication` seen through the recorder's port: what the UIKit glue reads from
/// `UIApplication.shared` and the window in a real app.
public final class EngineApplication: CapturedApplication {
    public let application: UIApplication
    public init(_ application: UIApplication) { self.application = application }

    public var isWindowKeyAndVisible: Bool { application.window.isKeyWindow }
    public var rootController: AnyObject? { application.window.rootViewController }
    public var isSnapshotIgnored: Bool { application.isSnapshotIgnored }

    public func existingPath(ofController controller: AnyObject) -> String? {
        (controller as? UIViewController).flatMap(application.existingPath(of:))
    }

    public func isRegistered(_ object: AnyObject, at path: String) -> Bool {
        application.registeredObject(atRestorationPath: path) === object
    }

    public func snapshot(ofController controller: AnyObject) -> NodeBlueprint {
        guard let vc = controller as? UIViewController else {
            return NodeBlueprint(className: className(of: controller))
        }
        return vc.blueprint(classes: application.classes)
    }

    public func snapshot(ofObject object: AnyObject) -> ObjectBlueprint {
        guard let o = object as? UIStateRestoringObject else {
            return ObjectBlueprint(restorationIdentifier: nil, className: className(of: object))
        }
        return ObjectBlueprint(
            restorationIdentifier: o.restorationIdentifier, className: o.className,
            objectRestorationClass: o.objectRestorationClass, restorationParent: o.restorationParentPath,
            state: o.state)
    }

    public func className(of object: AnyObject) -> String {
        (object as? any UIStateRestoring)?.className ?? String(describing: type(of: object))
    }
}
