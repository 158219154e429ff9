import RestoreEngine

/// `restoretrace lint`: what each storyboard's launch tree preserves, and what to fix.
///
/// Preserved/skipped come from the engine itself: the launch tree is built into live controllers
/// and the engine's preservation (P3–P6) runs over it, with an app that agrees to save. No rule
/// is re-implemented here, so lint and `record` cannot disagree.
public enum StoryboardLinter {
    /// Lints every document of the catalog, in the order given.
    /// - Throws: `StoryboardError` for a containment no tree may be built from (see
    ///   `StoryboardCatalog.containmentProblems`): checked here, before the trees are, so that no
    ///   caller can lint a hostile file without it.
    public static func lint(_ documents: [StoryboardDocument]) throws(StoryboardError) -> LintReport {
        let everything = StoryboardCatalog(documents)
        let containment = everything.containmentProblems()
        guard containment.isEmpty else { throw StoryboardError(problems: containment) }
        let catalogs = documents.map { doc in
            // Two files with one name (a storyboard localized in en.lproj and Base.lproj): a
            // reference reaches the copy in the referencing file's own folder (the localization
            // it is loaded in), else Base.lproj's, not whichever was given last; and the file
            // itself is "itself".
            var catalog = everything
            let folder = FilePaths.parent(of: doc.file)
            for other in documents where Self.isBase(FilePaths.parent(of: other.file)) { catalog.add(other) }
            for other in documents where FilePaths.parent(of: other.file) == folder { catalog.add(other) }
            catalog.add(doc)
            return catalog
        }
        let trees = documents.indices.map { catalogs[$0].initialTree(of: documents[$0].name) }
        let placed = documents.indices.map { RunTimePlacement.all(from: trees[$0], catalog: catalogs[$0]) }
        // The storyboards each launch tree reaches through references (relationship and embed
        // segues): not those its segues show at run time, which may be the app's own main
        // storyboard presented from an onboarding file, or each other's (Delta's Settings and
        // SyncResults), and whose own window they do not become.
        let reaches = trees.map { tree in Set((tree?.root.preorder ?? []).map(\.storyboard)) }
        var files = documents.indices.map { i in
            // Scenes a segue shows are placed from the launch trees that contain this file through
            // a reference first (the app's window is theirs: this file's own initial controller,
            // there, is a child of theirs), then from this file's own, then from the
            // others', in the order given: a storyboard with no initial view controller of its
            // own is shown from another's. Placed from its own tree first, a scene a segue shows
            // inside a referenced storyboard was judged as if that storyboard were the window's.
            let name = documents[i].name
            // (Another copy of this storyboard, localized, reaches its own name: it is no app above.)
            let reachers = placed.indices.filter { documents[$0].name != name && reaches[$0].contains(name) }
            let order = reachers + [i] + placed.indices.filter { $0 != i && !reachers.contains($0) }
            var placements: [String: RunTimePlacement] = [:]
            for j in order { placements.merge(placed[j]) { first, _ in first } }
            return lint(documents[i], catalog: catalogs[i], tree: trees[i], placements: placements)
        }
        reportOnce(&files)
        return LintReport(files: files)
    }

    /// A folder of Xcode's base localization (`Base.lproj`, `path/to/Base.lproj`).
    static func isBase(_ folder: String) -> Bool {
        folder == "Base.lproj" || folder.hasSuffix("/Base.lproj")
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

    static func lint(
        _ doc: StoryboardDocument, catalog: StoryboardCatalog, tree: StoryboardTree?,
        placements: [String: RunTimePlacement]
    ) -> LintFile {
        var file = LintFile(file: doc.file, initial: doc.initialViewController)
        file.name = doc.name
        var preservedControllers = Set<String>()
        var viewOutcomes: [String: NodeOutcome] = [:]
        if let tree {
            let run = PreservationRun(tree.root)
            file.controllers = run.controllers
            preservedControllers = Set(run.controllers.filter(\.preserved).map(\.key))
            viewOutcomes = run.viewOutcomes
        }
        let launch = Dictionary(file.controllers.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
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
        var atRunTime: [String: LintScene] = [:]
        for scene in doc.scenes {
            let c = scene.controller
            // A storyboard reference is shown as the scene it stands for.
            let (shown, shownDoc) = catalog.resolved(c, in: doc)
            let key = LintKey.of(shownDoc.name, shown.id)
            let reachedBy = (runTime[c.id] ?? []).map { ($0.id, $0.kind, $0.source) }
            var lintScene = LintScene(
                sceneID: scene.sceneID, controller: c.id, element: c.element, className: shown.className,
                storyboardIdentifier: shown.storyboardIdentifier, restorationIdentifier: shown.restorationIdentifier,
                launch: launch[key] != nil, reachedBy: reachedBy, line: scene.location.line ?? 1,
                location: c.location)
            // Where a segue puts it decides (`RunTimePlacement`); a scene no segue from a launch
            // tree reaches (shown from code, or by a custom segue) is judged on its identifier.
            if let verdict = launch[key] ?? (reachedBy.isEmpty ? nil : placements[key]?.controller(key)) {
                lintScene.preserved = verdict.preserved
                lintScene.reason = verdict.reason
                lintScene.cause = verdict.cause
            } else {
                lintScene.preserved = shown.restorationIdentifier != nil
                lintScene.reason = lintScene.preserved ? nil : .noRestorationIdentifier
            }
            file.scenes.append(lintScene)
            atRunTime[LintKey.of(doc.name, c.id)] = lintScene
        }
        // A view of a scene shown only at run time is judged with its scene: preserved when the
        // scene is (`record` preserves it then), else lost with its owner. It was listed as not
        // preserved with no reason, even under a ★ scene.
        for i in file.views.indices where launch[file.views[i].controllerKey] == nil {
            guard let scene = atRunTime[file.views[i].controllerKey] else { continue }
            file.views[i].preserved = scene.preserved
            file.views[i].reason = scene.preserved ? nil : .viewOwnerNotPreserved
        }
        file.findings = LintRules(doc: doc, catalog: catalog, tree: tree, placements: placements, file: file)
            .findings()
        return file
    }
}
