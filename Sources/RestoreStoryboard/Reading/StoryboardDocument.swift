import RestoreEngine

/// One `.storyboard` file as Interface Builder wrote it: its scenes, their controllers and views,
/// and every segue, with where each sits in the file.
public struct StoryboardDocument: Sendable {
    /// The path as the user gave it, for messages.
    public var file: String
    /// The name UIKit knows it by (`UIStoryboard(name:)`): the file name without `.storyboard`.
    public var name: String
    /// The `version` attribute of `<document>` (`2.0` for Xcode 4.6, `3.0` since Xcode 5).
    public var documentVersion: String
    public var toolsVersion: String?
    /// The IB object id of the initial view controller, if the storyboard has one.
    public var initialViewController: String?
    /// Every scene with a view controller, in file order.
    public var scenes: [StoryboardScene] = []
    /// Every segue in the file, in file order.
    public private(set) var segues: [StoryboardSegue] = []
    /// Restoration identifiers holding a `/`, in file order: the file reads, but no path can
    /// name their objects (`RestorationPath.identifierProblem`). `record` refuses the file for
    /// them (`identifierProblems`); `lint` reports each as a finding and goes on with the rest.
    public internal(set) var slashIdentifiers: [StoryboardSlashIdentifier] = []
    private var sceneIndexByController: [String: Int] = [:]
    /// Indices into `segues` by source controller, in file order: a scan of every segue per
    /// controller made lint quadratic (8,000 scenes: 71 s in a debug build).
    private var segueIndicesBySource: [String: [Int]] = [:]

    public init(file: String, name: String, documentVersion: String) {
        self.file = file
        self.name = name
        self.documentVersion = documentVersion
    }

    mutating func addSegue(_ segue: StoryboardSegue) {
        segueIndicesBySource[segue.source, default: []].append(segues.count)
        segues.append(segue)
    }

    /// The segues leaving a controller, in file order.
    public func segues(from controllerID: String) -> [StoryboardSegue] {
        (segueIndicesBySource[controllerID] ?? []).map { segues[$0] }
    }

    mutating func addScene(_ scene: StoryboardScene) {
        sceneIndexByController[scene.controller.id] = scenes.count
        scenes.append(scene)
    }

    /// The controller with this IB object id.
    public func controller(_ id: String) -> StoryboardController? {
        sceneIndexByController[id].map { scenes[$0].controller }
    }

    /// The scene whose controller has this IB object id.
    public func scene(ofController id: String) -> StoryboardScene? {
        sceneIndexByController[id].map { scenes[$0] }
    }

    /// The scene whose Storyboard ID is `identifier` (`instantiateViewController(withIdentifier:)`).
    public func controller(storyboardIdentifier identifier: String) -> StoryboardController? {
        scenes.first { $0.controller.storyboardIdentifier == identifier }?.controller
    }

    /// Relationship and embed segues leaving a controller, in the order UIKit adds the children:
    /// navigation root first, tabs in tab order, split columns primary → supplementary → secondary
    /// (→ compact), then container views in the order their views load.
    public func childSegues(of controllerID: String) -> [StoryboardSegue] {
        let leaving = segues(from: controllerID)
        let relationships = leaving.filter { $0.kind == "relationship" }
        let ranked = relationships.enumerated().sorted { a, b in
            let ra = SegueRelationship.childRank(a.element.relationship)
            let rb = SegueRelationship.childRank(b.element.relationship)
            return ra != rb ? ra < rb : a.offset < b.offset
        }.map(\.element)
        return ranked + leaving.filter { $0.kind == "embed" }
    }

    /// Segues that show a scene at run time (show, push, modal, popover, showDetail, presentation,
    /// custom…): everything but relationships, embeds and unwinds.
    public var runTimeSegues: [StoryboardSegue] {
        segues.filter { !["relationship", "embed", "unwind"].contains($0.kind) }
    }
}

/// A scene: one view controller and the objects in its dock.
public struct StoryboardScene: Sendable {
    public var sceneID: String
    /// Where the `<scene>` starts (file, line, column).
    public var location: SourceLocation
    public var controller: StoryboardController
}

