extension NodeBlueprint {
    /// Builds live controllers (and their views and objects) from this description.
    public func instantiateViewController(classes: ClassHierarchy) -> UIViewController {
        let kind: ContainerKind = isCustomContainer ? .custom : classes.containerKind(of: className)
        let vc = UIViewController(
            className: className, restorationIdentifier: restorationIdentifier, containerKind: kind)
        vc.restorationClass = restorationClass
        vc.storyboard = storyboard
        vc.origin = origin
        vc.state = state
        vc.isViewLoaded = viewLoaded ?? true
        vc.insecureKeys = insecureKeys
        vc.encodesChildren = encodesChildren ?? false
        vc.selectedIndex = selectedIndex ?? 0
        vc.setChildren(children.map { $0.instantiateViewController(classes: classes) })
        if let presented { vc.present(presented.instantiateViewController(classes: classes)) }
        for view in views { vc.addView(view.instantiateView(classes: classes)) }
        for object in objects { vc.addRestorableObject(object.instantiate()) }
        return vc
    }

    public func instantiateView(classes: ClassHierarchy) -> UIView {
        let view = UIView(
            className: className, restorationIdentifier: restorationIdentifier,
            kind: classes.viewKind(of: className), viewState: viewState)
        view.state = state
        view.origin = origin
        return view
    }
}

extension ObjectBlueprint {
    public func instantiate() -> UIStateRestoringObject {
        let object = UIStateRestoringObject(
            className: className, restorationIdentifier: restorationIdentifier,
            objectRestorationClass: objectRestorationClass, restorationParentPath: restorationParent)
        object.state = state
        return object
    }
}

extension UIViewController {
    /// This controller and everything below it, as data (for traces and reports).
    public func blueprint(classes: ClassHierarchy) -> NodeBlueprint {
        var b = NodeBlueprint(role: .viewController, className: className, restorationIdentifier: restorationIdentifier)
        if classes.uikitAncestor(of: className) != className, let sup = classes.superclass(of: className),
            sup != ClassHierarchy.viewControllerRoot
        {
            b.inherits = sup
        }
        b.isCustomContainer = containerKind == .custom
        b.restorationClass = restorationClass
        b.storyboard = storyboard
        b.origin = origin
        b.state = state
        if !isViewLoaded { b.viewLoaded = false }
        b.insecureKeys = insecureKeys
        b.children = children.map { $0.blueprint(classes: classes) }
        if containerKind == .tabBar { b.selectedIndex = selectedIndex }
        if containerKind == .custom { b.encodesChildren = encodesChildren }
        b.presented = presentedViewController?.blueprint(classes: classes)
        b.views = views.map { $0.blueprint(classes: classes) }
        b.objects = restorableObjects.map {
            ObjectBlueprint(
                restorationIdentifier: $0.restorationIdentifier, className: $0.className,
                objectRestorationClass: $0.objectRestorationClass, restorationParent: $0.restorationParentPath,
                state: $0.state)
        }
        return b
    }
}

extension UIView {
    public func blueprint(classes: ClassHierarchy) -> NodeBlueprint {
        var b = NodeBlueprint(role: .view, className: className, restorationIdentifier: restorationIdentifier)
        if classes.uikitAncestor(of: className) != className, let sup = classes.superclass(of: className),
            sup != ClassHierarchy.viewRoot
        {
            b.inherits = sup
        }
        b.origin = origin
        b.state = state
        b.viewState = viewState
        return b
    }
}
