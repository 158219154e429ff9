import RestoreEngine

/// A controller tree as UIKit builds it from a storyboard: a scene and, through relationship and
/// embed segues (and storyboard references), the children it instantiates with it.
public struct StoryboardTree: Sendable {
    public var root: StoryboardTreeNode
    /// References met on the way that could not be followed (their subtree is missing).
    public var unresolved: [UnresolvedReference]
}

/// One controller of a `StoryboardTree`, with where it came from.
public struct StoryboardTreeNode: Sendable {
    /// The storyboard (name) and file the scene is in.
    public var storyboard: String
    public var file: String
    public var sceneID: String
    public var controller: StoryboardController
    /// How its parent reached it: `rootViewController`, `viewControllers`, `masterViewController`…,
    /// `embed`; nil for the root.
    public var relationship: String?
    /// Reached by an embed segue from a container view.
    public var embedded: Bool { relationship == "embed" }
    /// The storyboard reference it was reached through, if any (IB id in the referencing file).
    public var referencedBy: String?
    public var children: [StoryboardTreeNode] = []
    /// The controller it presents, at most one: where lint puts a scene a segue shows
    /// (`RunTimePlacement`). Empty in a tree built from a storyboard, which presents nothing.
    public var presented: [StoryboardTreeNode] = []

    /// A view controller that holds embedded children without being a navigation, tab or split
    /// controller: it must encode its children itself (P5).
    public var isCustomContainer: Bool {
        let builtIn = ["UINavigationController", "UITabBarController", "UISplitViewController"]
        return children.contains(where: \.embedded) && !builtIn.contains(controller.uikitClass)
    }

    /// Its storyboard and IB id (`LintKey`): ids are only unique within a file.
    var key: String { LintKey.of(storyboard, controller.id) }

    /// Every node of this subtree, parents before children, children before the presented one.
    public var preorder: [StoryboardTreeNode] {
        [self] + children.flatMap(\.preorder) + presented.flatMap(\.preorder)
    }

    /// The engine's description of this subtree: class, identifiers, views and children from the
    /// storyboard, and the storyboard it can be instantiated from again (R3 step 4).
    /// - Parameter originFile: how traces name the file (the path as the scenario gives it);
    ///   nil leaves the origin out.
    public func blueprint(originFile: (String) -> String? = { _ in nil }) -> NodeBlueprint {
        let c = controller
        var b = NodeBlueprint(
            role: .viewController, className: c.className, restorationIdentifier: c.restorationIdentifier)
        if c.customClass != nil, c.uikitClass != ClassHierarchy.viewControllerRoot { b.inherits = c.uikitClass }
        if let identifier = c.restorationIdentifier ?? c.storyboardIdentifier {
            // UIKit instantiates it again by its restoration identifier (R3 step 4).
            b.storyboard = StoryboardReference(name: storyboard, identifier: identifier)
        }
        if let f = originFile(file) { b.origin = StoryboardOrigin(file: f, sceneID: sceneID, objectID: c.id) }
        b.isCustomContainer = isCustomContainer
        b.children = children.map { $0.blueprint(originFile: originFile) }
        b.presented = presented.first?.blueprint(originFile: originFile)
        b.views = c.views.map { v in
            var view = NodeBlueprint(
                role: .view, className: v.className, restorationIdentifier: v.restorationIdentifier)
            if v.customClass != nil, v.uikitClass != ClassHierarchy.viewRoot { view.inherits = v.uikitClass }
            if let f = originFile(file) { view.origin = StoryboardOrigin(file: f, sceneID: sceneID, objectID: v.id) }
            return view
        }
        return b
    }
}

/// Follows relationship and embed segues, and storyboard references, from a scene.
struct StoryboardTreeBuilder {
    let catalog: StoryboardCatalog
    private var unresolved: [UnresolvedReference] = []

    init(catalog: StoryboardCatalog) { self.catalog = catalog }

    func tree(rootedAt id: String, in doc: StoryboardDocument) -> StoryboardTree? {
        var builder = self
        var visiting = Set<String>()
        guard let root = builder.node(id, in: doc, relationship: nil, visiting: &visiting) else { return nil }
        return StoryboardTree(root: root, unresolved: builder.unresolved)
    }

    private mutating func node(
        _ id: String, in doc: StoryboardDocument, relationship: String?, visiting: inout Set<String>
    ) -> StoryboardTreeNode? {
        guard let scene = doc.scene(ofController: id) else { return nil }
        let c = scene.controller
        let key = doc.name + "\u{0}" + id
        // Interface Builder refuses containment cycles; a hand-edited file (or two references
        // naming each other) could still have one.
        guard visiting.insert(key).inserted else { return nil }
        defer { visiting.remove(key) }
        // A reference stands for a scene of another storyboard (or of this one).
        // A chain of references (one to another, to another) is followed in a loop, not a call
        // each: a chain of a few thousand storyboards overflowed the stack (SIGSEGV).
        if c.reference != nil {
            let (target, targetDoc) = catalog.resolved(c, in: doc)
            guard target.reference == nil else {
                // The last reference reached names nothing, or leads back into the chain.
                if let u = catalog.unresolved(target, in: targetDoc) { unresolved.append(u) }
                return nil
            }
            guard var resolved = node(target.id, in: targetDoc, relationship: relationship, visiting: &visiting)
            else {
                return nil
            }
            if resolved.referencedBy == nil { resolved.referencedBy = c.id }
            return resolved
        }
        var n = StoryboardTreeNode(
            storyboard: doc.name, file: doc.file, sceneID: scene.sceneID, controller: c, relationship: relationship)
        for segue in doc.childSegues(of: id) {
            let kind = segue.kind == "embed" ? "embed" : (segue.relationship ?? "relationship")
            if let child = node(segue.destination, in: doc, relationship: kind, visiting: &visiting) {
                n.children.append(child)
            }
        }
        return n
    }
}
