import RestoreEngine

/// When the app calls `makeKeyAndVisible` (R10).
public enum MakeKeyTiming: String, Hashable, Sendable, CaseIterable {
    case willFinishLaunching, didFinishLaunching, never
}

/// The application delegate's answers.
public struct DelegateSpec: Hashable, Sendable {
    public var shouldSaveApplicationState = true
    public var shouldRestoreApplicationState = RestoreRule.always(true)
    /// `application:shouldSaveSecureApplicationState:` (iOS 13.2+); when set, UIKit calls it instead (P1).
    public var shouldSaveSecureApplicationState: Bool?
    /// `application:shouldRestoreSecureApplicationState:`; when set, UIKit calls it instead (P1, R2).
    public var shouldRestoreSecureApplicationState: RestoreRule?
    /// Restoration paths of controllers and objects `willEncodeRestorableState` encodes references to (P8).
    public var encodes: [String] = []
    public var willEncodeRestorableState: [CoderEntry] = []
    public var ignoreSnapshot = false
    public var makeKeyAndVisible = MakeKeyTiming.willFinishLaunching
    /// `application:viewControllerWithRestorationIdentifierPath:coder:` by path; unlisted paths answer nil.
    public var viewControllerWithRestorationIdentifierPath: [String: ConditionalAnswer] = [:]
    /// Built in didFinishLaunching when nothing was restored as root.
    public var defaultRoot: NodeBlueprint?
    public init() {}

    /// The rule UIKit asks at restoration: the secure method's when the app implements it.
    public var effectiveRestoreRule: RestoreRule {
        shouldRestoreSecureApplicationState ?? shouldRestoreApplicationState
    }
}

public struct AppSpec: Hashable, Sendable {
    public var bundleVersion = "1.0"
    public var systemVersion = "17.0"
    public var idiom = AppConfiguration.Idiom.phone
    public var delegate = DelegateSpec()
    /// `UIMainStoryboardFile`: the storyboard (a file under `storyboards:`) whose initial
    /// controller tree is the launch UI when `launchUI` is absent.
    public var mainStoryboard: String?
    /// `lifecycle:` (SPEC §8): the app-based or the scene-based life cycle.
    public var lifecycle = Lifecycle.app
    /// `userActivityTypes:`, Info.plist's `NSUserActivityTypes`.
    public var userActivityTypes: [String] = []
    /// `saveActivity:`: when UIKit asks a scene for its activity (an open question of SCENES.md).
    public var activitySaving = ActivitySaving.background
    /// The legacy restoration keys written under `delegate:`, in file order (inert with scenes, S1).
    public var legacyOptIns: [String] = []
    /// `infoPlist:`, the app's Info.plist as written (relative to the scenario).
    public var infoPlist: String?
    /// From the Info.plist: `UISceneStoryboardFile` by scene configuration name.
    public var sceneStoryboards: [String: String] = [:]
    public init() {}

    public var configuration: AppConfiguration {
        var c = AppConfiguration(bundleVersion: bundleVersion, systemVersion: systemVersion, idiom: idiom)
        c.lifecycle = lifecycle
        if lifecycle == .scenes {
            c.userActivityTypes = userActivityTypes
            c.activitySaving = activitySaving
            c.legacyOptIns = legacyOptIns
        }
        return c
    }
}

/// A restoration class (`UIViewControllerRestoration` / `UIObjectRestoration`).
public struct RestorationClassSpec: Hashable, Sendable {
    /// What `viewControllerWithRestorationIdentifierPath:coder:` returns, possibly depending on the coder.
    public var answer = ConditionalAnswer.new
    /// Children a new instance's initializer creates.
    public var builds: [NodeBlueprint] = []
    public init(answer: ConditionalAnswer = .new, builds: [NodeBlueprint] = []) {
        self.answer = answer
        self.builds = builds
    }
}

/// A scenario file: an app, its UI when it goes to the background, and what happens next.
public struct Scenario: Hashable, Sendable {
    public static let format = "restoretrace-scenario/1"
    public static let defaultTimeline: [TimelineStep] = [.background, .kill(.system), .launch(LaunchOptions())]

    public var name: String
    public var description: String?
    public var app = AppSpec()
    public var launchUI: NodeBlueprint?
    /// Storyboard name → scene identifier → scene.
    public var storyboards: [String: [String: NodeBlueprint]] = [:]
    /// Storyboard name → `.storyboard` file, as written (relative to the scenario). Its scenes
    /// with a Storyboard ID are in `storyboards` once the scenario is loaded.
    public var storyboardFiles: [String: String] = [:]
    public var classes: [String: RestorationClassSpec] = [:]
    public var ui: NodeBlueprint?
    /// The connected scene sessions, in order (`app.lifecycle: scenes`).
    public var scenes: [SceneSpec] = []
    public var timeline: [TimelineStep] = Scenario.defaultTimeline
    /// Where each timeline step's crash key (`crashWhileEncoding`, `crashWhileDecoding`) and
    /// each path of `app.delegate.encodes` is written: a recording that finds one does nothing
    /// says where (`Scenario.keysThatDoNothing`).
    public var keyLocations = SourcePositions()

    public init(name: String) { self.name = name }
}

/// Where keys were written in the scenario file, by timeline index. Not part of what a scenario
/// means: two scenarios that differ only in layout are equal, as the same scenario read from
/// YAML and from JSON is.
public struct SourcePositions: Hashable, Sendable {
    public var byStep: [Int: SourceLocation] = [:]
    /// Where each timeline step is written, by its index.
    public var steps: [Int: SourceLocation] = [:]
    /// Where each path of `app.delegate.encodes` is written.
    public var encodes: [String: SourceLocation] = [:]
    /// Where each table path of a launch's `data:` is written (the last, if several launches name it).
    public var data: [String: SourceLocation] = [:]
    public init() {}
    public static func == (_: SourcePositions, _: SourcePositions) -> Bool { true }
    public func hash(into _: inout Hasher) {}
}

extension Scenario {
    /// The files this scenario read besides itself (its storyboards, its Info.plist), as paths
    /// from the current folder, for a command that must not write onto one of its inputs.
    /// - Parameter scenarioPath: where the scenario was read from; the files it names are relative to it.
    public func filesRead(scenarioPath: String) -> [String] {
        let folder = FilePaths.parent(of: scenarioPath)
        let written = storyboardFiles.values.sorted() + (app.infoPlist.map { [$0] } ?? [])
        return written.map { $0.hasPrefix("/") || folder.isEmpty ? $0 : folder + "/" + $0 }
    }
}
