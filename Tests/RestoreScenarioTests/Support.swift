import Foundation
import RestoreEngine
import RestoreTestSupport
import Testing

@testable import RestoreScenario

/// Parses `text` as `test.yaml`, failing the test with every problem if it does not parse.
func parsed(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Scenario {
    do {
        return try ScenarioParser.parse(text, file: "test.yaml")
    } catch {
        Issue.record("expected the scenario to parse, got:\n\(error)", sourceLocation: sourceLocation)
        throw error
    }
}

/// The problems `text` has; records an issue when it unexpectedly parses.
func problems(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [Diagnostic] {
    do {
        let scenario = try ScenarioParser.parse(text, file: "test.yaml")
        Issue.record("expected problems, but it parsed as \(scenario)", sourceLocation: sourceLocation)
        return []
    } catch {
        return error.problems
    }
}

/// `LINE:COLUMN: MESSAGE` for each problem, compact enough to compare whole lists.
func located(_ problems: [Diagnostic]) -> [String] {
    problems.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0): \($0.message)" }
}

/// Every sample scenario in `Traces/`, sorted by name.
func sampleScenarioPaths() -> [String] { Samples.scenarioNames.map(Samples.path) }

/// Loads `Traces/NAME.yaml`.
func sample(_ name: String) throws -> Scenario { try ScenarioLoader.load(path: Samples.path("\(name).yaml")) }

extension Outcome {
    /// The last restoration's node at `path`.
    func restored(_ path: String) -> NodeOutcome? { restoration?.nodes.first { $0.path == path } }
    /// The last preservation's node whose locator ends with `suffix`.
    func preserved(locator suffix: String) -> NodeOutcome? {
        preservation?.nodes.first { $0.locator == suffix || $0.locator.hasSuffix("/" + suffix) }
    }
    func diagnostics(_ code: ReasonCode) -> [Diagnostic] { diagnostics.filter { $0.code == code } }
}
