import RestoreEngine

/// Scenes shown by segues at run time (push, show, modal…), with the children they instantiate.
extension LintRules {
    /// Each scene a segue of this file shows (a segue into a storyboard reference brings the scene
    /// it stands for, in its own file), judged where the segue puts it when a launch tree reaches
    /// the segue (`RunTimePlacement`), else on its own identifier.
    mutating func runTimeScenes() {
        let launch = Set(file.controllers.map(\.key))
        var seen = Set<String>()
        for segue in doc.runTimeSegues where !launch.contains(LintKey.of(doc.name, segue.destination)) {
            guard seen.insert(segue.destination).inserted,
                let arriving = StoryboardTreeBuilder(catalog: catalog).tree(rootedAt: segue.destination, in: doc)
            else { continue }
            let source = doc.controller(segue.source)?.displayName ?? segue.source
            let how = { (node: StoryboardTreeNode) -> String in
                node.key == arriving.root.key
                    ? "is shown by a \(segue.kind) segue from `\(source)`"
                    : "arrives with `\(arriving.root.controller.displayName)` (a \(segue.kind) segue from `\(source)`)"
            }
            let nodes = arriving.root.preorder.filter { !launch.contains($0.key) }
            var preserved = arriving.root.controller.restorationIdentifier != nil
            if let placement = placements[arriving.root.key] {
                placed(nodes, placement, how: how)
                preserved = placement.run.controllers.first { $0.key == arriving.root.key }?.preserved ?? preserved
            } else {
                for node in nodes where node.controller.restorationIdentifier == nil {
                    missingIdentifier(node, how: how(node), then: [])
                }
            }
            if preserved { notInstantiable(arriving.root, how: how(arriving.root)) }
        }
    }

    /// What the engine made of a placed scene: a controller without an identifier, or one with an
    /// identifier under something not preserved, and then its views.
    private mutating func placed(
        _ nodes: [StoryboardTreeNode], _ placement: RunTimePlacement, how: (StoryboardTreeNode) -> String
    ) {
        let byKey = Dictionary(placement.run.controllers.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        for node in nodes {
            guard let c = byKey[node.key], !c.preserved else { continue }
            // Without an identifier, the scene's own finding has the fix its views need.
            guard c.restorationIdentifier != nil else {
                missingIdentifier(node, how: how(node), then: steps(for: c, in: byKey))
                continue
            }
            add(
                .neverPreserved, .warning, id: c.id, at: node.controller.location,
                "`\(c.displayName)` (\(c.className)) \(how(node)) but is never preserved: \(c.cause ?? "it is skipped")",
                fix: fix(for: c, in: byKey))
            for view in node.controller.views {
                add(
                    .neverPreserved, .warning, id: view.id, at: view.location,
                    "the \(view.className) `\(view.restorationIdentifier)` is never preserved: its view controller `\(c.displayName)` is not",
                    fix: fix(for: c, in: byKey))
            }
        }
    }

    /// A segue's scene that is preserved, but whose restoration identifier no scene of its file
    /// has as Storyboard ID. Nothing builds it at launch, so at restoration it comes back only from
    /// a restoration class, the app delegate, or the storyboard, which UIKit asks for the scene
    /// by its restoration identifier (R3 step 4): lint said nothing, and a recording showed it
    /// lost (`not-found`) (r19 end-to-end walk). Lint cannot see the code, so the finding says
    /// what the code could do instead.
    private mutating func notInstantiable(_ node: StoryboardTreeNode, how: String) {
        let c = node.controller
        guard let identifier = c.restorationIdentifier, c.reference == nil, let own = doc.controller(c.id),
            own.id == c.id, doc.controller(storyboardIdentifier: identifier) == nil
        else { return }
        let storyboardID =
            c.storyboardIdentifier.map { "its Storyboard ID is '\($0)'" } ?? "it has no Storyboard ID"
        add(
            .notFoundInStoryboard, .warning, id: c.id, at: c.location,
            "`\(c.displayName)` \(how) and is preserved, but no scene has the Storyboard ID '\(identifier)' (\(storyboardID)): UIKit asks the storyboard for a scene by its restoration identifier, so unless a restoration class or the app delegate returns it, it is lost at restoration (not-found)",
            fix:
                "set its Storyboard ID to '\(identifier)' and tick \"Use Storyboard ID\" in the Identity inspector, or give \(c.className) a restoration class"
        )
    }

    /// A scene shown without a restoration identifier; `then`: what else must change above it.
    private mutating func missingIdentifier(_ node: StoryboardTreeNode, how: String, then: [String]) {
        let c = node.controller
        guard reportedMissing.insert(node.key).inserted else { return }
        let own =
            c.storyboardIdentifier.map {
                "tick \"Use Storyboard ID\" under Restoration ID in the Identity inspector (its Storyboard ID is '\($0)')"
            } ?? "set a Restoration ID in the Identity inspector"
        add(
            .segueSceneWithoutIdentifier, .warning, id: c.id, at: c.location,
            "`\(c.displayName)` \(how) but has no restoration identifier: it is lost once shown",
            fix: ([own] + then).joined(separator: "; and "))
    }
}
