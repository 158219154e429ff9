import Foundation
import RestoreEngine

/// The findings of one storyboard, each with a fix.
struct LintRules {
    let doc: StoryboardDocument
    let catalog: StoryboardCatalog
    let tree: StoryboardTree?
    /// Where the segues of every launch tree put the scenes they show, by scene (`RunTimePlacement`).
    let placements: [String: RunTimePlacement]
    let file: LintFile
    private var out: [LintFinding] = []
    /// Controllers (`LintKey`) already reported as lacking an identifier, so one fix is not given twice.
    var reportedMissing = Set<String>()

    init(
        doc: StoryboardDocument, catalog: StoryboardCatalog, tree: StoryboardTree?,
        placements: [String: RunTimePlacement], file: LintFile
    ) {
        self.doc = doc
        self.catalog = catalog
        self.tree = tree
        self.placements = placements
        self.file = file
    }

    func findings() -> [LintFinding] {
        var rules = self
        rules.run()
        // This file's findings first, then those in scenes referenced from other files.
        return rules.out.sorted { a, b in
            let own = rules.doc.file
            if (a.location.file == own) != (b.location.file == own) { return a.location.file == own }
            return a.location != b.location ? a.location < b.location : a.code.rawValue < b.code.rawValue
        }
    }

    mutating func add(
        _ code: LintFinding.Code, _ severity: LintSeverity, id: String, at location: SourceLocation,
        _ message: String, fix: String
    ) {
        out.append(LintFinding(code: code, severity: severity, id: id, location: location, message: message, fix: fix))
    }

    private mutating func run() {
        if doc.initialViewController == nil {
            add(
                .noInitialViewController, .info, id: "", at: SourceLocation(file: doc.file, line: 1, column: 1),
                "no initial view controller: nothing of this storyboard is built at launch; its scenes come only from code or references",
                fix:
                    "if this is the app's main storyboard, tick \"Is Initial View Controller\" on the root scene; otherwise nothing to do"
            )
        }
        launchTree()
        runTimeScenes()
        storyboardIdentifiers()
        customContainers()
        duplicates()
        references()
        slashIdentifiers()
    }

    /// Identifiers with a `/`: no restoration path can name their objects (`record` refuses the
    /// file for them). A finding among the others, so one such identifier does not hide the rest.
    private mutating func slashIdentifiers() {
        for slash in doc.slashIdentifiers {
            add(
                .identifierContainsSlash, .error, id: slash.objectID, at: slash.location,
                slash.problem + ", so no archive key names it and `record` refuses the storyboard", fix: slash.fix)
        }
    }

    private func location(of c: LintController) -> SourceLocation {
        (catalog[c.storyboard] ?? doc).controller(c.id)?.location ?? SourceLocation(file: doc.file, line: 1, column: 1)
    }

