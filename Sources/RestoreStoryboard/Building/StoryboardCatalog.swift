import RestoreEngine

/// The storyboards of one app, by the name UIKit knows them by, so storyboard references
/// (`viewControllerPlaceholder`) can be followed from one file into another.
public struct StoryboardCatalog: Sendable {
    public private(set) var documents: [String: StoryboardDocument] = [:]
    /// Names in the order they were added, for deterministic output.
    public private(set) var names: [String] = []

    public init(_ documents: [StoryboardDocument] = []) {
        for d in documents { add(d) }
    }

    /// Adds a storyboard; a second one with the same name replaces the first.
    public mutating func add(_ document: StoryboardDocument) {
        if documents[document.name] == nil { names.append(document.name) }
        documents[document.name] = document
    }

    public subscript(name: String) -> StoryboardDocument? { documents[name] }

    /// The controller tree UIKit builds when it loads `name`'s initial view controller, or nil
    /// when the storyboard has none.
    public func initialTree(of name: String) -> StoryboardTree? {
        guard let doc = documents[name], let initial = doc.initialViewController else { return nil }
        return StoryboardTreeBuilder(catalog: self).tree(rootedAt: initial, in: doc)
    }

    /// The reference not followed that a storyboard's initial view controller is, when it is one:
    /// why `initialTree(of:)` has no tree for a file whose initial scene is there.
    public func initialUnresolved(of name: String) -> UnresolvedReference? {
        guard let doc = documents[name], let initial = doc.initialViewController.flatMap({ doc.controller($0) }) else {
            return nil
        }
        return unresolved(initial, in: doc)
    }

    /// The tree `instantiateViewController(withIdentifier:)` builds for a Storyboard ID, or nil
    /// when no scene of `name` has that identifier.
    public func tree(of name: String, storyboardIdentifier: String) -> StoryboardTree? {
        guard let doc = documents[name], let c = doc.controller(storyboardIdentifier: storyboardIdentifier) else {
            return nil
        }
        return StoryboardTreeBuilder(catalog: self).tree(rootedAt: c.id, in: doc)
    }

    /// The scene a storyboard reference (`viewControllerPlaceholder`) in `doc` stands for: its
    /// controller's IB id and its storyboard, or nil when that storyboard was not given or has no
    /// such scene (see `unresolved`).
    public func target(of placeholder: StoryboardController, in doc: StoryboardDocument) -> (
        id: String, document: StoryboardDocument
    )? {
        guard let reference = placeholder.reference else { return nil }
        let name = reference.storyboardName ?? doc.name
        guard let target = name == doc.name ? doc : self[name] else { return nil }
        let id =
            reference.referencedIdentifier.map { target.controller(storyboardIdentifier: $0)?.id }
            ?? target.initialViewController
        return id.map { ($0, target) }
    }

    /// The controller a scene of `doc` stands for: itself, or, for a storyboard reference that can
    /// be followed, the scene it names (through a reference to a reference too; a cycle of them
    /// stops at the last reference reached).
    public func resolved(_ controller: StoryboardController, in doc: StoryboardDocument) -> (
        controller: StoryboardController, document: StoryboardDocument
    ) {
        var c = controller
        var d = doc
        var visited = Set<String>()
        while c.reference != nil, visited.insert(d.name + "\u{0}" + c.id).inserted,
            let (id, next) = target(of: c, in: d), let found = next.controller(id)
        {
            c = found
            d = next
        }
        return (c, d)
    }

    /// Why a storyboard reference in `doc` cannot be followed, or nil when it can (or is no reference).
    public func unresolved(_ placeholder: StoryboardController, in doc: StoryboardDocument) -> UnresolvedReference? {
        guard let reference = placeholder.reference else { return nil }
        let name = reference.storyboardName ?? doc.name
        var found = UnresolvedReference(
            placeholderID: placeholder.id, location: placeholder.location, storyboardName: name,
            referencedIdentifier: reference.referencedIdentifier, storyboardFound: name == doc.name || self[name] != nil
        )
        guard target(of: placeholder, in: doc) != nil else { return found }
        guard leadsBackToItself(placeholder, in: doc) else { return nil }
        found.cycle = true
        return found
    }

    /// Whether following references from this one comes back to one already followed: a
    /// reference that leads back to itself (a storyboard whose initial view controller is a
    /// reference to that storyboard, or references to each other) names no scene UIKit can
    /// build, which would instantiate the reference again and again. A later link that is not
    /// followed is said at its own reference. Out of line: the tree builder that asks recurses
    /// once per reference of a chain, and this walk's locals in its frame made a chain of
    /// storyboards that overflows the stack shorter.
    @inline(never)
    private func leadsBackToItself(_ placeholder: StoryboardController, in doc: StoryboardDocument) -> Bool {
        var (c, d) = (placeholder, doc)
        var visited = Set<String>()
        while c.reference != nil {
            guard visited.insert(d.name + "\u{0}" + c.id).inserted else { return true }
            guard let (id, next) = target(of: c, in: d), let controller = next.controller(id) else { return false }
            (c, d) = (controller, next)
        }
        return false
    }
}

/// A storyboard reference that could not be followed.
public struct UnresolvedReference: Hashable, Sendable {
    public var placeholderID: String
    public var location: SourceLocation
    /// The storyboard it names.
    public var storyboardName: String
    public var referencedIdentifier: String?
    /// True when the storyboard is known but has no such scene (or no initial controller).
    public var storyboardFound: Bool
    /// It leads back to itself through references, reaching no scene.
    public var cycle = false

    /// What is missing, in words.
    public var message: String {
        if cycle {
            return
                "the storyboard reference '\(placeholderID)' leads back to itself through storyboard references, and reaches no scene: UIKit would instantiate it again and again"
        }
        let target =
            referencedIdentifier.map { "scene '\($0)' of storyboard '\(storyboardName)'" }
            ?? "the initial view controller of storyboard '\(storyboardName)'"
        if storyboardFound {
            return "the storyboard reference '\(placeholderID)' names \(target), which does not exist"
        }
        return
            "the storyboard reference '\(placeholderID)' leads into \(storyboardName).storyboard, which was not given"
    }
}
