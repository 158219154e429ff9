import RestoreEngine
import Yams

/// Reads a scenario file (SPEC §3, YAML or JSON) into a `Scenario`, validating all of it.
///
/// Every problem is collected in one pass and located by line and column, so a person fixes the
/// whole file at once.
///
/// Choices where SPEC §3 is silent:
/// - Coder values are typed by the YAML 1.2 core schema (see `CoreScalar`): `yes` is text, a
///   quoted `"1.0"` a string, `1.0` a float. String fields (versions, identifiers) take any
///   scalar's text as written, so `bundleVersion: 1.10` stays "1.10".
/// - An explicit null on an optional key (`key: ~`, JSON `null`) means the key is absent; as an
///   ANSWER it means `nil`; as a coder value it is an error (NSCoder has no null to store).
/// - An OBJECT's `class` defaults to NSObject; its `restorationIdentifier` may be left out (the
///   engine then skips it, which is a scenario worth modelling).
/// - A built-in view property on a view whose UIKit class does not save it is an error, since
///   the engine would silently ignore it; so is `kind: view` outside `views:`.
/// - A newer `format:` is refused before anything else is checked.
public enum ScenarioParser {
    /// The keys a scenario file may have at the top level, in SPEC order.
    public static let topLevelKeys = [
        "format", "name", "description", "app", "launchUI", "storyboards", "classes", "ui", "scenes",
        "timeline",
    ]

    /// Parses and validates a scenario.
    /// - Parameters:
    ///   - text: the file's contents, YAML or JSON.
    ///   - file: the name to put in front of every problem (usually the path as the user typed it).
    /// - Throws: `ScenarioError` with every problem found.
    public static func parse(_ text: consuming String, file: String) throws(ScenarioError) -> Scenario {
        // JSON that reads the same either way skips the YAML library (see `ScenarioJSON`).
        let root: ScenarioNode?
        let document = ScenarioJSON.document(text)
        // The document's nodes hold it `unowned(unsafe)` (see `ScenarioNode.Backing`): it lives
        // until the scenario is read.
        defer { withExtendedLifetime(document) {} }
        if let document { root = document.node(Int(document.root)) } else { root = try composeYAML(text, file: file) }
        // The text is let go as soon as it is a tree (the caller hands it over): the reader then
        // builds the scenario while only the tree is alive, not the file's text too (14 MB of
        // JSON, 20 MB of YAML at 200×200, when `record` peaks in memory).
        _ = consume text
        guard let root, !isEmptyDocument(root) else {
            throw ScenarioError(
                file: file, line: 1, column: 1,
                message: "the scenario is empty; it needs at least 'name:' and usually 'ui:'")
        }
        let reader = ScenarioReader(file: file)
        var scenario = reader.scenario(root)
        if reader.problems.isEmpty, scenario != nil { reader.applyInfoPlist(into: &scenario!) }
        if reader.problems.isEmpty, scenario != nil {
            // `$(PRODUCT_BUNDLE_IDENTIFIER).browse`, as Xcode's templates write it, is the built
            // app's `com.example.browse`: resolved here into the app's own activity types, so
            // the trace's header names them (`DeclaredActivityTypes`).
            scenario!.app.userActivityTypes = DeclaredActivityTypes.resolving(
                scenario!.app.userActivityTypes, against: scenario!.scenes.compactMap { $0.activity?.type })
        }
        if reader.problems.isEmpty, scenario != nil { reader.loadStoryboards(into: &scenario!) }
        guard reader.problems.isEmpty, let scenario else {
            throw ScenarioError(file: file, problems: reader.problems)
        }
        return scenario
    }

    /// YAML (and JSON the fast route leaves alone) through Yams, within the limits on nesting
    /// and on what aliases add; nil for a document with no content.
    static func composeYAML(_ text: String, file: String) throws(ScenarioError) -> ScenarioNode? {
        // Depth first, on the text: Yams composes by recursion and a deep file would overflow the stack.
        if let excess = NestingScan.firstExcess(in: text, limit: ScenarioLimits.maximumNesting) {
            throw ScenarioError(
                file: file, line: excess.line, column: excess.column,
                message:
                    "the scenario nests collections deeper than \(ScenarioLimits.maximumNesting) levels here; a scenario needs far fewer (64 nested nodes at most), so the file is probably generated wrongly"
            )
        }
        let prepared = JSONCompatibility.prepare(text)
        // Straight from libyaml's events when it can (see `ScenarioYAML`); Yams otherwise.
        if case .document(let root) = ScenarioYAML.compose(prepared) { return root }
        return try composeWithYams(prepared, text: text, file: file)
    }

