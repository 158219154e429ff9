/// The timeline, the answers, coder values and the scene-based life cycle.
extension ScenarioKeys {
    static let timeline: [ScenarioDefinition] = [
        ScenarioDefinition(
            shape: "step",
            "A timeline step: `background` (preservation), `{kill: KIND}`, `launch` (a relaunch, restoration), or one of them with options. `record` refuses a step that does nothing: a `background` while the app is not in the foreground (after a kill or a crash, a second one, or after a locked launch, which stays in the background), or a system's or debugger's `kill` of an app that is not running (a user's still deletes the archive); in a scene-based app also a `background` with no scene connected, a `close` of a session already closed, and a `disconnect` of a session that is not connected.",
            .either([
                .words(["background", "launch"]), .reference("backgroundStep"), .reference("killStep"),
                .reference("launchStep"), .reference("closeStep"), .reference("disconnectStep"),
            ])),
        ScenarioDefinition(
            record: "backgroundStep", "The app goes to the background: preservation.",
            [
                ScenarioKey(
                    "background", .either([.null, .reference("backgroundOptions")]), "Options of this preservation.",
                    default: .required)
            ]),
        ScenarioDefinition(
            record: "backgroundOptions", "Options of a preservation.",
            [
                ScenarioKey(
                    "crashWhileEncoding", .text,
                    "The app crashes while the node at this restoration path encodes; in a scene-based app, the session whose stateRestorationActivity(for:) crashes. `record` refuses one that crashes nothing: a path that does not encode (or a session not asked to save) at this background.",
                    default: .described("no crash"))
            ]),
        ScenarioDefinition(
            record: "killStep", "The app is terminated.",
            [
                ScenarioKey(
                    "kill", .words(["system", "user", "debugger"]),
                    "Who kills it: the system (the archive survives), the user in the app switcher (it is deleted) or the debugger.",
                    default: .required)
            ]),
        ScenarioDefinition(
            record: "launchStep", "The app is launched again: restoration.",
            [
                ScenarioKey(
                    "launch", .either([.null, .reference("launchOptions")]), "Options of this launch.",
                    default: .required)
            ]),
        ScenarioDefinition(
            record: "launchOptions", "Options of a relaunch.",
            [
                ScenarioKey(
                    "bundleVersion", .text,
                    "The app's bundle version from this launch on (an update since the archive was written): later launches keep it, as an installed update stays.",
                    default: .described("the version before (app.bundleVersion at first)")),
                ScenarioKey(
                    "deviceLocked", .boolean,
                    "The device is locked: the archive, under data protection, cannot be read.",
                    default: .literal(.boolean(false))),
                ScenarioKey(
                    "crashWhileDecoding", .text,
                    "The app crashes while the node at this restoration path decodes; in a scene-based app, the session whose scene:restoreInteractionStateWithUserActivity: crashes. `record` refuses one that crashes nothing: a path that does not decode (or a session that restores nothing) at this launch.",
                    default: .described("no crash"), nullIsAbsent: false),
                ScenarioKey(
                    "crashBeforeRestoration", .boolean, "The app crashes in this launch before restoration starts.",
                    default: .literal(.boolean(false))),
                ScenarioKey(
                    "extendStateRestoration", .words(["complete", "never"]),
                    "The app calls extendStateRestoration, then completeStateRestoration or never.",
                    default: .described("not extended")),
                ScenarioKey(
                    "data", .map(.list(.text), keys: "restoration path of a table or collection view"),
                    "A table's model identifiers after the data changed. `record` refuses a path no view the app preserved has (a typo).",
                    default: .literal(.map([]))),
            ]),
        ScenarioDefinition(
            record: "closeStep", "The user closes a scene in the app switcher: its session is discarded.",
            [
                ScenarioKey(
                    "close", .line, "The scene session's persistent identifier.", default: .required)
            ]),
        ScenarioDefinition(
            record: "disconnectStep", "The system disconnects a scene to reclaim memory: its session is kept.",
            [
                ScenarioKey(
                    "disconnect", .line, "The scene session's persistent identifier.", default: .required)
            ]),
    ]

