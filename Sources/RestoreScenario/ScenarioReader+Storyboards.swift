import Foundation
import RestoreEngine
import RestoreStoryboard

/// Storyboard files named under `storyboards:` (SPEC §3): read them, build the launch UI from
/// `app.mainStoryboard`, and instantiate nodes that give `storyboard:` without `class:`.
///
/// Choices where SPEC §3 is silent:
/// - A file's path is relative to the scenario file's folder.
/// - Every scene with a Storyboard ID becomes instantiable by that identifier, exactly like a
///   hand-written `storyboards:` entry, so R3's storyboard step finds it.
/// - Fields a node gives add to what the file builds: its `children` come after the file's
///   (pushed at run time), its `views` replace the file's view with the same identifier (adding
///   state) or are added; `restorationIdentifier`, `restorationClass`, `inherits`, `kind`, `state`,
///   `selectedIndex`, `encodesChildren`, `presented` and `objects` are the node's.
/// - `ui` absent: the UI at background is the launch UI as built.
extension ScenarioReader {
    func loadStoryboards(into scenario: inout Scenario) {
        let folder = FilePaths.parent(of: file)
        var documents: [StoryboardDocument] = []
        for entry in storyboardFiles {
            let path = entry.path.hasPrefix("/") || folder.isEmpty ? entry.path : folder + "/" + entry.path
            do {
                var doc = try StoryboardReader.read(path: path)
                // Lint reports these among its findings; a recording cannot name their objects.
                guard doc.identifierProblems.isEmpty else {
                    failReading(
                        doc.identifierProblems, named: "storyboard '\(entry.name)' (\(entry.path))", at: entry.node)
                    continue
                }
                doc.name = entry.name  // the scenario's name for it, as UIStoryboard(name:) would use
                documents.append(doc)
                scenario.storyboardFiles[entry.name] = entry.path
            } catch {
                failReading(error.problems, named: "storyboard '\(entry.name)' (\(entry.path))", at: entry.node)
            }
        }
        guard problems.isEmpty else { return }
        let catalog = StoryboardCatalog(documents)
        // Bounded before any tree is built from it (see `containmentProblems`).
        let containment = catalog.containmentProblems()
        guard containment.isEmpty else {
            containment.forEach(append)
            return
        }
        // Traces name a file the way the scenario does (relative), never by a machine's absolute path.
        var written: [String: String] = [:]
        for doc in documents { written[doc.file] = scenario.storyboardFiles[doc.name] }
        let origin: (String) -> String? = { written[$0] }
        for doc in documents {
            var scenes = scenario.storyboards[doc.name] ?? [:]
            for scene in doc.scenes {
                guard let sid = scene.controller.storyboardIdentifier, !sid.isEmpty, scenes[sid] == nil,
                    let tree = catalog.tree(of: doc.name, storyboardIdentifier: sid)
                else { continue }
                scenes[sid] = tree.root.blueprint(originFile: origin)
            }
            scenario.storyboards[doc.name] = scenes
        }
        if let main = scenario.app.mainStoryboard {
            if catalog[main] == nil {
                // A misspelt name is pointed at the file it meant, not told to add a second one.
                let meant = Self.suggestion(for: main, among: documents.map(\.name))
                fail(
                    mainStoryboardNode,
                    "mainStoryboard '\(main)' is not a storyboard file under 'storyboards:'"
                        + (meant.isEmpty
                            ? "; add it there, such as 'storyboards: {\(main): \(main).storyboard}'" : meant))
            } else if scenario.launchUI == nil {
                guard let tree = catalog.initialTree(of: main) else {
                    // An initial view controller that is a reference not followed is one, not none.
                    if let u = catalog.initialUnresolved(of: main) {
                        report([u], in: catalog)
                        return
                    }
                    fail(
                        mainStoryboardNode,
                        "storyboard '\(main)' has no initial view controller, so there is no launch UI")
                    return
                }
                report(tree.unresolved, in: catalog)
                scenario.launchUI = tree.root.blueprint(originFile: origin)
            }
        }
        for (reference, node) in storyboardNodes where catalog[reference.name] == nil {
            fail(
                node,
                "the node has no 'class:' and storyboard '\(reference.name)' is not a storyboard file under 'storyboards:'"
                    + Self.suggestion(for: reference.name, among: documents.map(\.name))
                    + "; give 'class:' or add the file")
        }
        // A scene without `ui:` starts from its configuration's storyboard (Info.plist's UISceneStoryboardFile).
        for i in scenario.scenes.indices where scenario.scenes[i].ui == nil {
            guard let board = scenario.app.sceneStoryboards[scenario.scenes[i].configuration] else { continue }
            if let tree = catalog.initialTree(of: board) {
                report(tree.unresolved, in: catalog)
                scenario.scenes[i].ui = tree.root.blueprint(originFile: origin)
            } else if let u = catalog.initialUnresolved(of: board) {
                // As for the main storyboard: the session's window would be empty, not the scene's.
                report([u], in: catalog)
            }
        }
        guard !documents.isEmpty else {
            // No file to instantiate from: every tree stays as written (and copying a big one is not free).
            scenario.ui = scenario.ui ?? scenario.launchUI
            return
        }
        let resolve = { (b: NodeBlueprint) -> NodeBlueprint in self.instantiate(b, catalog: catalog, origin: origin) }
        scenario.launchUI = scenario.launchUI.map(resolve)
        scenario.ui = scenario.ui.map(resolve) ?? scenario.launchUI
        for i in scenario.scenes.indices { scenario.scenes[i].ui = scenario.scenes[i].ui.map(resolve) }
        scenario.app.delegate.defaultRoot = scenario.app.delegate.defaultRoot.map(resolve)
        for name in scenario.classes.keys.sorted() {
            scenario.classes[name]!.builds = scenario.classes[name]!.builds.map(resolve)
        }
        for name in scenario.storyboards.keys.sorted() {
            scenario.storyboards[name] = scenario.storyboards[name]!.mapValues(resolve)
        }
    }

