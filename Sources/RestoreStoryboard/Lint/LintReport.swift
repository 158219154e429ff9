import RestoreEngine

/// What `restoretrace lint` found in a set of storyboards (`restoretrace-lint/1`).
public struct LintReport: Sendable {
    public static let format = "restoretrace-lint/1"
    public var files: [LintFile]
    /// The app's Info.plist, when one was given: its life cycle and what it means for restoration.
    public var infoPlist: InfoPlistLint?

    /// Every finding of every file (the Info.plist's first).
    public var findings: [LintFinding] { (infoPlist?.findings ?? []) + files.flatMap(\.findings) }

    /// Lints the app's Info.plist with the storyboards. In a scene-based app nothing in them is
    /// preserved (S1): the launch trees say so, and each storyboard lists its own inert pieces.
    public mutating func read(_ plist: InfoPlist) {
        for i in files.indices {
            if files[i].name == plist.launchStoryboard {
                // Not the app's UI: what restoration would need of it is beside the point.
                files[i].launchScreen = true
                files[i].findings = []
            } else if let main = plist.mainStoryboard, files[i].name != main {
                // The plist says which storyboard is main: "if this is the app's main
                // storyboard, tick Is Initial View Controller" does not apply to another.
                files[i].findings.removeAll { $0.code == .noInitialViewController }
            }
        }
        var lint = InfoPlistLint.lint(plist, storyboards: files.filter { !$0.launchScreen })
        guard plist.isSceneBased else {
            infoPlist = lint
            return
        }
        let cause = "the app adopts scenes: UIKit never runs view-controller-based restoration (S1)"
        for i in files.indices where !files[i].launchScreen {
            files[i].sceneBased = true
            // Every node, not only those the legacy rules would preserve: "no restoration
            // identifier" beside a scene-based app read as "add one".
            for j in files[i].controllers.indices {
                files[i].controllers[j].preserved = false
                files[i].controllers[j].reason = .legacyRestorationInert
                files[i].controllers[j].cause = cause
            }
            for j in files[i].views.indices {
                files[i].views[j].preserved = false
                files[i].views[j].reason = .legacyRestorationInert
            }
            for j in files[i].scenes.indices {
                files[i].scenes[j].preserved = false
                files[i].scenes[j].reason = .legacyRestorationInert
                files[i].scenes[j].cause = cause
            }
            let own = lint.findings.filter { $0.code == .legacyRestorationInert && $0.location.file == files[i].file }
            // What view-controller-based restoration would need (an identifier, a container that
            // encodes its children) is beside the point when it never runs: "give it a Restoration
            // ID" contradicted the inert findings telling the user the IDs can go.
            files[i].findings.removeAll { LintFinding.Code.legacyOnly.contains($0.code) }
            files[i].findings = (own + files[i].findings).sorted {
                $0.location != $1.location ? $0.location < $1.location : $0.code.rawValue < $1.code.rawValue
            }
        }
        lint.findings.removeAll { f in
            f.code == .legacyRestorationInert && files.contains { $0.file == f.location.file }
        }
        infoPlist = lint
    }

    /// Whether a finding at or above `severity` exists (`--fail-on`).
    public func hasFinding(atLeast severity: LintSeverity) -> Bool {
        findings.contains { $0.severity >= severity }
    }
}

/// One storyboard file's launch tree, views, scenes and findings.
public struct LintFile: Sendable {
    public var file: String
    /// IB id of the initial view controller, if any.
    public var initial: String?
    /// The launch tree, parents before children.
    public var controllers: [LintController] = []
    /// Every element with a `restorationIdentifier` attribute, in any scene, in file order; then
    /// those of scenes in other files that the launch tree reaches through references.
    public var views: [LintView] = []
    public var scenes: [LintScene] = []
    public var findings: [LintFinding] = []
    /// The app adopts scenes (its Info.plist was given): nothing here is preserved (S1).
    public var sceneBased = false
    /// The storyboard's name (the file's, without `.storyboard`): what its views' `storyboard` says.
    var name = ""
    /// The app's launch screen (`UILaunchStoryboardName` of the Info.plist given): UIKit shows it
    /// before the app runs and never preserves or restores it, so it is not judged.
    public var launchScreen = false
}

/// A controller of the launch tree (the initial view controller and what it instantiates).
public struct LintController: Sendable {
    public var id: String
    public var className: String
    public var restorationIdentifier: String?
    public var storyboardIdentifier: String?
    /// The restoration path; nil unless it and every ancestor have identifiers.
    public var path: String?
    public var preserved: Bool
    public var reason: ReasonCode?
    /// In words, with the node that caused it ("its ancestor `MainNav` has no restoration identifier").
    public var cause: String?
    public var parent: String?
    /// Reached by an embed segue from a container view.
    public var embedded: Bool
    public var depth: Int
    /// The storyboard it is in, when a reference led into another file.
    public var storyboard: String
    public var displayName: String
    /// The parent's `key`: IB ids are only unique within a file, and a tree crosses files.
    var parentKey: String?
    /// A view controller holding embedded children that it must encode itself (P5).
    var isCustomContainer = false
    /// Its class is the app's (`customClass`), not UIKit's: there is an encodeRestorableState(with:) to write in.
    var hasCustomClass = false

