/// The scenario format (`restoretrace-scenario/1`), declared once: every record, its keys, their
/// shapes, meanings and defaults. The JSON Schema and `docs/scenario.md` are generated from this.
public enum ScenarioKeys {
    /// The top level of a scenario file.
    public static let root = ScenarioDefinition(
        record: "scenario",
        "A scenario describes an app: its delegate's answers, its restoration classes, its storyboards, the UI when it goes to the background, and what happens next.",
        [
            ScenarioKey(
                "format", .constant("restoretrace-scenario/1"), "The format and its version.",
                default: .literal(.string("restoretrace-scenario/1"))),
            ScenarioKey("name", .name, "A short name for reports and the trace's header.", default: .required),
            ScenarioKey("description", .text, "Free text, shown in the report.", default: .described("none")),
            ScenarioKey(
                "app", .reference("app"), "The app: its Info.plist facts and its delegate.",
                default: .described("every key's own default")),
            ScenarioKey(
                "launchUI", .reference("node"),
                "The view controller tree built at every launch before willFinishLaunching (the main storyboard's initial controller). Restoration finds `existing` controllers here; without it nothing exists at launch.",
                default: .described("none: the window has no root controller until restoration or defaultRoot")),
            ScenarioKey(
                "storyboards",
                .map(
                    .either([.map(.reference("node"), keys: "storyboard identifier"), .text]), keys: "storyboard name"),
                "Storyboards by name: a `.storyboard` file (its path relative to the scenario), or scenes written by hand, instantiable by identifier.",
                default: .literal(.map([]))),
            ScenarioKey(
                "classes", .map(.either([.reference("restorationClass"), .null]), keys: "restoration class name"),
                "Restoration classes by name (UIViewControllerRestoration, UIObjectRestoration). A name with nothing after it answers `new`.",
                default: .literal(.map([]))),
            ScenarioKey(
                "ui", .reference("node"), "The window's root view controller when the app goes to the background.",
                default: .described("the launch UI as built")),
            ScenarioKey(
                "timeline", .list(.reference("step")), "What happens, in order.",
                default: .literal(
                    .list([.string("background"), .map([("kill", .string("system"))]), .string("launch")]))),
            ScenarioKey(
                "scenes", .list(.reference("scene")),
                "The connected scene sessions of a scene-based app (`app.lifecycle: scenes`), in order.",
                default: .literal(.list([]))),
        ])

    /// Every named part of the format, in the order the reference presents them.
    public static let definitions: [ScenarioDefinition] = [root] + application + nodes + timeline + values + scenes

    /// The definition named `name`.
    public static func definition(_ name: String) -> ScenarioDefinition? { definitions.first { $0.name == name } }