    /// Replaces every class-less storyboard node of a tree with the scene from its file, merged
    /// with what the scenario gives.
    private func instantiate(
        _ b: NodeBlueprint, catalog: StoryboardCatalog, origin: (String) -> String?
    ) -> NodeBlueprint {
        var b = b
        b.children = b.children.map { instantiate($0, catalog: catalog, origin: origin) }
        if let p = b.presented { b.presented = instantiate(p, catalog: catalog, origin: origin) }
        guard b.className.isEmpty, let reference = b.storyboard, catalog[reference.name] != nil else { return b }
        let node = storyboardNodes.first { $0.reference == reference }?.node
        guard let tree = catalog.tree(of: reference.name, storyboardIdentifier: reference.identifier) else {
            let ids = catalog[reference.name]?.scenes.compactMap(\.controller.storyboardIdentifier) ?? []
            // A scene with that Restoration ID and no Storyboard ID cannot be named here: say so,
            // and where it is (most pushed scenes of real storyboards have no Storyboard ID).
            let byRestorationID = catalog[reference.name]?.scenes.first {
                $0.controller.restorationIdentifier == reference.identifier
            }?.controller
            let hint =
                byRestorationID.map {
                    ": the scene at line \($0.location.line ?? 0) has it as Restoration ID; a scenario names a scene by its Storyboard ID, "
                        + ($0.storyboardIdentifier.map { "which is '\($0)' there" }
                            ?? "and it has none: set one in the Identity inspector (with \"Use Storyboard ID\" ticked, it is its Restoration ID too)")
                } ?? Self.suggestion(for: reference.identifier, among: ids)
            fail(
                node,
                "storyboard '\(reference.name)' has no scene with the Storyboard ID '\(reference.identifier)'" + hint)
            return b
        }
        report(tree.unresolved, in: catalog)
        var merged = tree.root.blueprint(originFile: origin)
        merged.storyboard = reference
        if let r = b.restorationIdentifier { merged.restorationIdentifier = r }
        if let r = b.restorationClass { merged.restorationClass = r }
        if let i = b.inherits { merged.inherits = i }
        merged.isCustomContainer = merged.isCustomContainer || b.isCustomContainer
        merged.state = b.state
        merged.selectedIndex = b.selectedIndex
        if let s = b.selectedIndex, b.children.isEmpty, !(0..<merged.children.count).contains(s) {
            let count = merged.children.count
            fail(
                node,
                "selectedIndex \(s) is out of range: the scene '\(reference.identifier)' (\(merged.className)) has \(count) \(count == 1 ? "child" : "children")"
                    + (count > 0 ? " (0...\(count - 1))" : ""))
            merged.selectedIndex = nil
        }
        merged.encodesChildren = b.encodesChildren
        merged.presented = b.presented
        merged.objects = b.objects
        merged.children = Self.merge(b.children, into: merged.children)
        for view in b.views {
            if let i = merged.views.firstIndex(where: { $0.restorationIdentifier == view.restorationIdentifier }) {
                var v = view
                v.origin = merged.views[i].origin
                merged.views[i] = v
            } else {
                merged.views.append(view)
            }
        }
        return merged
    }

