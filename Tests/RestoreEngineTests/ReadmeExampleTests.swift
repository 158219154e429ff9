import RestoreEngine
import Testing

// The README's Swift example, verbatim, so the README cannot drift from the API.
private final class ReadmeNoteViewController: UIViewController {
    var draft = ""
    override func encodeRestorableState(with coder: RestorationCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(draft, forKey: "draft")
    }
    override func decodeRestorableState(with coder: RestorationCoder) {
        super.decodeRestorableState(with: coder)
        draft = coder.decodeString(forKey: "draft") ?? ""
    }
}

private final class ReadmeNotesApp: RestorableApp {
    func loadInitialInterface(_ app: UIApplication) -> UIViewController? {
        UINavigationController(restorationIdentifier: "Notes")
    }
    func application(_ app: UIApplication, shouldSaveApplicationState coder: RestorationCoder) -> Bool { true }
    func application(_ app: UIApplication, shouldRestoreApplicationState coder: RestorationCoder) -> Bool { true }
    func viewController(
        restorationClass: String, withRestorationIdentifierPath path: [String],
        coder: RestorationCoder, application: UIApplication
    ) -> UIViewController? {
        let note = ReadmeNoteViewController(restorationIdentifier: path.last)
        note.restorationClass = restorationClass
        return note
    }
}

@Suite struct ReadmeExampleTests {
    @Test func readmeSwiftExampleRestoresTheDraft() throws {
        let engine = RestorationEngine(application: UIApplication(), boundary: DirectBoundary(app: ReadmeNotesApp()))
        let note = ReadmeNoteViewController(restorationIdentifier: "Note")
        note.restorationClass = "NoteViewController"
        note.draft = "Buy oat milk"
        engine.start(with: UINavigationController(restorationIdentifier: "Notes", viewControllers: [note]))
        engine.enterBackground()
        engine.kill(.system)
        engine.relaunch()
        let restored = try #require(
            engine.application.window.rootViewController?.children.first as? ReadmeNoteViewController)
        #expect(restored.draft == "Buy oat milk")
        #expect(restored !== note)
        #expect(engine.outcome.restoration?.nodes.first { $0.path == "Notes/Note" }?.via == .restorationClass)
    }
}
