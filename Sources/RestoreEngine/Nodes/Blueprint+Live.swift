extension NodeBlueprint {
    /// Builds live controllers (and their views and objects) from this description.
    public func instantiateViewController(classes: ClassHierarchy) -> UIViewController {
        var kinds = KindMemo()
        return instantiateViewController(classes: classes, kinds: &kinds)
    }

    private func instantiateViewController(classes: ClassHierarchy, kinds: inout KindMemo) -> UIViewController {
        let kind: ContainerKind =
            isCustomContainer ? .custom : kinds.container.answer(className) { classes.containerKind(of: $0) }
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
        if !children.isEmpty {
            var built: [UIViewController] = []
            built.reserveCapacity(children.count)
            for child in children { built.append(child.instantiateViewController(classes: classes, kinds: &kinds)) }
            vc.setChildren(built)
        }
        if let presented { vc.present(presented.instantiateViewController(classes: classes, kinds: &kinds)) }
        for view in views { vc.addView(view.instantiateView(classes: classes, kinds: &kinds)) }
        for object in objects { vc.addRestorableObject(object.instantiate()) }
        return vc
    }

    public func instantiateView(classes: ClassHierarchy) -> UIView {
        var kinds = KindMemo()
        return instantiateView(classes: classes, kinds: &kinds)
    }

    private func instantiateView(classes: ClassHierarchy, kinds: inout KindMemo) -> UIView {
        let view = UIView(
            className: className, restorationIdentifier: restorationIdentifier,
            kind: kinds.view.answer(className) { classes.viewKind(of: $0) }, viewState: viewState)
        view.state = state
        view.origin = origin
        return view
    }

    /// The kinds of the classes met last while building one tree.
    private struct KindMemo {
        var container = ClassMemo<ContainerKind>()
        var view = ClassMemo<ViewKind>()
    }
}

/// The answer for the class asked about last. Neighbouring nodes of a hierarchy mostly share a
/// class (a stack of `ScreenController`s, each with a `UIScrollView`), and each answer from
/// `ClassHierarchy` walks the superclass chain with up to five hashes of the class name: on the
/// 200x200 grid they were ~3 % of the engine's samples.
struct ClassMemo<Answer> {
    private var name: String?
    private var last: Answer?

    mutating func answer(_ name: String, _ compute: (String) -> Answer) -> Answer {
        if let last, self.name == name { return last }
        let computed = compute(name)
        self.name = name
        last = computed
        return computed
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
        var superclasses = SuperclassMemo()
        return blueprint(classes: classes, superclasses: &superclasses)
    }

    fileprivate func blueprint(classes: ClassHierarchy, superclasses: inout SuperclassMemo) -> NodeBlueprint {
        // Every field is given to one `Fields` value that goes straight into the blueprint's
        // storage: set one by one through `NodeBlueprint`'s setters, each paid a uniqueness
        // check, and a `Fields` filled in a variable was copied whole into the storage (~400
        // instructions a node); a snapshot is taken of every node up to three times a run.
        var builtChildren: [NodeBlueprint] = []
        if !children.isEmpty {
            builtChildren.reserveCapacity(children.count)
            for child in children {
                builtChildren.append(child.blueprint(classes: classes, superclasses: &superclasses))
            }
        }
        let builtPresented = presentedViewController?.blueprint(classes: classes, superclasses: &superclasses)
        var builtViews: [NodeBlueprint] = []
        if !views.isEmpty {
            builtViews.reserveCapacity(views.count)
            for view in views { builtViews.append(view.blueprint(classes: classes, superclasses: &superclasses)) }
        }
        return NodeBlueprint(
            fields: fields(
                classes: classes, superclasses: &superclasses, children: builtChildren, presented: builtPresented,
                views: builtViews))
    }

