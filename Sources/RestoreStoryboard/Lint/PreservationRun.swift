import RestoreEngine

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
                displayName: display, parentKey: parent?.key, isCustomContainer: node.isCustomContainer,
                hasCustomClass: c.customClass != nil))
        causeLocators.append(outcome?.cause)
        for (j, view) in c.views.enumerated() {
            if let o = byPosition[position + ".v\(j)"] { viewOutcomes[LintKey.of(node.storyboard, view.id)] = o }
        }
        for (i, child) in node.children.enumerated() {
            collect(
                child, position: position + ".\(i)", parent: node, depth: depth + 1, byPosition: byPosition,
                names: &names)
        }
        // The engine's position of a presented controller is its presenter's and `.p`.
        for presented in node.presented {
            collect(
                presented, position: position + ".p", parent: node, depth: depth + 1, byPosition: byPosition,
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
