import Foundation
import RestoreEngine

/// One what-if change to a replay (`--set`, `--drop-id`).
public enum WhatIfEdit: Hashable, Sendable, CustomStringConvertible {
    case shouldRestore(Bool)
    case bundleVersion(String)
    case deviceLocked(Bool)
    /// The answer of the restoration class (or, without one, the app delegate) for a path.
    case answer(path: String, Answer)
    /// The node had no restoration identifier when it was preserved.
    case dropIdentifier(path: String)
    /// The activity a scene session's delegate returns has another `activityType` (SPEC §8).
    case activityType(session: String, String)
    /// Info.plist's `NSUserActivityTypes` (SPEC §8).
    case userActivityTypes([String])

    public var description: String {
        switch self {
        case .shouldRestore(let b): "shouldRestore=\(b)"
        case .bundleVersion(let v): "bundleVersion=\(v)"
        case .deviceLocked(let b): "deviceLocked=\(b)"
        case .answer(let p, let a): "answer:\(p)=\(a)"
        case .dropIdentifier(let p): "drop-id \(p)"
        case .activityType(let s, let t): "activity:\(s).type=\(t)"
        case .userActivityTypes(let types): "userActivityTypes=\(types.joined(separator: ","))"
        }
    }

    /// The edit as an error names it: the flag the user typed (`--drop-id X`), else `description`.
    public var named: String {
        if case .dropIdentifier(let p) = self { return "--drop-id \(p)" }
        return description
    }

    /// Parses a `--set` argument: `shouldRestore=false`, `bundleVersion=2.0`, `deviceLocked=true`,
    /// `answer:PATH=nil|existing|new|storyboard|instanceOf:CLASS`.
    public static func parseSet(_ text: String) throws(WhatIfError) -> WhatIfEdit {
        // An answer never holds `=` and a restoration identifier may: `answer:` splits at the
        // last one (at the first, a path with `=` could not be named; r19 report hunt).
        guard let eq = text.hasPrefix("answer:") ? text.lastIndex(of: "=") : text.firstIndex(of: "=") else {
            // The example is the setting's own: `answer:PATH` alone was told "e.g. shouldRestore=false".
            let example =
                text.hasPrefix("answer:")
                ? "--set '\(text)=nil' (or existing, new, storyboard, instanceOf:CLASS)"
                : text.hasPrefix("activity:") ? "--set '\(text)=com.example.browse'" : "--set shouldRestore=false"
            throw WhatIfError("'--set \(text)' needs NAME=VALUE, e.g. \(example)")
        }
        let name = String(text[..<eq])
        let value = String(text[text.index(after: eq)...])
        func bool() throws(WhatIfError) -> Bool {
            switch value.lowercased() {
            case "true", "yes", "1": return true
            case "false", "no", "0": return false
            default: throw WhatIfError("'--set \(text)': expected true or false, found '\(value)'")
            }
        }
        switch name {
        case "shouldRestore": return .shouldRestore(try bool())
        case "deviceLocked": return .deviceLocked(try bool())
        case "bundleVersion":
            guard !value.isEmpty else { throw WhatIfError("'--set \(text)': the bundle version is empty") }
            return .bundleVersion(value)
        case "userActivityTypes":
            // Spaces around a comma are not part of a type: `a, b` silently left `b` undeclared.
            return .userActivityTypes(
                value.split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                .filter { !$0.isEmpty })
        default:
            if name.hasPrefix("activity:") { return try parseActivity(name: name, value: value, text: text) }
            guard name.hasPrefix("answer:") else {
                throw WhatIfError(
                    "'--set \(text)': unknown setting '\(name)'; use shouldRestore, bundleVersion, deviceLocked, answer:PATH, activity:SESSION.type or userActivityTypes"
                )
            }
            let path = String(name.dropFirst("answer:".count))
            if let problem = pathProblem(path) { throw WhatIfError("'--set \(text)': \(problem)") }
            guard let answer = Answer(text: value) else {
                throw WhatIfError(
                    "'--set \(text)': unknown answer '\(value)'; use nil, existing, new, storyboard or instanceOf:CLASS"
                )
            }
            return .answer(path: path, answer)
        }
    }
}

extension WhatIfEdit {
    /// What is wrong with `path` as a what-if's restoration path, or nil.
    public static func pathProblem(_ path: String) -> String? {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.hasSuffix("/"), !path.contains("//") else {
            return "'\(path)' is not a restoration path (identifiers joined by '/', e.g. Tab/home/Detail)"
        }
        return nil
    }

    /// Why a path no node had may still look like one: the report's label for a node without a
    /// restoration path (`Tabs/<UINavigationController>/explore`). Said only once no node has the
    /// path: an identifier may hold `<` (`List<Main>`).
    public static func labelHint(_ path: String) -> String? {
        guard path.contains("<"), path.contains(">") else { return nil }
        return
            "'\(path)' reads as how the report shows a node with no restoration path: it or an ancestor has no restoration identifier, so it was never preserved and no callback names it"
    }
}

public struct WhatIfError: Error, CustomStringConvertible, Sendable {
    public var description: String
    init(_ message: String) { description = message }
}

/// The set of edits a replay runs with.
public struct WhatIf: Hashable, Sendable {
    public var edits: [WhatIfEdit]
    public init(_ edits: [WhatIfEdit] = []) { self.edits = edits }
    public var isEmpty: Bool { edits.isEmpty }

