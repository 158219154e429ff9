import Foundation
import RestoreArchive
import RestoreEngine

/// The parts of an app's `Info.plist` that decide how it restores state (SPEC §8): whether it
/// adopts scenes, its scene configurations, the activity types it declares, its main storyboard
/// and its bundle version. XML and binary property lists both read, through `PropertyListGate`
/// (a set or a shared-object bomb in a binary one is refused before Foundation sees it).
public struct InfoPlist: Hashable, Sendable {
    /// The file as given, for messages.
    public var file: String
    /// `CFBundleVersion`.
    public var bundleVersion: String?
    /// `UIMainStoryboardFile`.
    public var mainStoryboard: String?
    /// `UILaunchStoryboardName`: the launch screen, shown before the app runs, never restored.
    public var launchStoryboard: String?
    /// `NSUserActivityTypes`; nil when the key is absent.
    public var userActivityTypes: [String]?
    /// `UIApplicationSceneManifest`; nil for an app-based app.
    public var sceneManifest: SceneManifest?

    public init(file: String) { self.file = file }

    /// Whether the app adopts the scene-based life cycle.
    public var isSceneBased: Bool { sceneManifest != nil }

    /// `UIApplicationSceneManifest`.
    public struct SceneManifest: Hashable, Sendable {
        /// `UIApplicationSupportsMultipleScenes`.
        public var supportsMultipleScenes = false
        /// `UISceneConfigurations`, every role's, in file order (roles sorted by name).
        public var configurations: [SceneConfiguration] = []
    }

    /// One entry of `UISceneConfigurations`.
    public struct SceneConfiguration: Hashable, Sendable {
        /// The session role (`UIWindowSceneSessionRoleApplication`).
        public var role: String
        /// `UISceneConfigurationName`.
        public var name: String?
        /// `UISceneDelegateClassName`, without Xcode's `$(PRODUCT_MODULE_NAME).` prefix.
        public var delegateClass: String?
        /// `UISceneStoryboardFile`.
        public var storyboard: String?

        public init(role: String, name: String?, delegateClass: String?, storyboard: String?) {
            self.role = role
            self.name = name
            self.delegateClass = delegateClass
            self.storyboard = storyboard
        }
    }

    /// Reads `path`. - Throws: `StoryboardError` (located at the file) when it cannot be read,
    /// is not a property list, or a key has the wrong type.
    /// - Parameter standardInput: `-` is standard input (`lint -`, SPEC §6); in a scenario's
    ///   `infoPlist:` it is a file's name, relative to the scenario.
    public static func read(path: String, standardInput: Bool = false) throws(StoryboardError) -> InfoPlist {
        let bytes = try contents(of: path, standardInput: standardInput)
        // Messages name standard input so, as a storyboard read from it is.
        let path = standardInput && path == "-" ? "<stdin>" : path
        let whole = SourceLocation(file: path)
        let root: Any
        do { root = try PropertyListGate.value(of: bytes, xmlLimit: maximumBytes) } catch {
            switch error {
            case .binary(let message, _):
                // The scan's hints are about UIKit's archive.
                throw StoryboardError(
                    at: whole,
                    message: "\(message); give the app's Info.plist (its Xcode project's, or the built .app's)")
            case .notXML, .xmlTooBig:
                throw StoryboardError(
                    at: whole, message: "not a property list (XML or binary); give the app's Info.plist")
            case .xml(let problem):
                // Foundation names the line; the message says it once, where it is.
                var at = whole
                if let line = problem.flatMap(PropertyListGate.line(in:)) {
                    at = SourceLocation(file: path, line: line)
                }
                throw StoryboardError(
                    at: at,
                    message: "the Info.plist's XML does not parse" + (problem.map { ": \($0)" } ?? ""))
            }
        }
        guard let top = root as? [String: Any] else {
            throw StoryboardError(at: whole, message: "the property list is not a dictionary; an Info.plist is one")
        }
        var problems: [String] = []
        var plist = InfoPlist(file: path)
        plist.bundleVersion = Self.string(top["CFBundleVersion"], "CFBundleVersion", &problems)
        plist.mainStoryboard = Self.string(top["UIMainStoryboardFile"], "UIMainStoryboardFile", &problems)
        plist.launchStoryboard = Self.string(top["UILaunchStoryboardName"], "UILaunchStoryboardName", &problems)
        if let types = top["NSUserActivityTypes"] {
            if let list = types as? [Any], list.allSatisfy({ $0 is String }) {
                plist.userActivityTypes = list.compactMap { $0 as? String }
            } else {
                problems.append("NSUserActivityTypes must be an array of strings")
            }
        }
        if let manifest = top["UIApplicationSceneManifest"] {
            plist.sceneManifest = Self.manifest(manifest, &problems)
        }
        guard problems.isEmpty else {
            // Located once each, over a text masked once: a file of 2,000 bad entries took 1.9 s
            // when each problem masked the whole text again. Past `maximumProblemsSaid`, one line
            // counts the rest (a 4 MB file can hold 400,000).
            let text = Self.searchableText(bytes)
            var said = problems.prefix(maximumProblemsSaid).map {
                Diagnostic(at: location(of: $0, in: text, file: path), $0)
            }
            if problems.count > maximumProblemsSaid {
                let left = problems.count - maximumProblemsSaid
                said.append(Diagnostic(at: whole, "… and \(left) more problem\(left == 1 ? "" : "s") like these"))
            }
            throw StoryboardError(problems: said)
        }
        return plist
    }

