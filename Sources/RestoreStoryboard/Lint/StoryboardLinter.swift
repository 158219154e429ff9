import RestoreEngine

/// `restoretrace lint`: what each storyboard's launch tree preserves, and what to fix.
///
/// Preserved/skipped come from the engine itself: the launch tree is built into live controllers
/// and the engine's preservation (P3–P6) runs over it, with an app that agrees to save. No rule
/// is re-implemented here, so lint and `record` cannot disagree.
public enum StoryboardLinter {
    /// Lints every document of the catalog, in the order given.
    public static func lint(_ documents: [StoryboardDocument]) -> LintReport {
        let everything = StoryboardCatalog(documents)
        var files = documents.map { doc in
            var catalog = everything
            catalog.add(doc)  // two files with one name (en.lproj, Base.lproj): this one is "itself"
            return lint(doc, catalog: catalog)
        }
        reportOnce(&files)
        return LintReport(files: files)
    }

    /// A scene reached through references is judged in every launch tree that reaches it (a
    /// Main.storyboard whose initial controller is a reference to Tabs, and Tabs itself): its
    /// finding came once per such file and was counted each time. Each finding is kept in the
    /// first file, in the order given, that makes it: the same code at the same element.
    /// A scene shown by a segue through a reference, and without an identifier, is reported by
    /// the file with the segue; its own file's "a Storyboard ID alone is not one" at the same
    /// element asks for the same change, so it goes.
    static func reportOnce(_ files: inout [LintFile]) {
        var seen = Set<String>()
        let shown = Set(files.flatMap(\.findings).filter { $0.code == .segueSceneWithoutIdentifier }.map(\.location))
        for i in files.indices {
            files[i].findings.removeAll {
                ($0.code == .storyboardIDNotRestorationID && shown.contains($0.location))
                    || !seen.insert("\($0.code.rawValue) \($0.location)").inserted
            }
        }
    }

    static func lint(_ doc: StoryboardDocument, catalog: StoryboardCatalog) -> LintFile {
        var file = LintFile(file: doc.file, initial: doc.initialViewController)
        let tree = catalog.initialTree(of: doc.name)
        var preservedControllers = Set<String>()
        var viewOutcomes: [String: NodeOutcome] = [:]
        if let tree {
            let run = PreservationRun(tree.root)
            file.controllers = run.controllers
            preservedControllers = Set(run.controllers.filter(\.preserved).map(\.key))
            viewOutcomes = run.viewOutcomes
        }
        let launchIDs = Set(file.controllers.map(\.id))
        // This file's views in file order, then those of the scenes its launch tree reaches in
        // other files (through references), which `record` walks as well.
        var owners = doc.scenes.map { (storyboard: doc.name, controller: $0.controller) }
        var listed = Set(owners.map { LintKey.of($0.storyboard, $0.controller.id) })
        for node in tree?.root.preorder ?? [] where listed.insert(node.key).inserted {
            owners.append((node.storyboard, node.controller))
        }
        for (storyboard, controller) in owners {
            let owner = LintKey.of(storyboard, controller.id)
            for view in controller.views {
                let outcome = viewOutcomes[LintKey.of(storyboard, view.id)]
                file.views.append(
                    LintView(
                        id: view.id, element: view.element, className: view.className,
                        restorationIdentifier: view.restorationIdentifier, controller: controller.id,
                        storyboard: storyboard,
                        preserved: outcome?.status == .preserved && preservedControllers.contains(owner),
                        reason: outcome?.reason, location: view.location))
            }
        }
        // Grouped once: filtering every segue per scene was quadratic.
        let runTime = Dictionary(grouping: doc.runTimeSegues, by: \.destination)
        for scene in doc.scenes {
            let c = scene.controller
            // A storyboard reference is shown as the scene it stands for.
            let shown = catalog.resolved(c, in: doc)
            file.scenes.append(
                LintScene(
                    sceneID: scene.sceneID, controller: c.id, element: c.element, className: shown.className,
                    storyboardIdentifier: shown.storyboardIdentifier,
                    restorationIdentifier: shown.restorationIdentifier,
                    launch: launchIDs.contains(c.id),
                    reachedBy: (runTime[c.id] ?? []).map { ($0.id, $0.kind, $0.source) },
                    line: scene.location.line ?? 1, location: c.location))
        }
        file.findings = LintRules(doc: doc, catalog: catalog, tree: tree, file: file).findings()
        return file
    }
}