    var shouldRestore: Bool? { edits.reduce(nil) { if case .shouldRestore(let b) = $1 { b } else { $0 } } }
    var bundleVersion: String? { edits.reduce(nil) { if case .bundleVersion(let v) = $1 { v } else { $0 } } }
    var deviceLocked: Bool? { edits.reduce(nil) { if case .deviceLocked(let b) = $1 { b } else { $0 } } }
    var answers: [String: Answer] {
        var out: [String: Answer] = [:]
        for case .answer(let p, let a) in edits { out[p] = a }
        return out
    }
    public var activityTypes: [String: String] {
        var out: [String: String] = [:]
        for case .activityType(let session, let type) in edits { out[session] = type }
        return out
    }
    var userActivityTypes: [String]? {
        edits.reduce(nil) { if case .userActivityTypes(let t) = $1 { t } else { $0 } }
    }
    var droppedIdentifiers: [String] { edits.compactMap { if case .dropIdentifier(let p) = $0 { p } else { nil } } }
}

extension WhatIf {
    /// The paths this what-if names (`answer:PATH`, `--drop-id PATH`) that are not among `known`,
    /// each with the closest known paths, so a typo is an error and not a silent no-op.
    public func unknownPaths(known: [String]) -> [(edit: String, path: String, nearest: [String])] {
        let knownSet = Set(known)
        return edits.compactMap { edit in
            let path: String
            switch edit {
            case .answer(let p, _), .dropIdentifier(let p): path = p
            default: return nil
            }
            guard !knownSet.contains(path) else { return nil }
            return (edit.named, path, Self.nearest(to: path, among: knownSet))
        }
    }

    /// The `answer:PATH` edits no callback would take, with why: a view's path (UIKit decodes a
    /// view inside its view controller and asks the app for none), a registered object's that
    /// came back only by registration (`via: existing`: no restoration class to answer, R6), and
    /// `storyboard` for any registered object (a storyboard holds controllers). Answered "does
    /// not change", they read as the app's answer not mattering.
    /// - Parameters:
    ///   - nodes: the faithful run's preservation.
    ///   - restored: the faithful run's restorations, every launch.
    public func unconsultedAnswers(nodes: [NodeOutcome], restored: [NodeOutcome] = []) -> [(edit: String, why: String)]
    {
        guard hasAnswers else { return [] }
        var kinds: [String: NodeKind] = [:]
        for n in nodes { if let p = n.path, kinds[p] == nil { kinds[p] = n.kind } }
        let registeredOnly = Self.objectsRestoredByRegistrationOnly(restored)
        return edits.compactMap { edit in
            guard case .answer(let path, let answer) = edit else { return nil }
            if kinds[path] == .object, registeredOnly.contains(path) {
                return (
                    edit.description,
                    "'\(path)' is a registered object without an objectRestorationClass: UIKit asks no one for it, and restores it only when the app has registered one at that path by then (R6); answer: takes a path whose restoration class or app delegate is asked"
                )
            }
            switch kinds[path] {
            case .view?:
                return (
                    edit.description,
                    "'\(path)' is a view: UIKit decodes a view's state inside its view controller and never asks the app for it; answer: takes a view controller's path or a registered object's"
                )
            case .object? where answer == .storyboard:
                return (
                    edit.description,
                    "'\(path)' is a registered object, and a storyboard holds view controllers only; answer it nil, existing, new or instanceOf:CLASS"
                )
            default: return nil
            }
        }
    }

    /// Whether an edit is an `answer:`.
    public var hasAnswers: Bool { edits.contains { if case .answer = $0 { true } else { false } } }

    /// Paths of registered objects that came back at some launch by registration and never
    /// through a restoration class.
    private static func objectsRestoredByRegistrationOnly(_ restored: [NodeOutcome]) -> Set<String> {
        var byClass = Set<String>()
        var byRegistration = Set<String>()
        for n in restored where n.kind == .object {
            guard let p = n.path else { continue }
            if n.via == .restorationClass { byClass.insert(p) } else if n.via == .existing { byRegistration.insert(p) }
        }
        return byRegistration.subtracting(byClass)
    }

    /// The scene sessions this what-if names (`activity:SESSION.type`) that are not among `known`
    /// (the recording's sessions: none in an app-based app), each with the closest known ones.
    public func unknownSessions(known: [String]) -> [(edit: String, session: String, nearest: [String])] {
        let knownSet = Set(known)
        return edits.compactMap { edit in
            guard case .activityType(let session, _) = edit, !knownSet.contains(session) else { return nil }
            return (edit.description, session, Self.nearest(to: session, among: knownSet))
        }
    }

    /// The three names closest to `name` in edit distance, closest first (ties in name order).
    static func nearest(to name: String, among known: Set<String>) -> [String] {
        let length = name.unicodeScalars.count
        // No path is a typo this long: measuring a 20,000-character one against each path of a
        // 1,000-node trace took 20 s before its exit 2.
        guard length <= 512 else { return [] }
        var best: [(name: String, distance: Int)] = []
        for candidate in known.sorted() {
            // The lengths' difference is the least the distance can be: past the third best, skip.
            if best.count == 3, abs(candidate.unicodeScalars.count - length) >= best[2].distance { continue }
            let d = distance(name, candidate)
            guard best.count < 3 || d < best[2].distance else { continue }
            // After the equally close ones: ties stay in name order.
            best.insert((candidate, d), at: best.firstIndex { $0.distance > d } ?? best.count)
            if best.count > 3 { best.removeLast() }
        }
        return best.map(\.name)
    }

    /// Edit distance between two strings, by Unicode scalar.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where j <= b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