/// A view controller element (`viewController`, `navigationController`, `viewControllerPlaceholder`…).
public struct StoryboardController: Sendable {
    /// IB object id (`id="BYZ-38-t0r"`).
    public var id: String
    /// The XML element name.
    public var element: String
    public var customClass: String?
    /// The UIKit class the element stands for (`navigationController` → `UINavigationController`).
    public var uikitClass: String
    public var storyboardIdentifier: String?
    /// The `restorationIdentifier` attribute as written.
    public var restorationIdentifierAttribute: String?
    /// `useStoryboardIdentifierAsRestorationIdentifier="YES"` ("Use Storyboard ID" in IB).
    public var usesStoryboardIdentifier = false
    /// A storyboard reference (`viewControllerPlaceholder`): which storyboard and scene it stands for.
    public var reference: StoryboardPlaceholder?
    /// IB's `userLabel`, a name the developer gave the scene.
    public var userLabel: String?
    public var location: SourceLocation
    /// Elements of this scene that carry a `restorationIdentifier` attribute, in file order.
    public var views: [StoryboardView] = []

    /// The class UIKit instantiates: the custom class, else the element's UIKit class.
    public var className: String { customClass ?? uikitClass }

    /// The restoration identifier UIKit gives it: the Restoration ID, else the Storyboard ID when
    /// "Use Storyboard ID" is ticked. A Storyboard ID alone is not one; an empty one is none.
    public var restorationIdentifier: String? {
        if let r = restorationIdentifierAttribute, !r.isEmpty { return r }
        if usesStoryboardIdentifier, let s = storyboardIdentifier, !s.isEmpty { return s }
        return nil
    }

    /// A short name for messages: the restoration identifier, else the Storyboard ID, else the class.
    public var displayName: String {
        if let reference {
            return "reference to \(reference.storyboardName ?? "this storyboard")"
                + (reference.referencedIdentifier.map { " '\($0)'" } ?? "")
        }
        return restorationIdentifier ?? storyboardIdentifier ?? className
    }
}

/// `<viewControllerPlaceholder storyboardName="Settings" referencedIdentifier="Prefs">`.
public struct StoryboardPlaceholder: Hashable, Sendable {
    /// nil: the same storyboard.
    public var storyboardName: String?
    /// nil: the referenced storyboard's initial view controller.
    public var referencedIdentifier: String?
}

/// An element below a scene that carries a restoration identifier: a view, cell or custom view.
public struct StoryboardView: Sendable {
    public var id: String
    public var element: String
    public var customClass: String?
    public var uikitClass: String
    /// As written; never empty (an empty attribute is no identifier, and no view is kept for it).
    public var restorationIdentifier: String
    public var location: SourceLocation
    public var className: String { customClass ?? uikitClass }
}

/// A `<segue>`.
public struct StoryboardSegue: Sendable {
    public var id: String
    /// `relationship`, `embed`, `show`, `push`, `modal`, `popover`, `showDetail`, `presentation`,
    /// `replace`, `custom`, `unwind`.
    public var kind: String
    public var relationship: String?
    public var identifier: String?
    /// The IB id of the controller of the scene the segue starts in.
    public var source: String
    /// The IB id of its destination.
    public var destination: String
    /// For an embed segue, the container view it starts from.
    public var containerView: String?
    public var location: SourceLocation
}

/// A restoration identifier with a `/` (see `StoryboardDocument.slashIdentifiers`).
public struct StoryboardSlashIdentifier: Sendable {
    /// The IB object id of the controller or view that carries it.
    public var objectID: String
    public var identifier: String
    public var location: SourceLocation

    /// What is wrong: "restoration identifier 'a/b' contains '/': restoration paths join
    /// identifiers with '/', where it reads as 2 identifiers".
    public var problem: String {
        let parts = identifier.split(separator: "/", omittingEmptySubsequences: false).count
        return
            "restoration identifier '\(identifier)' contains '/': restoration paths join identifiers with '/', where it reads as \(parts) identifiers"
    }

    /// How to fix it: "rename it (e.g. 'a-b') in the Identity inspector".
    public var fix: String {
        "rename it (e.g. '\(String(identifier.map { $0 == "/" ? "-" : $0 }))') in the Identity inspector"
    }

    /// What `record` says: the problem, then the fix.
    public var message: String { problem + "; " + fix }
}

extension StoryboardDocument {
    /// What `record` refuses the file for, with where (`slashIdentifiers`).
    public var identifierProblems: [Diagnostic] {
        slashIdentifiers.map { Diagnostic(at: $0.location, $0.message) }
    }
}
