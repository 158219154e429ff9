/// S1: what of view-controller-based restoration a scene-based app still carries, and what
/// replaces each piece.
struct LegacyPiece: Hashable {
    /// What kind of piece, singular and plural: `restoration identifier(s) on controllers`.
    var kind: (one: String, many: String)
    /// Which one, as a person finds it: `'Nav' (UINavigationController, scene main)`.
    var what: String
    /// The scene-based replacement.
    var replacement: String

    static func == (a: LegacyPiece, b: LegacyPiece) -> Bool {
        a.kind == b.kind && a.what == b.what && a.replacement == b.replacement
    }
    func hash(into h: inout Hasher) { h.combine(what) }

    static let optIn = ("app delegate opt-in", "app delegate opt-ins")
    static let controllerID = ("restoration identifier on a controller", "restoration identifiers on controllers")
    static let viewID = ("restoration identifier on a view", "restoration identifiers on views")
    static let object = ("registered UIStateRestoring object", "registered UIStateRestoring objects")
    static let restorationClass = ("restoration class", "restoration classes")

    /// How many pieces of one kind a finding names.
    static let listed = 12

    /// Pieces with the same kind and replacement in one clause, in the order first met.
    static func grouped(_ pieces: [LegacyPiece]) -> String {
        var groups: [(first: LegacyPiece, whats: [String])] = []
        for piece in pieces {
            if let i = groups.firstIndex(where: {
                $0.first.kind == piece.kind && $0.first.replacement == piece.replacement
            }) {
                groups[i].whats.append(piece.what)
            } else {
                groups.append((piece, [piece.what]))
            }
        }
        return groups.map { g in
            // The first few by name: 80,000 identifiers made a 1.6 MB finding, printed whole.
            let named = g.whats.prefix(listed).joined(separator: ", ")
            let more = g.whats.count > listed ? " and \(g.whats.count - listed) more" : ""
            return (g.whats.count == 1 ? g.first.kind.one : g.first.kind.many) + " " + named + more + " → "
                + g.first.replacement
        }.joined(separator: "; ")
    }
}

extension RestorationEngine {
    /// One grouped `legacy-restoration-inert` warning listing every restoration identifier,
    /// restoration class and legacy opt-in still in the app (S1).
    func reportInertLegacy() {
        var pieces: [LegacyPiece] = []
        for optIn in application.configuration.legacyOptIns {
            pieces.append(LegacyPiece(kind: LegacyPiece.optIn, what: optIn, replacement: Self.replacement(optIn)))
        }
        var classes: [String] = []
        for session in scenes.sessions {
            guard let root = session.root else { continue }
            collect(root, session: session.id, into: &pieces, classes: &classes)
        }
        guard !pieces.isEmpty else { return }
        let list = LegacyPiece.grouped(pieces)
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
                    kind: LegacyPiece.controllerID, what: "'\(id)' (\(vc.className), scene \(session))",
                    replacement:
                        "write the controller's state into the scene's NSUserActivity (view.window.windowScene.userActivity) and rebuild it in scene:willConnectToSession:options:"
                ))
        }
        if let rc = vc.restorationClass {
            Self.addClass(
                rc,
                "create the controller in scene:willConnectToSession:options: from session.stateRestorationActivity",
                to: &pieces, classes: &classes)
        }
        for view in vc.views {
            if let id = view.restorationIdentifier, !id.isEmpty {
                pieces.append(
                    LegacyPiece(
                        kind: LegacyPiece.viewID, what: "'\(id)' (\(view.className), scene \(session))",
                        replacement: "save the view's state (selection, scroll position) in the activity's userInfo"))
            }
        }
        for object in vc.restorableObjects {
            if let id = object.restorationIdentifier, !id.isEmpty {
                pieces.append(
                    LegacyPiece(
                        kind: LegacyPiece.object, what: "'\(id)' (\(object.className), scene \(session))",
                        replacement: "put what it restores into the activity's userInfo"))
            }
            // Its UIObjectRestoration class is a restoration class too, never asked either.
            if let rc = object.objectRestorationClass {
                Self.addClass(
                    rc, "make the object from the activity's userInfo in scene:willConnectToSession:options:",
                    to: &pieces, classes: &classes)
            }
        }
        for child in vc.children { collect(child, session: session, into: &pieces, classes: &classes) }
        if let presented = vc.presentedViewController {
            collect(presented, session: session, into: &pieces, classes: &classes)
        }
    }

    /// A restoration class, once however many nodes name it.
    private static func addClass(
        _ name: String, _ replacement: String, to pieces: inout [LegacyPiece], classes: inout [String]
    ) {
        guard !classes.contains(name) else { return }
        classes.append(name)
        pieces.append(LegacyPiece(kind: LegacyPiece.restorationClass, what: name, replacement: replacement))
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
        case "ignoreSnapshot":
            "it is called from a preservation callback, which never runs: hide what the snapshot must not show in sceneWillResignActive:"
        case "defaultRoot":
            "the app delegate's window is not shown: set the scene window's root in scene:willConnectToSession:options:"
        default: "move it to the scene delegate"
        }
    }
}