    /// Controllers and views with identifiers that the launch tree never preserves.
    private mutating func launchTree() {
        guard let tree else { return }
        let byKey = Dictionary(file.controllers.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        for c in file.controllers where !c.preserved && c.restorationIdentifier != nil {
            add(
                .neverPreserved, .warning, id: c.id, at: location(of: c),
                "`\(c.displayName)` (\(c.className)) is never preserved: \(c.cause ?? "it is skipped")",
                fix: fix(for: c, in: byKey))
        }
        let launchControllers = Set(tree.root.preorder.map(\.key))
        for v in file.views where !v.preserved {
            guard launchControllers.contains(v.controllerKey), let owner = byKey[v.controllerKey], !owner.preserved
            else { continue }
            add(
                .neverPreserved, .warning, id: v.id, at: v.location,
                "the \(v.className) `\(v.restorationIdentifier)` is never preserved: its view controller `\(owner.displayName)` is not",
                fix: fix(for: owner, in: byKey, itself: true))
        }
    }

    /// The fix for a skipped controller: every step between the root and it, from the top down.
    /// Only the first unmarked ancestor is the engine's cause, but marking it alone leaves the
    /// node lost as long as another one below it is unmarked, so all of them are named, and each
    /// custom container on the way that must encode its embedded child. `itself`: `c` needs an
    /// identifier too (it owns the view the finding is about).
    func fix(for c: LintController, in byKey: [String: LintController], itself: Bool = false) -> String {
        let steps = steps(for: c, in: byKey, itself: itself)
        return steps.isEmpty ? "give it a Restoration ID in the Identity inspector" : steps.joined(separator: "; ")
    }

    func steps(for c: LintController, in byKey: [String: LintController], itself: Bool = false) -> [String] {
        var unmarked: [String] = itself && c.restorationIdentifier == nil ? ["`\(c.displayName)`"] : []
        // "Use Storyboard ID" helps only a controller that has a Storyboard ID: offered to one
        // without, ticking it changed nothing and the finding stayed (r19 end-to-end walk).
        var storyboardIDs = itself && c.restorationIdentifier == nil && c.storyboardIdentifier != nil
        var encodes: [String] = []
        var node = c
        while let parentKey = node.parentKey, let parent = byKey[parentKey] {
            if node.embedded, parent.isCustomContainer {
                // The method is the class's: a restoration identifier named as its owner read
                // as a class that does not exist (r19 end-to-end walk).
                let owner =
                    parent.hasCustomClass
                    ? "\(parent.className).encodeRestorableState(with:)"
                        + (parent.restorationIdentifier.map { " (the `\($0)` scene)" } ?? "")
                    : "the encodeRestorableState(with:) of a custom class for `\(parent.displayName)` (a \(parent.className) subclass)"
                encodes.append(
                    "encode `\(node.displayName)` in \(owner) (coder.encode(child, forKey: …)) and decode it back")
            }
            if parent.restorationIdentifier == nil {
                unmarked.append("`\(parent.displayName)`")
                storyboardIDs = storyboardIDs || parent.storyboardIdentifier != nil
            }
            node = parent
        }
        var steps = Array(encodes.reversed())
        if !unmarked.isEmpty {
            steps.insert(
                "give \(Self.list(unmarked.reversed())) a Restoration ID in the Identity inspector"
                    + (storyboardIDs ? " (or tick \"Use Storyboard ID\")" : ""),
                at: 0)
        }
        return steps
    }

    /// `A`, `A and B`, `A, B and C`.
    static func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    /// Storyboard IDs that look meant as restoration identifiers.
    private mutating func storyboardIdentifiers() {
        for scene in doc.scenes {
            let c = scene.controller
            guard c.reference == nil, let sid = c.storyboardIdentifier, !sid.isEmpty, c.restorationIdentifier == nil,
                !reportedMissing.contains(LintKey.of(doc.name, c.id))
            else { continue }
            add(
                .storyboardIDNotRestorationID, .warning, id: c.id, at: c.location,
                "`\(c.className)` has the Storyboard ID '\(sid)' but no restoration identifier: a Storyboard ID alone is not one",
                fix:
                    "tick \"Use Storyboard ID\" under Restoration ID in the Identity inspector (useStoryboardIdentifierAsRestorationIdentifier=\"YES\")"
            )
        }
    }

    /// View controllers with container views: their embedded children are theirs to encode (P5).
    private mutating func customContainers() {
        for scene in doc.scenes {
            let c = scene.controller
            let embeds = doc.segues(from: c.id).filter { $0.kind == "embed" }
            let builtIn = ["UINavigationController", "UITabBarController", "UISplitViewController"]
            guard !embeds.isEmpty, !builtIn.contains(c.uikitClass) else { continue }
            let children = embeds.map { segue in
                doc.controller(segue.destination).map { catalog.resolved($0, in: doc).controller.displayName }
                    ?? segue.destination
            }
            add(
                .customContainer, .warning, id: c.id, at: c.location,
                "`\(c.displayName)`" + (c.displayName == c.className ? "" : " (\(c.className))")
                    + " embeds \(children.map { "`\($0)`" }.joined(separator: ", ")) through container views: UIKit preserves them only if `\(c.className)` encodes them",
                // A plain UIViewController has no encodeRestorableState(with:) of the app's to write it in.
                fix: (c.customClass.map { "in \($0).encodeRestorableState(with:)" }
                    ?? "give `\(c.displayName)` a custom class (a \(c.uikitClass) subclass), and in its encodeRestorableState(with:)")
                    + " call coder.encode(child, forKey: …) for each embedded child (in a scenario: encodesChildren: true)"
            )
        }
    }

    /// Siblings sharing an identifier: ambiguous paths (R11), or, in built-in containers, one path for two controllers.
    private mutating func duplicates() {
        for scene in doc.scenes {
            let c = scene.controller
            var seen: [String: String] = [:]
            for v in c.views where !v.restorationIdentifier.isEmpty {
                if let first = seen[v.restorationIdentifier] {
                    add(
                        .duplicateIdentifier, .error, id: v.id, at: v.location,
                        "two views of `\(c.displayName)` share the restoration identifier '\(v.restorationIdentifier)' (also \(first)): UIKit may restore the wrong one",
                        fix: "give each view its own Restoration ID")
                } else {
                    seen[v.restorationIdentifier] = v.id
                }
            }
            // A child brought in by a storyboard reference is the scene it names (Xcode's modular
            // layout): its identifier counts as a local child's does, as it does for `record`.
            let children = doc.childSegues(of: c.id).compactMap { s in doc.controller(s.destination) }
            var ids: [String: String] = [:]
            for child in children {
                let (target, targetDoc) = catalog.resolved(child, in: doc)
                guard let rid = target.restorationIdentifier else { continue }
                let name =
                    targetDoc.name == doc.name && target.id == child.id
                    ? child.id : "\(target.id) of \(targetDoc.name).storyboard, through a storyboard reference"
                guard let first = ids[rid] else {
                    ids[rid] = name
                    continue
                }
                let builtIn = ["UINavigationController", "UITabBarController", "UISplitViewController"]
                    .contains(c.uikitClass)
                add(
                    .duplicateIdentifier, builtIn ? .warning : .error, id: child.id, at: child.location,
                    "two children of `\(c.displayName)` share the restoration identifier '\(rid)' (also \(first))"
                        + (builtIn
                            ? ": their archive keys differ, but a restoration class or the app delegate cannot tell them apart by path"
                            : ": their restoration paths are the same, so UIKit may restore the wrong one"),
                    fix: "give each child its own Restoration ID")
            }
        }
    }

    /// The command that lints the files given and the missing storyboard (a bare name was looked
    /// for in the current folder, and dropped the other files given). It is looked for beside the
    /// file referring to it, then, from a localized folder (`Base.lproj`), in the folder above,
    /// where Xcode keeps a storyboard that is not localized; found in neither, it is said to be
    /// beside (the fix then says to give its path).
    private func lintAgain(adding name: String) -> String {
        let given = catalog.names.compactMap { catalog[$0]?.file }
        return
            (["restoretrace", "lint"] + (given + [Self.whereToFind(name, referencedFrom: doc.file)]).map(Self.shellWord))
            .joined(separator: " ")
    }

    static func whereToFind(_ name: String, referencedFrom file: String) -> String {
        func inFolder(_ folder: String) -> String {
            (folder.isEmpty ? "" : folder.hasSuffix("/") ? folder : folder + "/") + name + ".storyboard"
        }
        let folder = FilePaths.parent(of: file)
        let beside = inFolder(folder)
        var candidates = [beside]
        // A bare name is in the current folder: `lint Main.storyboard` run inside Base.lproj.
        let localized = (folder.isEmpty ? FileManager.default.currentDirectoryPath : folder).hasSuffix(".lproj")
        if localized { candidates.append(inFolder(folder.isEmpty ? ".." : FilePaths.parent(of: folder))) }
        return candidates.first { FileManager.default.fileExists(atPath: $0) } ?? beside
    }

    /// A path as one shell word: quoted when it holds anything but letters, digits and `._/+-`.
    static func shellWord(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || "._/+-".unicodeScalars.contains($0)
        }
        return plain && !path.isEmpty ? path : "'" + path.replacing("'", with: #"'\''"#) + "'"
    }

    /// Storyboard references into files not given, or to scenes that do not exist.
    private mutating func references() {
        for scene in doc.scenes {
            guard let u = catalog.unresolved(scene.controller, in: doc) else { continue }
            let name = u.storyboardName
            add(
                .unresolvedReference, u.storyboardFound ? .error : .warning, id: u.placeholderID, at: u.location,
                u.message,
                fix: u.cycle
                    ? "point the reference at a scene that is a view controller (its Storyboard and Referenced ID), not at a reference that leads back to it"
                    : u.storyboardFound
                        ? "set the reference's Referenced ID to an existing Storyboard ID of \(name).storyboard"
                        : "pass \(name).storyboard to lint too (\(lintAgain(adding: name))), so the scenes it stands for are checked"
            )
        }
    }
}