    /// The scenario's children of a storyboard node: one that names the same scene (`storyboard:`)
    /// as a child the file builds takes that child's place, so state, views and objects can be
    /// given to a nested scene (a split view's master table); the others come after the file's,
    /// pushed at run time. Each file child is taken at most once, in order.
    ///
    /// The same scene is the same reference, or the same object of the same file: a file-built
    /// child's reference carries its Restoration ID, the scenario's its Storyboard ID, and when
    /// the two differ the child was appended beside the one it names, a second tab with nothing
    /// said (r19 end-to-end walk).
    static func merge(_ given: [NodeBlueprint], into built: [NodeBlueprint]) -> [NodeBlueprint] {
        var result = built
        var taken = Set<Int>()
        for child in given {
            if let reference = child.storyboard,
                let i = result.indices.first(where: {
                    $0 < built.count && !taken.contains($0)
                        && (result[$0].storyboard == reference
                            || (child.origin != nil && result[$0].origin == child.origin))
                })
            {
                taken.insert(i)
                result[i] = child
            } else {
                result.append(child)
            }
        }
        return result
    }

    /// A storyboard reference that cannot be followed is an error: its subtree would be missing.
    /// Into a file the scenario does not list, the fix is to list it; to a scene the listed file
    /// does not have, it is the reference's Referenced ID ("add it to the scenario" sent the user
    /// to a line already written).
    private func report(_ unresolved: [UnresolvedReference], in catalog: StoryboardCatalog) {
        for u in unresolved {
            guard u.storyboardFound, let target = catalog[u.storyboardName] else {
                append(
                    Diagnostic(
                        at: u.location,
                        u.message
                            + "; add it to the scenario, such as 'storyboards: {\(u.storyboardName): \(u.storyboardName).storyboard}'"
                    ))
                continue
            }
            let file = storyboardFiles.first { $0.name == u.storyboardName }?.path ?? "\(u.storyboardName).storyboard"
            let ids = target.scenes.compactMap(\.controller.storyboardIdentifier).filter { !$0.isEmpty }
            let listed = ids.prefix(10).map { "'\($0)'" }.joined(separator: ", ") + (ids.count > 10 ? ", …" : "")
            let fix: String
            switch (u.referencedIdentifier, ids.isEmpty) {
            case _ where u.cycle:
                fix = "; point one reference of the cycle at a scene that is a view controller"
            case (let wanted?, false):
                fix =
                    Self.suggestion(for: wanted, among: ids)
                    + "; set the reference's Referenced ID to a Storyboard ID of \(file): \(listed)"
            case (_?, true):
                fix = "; \(file) has no scene with a Storyboard ID: give the scene one in the Identity inspector"
            case (nil, false):
                fix =
                    "; tick \"Is Initial View Controller\" on a scene of \(file), or set the reference's Referenced ID to one of its Storyboard IDs: \(listed)"
            case (nil, true):
                fix = "; tick \"Is Initial View Controller\" on a scene of \(file)"
            }
            append(Diagnostic(at: u.location, u.message + fix))
        }
    }
}

extension ScenarioReader {
    /// The problems of a file the scenario names (a storyboard, the Info.plist): one with a line
    /// is said where it is, in that file; the scenario's key then says which file it named. One
    /// with no line (the file cannot be read) is said at the key.
    func failReading(_ fileProblems: [Diagnostic], named name: String, at node: ScenarioNode?) {
        for p in fileProblems {
            guard p.location?.line != nil else {
                fail(node, "\(name): \(p.message)")
                continue
            }
            append(p)
        }
        if fileProblems.contains(where: { $0.location?.line != nil }) {
            fail(node, "\(name) has errors, listed under its own name")
        }
    }
}