/// The engine's preservation over one launch tree, mapped back to Interface Builder ids.
struct PreservationRun {
    private(set) var controllers: [LintController] = []
    private(set) var viewOutcomes: [String: NodeOutcome] = [:]

    /// An app that agrees to save and otherwise does what UIKit does by default.
    private final class SavingApp: RestorableApp {
        func application(_ application: UIApplication, shouldSaveApplicationState coder: RestorationCoder) -> Bool {
            true
        }
    }

    init(_ root: StoryboardTreeNode) {
        let blueprint = root.blueprint()
        let application = UIApplication()
        blueprint.declareClasses(in: &application.classes)
        let engine = RestorationEngine(application: application, boundary: DirectBoundary(app: SavingApp()))
        engine.start(with: blueprint.instantiateViewController(classes: application.classes))
        engine.enterBackground()
        // The engine names nodes by structural position: "0", "0.1", "0.1.v0".
        var byPosition: [String: NodeOutcome] = [:]
        for node in engine.outcome.preservation?.nodes ?? [] {
            if let p = node.position { byPosition[p] = node }
        }
        var names: [String: (name: String, outcome: NodeOutcome)] = [:]  // engine locator → who, for causes
        collect(root, position: "0", parent: nil, depth: 0, byPosition: byPosition, names: &names)
        for i in controllers.indices where !controllers[i].preserved {
            controllers[i].cause = Self.explain(controllers[i].reason, cause: causeLocators[i], names: names)
        }
    }

    private var causeLocators: [String?] = []

    private mutating func collect(
        _ node: StoryboardTreeNode, position: String, parent: StoryboardTreeNode?, depth: Int,
        byPosition: [String: NodeOutcome], names: inout [String: (name: String, outcome: NodeOutcome)]
    ) {
        let c = node.controller
        let outcome = byPosition[position]
        let display = c.restorationIdentifier ?? (c.className + " (\(c.id))")
        if let outcome { names[outcome.locator] = (display, outcome) }
        controllers.append(
            LintController(
                id: c.id, className: c.className, restorationIdentifier: c.restorationIdentifier,
                storyboardIdentifier: c.storyboardIdentifier, path: outcome?.path,
                preserved: outcome?.status == .preserved, reason: outcome?.reason, cause: nil,
                parent: parent?.controller.id, embedded: node.embedded, depth: depth, storyboard: node.storyboard,
                displayName: display, parentKey: parent?.key, isCustomContainer: node.isCustomContainer))
        causeLocators.append(outcome?.cause)
        for (j, view) in c.views.enumerated() {
            if let o = byPosition[position + ".v\(j)"] { viewOutcomes[LintKey.of(node.storyboard, view.id)] = o }
        }
        for (i, child) in node.children.enumerated() {
            collect(
                child, position: position + ".\(i)", parent: node, depth: depth + 1, byPosition: byPosition,
                names: &names)
        }
    }

    /// "its ancestor `MainNav` has no restoration identifier", from the engine's reason and cause.
    static func explain(
        _ reason: ReasonCode?, cause: String?, names: [String: (name: String, outcome: NodeOutcome)]
    ) -> String? {
        guard let reason else { return nil }
        guard let cause, let who = names[cause] else { return reason.summary }
        switch reason {
        case .ancestorNotPreserved where who.outcome.status == .preserved:
            return "its ancestor `\(who.name)` is a custom container that does not encode its children"
        case .ancestorNotPreserved:
            return "its ancestor `\(who.name)` has no restoration identifier"
        case .notEncodedByContainer:
            return "its container `\(who.name)` is a custom container that does not encode its children"
        default:
            return reason.summary
        }
    }
}