    /// An Info.plist is a few kilobytes; larger files are refused before they are read (a 256 MB
    /// one was read whole, 1.07 GB resident).
    public static let maximumBytes = 4 << 20

    /// The file's bytes, at most `maximumBytes` of them (`BoundedFile`).
    private static func contents(of path: String, standardInput: Bool) throws(StoryboardError) -> [UInt8] {
        // `-` is standard input (SPEC §6), named so in messages.
        if standardInput, path == "-" {
            let input = StandardInput.read(upTo: maximumBytes)
            guard !input.overflowed else {
                throw StoryboardError(
                    at: SourceLocation(file: "<stdin>"),
                    message:
                        "is over \(maximumBytes) bytes; an Info.plist larger than \(maximumBytes) bytes is refused (is this the app's Info.plist?)"
                )
            }
            return input.bytes
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw StoryboardError(
                at: SourceLocation(file: path),
                message:
                    "is a directory; give the app's Info.plist file (in the Xcode project, or Info.plist in the built .app)"
            )
        }
        do { return try BoundedFile.contents(of: path, limit: maximumBytes) } catch {
            let whole = SourceLocation(file: path)
            switch error {
            case .tooBig(let size, let atLeast):
                throw StoryboardError(
                    at: whole,
                    message:
                        "is \(atLeast ? "over " : "")\(size) bytes; an Info.plist larger than \(maximumBytes) bytes is refused (is this the app's Info.plist?)"
                )
            case .unreadable(let reason):
                throw StoryboardError(at: whole, message: "cannot read the Info.plist: \(reason)")
            }
        }
    }

    /// Where the key a problem is about (its first words: `UISceneConfigurations.ROLE[1].KEY`) is
    /// written, in an XML plist: each component's `<key>` in turn, the `[i]`th configuration's
    /// dictionary after its role, comments and CDATA passed over (the first `<key>` of the last
    /// component anywhere named another configuration's, or one inside a comment). A binary plist
    /// has no lines: the whole file.
    static func location(of problem: String, in text: [Character]?, file: String) -> SourceLocation {
        let path = problem.prefix { $0 != " " }
        guard !path.isEmpty, let chars = text else { return SourceLocation(file: file) }
        var at = 0
        var found: Int?
        for component in path.split(separator: ".") {
            let name = component.prefix { $0 != "[" }
            guard let key = firstIndex(of: Array("<key>\(name)</key>"), in: chars, from: at) else {
                found = nil
                break
            }
            (found, at) = (key, key + name.count + 11)
            if let open = component.firstIndex(of: "["),
                let index = Int(component[component.index(after: open)...].prefix { $0.isNumber })
            {
                // The entry's own dictionary: the (index + 1)th `<dict` after the role's key.
                for _ in 0...index {
                    guard let dict = firstIndex(of: Array("<dict"), in: chars, from: at) else { break }
                    at = dict + 5
                }
            }
        }
        guard let found else { return SourceLocation(file: file) }
        let lineStart = chars[..<found].lastIndex(of: "\n").map { $0 + 1 } ?? 0
        let line = chars[..<found].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        return SourceLocation(file: file, line: line, column: found - lineStart + 1)
    }

