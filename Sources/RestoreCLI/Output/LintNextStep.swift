import RestoreStoryboard
import RestoreTrace

/// The lines `lint` ends its text with: the scenario that records the storyboards just read, so
/// the step from "what would be preserved" to "what comes back" is one copy and paste. A user
/// who ran lint first found no word of `record` in its output (r19 end-to-end walk).
enum LintNextStep {
    /// The scenario's name and the file it is saved as (`MyApp.yaml`).
    static let scenarioName = "MyApp"

    /// The "Next:" paragraph, starting with a blank line; nil when the files read give no app to
    /// record: no storyboard with an initial view controller, or only files read from standard
    /// input (which a scenario cannot name).
    static func text(documents: [StoryboardDocument], plist: InfoPlist?, findings: [LintFinding]) -> String? {
        // Lines `record` would refuse are no next step (r20 review): what stands in the way is.
        let refused = [LintFinding.Code.unresolvedReference, .identifierContainsSlash].filter { code in
            findings.contains { $0.code == code }
        }
        if !refused.isEmpty {
            return "\nNext: `restoretrace record` refuses these storyboards while the "
                + refused.map { "[\($0.rawValue)]" }.joined(separator: " and ")
                + " findings above stand; fix them"
                + (refused.contains(.unresolvedReference) ? " (or give lint the storyboards they lead into)" : "")
                + ", and lint ends with the scenario to record.\n"
        }
        if let plist, plist.isSceneBased,
            let board = plist.sceneManifest?.configurations.first(where: { $0.name != nil })?.storyboard,
            !documents.contains(where: { $0.name == board })
        {
            return
                "\nNext: give lint the scene's storyboard too (\(board).storyboard, the UISceneStoryboardFile of its first configuration), and it ends with the scenario to record.\n"
        }
        // The launch screen too: the app's storyboards may reference it (Delta's Main does), and a
        // reference into a file not listed is refused.
        let named = documents.filter { $0.file != "<stdin>" }
        // A localized copy has the name of its base file: the first one given stands for it.
        var seen = Set<String>()
        let storyboards = named.filter { seen.insert($0.name).inserted }
        guard !storyboards.isEmpty else { return nil }
        let names = Set(storyboards.map(\.name))
        let app: String
        if let plist, plist.file != "<stdin>",
            plist.isSceneBased || plist.mainStoryboard.map(names.contains) == true
        {
            // The plist names the main storyboard (or each scene's), and the rest of what the
            // app declares: the scenario reads them from it.
            app = "infoPlist: \(yaml(plist.file))"
        } else if plist?.isSceneBased != true,
            let main = storyboards.first(where: {
                $0.initialViewController != nil && $0.name != plist?.launchStoryboard
            })
        {
            app = "mainStoryboard: \(yaml(main.name))"
        } else {
            return nil
        }
        var lines = [
            "",
            "Next: see what comes back after the app is killed. Save these lines as \(scenarioName).yaml in this folder and run `restoretrace record \(scenarioName).yaml`:",
            "  name: \(scenarioName)",
            "  app: {\(app)}",
            "  storyboards: {" + storyboards.map { "\(yaml($0.name)): \(yaml($0.file))" }.joined(separator: ", ") + "}",
        ]
        // A scene-based app is recorded per scene session (SPEC §8): one session to start with.
        if plist?.isSceneBased == true { lines += ["  scenes:", "    - session: main"] }
        // A session saves nothing without the activity its delegate returns (r20 review).
        let then =
            plist?.isSceneBased == true
            ? "Then give each session its activity: (what stateRestorationActivity(for:) returns) and ui: (the screens it had open)"
            : "Then add ui: for the screens the user had open"
        lines.append(then + "; `restoretrace record --help` and `restoretrace schema scenario` say more.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as a YAML flow scalar: plain when it reads back as the same string, else quoted as
    /// JSON (a YAML double-quoted scalar).
    static func yaml(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || "_.-/".unicodeScalars
                    .contains($0)
        }
        let reserved = ["true", "false", "null", "yes", "no", "on", "off", "~"]
        if plain, let first = text.unicodeScalars.first, !"-.0123456789".unicodeScalars.contains(first),
            !reserved.contains(text.lowercased())
        {
            return text
        }
        // JSON's string escapes are YAML's double-quoted ones; the controls YAML refuses unescaped
        // (DEL, C1, the separators) are written as `\uXXXX` too.
        var quoted: [UInt8] = []
        quoted.appendJSONString(text)
        return VisibleText.escapingControls(json: String(decoding: quoted, as: UTF8.self))
    }
}
