import Foundation
import RestoreEngine
import RestoreStoryboard

/// `app.infoPlist`, read after the rest of `app:`.
struct InfoPlistReading {
    var path: String?
    var node: ScenarioNode?
    /// The `app:` keys the scenario writes itself: they win over the plist.
    var explicit: Set<String> = []
}

/// `app: {infoPlist: Info.plist}` (SPEC §8): the life cycle, the activity types, the bundle
/// version, the main storyboard and each scene configuration's storyboard come from the app's
/// real Info.plist (XML or binary). A key the scenario writes under `app:` wins; a scene-based
/// plist with `lifecycle: app` written is a contradiction, reported at `lifecycle`.
extension ScenarioReader {
    func applyInfoPlist(into scenario: inout Scenario) {
        guard let written = infoPlistReading.path else { return }
        let folder = FilePaths.parent(of: file)
        let path = written.hasPrefix("/") || folder.isEmpty ? written : folder + "/" + written
        let plist: InfoPlist
        do {
            plist = try InfoPlist.read(path: path)
        } catch {
            failReading(error.problems, named: "Info.plist '\(written)'", at: infoPlistReading.node)
            return
        }
        let explicit = infoPlistReading.explicit
        scenario.app.infoPlist = written
        if let manifest = plist.sceneManifest {
            if explicit.contains("lifecycle"), scenario.app.lifecycle == .app {
                fail(
                    infoPlistReading.node,
                    "Info.plist '\(written)' has a UIApplicationSceneManifest, but 'lifecycle: app' is written; remove 'lifecycle:' to take the plist's"
                )
                return
            }
            scenario.app.lifecycle = .scenes
            // A name given twice is the first configuration's, the one a lookup by name finds first
            // (lint says it is given twice): the last one's storyboard was taken.
            var named = Set<String>()
            for c in manifest.configurations {
                guard let name = c.name, named.insert(name).inserted else { continue }
                if let board = c.storyboard { scenario.app.sceneStoryboards[name] = board }
            }
            checkConfigurations(&scenario, manifest.configurations.compactMap(\.name), plist: written)
            // UIKit connects a second scene only for an app that supports multiple scenes: two
            // sessions at once are an app that cannot exist (recorded, it said "2 of 2 restored").
            if !manifest.supportsMultipleScenes, scenario.scenes.count > 1, sessionNodes.count > 1 {
                fail(
                    sessionNodes[1],
                    "Info.plist '\(written)' does not support multiple scenes (UIApplicationSupportsMultipleScenes is false or absent), so the app has one scene session at a time, not \(scenario.scenes.count); keep one scene under 'scenes:', or set UIApplicationSupportsMultipleScenes to true in the plist"
                )
            }
        }
        // A plist without a manifest and `lifecycle: scenes` written is not refused: since Xcode
        // 13 a project may generate the manifest from its build settings
        // (INFOPLIST_KEY_UIApplicationSceneManifest_Generation), so the plist in the repository
        // has none and the built app adopts scenes all the same (r20 review).
        if !explicit.contains("userActivityTypes"), let types = plist.userActivityTypes {
            scenario.app.userActivityTypes = types
        }
        if !explicit.contains("bundleVersion"), let version = plist.bundleVersion {
            scenario.app.bundleVersion = version
        }
        // The main storyboard only when the scenario gives its file (otherwise there is nothing to read).
        if scenario.app.lifecycle == .app, !explicit.contains("mainStoryboard"), let main = plist.mainStoryboard {
            if storyboardFiles.contains(where: { $0.name == main }) {
                scenario.app.mainStoryboard = main
            } else if scenario.launchUI == nil {
                checkListed(main, key: "UIMainStoryboardFile", plist: written, handWritten: scenario.ui != nil)
            }
        }
        // A session without `ui:` starts from its configuration's storyboard.
        var checked = Set<String>()
        for session in scenario.scenes where session.ui == nil {
            guard let board = scenario.app.sceneStoryboards[session.configuration], checked.insert(board).inserted
            else { continue }
            checkListed(
                board, key: "UISceneStoryboardFile of '\(session.configuration)'", plist: written, handWritten: false)
        }
        // The scene-mode checks ran before the plist was read: run the one that depends on the mode.
        if scenario.app.lifecycle == .app, !scenario.scenes.isEmpty {
            fail(
                infoPlistReading.node,
                "Info.plist '\(written)' has no UIApplicationSceneManifest, so the app is app-based and 'scenes:' does not apply"
            )
        }
        if scenario.app.lifecycle == .scenes, scenario.scenes.isEmpty {
            fail(
                infoPlistReading.node,
                "Info.plist '\(written)' makes this a scene-based app: give its sessions under 'scenes:'")
        }
    }

    /// A storyboard the plist has UIKit load (`key`) must be under `storyboards:` by that name.
    /// Listed by another (`main` for `Main`), it was not read and the app quietly had no UI ("0 of
    /// 0 nodes", exit 0), where `app.mainStoryboard` naming it is refused. A scenario listing no
    /// storyboard file and writing the UI by hand (`handWritten`) is not asked for one; with no UI
    /// written either, the app had none, as silently.
    private func checkListed(_ name: String, key: String, plist: String, handWritten: Bool) {
        guard !storyboardFiles.isEmpty || !handWritten, !storyboardFiles.contains(where: { $0.name == name }) else {
            return
        }
        let names = storyboardFiles.map(\.name)
        let closest = Self.closest(to: name, among: names)
        let path = storyboardFiles.first { $0.name == closest }?.path ?? "\(name).storyboard"
        fail(
            infoPlistReading.node,
            "Info.plist '\(plist)' names the storyboard '\(name)' (\(key)), which is not under 'storyboards:'"
                + Self.suggestion(for: name, among: names)
                + "; list it by that name, such as 'storyboards: {\(name): \(path)}'")
    }

    /// A session connects with one of the plist's scene configurations: one written that the
    /// plist does not have would never be used by UIKit (it was accepted); one not written is
    /// the plist's first, not a "Default Configuration" the app may not have.
    private func checkConfigurations(_ scenario: inout Scenario, _ names: [String], plist: String) {
        guard let first = names.first else { return }
        for i in scenario.scenes.indices {
            let session = scenario.scenes[i].session
            guard let node = configurationNodes[session] else {
                scenario.scenes[i].configuration = first
                continue
            }
            let written = scenario.scenes[i].configuration
            if !names.contains(written) {
                fail(
                    node,
                    "scene '\(session)' names the configuration '\(written)', which Info.plist '\(plist)' does not declare"
                        + Self.suggestion(for: written, among: names) + "; its configurations: "
                        + names.map { "'\($0)'" }.joined(separator: ", "))
            }
        }
    }
}
