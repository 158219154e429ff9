#if canImport(UIKit)
    // NOT COMPILED ON LINUX, where this package is built and tested: this file has never been
    // built. The scene delegate's restoration methods (CAPTURE.md §5, §6a); each replacement calls
    // the original and reports to the capture core, which is tested on Linux.
    import Foundation
    import ObjectiveC
    import UIKit

    // RestoreEngine by declaration: it has types named as UIKit's (UIViewController, UIView,
    // UIApplication, NSUserActivity…), and with the whole module imported every use of those
    // names beside UIKit's is ambiguous.
    import enum RestoreEngine.Callback
    import struct RestoreEngine.CoderEntry
    import struct RestoreEngine.UserActivity

    @available(iOS 13.0, *)
    extension RecorderSession {
        typealias SceneActivityMethod = @convention(c) (AnyObject, Selector, UIScene) -> NSUserActivity?
        typealias SceneActivityBlock = @convention(block) (AnyObject, UIScene) -> NSUserActivity?
        typealias SceneConnectMethod = @convention(c) (AnyObject, Selector, UIScene, UISceneSession, AnyObject) -> Void
        typealias SceneConnectBlock = @convention(block) (AnyObject, UIScene, UISceneSession, AnyObject) -> Void
        typealias SceneWithActivityMethod = @convention(c) (AnyObject, Selector, UIScene, NSUserActivity) -> Void
        typealias SceneWithActivityBlock = @convention(block) (AnyObject, UIScene, NSUserActivity) -> Void

        /// The scene delegate classes the Info.plist's scene manifest names.
        static func sceneDelegateClasses() -> [AnyClass] {
            let manifest = Bundle.main.infoDictionary?["UIApplicationSceneManifest"] as? [String: Any]
            let roles = manifest?["UISceneConfigurations"] as? [String: [[String: Any]]] ?? [:]
            return roles.keys.sorted().flatMap { roles[$0]! }.compactMap {
                ($0["UISceneDelegateClassName"] as? String).flatMap(NSClassFromString)
            }
        }

        func installSceneHooks() {
            for cls in Self.sceneDelegateClasses() {
                hookStateRestorationActivity(cls)
                hookWillConnect(cls)
                hookWithActivity(
                    cls, NSSelectorFromString("scene:restoreInteractionStateWithUserActivity:"),
                    .restoreInteractionState)
                hookWithActivity(cls, NSSelectorFromString("scene:didUpdateUserActivity:"), .didUpdateUserActivity)
            }
        }

        /// `NSUserActivity` as the trace's value: its type and property-list `userInfo`, sorted by key.
        static func activity(_ a: NSUserActivity?) -> UserActivity? {
            guard let a else { return nil }
            let info = (a.userInfo ?? [:]).compactMap { k, v in (k as? String).map { ($0, v as AnyObject) } }
            return UserActivity(
                type: a.activityType,
                userInfo: info.sorted { $0.0 < $1.0 }.map {
                    CoderEntry(key: $0.0, value: CoderRecording.value(of: $0.1))
                })
        }

        private func hookStateRestorationActivity(_ cls: AnyClass) {
            let selector = NSSelectorFromString("stateRestorationActivityForScene:")
            var original: IMP?
            let block: SceneActivityBlock = { [unowned self] object, scene in
                let call = unsafeBitCast(original!, to: SceneActivityMethod.self)
                return around(
                    selector, object, run: { call(object, selector, scene) },
                    report: { answer, _ in
                        CapturedCall(
                            .stateRestorationActivity, receiver: NSStringFromClass(type(of: object)),
                            answer: .activity(Self.activity(answer)), session: scene.session.persistentIdentifier,
                            activity: Self.activity(answer))
                    })
            }
            original = MethodHooks.replace(selector, ownedBy: cls, with: block)
        }

        /// At launch 1 a connection is the state the trace starts from (`scene-connected`, with the
        /// window the delegate set up); at a relaunch it is the restoration callback, with the
        /// activity UIKit hands back.
        private func hookWillConnect(_ cls: AnyClass) {
            let selector = NSSelectorFromString("scene:willConnectToSession:options:")
            var original: IMP?
            let block: SceneConnectBlock = { [unowned self] object, scene, session, options in
                let call = unsafeBitCast(original!, to: SceneConnectMethod.self)
                let restored = Self.activity(session.stateRestorationActivity)
                guard relaunch else {
                    call(object, selector, scene, session, options)
                    let root = (scene as? UIWindowScene)?.windows.first?.rootViewController
                    capture.sceneConnected(
                        session: session.persistentIdentifier, configuration: session.configuration.name ?? "",
                        root: root)
                    return
                }
                around(
                    selector, object, run: { call(object, selector, scene, session, options) },
                    report: { _, _ in
                        CapturedCall(
                            .willConnectToSession, receiver: NSStringFromClass(type(of: object)),
                            session: session.persistentIdentifier, activity: restored)
                    })
            }
            original = MethodHooks.replace(selector, ownedBy: cls, with: block)
        }

        private func hookWithActivity(_ cls: AnyClass, _ selector: Selector, _ callback: Callback) {
            var original: IMP?
            let block: SceneWithActivityBlock = { [unowned self] object, scene, activity in
                let call = unsafeBitCast(original!, to: SceneWithActivityMethod.self)
                around(
                    selector, object, run: { call(object, selector, scene, activity) },
                    report: { _, _ in
                        CapturedCall(
                            callback, receiver: NSStringFromClass(type(of: object)),
                            session: scene.session.persistentIdentifier, activity: Self.activity(activity))
                    })
            }
            original = MethodHooks.replace(selector, ownedBy: cls, with: block)
        }
    }
#endif
