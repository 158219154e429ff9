import RestoreEngine
import Testing

private final class TypedNoteController: UIViewController {}

/// Answers only for the restoration class it was written against, by type.
private final class TypedNotesApp: RestorableApp {
    func loadInitialInterface(_ app: UIApplication) -> UIViewController? {
        UINavigationController(restorationIdentifier: "Notes")
    }
    func application(_ app: UIApplication, shouldSaveApplicationState coder: RestorationCoder) -> Bool { true }
    func application(_ app: UIApplication, shouldRestoreApplicationState coder: RestorationCoder) -> Bool { true }
    func viewController(
        restorationClass: String, withRestorationIdentifierPath path: [String],
        coder: RestorationCoder, application: UIApplication
    ) -> UIViewController? {
        guard restorationClass == TypedNoteController.restorationClassName else { return nil }
        return TypedNoteController(restorationIdentifier: path.last, restorationClass: TypedNoteController.self)
    }
}

/// `restorationClass` given as a Swift type names the same class as its string.
@Suite struct RestorationClassTypeTests {
    @Test func aTypeNamesTheClassAsItsUnqualifiedName() {
        #expect(TypedNoteController.restorationClassName == "TypedNoteController")
        let note = TypedNoteController(restorationIdentifier: "Note", restorationClass: TypedNoteController.self)
        #expect(note.restorationClass == "TypedNoteController")
        #expect(note.className == note.restorationClass)
        let other = UIViewController(restorationIdentifier: "Other")
        other.setRestorationClass(TypedNoteController.self)
        #expect(other.restorationClass == "TypedNoteController")
        let blueprint = NodeBlueprint(
            className: "X", restorationIdentifier: "x", restorationClass: TypedNoteController.self)
        #expect(blueprint.restorationClass == "TypedNoteController")
    }

    @Test func aControllerWithATypedRestorationClassIsRestoredByIt() throws {
        let engine = RestorationEngine(application: UIApplication(), boundary: DirectBoundary(app: TypedNotesApp()))
        let note = TypedNoteController(restorationIdentifier: "Note", restorationClass: TypedNoteController.self)
        engine.start(with: UINavigationController(restorationIdentifier: "Notes", viewControllers: [note]))
        engine.enterBackground()
        engine.kill(.system)
        engine.relaunch()
        let restored = try #require(engine.application.window.rootViewController?.children.first)
        #expect(restored is TypedNoteController)
        #expect(restored !== note)
        #expect(engine.outcome.restoration?.nodes.first { $0.path == "Notes/Note" }?.via == .restorationClass)
    }
}