    /// This controller's fields in its blueprint, hung with the given children, presented
    /// controller and views.
    fileprivate func fields(
        classes: ClassHierarchy, superclasses: inout SuperclassMemo, children builtChildren: [NodeBlueprint],
        presented builtPresented: NodeBlueprint?, views builtViews: [NodeBlueprint]
    ) -> NodeBlueprint.Fields {
        let inherits = superclasses.controller.answer(className) {
            SuperclassMemo.inherits($0, root: ClassHierarchy.viewControllerRoot, classes)
        }
        let builtObjects =
            restorableObjects.isEmpty
            ? []
            : restorableObjects.map {
                ObjectBlueprint(
                    restorationIdentifier: $0.restorationIdentifier, className: $0.className,
                    objectRestorationClass: $0.objectRestorationClass, restorationParent: $0.restorationParentPath,
                    state: $0.state)
            }
        return NodeBlueprint.Fields(
            role: .viewController, className: className, inherits: inherits,
            isCustomContainer: containerKind == .custom, restorationIdentifier: restorationIdentifier,
            restorationClass: restorationClass, storyboard: storyboard, origin: origin, state: state,
            children: builtChildren, selectedIndex: containerKind == .tabBar ? selectedIndex : nil,
            encodesChildren: containerKind == .custom ? encodesChildren : nil,
            viewLoaded: isViewLoaded ? nil : false, insecureKeys: insecureKeys, presented: builtPresented,
            views: builtViews, objects: builtObjects)
    }

    /// Visits the nodes `blueprint(classes:)` would make, in the order, and with the indices,
    /// parents and slots, of a trace's node lines (`TraceLines.visitNodes`), each as a blueprint
    /// of its own fields alone: no children, presented controller or views, which a node line
    /// does not hold. Stops at the first `visit` that returns false; returns whether none did.
    ///
    /// A replay compares the live tree with the recorded node lines so, one node at a time,
    /// instead of taking a snapshot of the whole tree and freeing it after: at 200x200 the
    /// three snapshots of 80,201 nodes and their freeing were ~10 % of the engine's thread.
    public func visitSnapshotNodes(classes: ClassHierarchy, _ visit: (NodeBlueprint, Int, Int?, String) -> Bool)
        -> Bool
    {
        var superclasses = SuperclassMemo()
        var index = 0
        return visitSnapshot(classes: classes, superclasses: &superclasses, parent: nil, slot: "", index: &index, visit)
    }

    private func visitSnapshot(
        classes: ClassHierarchy, superclasses: inout SuperclassMemo, parent: Int?, slot: String, index: inout Int,
        _ visit: (NodeBlueprint, Int, Int?, String) -> Bool
    ) -> Bool {
        let me = index
        index += 1
        let node = NodeBlueprint(
            fields: fields(classes: classes, superclasses: &superclasses, children: [], presented: nil, views: []))
        guard visit(node, me, parent, slot) else { return false }
        for child in children {
            guard
                child.visitSnapshot(
                    classes: classes, superclasses: &superclasses, parent: me, slot: "children", index: &index, visit)
            else { return false }
        }
        if let presented = presentedViewController {
            guard
                presented.visitSnapshot(
                    classes: classes, superclasses: &superclasses, parent: me, slot: "presented", index: &index, visit)
            else { return false }
        }
        for view in views {
            let at = index
            index += 1
            guard visit(view.blueprint(classes: classes, superclasses: &superclasses), at, me, "views") else {
                return false
            }
        }
        return true
    }

    /// How many nodes `blueprint(classes:)` would make: this controller, every one below it and
    /// their views.
    public var snapshotNodeCount: Int {
        var n = 1 + views.count
        for child in children { n += child.snapshotNodeCount }
        if let presented = presentedViewController { n += presented.snapshotNodeCount }
        return n
    }
}

extension UIView {
    public func blueprint(classes: ClassHierarchy) -> NodeBlueprint {
        var superclasses = SuperclassMemo()
        return blueprint(classes: classes, superclasses: &superclasses)
    }

    fileprivate func blueprint(classes: ClassHierarchy, superclasses: inout SuperclassMemo) -> NodeBlueprint {
        let inherits = superclasses.view.answer(className) {
            SuperclassMemo.inherits($0, root: ClassHierarchy.viewRoot, classes)
        }
        return NodeBlueprint(
            fields: NodeBlueprint.Fields(
                role: .view, className: className, inherits: inherits, restorationIdentifier: restorationIdentifier,
                origin: origin, state: state, viewState: viewState))
    }
}

/// The `inherits` of the controller class and the view class met last in one blueprint walk.
private struct SuperclassMemo {
    var controller = ClassMemo<String?>()
    var view = ClassMemo<String?>()

    /// A custom class's superclass, unless it is the root of its kind (what a blueprint writes).
    static func inherits(_ name: String, root: String, _ classes: ClassHierarchy) -> String? {
        guard classes.uikitAncestor(of: name) != name, let sup = classes.superclass(of: name), sup != root else {
            return nil
        }
        return sup
    }
}