    /// Its storyboard and IB id: what tells it apart in a tree that crosses files.
    var key: String { LintKey.of(storyboard, id) }
}

/// A node's storyboard and IB id, one string: a tree reached through references spans files,
/// and Interface Builder's ids are only unique within one.
enum LintKey {
    static func of(_ storyboard: String, _ id: String) -> String { storyboard + "\u{0}" + id }
}

/// An element with a restoration identifier.
public struct LintView: Sendable {
    public var id: String
    public var element: String
    public var className: String
    public var restorationIdentifier: String
    /// IB id of its scene's controller.
    public var controller: String
    /// The storyboard its scene is in: a view of a scene reached through a reference is another file's.
    public var storyboard: String
    /// Preserved when its controller is: in the launch tree, or in a scene shown at run time.
    public var preserved: Bool
    public var reason: ReasonCode?
    /// The element's file, line and column (what a finding about it points at).
    public var location: SourceLocation
    public var line: Int { location.line ?? 1 }
    /// Its controller's `LintController.key`.
    var controllerKey: String { LintKey.of(storyboard, controller) }
}

/// A scene, and how it is reached.
public struct LintScene: Sendable {
    public var sceneID: String
    public var controller: String
    public var element: String
    public var className: String
    public var storyboardIdentifier: String?
    public var restorationIdentifier: String?
    /// In the launch tree.
    public var launch: Bool
    /// Segues that show it at run time: (segue id, kind, source controller id).
    public var reachedBy: [(segue: String, kind: String, source: String)]
    /// The `<scene>`'s line.
    public var line: Int
    /// The controller element's file, line and column (what a finding about it points at).
    public var location: SourceLocation
    /// Shown by a segue: preserved where the segue puts it (pushed under the source's navigation
    /// controller, presented by the root of its screen…), by the same engine as the launch tree;
    /// a scene no segue from a launch tree reaches, by its own identifier.
    public var preserved = false
    public var reason: ReasonCode?
    /// In words, with the node that caused it, as for a launch-tree controller.
    public var cause: String?
}

public enum LintSeverity: String, Sendable, Comparable, CaseIterable {
    case info, warning, error
    public static func < (a: LintSeverity, b: LintSeverity) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// One finding, with the object it is about, where it is and how to fix it.
public struct LintFinding: Sendable {
    public enum Code: String, Sendable {
        /// A controller or view with an identifier that the launch tree never preserves.
        case neverPreserved = "never-preserved"
        /// A scene shown by a segue at run time without a restoration identifier.
        case segueSceneWithoutIdentifier = "segue-scene-without-identifier"
        /// A Storyboard ID without "Use Storyboard ID": no restoration identifier.
        case storyboardIDNotRestorationID = "storyboard-id-not-restoration-id"
        /// A scene shown by a segue, preserved, whose restoration identifier is no scene's
        /// Storyboard ID: the storyboard cannot build it again (R3 step 4).
        case notFoundInStoryboard = "not-found-in-storyboard"
        /// Siblings (or views of one controller) sharing a restoration identifier.
        case duplicateIdentifier = "duplicate-identifier"
        /// A restoration identifier with a `/`: no restoration path can name its object.
        case identifierContainsSlash = "identifier-contains-slash"
        /// A custom container with embedded children: it must encode them.
        case customContainer = "custom-container"
        /// A storyboard reference into a file that was not given, or to a scene that does not exist.
        case unresolvedReference = "unresolved-reference"
        /// No initial view controller: nothing is built at launch from this storyboard.
        case noInitialViewController = "no-initial-view-controller"
        /// A scene-based app still carries view-controller-based restoration (SPEC §8, S1).
        case legacyRestorationInert = "legacy-restoration-inert"
        /// An app-based app: it stops launching with the SDK after iOS 26 (TN3187).
        case scenesRequired = "scenes-required"
        /// A scene-based app declares no NSUserActivityTypes: no activity is ever persisted (S2).
        case activityTypeNotDeclared = "activity-type-not-declared"

        /// Findings about view-controller-based restoration alone: not made for a scene-based app.
        static let legacyOnly: Set<Code> = [
            .neverPreserved, .segueSceneWithoutIdentifier, .storyboardIDNotRestorationID, .duplicateIdentifier,
            .customContainer, .notFoundInStoryboard,
        ]
    }
    public var code: Code
    public var severity: LintSeverity
    /// IB object id it is about.
    public var id: String
    /// File, line and column (a scene reached through a reference is in its own file).
    public var location: SourceLocation
    public var message: String
    public var fix: String
}