    /// The Yams route: `prepared` (the text after `JSONCompatibility`) composed by Yams, its
    /// errors located in `text`, aliases bounded by `ScenarioLimits`.
    static func composeWithYams(_ prepared: String, text: String, file: String) throws(ScenarioError) -> ScenarioNode? {
        let root: Node?
        do {
            // UTF-8 explicitly: libyaml's reader errors give byte offsets into this encoding.
            root = try Yams.compose(yaml: prepared, .default, .default, .utf8)
        } catch let error as YamlError {
            throw ScenarioError(file: file, problems: [YamlProblem.problem(from: error, text: text, file: file)])
        } catch {
            throw ScenarioError(file: file, line: 1, column: 1, message: "cannot parse the scenario: \(error)")
        }
        guard let root else { return nil }
        // Only aliases (`*name`) can add nodes the text does not write, or nest deeper than its
        // indentation says: a text without a `*` needs no walk to know it is within bounds.
        if text.utf8.contains(UInt8(ascii: "*")),
            let problem = ScenarioLimits.expansionProblem(root, textBytes: text.utf8.count, file: file)
        {
            throw ScenarioError(file: file, problems: [problem])
        }
        return ScenarioNode(yaml: root)
    }

    /// A file of only comments or `~` has no content.
    private static func isEmptyDocument(_ root: ScenarioNode) -> Bool {
        if case .scalar(let s) = root, CoreScalar(s) == .null { return true }
        return false
    }
}

extension ScenarioReader {
    /// The top level. `classes:` is read first wherever it sits, so nodes can be checked against it.
    func scenario(_ root: ScenarioNode) -> Scenario? {
        // The format first: a newer file is refused before its keys are judged by this version's rules.
        // (Keys are matched by their text.)
        if case .mapping(let mapping) = root,
            let format = mapping.first(where: {
                if case .scalar(let k) = $0.key { k.string == "format" } else { false }
            })?.value,
            !Self.isNull(format), !checkFormat(format)
        {
            return nil
        }
        guard let f = fields(root, of: "the scenario", allowed: ScenarioParser.topLevelKeys) else { return nil }

        var name: String?
        if let v = f.present("name") {
            name = self.name(v, "'name'")
        } else {
            fail(root, "the scenario needs 'name:' (a short name for reports, such as tabbar-navigation)")
        }
        var scenario = Scenario(name: name ?? "")
        if let v = f.present("classes") { scenario.classes = classes(v) }
        if let v = f.present("description") { scenario.description = string(v, "'description'") }
        if let v = f.present("app") { scenario.app = app(v) }
        if let v = f.present("launchUI") { scenario.launchUI = node(v, role: .viewController, "'launchUI'") }
        if let v = f.present("storyboards") { scenario.storyboards = storyboards(v) }
        if let v = f.present("ui") { scenario.ui = node(v, role: .viewController, "'ui'") }
        if let v = f.present("scenes") { scenario.scenes = scenes(v) }
        if let v = f.present("timeline"), let steps = timeline(v) { scenario.timeline = steps }
        scenario.keyLocations = keyLocations
        checkSceneMode(scenario, root: root, fields: f)

        // A class written under 'classes:' whose entry has an error is listed: that error says what to fix.
        // So is one under a second 'classes:' (reported as a duplicate key, and not read): the
        // duplicate is what to fix, not a class "not listed" that is listed there.
        var written = Set(f.present("classes").map(Self.mappingKeys) ?? [])
        if case .mapping(let mapping) = root {
            for (keyNode, value) in mapping {
                guard case .scalar(let key) = keyNode, CoreScalar(key) == .string("classes") else { continue }
                written.formUnion(Self.mappingKeys(value))
            }
        }
        for reference in classReferences
        where scenario.classes[reference.name] == nil && !written.contains(reference.name) {
            let listed = scenario.classes.keys.sorted()
            fail(
                reference.node,
                "\(reference.key) '\(reference.name)' is not listed under 'classes:'"
                    + Self.suggestion(for: reference.name, among: listed)
                    + "; add it there with its answer, such as 'classes: {\(reference.name): {answer: new}}'")
        }
        return name == nil ? nil : scenario
    }

    /// `format:` must be this version; a newer one is refused outright, since its other keys
    /// would only produce a screenful of misleading "unknown key" errors.
    /// - Returns: false when the rest of the file should not be read.
    private static func isNull(_ node: ScenarioNode) -> Bool {
        if case .scalar(let s) = node { return CoreScalar(s) == .null }
        return false
    }

    private func checkFormat(_ v: ScenarioNode) -> Bool {
        guard let format = string(v, "'format'") else { return true }
        if format == Scenario.format { return true }
        let prefix = "restoretrace-scenario/"
        if format.hasPrefix(prefix), let version = Int(format.dropFirst(prefix.count)), version > 1 {
            fail(
                v,
                "this scenario is in format '\(format)', newer than this restoretrace reads ('\(Scenario.format)'); update restoretrace to read it"
            )
            return false
        }
        fail(v, "unknown format '\(format)'; expected '\(Scenario.format)' (or leave 'format:' out)")
        return true
    }
}
