import Testing

@testable import RestoreScenario

/// The one declaration of the scenario keys (`ScenarioKeys`, which generates the JSON Schema and
/// docs/scenario.md) against the keys the parser accepts, place by place: they cannot drift.
@Suite struct ScenarioKeysTests {
    /// Each record of the declaration with the parser's list of keys for the same place.
    static let places: [(record: String, parser: [String])] = [
        ("scenario", ScenarioParser.topLevelKeys), ("app", ScenarioReader.appKeys),
        ("delegate", ScenarioReader.delegateKeys), ("restorationClass", ScenarioReader.classKeys),
        ("node", ScenarioReader.controllerKeys), ("view", ScenarioReader.viewKeys),
        ("object", ScenarioReader.objectKeys), ("storyboardReference", ScenarioReader.storyboardReferenceKeys),
        ("backgroundOptions", ScenarioReader.backgroundKeys), ("launchOptions", ScenarioReader.launchKeys),
        ("instanceOf", ScenarioReader.answerKeys), ("conditionalAnswer", ScenarioReader.conditionalAnswerKeys),
        ("ifEqualRule", ScenarioReader.restoreRuleKeys),
        ("scene", ScenarioReader.sceneKeys), ("activity", ScenarioReader.activityKeys),
    ]

    @Test(arguments: places.map(\.record))
    func declaredKeysAreTheKeysTheParserReads(_ record: String) throws {
        let definition = try #require(ScenarioKeys.definition(record))
        let parser = Self.places.first { $0.record == record }!.parser
        // A key the parser learns to read must be marked read in the declaration, and the other way round.
        #expect(Set(definition.readKeys) == Set(parser), "\(record)")
    }

    @Test func timelineStepsAreTheStepsTheParserReads() {
        let steps = ["backgroundStep", "killStep", "launchStep", "closeStep", "disconnectStep"]
        let read = steps.flatMap { ScenarioKeys.definition($0)?.readKeys ?? [] }
        #expect(Set(read) == Set(ScenarioReader.stepWords))
    }

    @Test func everyRecordTheDeclarationHasIsComparedWithTheParser() {
        let records = ScenarioKeys.definitions.filter { $0.shape == nil }.map(\.name)
        let steps = ["backgroundStep", "killStep", "launchStep", "closeStep", "disconnectStep"]
        #expect(Set(records) == Set(Self.places.map(\.record) + steps))
    }

    /// Keys of the format this version does not read yet (none since the scene keys landed); a
    /// key added here as not read must stay out of the parser's lists, which the test above checks.
    @Test func theKeysNotReadYetAreKnown() {
        let pending = ScenarioKeys.definitions.flatMap { d in
            d.keys.filter { !$0.isRead }.map { "\(d.name).\($0.name)" }
        }
        #expect(pending == [])
    }

    @Test func everyKeyHasADescriptionThatEndsWithItsDefault() {
        for d in ScenarioKeys.definitions {
            #expect(!d.summary.isEmpty, "\(d.name)")
            for k in d.keys {
                #expect(k.summary.hasSuffix("."), "\(d.name).\(k.name)")
                #expect(k.description.hasSuffix(k.defaultValue.sentence), "\(d.name).\(k.name)")
                #expect(k.defaultValue.sentence.hasPrefix("Default: ") || k.defaultValue == .required)
            }
        }
    }

    @Test func everyReferenceNamesADefinition() {
        func references(_ s: ScenarioShape) -> [String] {
            switch s {
            case .reference(let name): [name]
            case .list(let item, _): references(item)
            case .map(let value, _): references(value)
            case .either(let shapes): shapes.flatMap(references)
            default: []
            }
        }
        let names = Set(ScenarioKeys.definitions.map(\.name))
        for d in ScenarioKeys.definitions {
            for name in (d.keys.map(\.shape) + [d.shape].compactMap { $0 }).flatMap(references) {
                #expect(names.contains(name), "\(d.name) refers to \(name)")
            }
        }
    }
}