    /// Problems said one by one; the rest are counted.
    static let maximumProblemsSaid = 100

    /// An XML plist's text, comments and CDATA blanked, for `location`; nil for a binary plist.
    static func searchableText(_ bytes: [UInt8]) -> [Character]? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard bytes.count <= maximumBytes, text.contains("<plist") else { return nil }
        return maskingCommentsAndCDATA(Array(text))
    }

    /// The text with every comment and CDATA section blanked (line breaks kept), so no key is
    /// found inside one.
    static func maskingCommentsAndCDATA(_ text: [Character]) -> [Character] {
        var chars = text
        for (open, close) in [(Array("<!--"), Array("-->")), (Array("<![CDATA["), Array("]]>"))] {
            var from = 0
            while let start = firstIndex(of: open, in: chars, from: from) {
                let end =
                    firstIndex(of: close, in: chars, from: start + open.count).map { $0 + close.count } ?? chars.count
                for k in start..<end where chars[k] != "\n" { chars[k] = " " }
                from = end
            }
        }
        return chars
    }

    static func firstIndex(of needle: [Character], in chars: [Character], from start: Int) -> Int? {
        guard !needle.isEmpty, chars.count >= needle.count, start <= chars.count - needle.count else { return nil }
        var k = start
        while k <= chars.count - needle.count {
            if chars[k] == needle[0], chars[k..<(k + needle.count)].elementsEqual(needle) { return k }
            k += 1
        }
        return nil
    }

    private static func string(_ value: Any?, _ key: String, _ problems: inout [String]) -> String? {
        guard let value else { return nil }
        guard let s = value as? String else {
            problems.append("\(key) must be a string")
            return nil
        }
        return s
    }

    private static func manifest(_ value: Any, _ problems: inout [String]) -> SceneManifest? {
        guard let dict = value as? [String: Any] else {
            problems.append("UIApplicationSceneManifest must be a dictionary")
            return nil
        }
        var m = SceneManifest()
        if let multiple = dict["UIApplicationSupportsMultipleScenes"] {
            if let b = multiple as? Bool {
                m.supportsMultipleScenes = b
            } else {
                problems.append("UIApplicationSceneManifest.UIApplicationSupportsMultipleScenes must be a boolean")
            }
        }
        guard let roles = dict["UISceneConfigurations"] else { return m }
        guard let byRole = roles as? [String: Any] else {
            problems.append("UIApplicationSceneManifest.UISceneConfigurations must be a dictionary of roles")
            return m
        }
        for role in byRole.keys.sorted() {
            guard let entries = byRole[role] as? [Any] else {
                problems.append("UISceneConfigurations.\(role) must be an array of configurations")
                continue
            }
            for (i, entry) in entries.enumerated() {
                guard let c = entry as? [String: Any] else {
                    problems.append("UISceneConfigurations.\(role)[\(i)] must be a dictionary")
                    continue
                }
                let at = "UISceneConfigurations.\(role)[\(i)]."
                var delegate = string(c["UISceneDelegateClassName"], at + "UISceneDelegateClassName", &problems)
                // Xcode's templates write `$(PRODUCT_MODULE_NAME).SceneDelegate`: the class is the last part.
                if let d = delegate, let dot = d.lastIndex(of: ".") { delegate = String(d[d.index(after: dot)...]) }
                m.configurations.append(
                    SceneConfiguration(
                        role: role,
                        name: string(c["UISceneConfigurationName"], at + "UISceneConfigurationName", &problems),
                        delegateClass: delegate,
                        storyboard: string(c["UISceneStoryboardFile"], at + "UISceneStoryboardFile", &problems)))
            }
        }
        return m
    }
}
