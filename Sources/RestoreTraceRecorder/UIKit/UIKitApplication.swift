#if canImport(UIKit)
    // NOT COMPILED ON LINUX, where this package is built and tested: this file has never been
    // built. It is the UIKit side of the capture core's `CapturedApplication` port, kept small.
    import Foundation
    import ObjectiveC
    import UIKit

    // RestoreEngine by declaration: it has types named as UIKit's (UIViewController, UIView,
    // UIApplication, NSUserActivity…), and with the whole module imported every use of those
    // names beside UIKit's is ambiguous.
    import struct RestoreEngine.NodeBlueprint
    import struct RestoreEngine.ObjectBlueprint

    /// `UIApplication.shared` and its key window, seen through the capture core's port.
    // UIKit's API is main-actor; every call from the capture core arrives on the main thread
    // (from a hook, or `DispatchQueue.main`), which `@preconcurrency` checks at run time.
    @MainActor
    final class UIKitApplication: @preconcurrency CapturedApplication {
        /// Objects registered with `registerObjectForStateRestoration:restorationIdentifier:`, by
        /// identifier (filled by the hook on UIApplication's metaclass).
        var registered: [String: AnyObject] = [:]
        /// Set by the `ignoreSnapshotOnNextApplicationLaunch` hook, reset at each preservation.
        var snapshotIgnored = false

        private var window: UIWindow? {
            UIApplication.shared.windows.first(where: { $0.isKeyWindow }) ?? UIApplication.shared.windows.first
        }

        var isWindowKeyAndVisible: Bool { window.map { $0.isKeyWindow && !$0.isHidden } ?? false }
        var rootController: AnyObject? { window?.rootViewController }
        var isSnapshotIgnored: Bool { snapshotIgnored }

        /// A controller already on screen is an existing one; anything else the app just made.
        func existingPath(ofController controller: AnyObject) -> String? {
            guard let vc = controller as? UIViewController, let root = window?.rootViewController,
                Self.isReachable(vc, from: root)
            else { return nil }
            return Self.restorationPath(of: vc)
        }

        func isRegistered(_ object: AnyObject, at path: String) -> Bool {
            registered[String(path.split(separator: "/").last ?? "")] === object
        }

        func className(of object: AnyObject) -> String { NSStringFromClass(type(of: object)) }

        func snapshot(ofController controller: AnyObject) -> NodeBlueprint {
            guard let vc = controller as? UIViewController else {
                return NodeBlueprint(className: className(of: controller))
            }
            var node = NodeBlueprint(className: className(of: vc), restorationIdentifier: vc.restorationIdentifier)
            node.inherits = Self.uikitAncestor(of: type(of: vc))
            node.restorationClass = vc.restorationClass.map { NSStringFromClass($0) }
            node.viewLoaded = vc.isViewLoaded ? nil : false
            node.children = vc.children.map { snapshot(ofController: $0) }
            if let tabs = vc as? UITabBarController { node.selectedIndex = tabs.selectedIndex }
            if let presented = vc.presentedViewController, presented.presentingViewController === vc {
                node.presented = snapshot(ofController: presented)
            }
            if vc.isViewLoaded { node.views = Self.restorableViews(under: vc.view) }
            return node
        }

        func snapshot(ofObject object: AnyObject) -> ObjectBlueprint {
            let restoring = object as? UIStateRestoring
            return ObjectBlueprint(
                restorationIdentifier: registered.first(where: { $0.value === object })?.key,
                className: className(of: object),
                // Optional protocol properties of optional type: read through `?` they are doubly optional.
                objectRestorationClass: (restoring?.objectRestorationClass ?? nil).map { NSStringFromClass($0) },
                restorationParent: (restoring?.restorationParent ?? nil).map { Self.path(ofRestoring: $0) })
        }

        // MARK: Walking UIKit's hierarchy

        /// Restoration identifiers from the root down: parents, then presenters.
        static func restorationPath(of vc: UIViewController) -> String? {
            var ids: [String] = []
            var node: UIViewController? = vc
            while let n = node {
                guard let id = n.restorationIdentifier, !id.isEmpty else { return nil }
                ids.append(id)
                node = n.parent ?? n.presentingViewController
            }
            return ids.reversed().joined(separator: "/")
        }

        private static func path(ofRestoring object: UIStateRestoring) -> String {
            (object as? UIViewController).flatMap(restorationPath(of:)) ?? ""
        }

        private static func isReachable(_ vc: UIViewController, from root: UIViewController) -> Bool {
            var node: UIViewController? = vc
            var steps = 0
            while let n = node, steps < 10_000 {
                if n === root { return true }
                node = n.parent ?? n.presentingViewController
                steps += 1
            }
            return false
        }

        /// Views with a restoration identifier, depth first (UIKit preserves only those).
        private static func restorableViews(under view: UIView) -> [NodeBlueprint] {
            var out: [NodeBlueprint] = []
            for sub in view.subviews {
                if let id = sub.restorationIdentifier, !id.isEmpty {
                    var node = NodeBlueprint(
                        role: .view, className: NSStringFromClass(type(of: sub)), restorationIdentifier: id)
                    node.inherits = uikitAncestor(of: type(of: sub))
                    out.append(node)
                }
                out += restorableViews(under: sub)
            }
            return out
        }

        /// The nearest UIKit superclass of an app class (the trace's `inherits`), nil for UIKit's own.
        static func uikitAncestor(of cls: AnyClass) -> String? {
            let bundle = Bundle(for: UIViewController.self)
            guard Bundle(for: cls) != bundle else { return nil }
            var current: AnyClass? = class_getSuperclass(cls)
            while let c = current {
                if Bundle(for: c) == bundle { return NSStringFromClass(c) }
                current = class_getSuperclass(c)
            }
            return nil
        }
    }
#endif