    static let values: [ScenarioDefinition] = [
        ScenarioDefinition(
            shape: "answer",
            "ANSWER: `new` (a new instance of the archived class, with what its restoration class `builds`), `nil`, `existing` (the object now at that path and, among siblings that share it, at the entry's index; or nil), `storyboard` (instantiated from the archived storyboard), or `{instanceOf: CLASS}`.",
            .either([.words(["new", "nil", "existing", "storyboard"]), .null, .reference("instanceOf")])),
        ScenarioDefinition(
            shape: "answerRule", "An ANSWER, or one that depends on the node's archived coder.",
            .either([.reference("answer"), .reference("conditionalAnswer")])),
        ScenarioDefinition(
            record: "conditionalAnswer",
            "An answer keyed on the node's coder, the way a restoration class returns nil for a model id that no longer exists: `{ifEqual: {KEY: VALUE}, then: ANSWER, else: ANSWER}`.",
            [
                ScenarioKey(
                    "ifEqual", .map(.reference("value"), keys: "coder key"),
                    "The keys and values the node's archived coder (its `state`) must hold.", default: .required),
                ScenarioKey(
                    "then", .reference("answerRule"), "The answer when every key holds its value.",
                    default: .literal(.string("new"))),
                ScenarioKey(
                    "else", .reference("answerRule"), "The answer otherwise.", default: .literal(.string("nil"))),
            ]),
        ScenarioDefinition(
            record: "instanceOf", "An answer that is a new instance of another class.",
            [ScenarioKey("instanceOf", .text, "The class of the new instance.", default: .required)]),
        ScenarioDefinition(
            shape: "restoreRule",
            "The answer of shouldRestoreApplicationState: `true`, `false`, or `{ifEqual: {KEY: VALUE}}`.",
            .either([.boolean, .reference("ifEqualRule")])),
        ScenarioDefinition(
            record: "ifEqualRule", "YES only when the archive's app-level coder holds these values.",
            [
                ScenarioKey(
                    "ifEqual", .map(.reference("value"), keys: "app-level coder key"),
                    "The keys and values the archive must hold, such as UIApplicationStateRestorationBundleVersionKey (or UIApplicationStateRestorationBundleVersion, the name that constant holds).",
                    default: .required)
            ]),
        ScenarioDefinition(
            shape: "value", "VALUE: a string, integer, float, boolean, or a list or map of those (not null).",
            .either([.text, .list(.reference("value")), .map(.reference("value"), keys: "key")])),
    ]

    static let scenes: [ScenarioDefinition] = [
        ScenarioDefinition(
            record: "scene", "A connected scene session (scene-based life cycle).",
            [
                ScenarioKey(
                    "session", .line, "The session's persistent identifier.", default: .required),
                ScenarioKey(
                    "configuration", .line,
                    "UISceneConfigurationName; with app.infoPlist, one the plist declares (default: its first).",
                    default: .literal(.string("Default Configuration"))),
                ScenarioKey(
                    "ui", .reference("node"), "The scene window's root view controller.", default: .described("none")),
                ScenarioKey(
                    "activity", .reference("activity"), "What stateRestorationActivityForScene: returns.",
                    default: .described("nil")),
            ]),
        ScenarioDefinition(
            record: "activity", "An NSUserActivity saved with a scene session.",
            [
                ScenarioKey("type", .line, "Its activityType.", default: .required),
                ScenarioKey(
                    "userInfo", .map(.reference("value"), keys: "userInfo key"), "Its userInfo (property-list values).",
                    default: .literal(.map([]))),
                ScenarioKey(
                    "nonPlistKeys", .list(.text),
                    "Keys of userInfo (or of what a responder adds) whose values are not property-list types: saving the activity fails.",
                    default: .literal(.list([]))),
                ScenarioKey(
                    "responders",
                    .map(.either([.map(.reference("value"), keys: "userInfo key"), .null]), keys: "responder name"),
                    "Responders sharing the activity, each with what its updateUserActivityState: adds to userInfo.",
                    default: .literal(.map([]))),
            ]),
    ]
}