    static let application: [ScenarioDefinition] = [
        ScenarioDefinition(
            record: "app", "The app's Info.plist facts and its application delegate.",
            [
                ScenarioKey(
                    "bundleVersion", .text,
                    "CFBundleVersion, archived as UIApplicationStateRestorationBundleVersionKey.",
                    default: .literal(.string("1.0"))),
                ScenarioKey(
                    "systemVersion", .text, "The iOS version the app runs on.", default: .literal(.string("17.0"))),
                ScenarioKey(
                    "idiom", .words(["phone", "pad"]), "The device idiom.", default: .literal(.string("phone"))),
                ScenarioKey(
                    "delegate", .reference("delegate"), "The application delegate's answers.",
                    default: .described("every key's own default")),
                ScenarioKey(
                    "mainStoryboard", .text,
                    "UIMainStoryboardFile: a storyboard file listed under `storyboards:`; launchUI defaults to its initial view controller and what its relationship and embed segues create.",
                    default: .described("none")),
                ScenarioKey(
                    "lifecycle", .words(["app", "scenes"]),
                    "`scenes` selects the scene-based life cycle (UIApplicationSceneManifest), where the view-controller-based callbacks are never called.",
                    default: .literal(.string("app"))),
                ScenarioKey(
                    "userActivityTypes", .list(.text),
                    "NSUserActivityTypes in Info.plist: an activity of another type is not persisted.",
                    default: .literal(.list([]))),
                ScenarioKey(
                    "saveActivity", .words(["background", "disconnect"]),
                    "When UIKit asks a scene for its activity: at every backgrounding (and before a disconnection), or only before a disconnection.",
                    default: .literal(.string("background"))),
                ScenarioKey(
                    "infoPlist", .text,
                    "The app's Info.plist (XML or binary, relative to the scenario): its scene manifest, NSUserActivityTypes, CFBundleVersion and UIMainStoryboardFile fill the keys not given here.",
                    default: .described("none")),
            ]),
        ScenarioDefinition(
            record: "delegate", "The application delegate's answers to UIKit.",
            [
                ScenarioKey(
                    "shouldSaveApplicationState", .boolean,
                    "application:shouldSaveApplicationState: (deprecated in iOS 13.2).",
                    default: .literal(.boolean(true))),
                ScenarioKey(
                    "shouldRestoreApplicationState", .reference("restoreRule"),
                    "application:shouldRestoreApplicationState: (deprecated in iOS 13.2); `{ifEqual: {KEY: VALUE}}` answers YES only when the archive's app-level coder has those values.",
                    default: .literal(.boolean(true))),
                ScenarioKey(
                    "shouldSaveSecureApplicationState", .boolean,
                    "application:shouldSaveSecureApplicationState: (iOS 13.2+); when given, UIKit calls it instead of the deprecated one and the archive must use secure coding.",
                    default: .described("not implemented")),
                ScenarioKey(
                    "shouldRestoreSecureApplicationState", .reference("restoreRule"),
                    "application:shouldRestoreSecureApplicationState: (iOS 13.2+), the same answers as shouldRestoreApplicationState.",
                    default: .described("not implemented")),
                ScenarioKey(
                    "encodes", .list(.text),
                    "Restoration paths of the controllers and objects application:willEncodeRestorableStateWithCoder: encodes references to. `record` refuses one that names nothing at any background (a typo).",
                    default: .literal(.list([]))),
                ScenarioKey(
                    "willEncodeRestorableState", .map(.reference("value"), keys: "coder key"),
                    "What application:willEncodeRestorableStateWithCoder: writes to the app-level coder.",
                    default: .literal(.map([]))),
                ScenarioKey(
                    "ignoreSnapshot", .boolean, "Calls ignoreSnapshotOnNextApplicationLaunch.",
                    default: .literal(.boolean(false))),
                ScenarioKey(
                    "makeKeyAndVisible", .words(["willFinishLaunching", "didFinishLaunching", "never"]),
                    "When the app makes its window key and visible; restoring a presented controller or a table selection needs it in willFinishLaunching.",
                    default: .literal(.string("willFinishLaunching"))),
                ScenarioKey(
                    "viewControllerWithRestorationIdentifierPath",
                    .map(.reference("answerRule"), keys: "restoration path"),
                    "application:viewControllerWithRestorationIdentifierPath:coder: by restoration path (`Tabs/home/Detail`); unlisted paths answer nil.",
                    default: .literal(.map([]))),
                ScenarioKey(
                    "defaultRoot", .reference("node"),
                    "Built in didFinishLaunching when nothing was restored as the root.",
                    default: .described("none")),
            ]),
        ScenarioDefinition(
            record: "restorationClass",
            "A restoration class: how it answers viewControllerWithRestorationIdentifierPath:coder:.",
            [
                ScenarioKey(
                    "answer", .reference("answerRule"), "What it returns, possibly depending on the node's coder.",
                    default: .literal(.string("new"))),
                ScenarioKey(
                    "builds", .list(.reference("node")), "The children a new instance's initializer creates.",
                    default: .literal(.list([]))),
            ]),
    ]
}
