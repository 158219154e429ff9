import Foundation
import RestoreArchive
import RestoreTestSupport
import RestoreTraceRecorder
import Testing

/// The recorder's default archive reader: UIKit's `data.data` in the app's container, through
/// RestoreArchive, into the engine's model that `archive-written` carries.
@Suite struct SavedStateArchiveTests {
    /// An app container holding `fixture` where UIKit writes its archive for `bundle`.
    private func container(with fixture: String?, bundle: String) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("saved-state-\(UUID().uuidString)")
            .path
        if let fixture {
            let file = SavedStateArchive.path(inContainer: root, bundle: bundle)
            try FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: UIKitArchiveFixtures.path(fixture), toPath: file)
        }
        return root
    }

    @Test func readsTheArchiveUIKitSavedInTheAppsContainer() throws {
        let root = try container(with: "state-restoration-demo.data", bundle: "com.example.demo")
        #expect(
            SavedStateArchive.path(inContainer: root, bundle: "com.example.demo")
                == root + "/Library/Saved Application State/com.example.demo.savedState/data.data")
        var logged: [String] = []
        let archive = try #require(
            SavedStateArchive.read(inContainer: root, bundle: "com.example.demo") { logged.append($0) })
        #expect(archive == (try UIKitArchiveFile.read(UIKitArchiveFixtures.path("state-restoration-demo.data")).model))
        #expect(archive.entries.map(\.key).first == "TabController")
        #expect(logged.isEmpty)
    }

    @Test func noArchiveYetIsNoArchiveAndNoMessage() throws {
        let root = try container(with: nil, bundle: "com.example.demo")
        var logged: [String] = []
        #expect(SavedStateArchive.read(inContainer: root, bundle: "com.example.demo") { logged.append($0) } == nil)
        #expect(logged.isEmpty)
    }

    @Test func aDamagedArchiveIsSaidOnceAndRecordingGoesOn() throws {
        let root = try container(with: "truncated.data", bundle: "com.example.demo")
        var logged: [String] = []
        #expect(SavedStateArchive.read(inContainer: root, bundle: "com.example.demo") { logged.append($0) } == nil)
        #expect(logged.count == 1)
        #expect(logged.first?.hasPrefix("RestoreTraceRecorder: UIKit's archive could not be read") == true)
        #expect(logged.first?.contains("data.data") == true)
    }

    /// The recorder goes into an app's debug build: nothing in its target graph may pull in Yams,
    /// Graphviz or ArgumentParser (Package.swift's one-line target declarations, followed).
    @Test func theRecordersDependencyGraphIsFoundationOnly() throws {
        let manifest = try String(
            contentsOf: Samples.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declaration = try Regex(#"\.target\(name: "(\w+)"(?:, dependencies: \[([^\]]*)\])?"#)
        var dependencies: [String: [String]] = [:]
        for match in manifest.matches(of: declaration) {
            let name = String(match.output[1].substring ?? "")
            let list = match.output[2].substring.map(String.init) ?? ""
            dependencies[name] = list.split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        var reached: Set<String> = []
        var pending = ["RestoreTraceRecorder"]
        while let next = pending.popLast() {
            guard reached.insert(next).inserted else { continue }
            pending += try #require(dependencies[next], "\(next) is not a one-line target declaration")
        }
        #expect(reached == ["RestoreTraceRecorder", "RestoreTrace", "RestoreArchive", "RestoreEngine"])
    }
}
