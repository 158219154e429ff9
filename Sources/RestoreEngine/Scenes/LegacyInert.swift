/// S1: what of view-controller-based restoration a scene-based app still carries, and what
/// replaces each piece.
struct LegacyPiece: Hashable {
    /// What it is, as a person finds it: `restoration identifier 'Nav' (scene main)`.
    var what: String
    /// The scene-based replacement.
    var replacement: String
}

extension RestorationEngine {
    /// One grouped `legacy-restoration-inert` warning listing every restoration identifier,
    /// restoration class and legacy opt-in still in the app (S1).
    func reportInertLegacy() {
        var pieces: [LegacyPiece] = []
        for optIn in application.configuration.legacyOptIns {
            pieces.append(LegacyPiece(what: "app delegate opt-in \(optIn)", replacement: Self.replacement(optIn)))
        }
        var classes: [String] = []
        for session in scenes.sessions {
            guard let root = session.root else { continue }
            collect(root, session: session.id, into: &pieces, classes: &classes)
        }
        guard !pieces.isEmpty else { return }
        let list = pieces.map { "\($0.what) → \($0.replacement)" }.joined(separator: "; ")
        diagnose(
            .legacyRestorationInert, .warning, path: nil, locator: nil,
            "This scene-based app still has \(pieces.count) piece\(pieces.count == 1 ? "" : "s") of view-controller-based restoration that UIKit never calls with scenes (S1): \(list)."
        )
    }

    private func collect(
        _ vc: UIViewController, session: String, into pieces: inout [LegacyPiece], classes: inout [String]
    ) {
        if let id = vc.restorationIdentifier, !id.isEmpty {
            pieces.append(
                LegacyPiece(
                    what: "restoration identifier '\(id)' on \(vc.className) (scene \(session))",
                    replacement:
                        "write its state into the scene's NSUserActivity (view.window.windowScene.userActivity) and rebuild it in scene:willConnectToSession:options:"
                ))
        }
        if let rc = vc.restorationClass, !classes.contains(rc) {
            classes.append(rc)
            pieces.append(
                LegacyPiece(
                    what: "restoration class \(rc)",
                    replacement: "create the controller in scene:willConnectToSession:options: from session.stateRestorationActivity"
                ))
        }
        for view in vc.views {
            if let id = view.restorationIdentifier, !id.isEmpty {
                pieces.append(
                    LegacyPiece(
                        what: "restoration identifier '\(id)' on \(view.className) (scene \(session))",
                        replacement: "save the view's state (selection, scroll position) in the activity's userInfo"))
            }
        }
        for object in vc.restorableObjects {
            if let id = object.restorationIdentifier, !id.isEmpty {
                pieces.append(
                    LegacyPiece(
                        what: "registered object '\(id)' (\(object.className), scene \(session))",
                        replacement: "put what it restores into the activity's userInfo"))
            }
        }
        for child in vc.children { collect(child, session: session, into: &pieces, classes: &classes) }
        if let presented = vc.presentedViewController {
            collect(presented, session: session, into: &pieces, classes: &classes)
        }
    }

    /// The scene-based counterpart of an app delegate opt-in.
    static func replacement(_ optIn: String) -> String {
        switch optIn {
        case "shouldSaveApplicationState", "shouldSaveSecureApplicationState":
            "return the scene's NSUserActivity from stateRestorationActivityForScene: and list its type in NSUserActivityTypes"
        case "shouldRestoreApplicationState", "shouldRestoreSecureApplicationState":
            "check the activity (a version key in its userInfo) in scene:willConnectToSession:options:; scenes have no shouldRestore"
        case "willEncodeRestorableState", "encodes":
            "add app-wide keys to the activity in scene:didUpdateUserActivity:"
        case "viewControllerWithRestorationIdentifierPath":
            "build the controllers in scene:willConnectToSession:options: from session.stateRestorationActivity"
        default: "move it to the scene delegate"
        }
    }
}
