import RestoreEngine
import RestoreTestSupport
import Testing

@testable import RestoreScenario

/// SPEC §8: the scene-based life cycle, rule by rule (S1–S4), and its codes.
@Suite("scenes: S1–S4")
struct SceneLifecycleTests {
    static let app = """
        name: scenes
        app:
          lifecycle: scenes
          userActivityTypes: [com.example.browse]

        """

    static let scene = """
        scenes:
          - session: main
            ui: {class: BrowserController}
            activity:
              type: com.example.browse
              userInfo: {item: "42"}

        """

    func run(_ yaml: String) throws -> (outcome: Outcome, log: EventLog) {
        let log = EventLog()
        let outcome = try parsed(yaml).run(observer: log)
        return (outcome, log)
    }

    // MARK: S1

    /// S1: no legacy callback is made, both phases say `scene-based-app`, and every legacy piece
    /// is listed once, in one warning, with its replacement.
    @Test func legacyMachineryIsInertAndListedInOneWarning() throws {
        let (outcome, log) = try run(
            """
            name: inert
            app:
              lifecycle: scenes
              userActivityTypes: [com.example.browse]
              delegate:
                shouldSaveSecureApplicationState: true
                shouldRestoreApplicationState: true
            classes: {Restorer: {answer: new}}
            scenes:
              - session: main
                ui:
                  class: UINavigationController
                  restorationIdentifier: Nav
                  children:
                    - {class: Detail, restorationIdentifier: Detail, restorationClass: Restorer, state: {photo: p1}}
                activity: {type: com.example.browse}
            """)
        let legacy: [Callback] = [
            .shouldSave, .shouldSaveSecure, .shouldRestore, .shouldRestoreSecure, .encode, .decode,
            .restorationClassViewController, .delegateViewController, .willEncodeApplication,
        ]
        #expect(legacy.allSatisfy { log.calls($0).isEmpty })
        #expect(outcome.preservation?.performed == false)
        #expect(outcome.preservation?.reason == .sceneBasedApp)
        #expect(outcome.restoration?.performed == false)
        #expect(outcome.restoration?.reason == .sceneBasedApp)
        let inert = outcome.diagnostics(.legacyRestorationInert)
        #expect(inert.count == 1)
        let message = try #require(inert.first?.message)
        #expect(message.contains("5 pieces"))
        for piece in [
            "shouldSaveSecureApplicationState", "shouldRestoreApplicationState", "'Nav'", "'Detail'", "Restorer",
        ] {
            #expect(message.contains(piece), "\(piece) missing from: \(message)")
        }
        #expect(message.contains("stateRestorationActivityForScene:"))
        #expect(message.contains("scene:willConnectToSession:options:"))
    }

    /// An object's `objectRestorationClass` is a restoration class UIKit never asks in a scene
    /// app either (S1): it was left out of the warning, which named only the object.
    @Test func anObjectsRestorationClassIsInertToo() throws {
        let (outcome, _) = try run(
            """
            name: inert-object
            app: {lifecycle: scenes, userActivityTypes: [t]}
            classes: {ModelRestorer: {answer: new}}
            scenes:
              - session: a
                ui:
                  class: VC
                  objects: [{restorationIdentifier: obj, class: Model, objectRestorationClass: ModelRestorer}]
                activity: {type: t}
            """)
        let message = try #require(outcome.diagnostics(.legacyRestorationInert).first?.message)
        #expect(message.contains("2 pieces"), "\(message)")
        #expect(message.contains("restoration class ModelRestorer"), "\(message)")
    }

    @Test func aCleanSceneAppEarnsNoInertWarning() throws {
        let (outcome, _) = try run(Self.app + Self.scene)
        #expect(outcome.diagnostics(.legacyRestorationInert).isEmpty)
        #expect(outcome.diagnostics.isEmpty)
    }

    // MARK: S2

