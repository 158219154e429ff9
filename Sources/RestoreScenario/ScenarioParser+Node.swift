import RestoreEngine

/// NODE and OBJECT (SPEC §3) → `NodeBlueprint` and `ObjectBlueprint`.
extension ScenarioReader {
    static let controllerKeys = [
        "class", "inherits", "kind", "restorationIdentifier", "restorationClass", "storyboard", "state",
        "children", "selectedIndex", "encodesChildren", "viewLoaded", "insecureKeys", "presented", "views", "objects",
    ]
    static let viewPropertyKeys = [
        "contentOffset", "zoomScale", "contentInset", "rows", "selected", "firstVisible", "modelAssociation",
        "selectedRange", "editable",
    ]
    static let viewKeys = ["class", "inherits", "kind", "restorationIdentifier", "state"] + viewPropertyKeys
    static let storyboardReferenceKeys = ["name", "identifier"]
    static let objectKeys = ["restorationIdentifier", "class", "objectRestorationClass", "restorationParent", "state"]

    /// Reads a NODE. `role` comes from where it sits: a node under `views:` is a view even
    /// without `kind: view`; everywhere else it is a view controller.
    /// - Returns: nil when the node cannot be built (its problems are recorded).
    func node(_ node: ScenarioNode, role: NodeBlueprint.Role, _ what: @autoclosure () -> String, depth: Int = 0)
        -> NodeBlueprint?
    {
        // A JSON document's node of the common kinds is read straight from the document.
        if case .mapping(let mapping) = node, let backing = mapping.backing,
            let b = flatNode(backing.document, backing.index, role: role, depth: depth)
        {
            return b
        }
        guard depth < Self.maximumDepth else {
            fail(node, "\(what()) is nested more than \(Self.maximumDepth) levels deep")
            return nil
        }
        let isView = role == .view
        let allowed = isView ? Self.viewKeys : Self.controllerKeys
        // The message for a key of the other role is only worded when such a key is met.
        guard
            let f = fields(
                node, of: what(), allowed: allowed,
                misplaced: { Self.misplacedKeyMessage($0, isView: isView, what()) })
        else { return nil }

        var className: String?
        if let c = f.present("class") {
            className = name(c, "'class'")
        } else if !isView, let s = f.present("storyboard"), let reference = storyboardReference(s) {
            // Instantiated from a storyboard file once it is loaded (an empty class marks it).
            className = ""
            storyboardNodes.append((reference, node))
        } else {
            fail(
                node, "\(what()) needs 'class:' (a UIKit class such as UINavigationController, or the app's own class)")
        }
        var b = NodeBlueprint(role: role, className: className ?? "")
        if let n = f.present("inherits") { b.inherits = name(n, "'inherits'") }
        if let n = f.present("kind") { readKind(n, isView: isView, what(), into: &b) }
        if let n = f.present("restorationIdentifier") { b.restorationIdentifier = identifier(n) }
        if let n = f.present("restorationClass"), let c = name(n, "'restorationClass'") {
            b.restorationClass = c
            classReferences.append((c, n, "restorationClass"))
        }
        if let n = f.present("storyboard") { b.storyboard = storyboardReference(n) }
        if let n = f.present("state") { b.state = entries(n, "'state'") ?? [] }
        readStructure(f, depth: depth, into: &b)
        if isView { b.viewState = viewState(f, className: b.className, inherits: b.inherits) }
        return className == nil ? nil : b
    }

    /// For a key that is valid on the other role, a message that says where it belongs.
    private static func misplacedKeyMessage(_ key: String, isView: Bool, _ what: String) -> String? {
        if isView {
            guard controllerKeys.contains(key), !viewKeys.contains(key) else { return nil }
            return
                "'\(key)' applies to view controllers, not to views (\(what) is a view because it is listed under 'views:')"
        }
        guard viewPropertyKeys.contains(key) else { return nil }
        return "'\(key)' is a view property; it belongs on a view listed under 'views:', not on a view controller"
    }