    /// S2: the saving order, per session, and the activity as every callback left it.
    @Test func savingAsksTheDelegateThenTheActivityDelegateThenEachResponderThenDidUpdate() throws {
        let (outcome, log) = try run(
            Self.app + """
                scenes:
                  - session: main
                    activity:
                      type: com.example.browse
                      userInfo: {item: "42"}
                      responders: {ListController: {scroll: 240}, DetailController: {tab: 1}}
                timeline: [background]
                """)
        #expect(
            log.events.compactMap(\.callback).map(\.rawValue) == [
                "sceneWillResignActive:", "sceneDidEnterBackground:", "stateRestorationActivityForScene:",
                "userActivityWillSave:", "updateUserActivityState:", "updateUserActivityState:",
                "scene:didUpdateUserActivity:",
            ])
        #expect(log.calls(.updateUserActivityState).map(\.receiver) == ["ListController", "DetailController"])
        let saved = try #require(outcome.scenes?.first?.saved)
        #expect(saved.userInfo.map(\.key) == ["item", "scroll", "tab"])
        #expect(log.system(.activitySaved).first?.activity == saved)
        #expect(log.system(.activitySaved).first?.session == "main")
    }

    @Test func anUndeclaredActivityTypeIsNotPersisted() throws {
        let (outcome, log) = try run(
            Self.app.replacingOccurrences(of: "[com.example.browse]", with: "[com.example.other]") + Self.scene)
        let scene = try #require(outcome.scenes?.first)
        #expect(scene.saved == nil)
        #expect(scene.restored == nil)
        #expect(scene.reason == .activityTypeNotDeclared)
        #expect(log.system(.activitySaved).isEmpty)
        #expect(log.system(.activityNotSaved).first?.reason == "activity-type-not-declared")
        // The relaunch connects the session with no activity, so nothing restores it.
        #expect(log.calls(.willConnectToSession).first?.activity == nil)
        #expect(log.calls(.restoreInteractionState).isEmpty)
        let d = try #require(outcome.diagnostics(.activityTypeNotDeclared).first)
        #expect(d.severity == .error)
        #expect(d.message.contains("'com.example.browse'"))
        #expect(d.message.contains("NSUserActivityTypes"))
    }

    /// Xcode's templates write the types with build settings, which it fills in when it builds:
    /// the built app declares the type, so UIKit persists it (r20 scenes hunt: it was
    /// "activity-type-not-declared", an error, for a correctly configured app). The scenario
    /// resolves the entry into its own activity's type, which the trace's header then names.
    @Test func aTypeDeclaredThroughABuildSettingIsPersisted() throws {
        for declared in [
            "$(PRODUCT_BUNDLE_IDENTIFIER).browse", "com.$(ORG).browse", "${PRODUCT_BUNDLE_IDENTIFIER}.browse",
        ] {
            let yaml = Self.app.replacingOccurrences(of: "[com.example.browse]", with: "['\(declared)']") + Self.scene
            #expect(try parsed(yaml).app.userActivityTypes == ["com.example.browse"], "\(declared)")
            let (outcome, log) = try run(yaml)
            #expect(outcome.scenes?.first?.saved?.type == "com.example.browse", "\(declared)")
            #expect(outcome.scenes?.first?.reason == nil, "\(declared)")
            #expect(log.system(.activitySaved).count == 1, "\(declared)")
        }
        // The rest of the declared type must still match, and a setting stands for some text; an
        // entry that is only a setting would match any type at all, and is left as written.
        for declared in [
            "$(PRODUCT_BUNDLE_IDENTIFIER).other", "com.example.browse$(SUFFIX)", "$(A).example.$(B).browse",
            "$(PRODUCT_BUNDLE_IDENTIFIER)",
        ] {
            let yaml = Self.app.replacingOccurrences(of: "[com.example.browse]", with: "['\(declared)']") + Self.scene
            #expect(try parsed(yaml).app.userActivityTypes == [declared], "\(declared)")
            #expect(try run(yaml).outcome.scenes?.first?.reason == .activityTypeNotDeclared, "\(declared)")
        }
    }

    /// A session saved at the background and again as it disconnects fails the same way both
    /// times: the trace has both calls, the outcome one finding per problem (r20 scenes hunt).
    @Test func aSaveThatFailsTwiceInOneLaunchIsOneFinding() throws {
        let (outcome, log) = try run(
            Self.app + """
                scenes:
                  - session: quiet
                    ui: {class: VC}
                  - session: heavy
                    ui: {class: VC}
                    activity: {type: com.example.browse, userInfo: {img: x}, nonPlistKeys: [img]}
                timeline: [background, {disconnect: quiet}, {disconnect: heavy}, {kill: system}, launch]
                """)
        #expect(log.system(.activityNotSaved).map(\.session) == ["quiet", "heavy", "quiet", "heavy"])
        #expect(outcome.diagnostics(.saveDeclined).map(\.locator) == ["quiet"])
        #expect(outcome.diagnostics(.activityNotPlist).map(\.locator) == ["heavy"])
    }

    /// The snapshot call and the default root are the app delegate's, which a scene app's
    /// preservation and window never reach: listed with the rest (r20 scenes hunt).
    @Test func theSnapshotCallAndDefaultRootAreListedInert() throws {
        let (outcome, _) = try run(
            """
            name: scenes
            app:
              lifecycle: scenes
              userActivityTypes: [com.example.browse]
              delegate: {ignoreSnapshot: true, defaultRoot: {class: Home}}

            """ + Self.scene)
        let d = try #require(outcome.diagnostics(.legacyRestorationInert).first)
        #expect(d.message.contains("still has 2 pieces"))
        #expect(
            d.message.contains(
                "app delegate opt-in ignoreSnapshot → it is called from a preservation callback, which never runs"))
        #expect(d.message.contains("app delegate opt-in defaultRoot → the app delegate's window is not shown"))
        // `ignoreSnapshot: false` calls nothing, so it is no piece to move.
        let off = try run(
            "name: scenes\napp: {lifecycle: scenes, userActivityTypes: [com.example.browse], delegate: {ignoreSnapshot: false}}\n"
                + Self.scene
        ).outcome
        #expect(off.diagnostics(.legacyRestorationInert).isEmpty)
    }

    @Test func aNonPropertyListValueFailsTheSave() throws {
        let (outcome, _) = try run(
            Self.app + """
                scenes:
                  - session: main
                    activity:
                      type: com.example.browse
                      userInfo: {item: "42", thumbnail: image}
                      nonPlistKeys: [thumbnail]
                """)
        #expect(outcome.scenes?.first?.saved == nil)
        #expect(outcome.scenes?.first?.reason == .activityNotPlist)
        #expect(outcome.diagnostics(.activityNotPlist).first?.message.contains("'thumbnail'") == true)
    }

    @Test func askingOnlyBeforeDisconnectSavesNothingAtBackground() throws {
        let (outcome, log) = try run(
            Self.app.replacingOccurrences(
                of: "lifecycle: scenes", with: "lifecycle: scenes\n  saveActivity: disconnect")
                + Self.scene)
        #expect(log.calls(.stateRestorationActivity).isEmpty)
        #expect(outcome.scenes?.first?.restored == nil)
    }

    // MARK: S3

    /// S3: the relaunch order, with the saved activity handed to willConnect and restoreInteractionState.
    @Test func relaunchConnectsEveryRememberedSessionInOrder() throws {
        let (outcome, log) = try run(
            Self.app + Self.scene + """
                  - session: second
                    configuration: Second Scene
                    activity: {type: com.example.browse, userInfo: {item: "7"}}
                """)
        let launch2 = log.launch(2).compactMap(\.callback).map(\.rawValue)
        #expect(
            launch2 == [
                "application:willFinishLaunchingWithOptions:", "application:didFinishLaunchingWithOptions:",
                "scene:willConnectToSession:options:", "scene:restoreInteractionStateWithUserActivity:",
                "sceneWillEnterForeground:", "sceneDidBecomeActive:",
                "scene:willConnectToSession:options:", "scene:restoreInteractionStateWithUserActivity:",
                "sceneWillEnterForeground:", "sceneDidBecomeActive:",
            ])
        #expect(log.calls(.willConnectToSession).map(\.session) == ["main", "second"])
        #expect(log.calls(.restoreInteractionState).map { $0.activity?.value("item") } == ["42", "7"])
        #expect(outcome.scenes?.map(\.restored?.type) == ["com.example.browse", "com.example.browse"])
        #expect(!launch2.contains("application:configurationForConnectingSceneSession:options:"))
    }

    @Test func aLockedDeviceConnectsWithNoActivityAndKeepsItForTheNextLaunch() throws {
        let (outcome, log) = try run(
            Self.app + Self.scene + """
                timeline:
                  - background
                  - kill: system
                  - launch: {deviceLocked: true}
                  - launch
                """)
        #expect(log.calls(.willConnectToSession).map { $0.activity != nil } == [false, true])
        #expect(log.launch(2).filter { $0.callback == .sceneDidBecomeActive }.isEmpty)
        #expect(outcome.diagnostics(.deviceLocked).count == 1)
        #expect(outcome.scenes?.first?.restored?.value("item") == "42")
        // Back at the unlocked launch: the locked launch's reason no longer applies.
        #expect(outcome.scenes?.first?.reason == nil)
    }

    /// No background, no save (S2): the session reconnects with nothing, and says why, as the
    /// legacy life cycle's `no-archive` does.
    @Test func aForegroundKillReconnectsWithNoActivityAndSaysWhy() throws {
        let (outcome, log) = try run(
            Self.app + Self.scene + """
                timeline:
                  - kill: system
                  - launch
                """)
        #expect(log.calls(.willConnectToSession).map { $0.activity == nil } == [true])
        #expect(outcome.scenes?.first?.reason == .noArchive)
        let finding = try #require(outcome.diagnostics(.noArchive).first)
        #expect(finding.message.contains("Scene session `main` reconnected at launch 2 with no activity"))
        #expect(finding.message.contains("killed while in the foreground"))
        #expect(outcome.diagnostics(.noArchive).count == 1)
    }

    @Test func savingOnlyBeforeDisconnectionSaysWhyNothingCameBack() throws {
        let (outcome, _) = try run(
            Self.app.replacingOccurrences(
                of: "lifecycle: scenes", with: "lifecycle: scenes\n  saveActivity: disconnect")
                + Self.scene + """
                    timeline:
                      - background
                      - kill: system
                      - launch
                    """)
        #expect(outcome.scenes?.first?.reason == .noArchive)
        #expect(outcome.diagnostics(.noArchive).first?.message.contains("saveActivity: disconnect") == true)
    }

    // MARK: S4

    @Test func closingASceneDiscardsItsSessionAndReportsItAtTheNextLaunch() throws {
        let (outcome, log) = try run(
            Self.app + Self.scene + """
                timeline:
                  - background
                  - kill: system
                  - close: main
                  - launch
                """)
        let discard = try #require(log.calls(.didDiscardSceneSessions).first)
        #expect(discard.launch == 2)
        #expect(discard.argument == .array([.string("main")]))
        #expect(log.index(of: .didFinishLaunching)! < log.index(of: .didDiscardSceneSessions)!)
        // The closed session never reconnects; the launch makes a new one in its place.
        #expect(log.calls(.willConnectToSession).map(\.session) == ["new-session-2"])
        #expect(outcome.scenes?.first?.reason == .sessionDiscarded)
        #expect(outcome.scenes?.first?.restored == nil)
        #expect(outcome.scenes?.first?.saved?.value("item") == "42")
        #expect(outcome.diagnostics(.sessionDiscarded).count == 1)
    }

    @Test func disconnectingASceneKeepsItsSessionAndActivity() throws {
        let (outcome, log) = try run(
            Self.app + Self.scene + """
                timeline:
                  - disconnect: main
                  - kill: system
                  - launch
                """)
        #expect(log.calls(.sceneDidDisconnect).count == 1)
        #expect(log.lastIndex(of: .stateRestorationActivity)! < log.index(of: .sceneDidDisconnect)!)
        #expect(outcome.scenes?.first?.restored?.value("item") == "42")
        #expect(outcome.diagnostics(.sessionDiscarded).isEmpty)
    }

    @Test func forceQuitClosesEveryScene() throws {
        let (outcome, log) = try run(
            Self.app + Self.scene + """
                timeline:
                  - kill: user
                  - launch
                """)
        #expect(log.calls(.sceneWillResignActive).count == 1)
        #expect(log.calls(.sceneDidDisconnect).count == 1)
        #expect(log.calls(.sceneDidEnterBackground).isEmpty)
        #expect(log.calls(.didDiscardSceneSessions).first?.launch == 2)
        #expect(outcome.scenes?.first?.reason == .sessionDiscarded)
        // It had saved nothing, and nobody closed it: the force quit did, and its fix says so.
        let d = try #require(outcome.diagnostics(.sessionDiscarded).first)
        #expect(d.message.contains("so it does not reconnect (it had saved no activity) (S4)"))
        #expect(
            d.message.hasSuffix(
                "Fix: nothing to fix: a force quit discards the scene sessions by design; test by backgrounding, then stopping from Xcode."
            ))
    }

    /// A launch with every session discarded makes a new one (S3): UIKit asks the app for its
    /// configuration (never asked for a remembered session), connects it with no activity and
    /// brings it to the foreground. The next cycle saves and restores it like any session.
    @Test func aLaunchWithNoSessionLeftConnectsANewOne() throws {
        let (outcome, log) = try run(
            Self.app + Self.scene + """
                timeline:
                  - background
                  - kill: user
                  - launch
                  - background
                  - kill: system
                  - launch
                """)
        let asked = log.calls(.configurationForConnecting)
        #expect(asked.map(\.launch) == [2])
        #expect(asked.first?.session == "new-session-2")
        #expect(asked.first?.receiver == "AppDelegate")
        #expect(asked.first?.result == .configuration("Default Configuration"))
        let second = log.launch(2).map(\.name)
        let order = [
            "application:didDiscardSceneSessions:", "application:configurationForConnectingSceneSession:options:",
            "scene:willConnectToSession:options:", "scene-connected", "sceneWillEnterForeground:",
            "sceneDidBecomeActive:",
        ]
        #expect(second.filter(order.contains) == order)
        #expect(log.calls(.willConnectToSession).first { $0.launch == 2 }?.activity == nil)
        #expect(log.launch(2).contains { $0.callback == .restoreInteractionState } == false)
        // Launch 3: the new session saved at the second background and gets its activity back;
        // the discarded one stays discarded, and nothing is asked of the app a second time.
        let sessions = try #require(outcome.scenes)
        #expect(sessions.map(\.session) == ["main", "new-session-2"])
        #expect(sessions[0].reason == .archiveDeletedUserQuit)
        #expect(sessions[1].restored?.value("item") == "42")
        #expect(sessions[1].reason == nil)
        #expect(log.calls(.willConnectToSession).filter { $0.launch == 3 }.map(\.session) == ["new-session-2"])
    }

    /// A locked launch is a background launch: no scene is made for a user who is not there.
    @Test func aLockedLaunchWithNoSessionLeftConnectsNone() throws {
        let (outcome, log) = try run(
            Self.app + Self.scene + """
                timeline:
                  - kill: user
                  - launch: {deviceLocked: true}
                """)
        #expect(log.calls(.configurationForConnecting).isEmpty)
        #expect(log.calls(.willConnectToSession).isEmpty)
        #expect(outcome.scenes?.map(\.session) == ["main"])
    }

    /// A force quit after a save deletes the activity with the session: the code says so, as the
    /// legacy archive's `archive-deleted-user-quit` does (T2), with the testing advice as the fix.
    @Test func forceQuitAfterASaveDeletesTheActivity() throws {
        let (outcome, _) = try run(
            Self.app + Self.scene + """
                timeline:
                  - background
                  - kill: user
                  - launch
                """)
        #expect(outcome.scenes?.first?.reason == .archiveDeletedUserQuit)
        // What the last preservation saved stays in the outcome; the reason says it is gone.
        #expect(outcome.scenes?.first?.saved?.type == "com.example.browse")
        #expect(outcome.scenes?.first?.restored == nil)
        let finding = try #require(outcome.diagnostics(.archiveDeletedUserQuit).first)
        #expect(finding.message.contains("force-quit"))
        #expect(finding.message.contains(ReasonCode.archiveDeletedUserQuit.sceneFix))
        #expect(outcome.diagnostics(.sessionDiscarded).isEmpty)
    }

    /// A crash in stateRestorationActivity(for:) ends the app there, as a crash while encoding
    /// does (T3): nothing more is saved, and each session keeps the activity it saved before.
    @Test func aCrashWhileSavingKeepsTheEarlierActivities() throws {
        let (outcome, log) = try run(
            Self.app + """
                scenes:
                  - {session: main, ui: {class: A}, activity: {type: com.example.browse, userInfo: {item: "42"}}}
                  - {session: side, ui: {class: B}, activity: {type: com.example.browse, userInfo: {item: "7"}}}
                timeline:
                  - background
                  - kill: system
                  - launch
                  - background: {crashWhileEncoding: main}
                  - kill: system
                  - launch
                """)
        let asked = log.calls(.stateRestorationActivity).filter { $0.launch == 2 }
        #expect(asked.map(\.session) == ["main"], "the save stops at the crash: side is not asked")
        #expect(asked.first?.result == .crashed)
        #expect(log.system(.crash).first?.session == "main")
        #expect(outcome.scenes?.map { $0.restored?.value("item") } == ["42", "7"])
        let finding = try #require(outcome.diagnostics(.noArchive).first)
        #expect(finding.message.contains("crashed in stateRestorationActivity(for:) for scene session `main`"))
        #expect(finding.severity == .error)
    }

    /// A session the crash left with nothing saved says so at once, and the next launch does not
    /// explain it as a scene that never went to the background.
    @Test func aCrashOnTheFirstSaveLeavesNoOtherExplanation() throws {
        let (outcome, _) = try run(
            Self.app + Self.scene + """
                timeline:
                  - background: {crashWhileEncoding: main}
                  - kill: system
                  - launch
                """)
        #expect(outcome.scenes?.first?.reason == .noArchive)
        let findings = outcome.diagnostics(.noArchive).map(\.message)
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.contains("crashed in stateRestorationActivity(for:)") == true)
        #expect(!findings.contains { $0.contains("never went to the background") })
    }

    @Test func extendedRestorationNeverCompletedDiscardsTheSavedActivities() throws {
        let (outcome, log) = try run(
            Self.app + Self.scene + """
                timeline:
                  - background
                  - kill: system
                  - launch: {extendStateRestoration: never}
                  - kill: system
                  - launch
                """)
        #expect(log.calls(.willConnectToSession).map { $0.activity != nil } == [true, false])
        #expect(outcome.scenes?.first?.reason == .archiveDeletedCrash)
        #expect(log.system(.archiveDeleted).first?.session == "main")
    }

    @Test func aCrashInRestoreInteractionStateDeletesTheActivities() throws {
        let (outcome, log) = try run(
            Self.app + Self.scene + """
                timeline:
                  - background
                  - kill: system
                  - launch: {crashWhileDecoding: main}
                  - launch
                """)
        #expect(log.calls(.restoreInteractionState).first?.result == .crashed)
        #expect(log.calls(.willConnectToSession).last?.activity == nil)
        #expect(outcome.scenes?.first?.restored == nil)
        #expect(outcome.scenes?.first?.reason == .archiveDeletedCrash)
        // The finding names the session whose restore code crashed; the trace's event is as it was.
        let d = try #require(outcome.diagnostics(.archiveDeletedCrash).first)
        #expect(d.locator == "main")
        #expect(
            d.message.hasPrefix(
                "The app crashed in scene:restoreInteractionStateWithUserActivity: for scene session `main` at launch 2"
            ))
        #expect(log.system(.crash).first?.session == nil)
    }
}