    /// The members that hang other nodes from this one: children (and the selected one),
    /// presented, views, objects.
    private func readStructure(_ f: Fields, depth: Int, into b: inout NodeBlueprint) {
        if let n = f.present("children"), let items = list(n, of: "'children'") {
            // Sized up front: a navigation stack of hundreds of children otherwise regrows (and
            // keeps up to twice the room) for every few it adds.
            var children: [NodeBlueprint] = []
            children.reserveCapacity(items.count)
            for (i, item) in items.enumerated() {
                if let child = self.node(item, role: .viewController, "child \(i) of \(b.className)", depth: depth + 1)
                {
                    children.append(child)
                }
            }
            b.children = children
        }
        if let n = f.present("selectedIndex"), let i = int(n, "'selectedIndex'") {
            let count = (f.present("children").flatMap { if case .sequence(let s) = $0 { s.count } else { nil } }) ?? 0
            if i >= 0, f.present("storyboard") != nil, f.present("children") == nil {
                // A storyboard scene's children come from its file: checked once it is read
                // (`ScenarioReader.instantiate`). Counted here, a tab bar of 5 tabs had "0
                // children" and no tab could be selected (r19 end-to-end walk).
                b.selectedIndex = i
            } else if (0..<count).contains(i) {
                b.selectedIndex = i
            } else {
                fail(
                    n,
                    "selectedIndex \(i) is out of range: \(b.className) has \(count) \(count == 1 ? "child" : "children")"
                        + (count > 0 ? " (0...\(count - 1))" : ""))
            }
        }
        if let n = f.present("encodesChildren") { b.encodesChildren = bool(n, "'encodesChildren'") }
        if let n = f.present("viewLoaded"), let loaded = bool(n, "'viewLoaded'") { b.viewLoaded = loaded ? nil : false }
        if let n = f.present("insecureKeys"), let items = list(n, of: "'insecureKeys'") {
            b.insecureKeys = items.compactMap { string($0, "a key in 'insecureKeys'") }
            let written = Set(b.state.map(\.key))
            for (item, key) in zip(items, b.insecureKeys) where !written.contains(key) {
                fail(item, "'insecureKeys' names '\(key)', which is not a key of this node's 'state'")
            }
        }
        if let n = f.present("presented") {
            b.presented = self.node(
                n, role: .viewController, "the controller presented by \(b.className)", depth: depth + 1)
        }
        if let n = f.present("views"), let items = list(n, of: "'views'") {
            var views: [NodeBlueprint] = []
            views.reserveCapacity(items.count)
            for (i, item) in items.enumerated() {
                if let view = self.node(item, role: .view, "view \(i) of \(b.className)", depth: depth + 1) {
                    views.append(view)
                }
            }
            b.views = views
        }
        if let n = f.present("objects"), let items = list(n, of: "'objects'") {
            b.objects = items.enumerated().compactMap { i, item in object(item, "object \(i) of \(b.className)") }
        }
    }

    /// `kind: view | container`, checked against where the node sits.
    private func readKind(
        _ n: ScenarioNode, isView: Bool, _ what: @autoclosure () -> String, into b: inout NodeBlueprint
    ) {
        guard let kind = word(n, "kind", ["view", "container"]) else { return }
        switch (kind, isView) {
        case ("container", false): b.isCustomContainer = true
        case ("container", true):
            fail(n, "'kind: container' marks a view controller, but \(what()) is listed under 'views:'")
        case ("view", false):
            fail(n, "'kind: view' marks a view; list it under its controller's 'views:' instead")
        default: break
        }
    }

    /// `storyboard: {name, identifier}`, both required.
    func storyboardReference(_ n: ScenarioNode) -> StoryboardReference? {
        guard let f = fields(n, of: "'storyboard'", allowed: Self.storyboardReferenceKeys) else { return nil }
        var name: String?
        var identifier: String?
        if let v = f.present("name") {
            name = self.name(v, "the storyboard's 'name'")
        } else {
            fail(n, "'storyboard' needs 'name:' (the storyboard file, such as Main)")
        }
        if let v = f.present("identifier") {
            identifier = self.name(v, "the storyboard's 'identifier'")
        } else {
            fail(n, "'storyboard' needs 'identifier:' (the scene's Storyboard ID)")
        }
        guard let name, let identifier else { return nil }
        return StoryboardReference(name: name, identifier: identifier)
    }

    /// A restoration identifier: one line of text without a `/` (`RestorationPath.identifierProblem`).
    func identifier(_ n: ScenarioNode) -> String? {
        guard let id = string(n, "'restorationIdentifier'") else { return nil }
        if let problem = RestorationPath.identifierProblem(id) {
            // Not shown when it holds a line break: that is the problem.
            let shown = RestorationPath.lineBreakOrTab(in: id) == nil ? " '\(id)'" : ""
            fail(n, "restorationIdentifier\(shown) \(problem)")
        }
        return id
    }

    /// OBJECT: a registered `UIStateRestoring` object. `class` defaults to NSObject.
    func object(_ n: ScenarioNode, _ what: @autoclosure () -> String) -> ObjectBlueprint? {
        guard let f = fields(n, of: what(), allowed: Self.objectKeys) else { return nil }
        var o = ObjectBlueprint(restorationIdentifier: nil)
        if let v = f.present("restorationIdentifier") { o.restorationIdentifier = identifier(v) }
        if let v = f.present("class"), let c = name(v, "'class'") { o.className = c }
        if let v = f.present("objectRestorationClass"), let c = name(v, "'objectRestorationClass'") {
            o.objectRestorationClass = c
            classReferences.append((c, v, "objectRestorationClass"))
        }
        if let v = f.present("restorationParent"), let text = string(v, "'restorationParent'") {
            o.restorationParent = path(text, at: v, "'restorationParent'")
        }
        if let v = f.present("state") { o.state = entries(v, "'state'") ?? [] }
        return o
    }
}
