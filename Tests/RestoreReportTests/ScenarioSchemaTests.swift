import Foundation
import RestoreReport
import RestoreScenario
import RestoreTestSupport
import RestoreTrace
import Testing

/// `restoretrace schema scenario`: a strict JSON Schema (draft 2020-12) every sample satisfies,
/// and docs/scenario.md, both generated from `ScenarioKeys`.
@Suite struct ScenarioSchemaTests {
    static let validator = SchemaValidator(schema: ScenarioSchema.json)

    static func problems(_ yaml: String) throws -> [String] {
        validator.problems(try ScenarioDocument.read(yaml, file: "t.yaml"))
    }

    @Test(arguments: Samples.scenarioNames)
    func everySampleSatisfiesTheSchema(_ name: String) throws {
        let text = try String(contentsOfFile: Samples.path(name), encoding: .utf8)
        #expect(try Self.problems(text) == [], "\(name)")
    }

    @Test func theBuiltInDemoSatisfiesTheSchema() throws {
        #expect(try Self.problems(DemoScenario.yaml) == [])
    }

    @Test func unknownKeysAreErrorsAtEveryLevel() throws {
        let yaml = """
            name: t
            restorationID: x
            app: {delegate: {shouldRestore: true}}
            classes: {Detail: {answer: new, bulds: []}}
            ui:
              class: UINavigationController
              restorationIdentifer: Nav
              views: [{class: UITableView, rows: [a], selectd: [a]}]
              objects: [{restorationIdentifier: o, stat: {}}]
              children: [{class: Detail, storyboard: {name: Main, identifier: D, id: x}}]
            timeline: [background, {launch: {devicelocked: true}}]
            """
        let problems = try Self.problems(yaml)
        for (pointer, key) in [
            ("", "restorationID"), ("/app/delegate", "shouldRestore"), ("/classes/Detail", "bulds"),
            ("/ui", "restorationIdentifer"), ("/ui/views/0", "selectd"), ("/ui/objects/0", "stat"),
            ("/ui/children/0/storyboard", "id"), ("/timeline/1/launch", "devicelocked"),
        ] {
            #expect(problems.contains("\(pointer): unknown key '\(key)'"), "\(key): \(problems)")
        }
        #expect(problems.count == 8, "\(problems)")
    }

    @Test func wrongTypesAndWordsAreErrors() throws {
        let problems = try Self.problems(
            """
            name: t
            app: {idiom: watch, delegate: {ignoreSnapshot: maybe}}
            ui: {class: UIViewController, kind: view, selectedIndex: first}
            """)
        // Each key with a default also takes null (the key left out), and still says what it wants.
        #expect(problems.contains("/app/idiom: 'watch' is not one of [\"phone\",\"pad\",null]"), "\(problems)")
        #expect(problems.contains("/app/delegate/ignoreSnapshot: expected [\"boolean\",\"null\"], found 'maybe'"))
        #expect(problems.contains("/ui/kind: 'view' is not one of [\"container\",null]"))
        #expect(problems.contains("/ui/selectedIndex: expected [\"integer\",\"null\"], found 'first'"))
        #expect(try Self.problems("description: no name") == [": missing required key 'name'"])
    }

    @Test func conditionalAnswersAreInTheSchema() throws {
        #expect(
            try Self.problems(
                """
                name: t
                classes: {A: {answer: {ifEqual: {v: 1}, then: new, else: {ifEqual: {v: 2}, then: existing}}}}
                app: {delegate: {viewControllerWithRestorationIdentifierPath: {Nav/a: {ifEqual: {id: a}}}}}
                """) == [])
        #expect(
            try Self.problems("name: t\nclasses: {A: {answer: {ifEqual: {v: 1}, thn: new}}}")
                == ["/classes/A/answer: unknown key 'thn'"])
    }

    @Test func theSchemaIsStrictDraft202012AndEveryKeyIsDescribed() throws {
        let json = ScenarioSchema.json
        #expect(json["$schema"]?.stringValue == "https://json-schema.org/draft/2020-12/schema")
        #expect(try JSONParser.parse(ScenarioSchema.text) == json)
        var records = 0
        func walk(_ s: JSONValue, _ at: String) {
            if let properties = s["properties"]?.members {
                records += 1
                #expect(s["additionalProperties"] == .bool(false), "\(at) is not strict")
                for (key, p) in properties {
                    let text = p["description"]?.stringValue ?? ""
                    #expect(text.contains("Default: ") || text.hasSuffix("Required."), "\(at)/\(key): \(text)")
                }
            }
            for (k, v) in s.members ?? [] { walk(v, at + "/" + k) }
            for (i, v) in (s.arrayValue ?? []).enumerated() { walk(v, at + "/\(i)") }
        }
        walk(json, "")
        #expect(records == ScenarioKeys.definitions.filter { $0.shape == nil }.count)
        #expect(
            json["properties"]?["app"]?["description"]?.stringValue?.hasSuffix("Default: every key's own default.")
                == true)
        #expect(
            json["$defs"]?["delegate"]?["properties"]?["makeKeyAndVisible"]?["default"]
                == .string("willFinishLaunching"))
    }

    @Test func theValidatorRefusesKeywordsOutsideItsSubset() {
        let odd = SchemaValidator(schema: .object([("type", .string("object")), ("patternProperties", .object([]))]))
        #expect(odd.problems(.map([])) == [": unsupported schema keyword 'patternProperties'"])
    }

    /// docs/scenario.md and docs/scenario.schema.json are the generated text, byte for byte.
    /// Re-generate with `RESTORETRACE_RECORD_GOLDENS=1` (that run fails on purpose).
    @Test(arguments: [("scenario.md", ScenarioSchema.markdown), ("scenario.schema.json", ScenarioSchema.text)])
    func committedDocsAreTheGeneratedText(_ name: String, _ generated: String) throws {
        let url = Samples.packageRoot.appendingPathComponent("docs").appendingPathComponent(name)
        if Golden.recording {
            try generated.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("Wrote docs/\(name); run again without RESTORETRACE_RECORD_GOLDENS to verify.")
            return
        }
        let committed = try String(contentsOf: url, encoding: .utf8)
        #expect(committed == generated, "docs/\(name) is stale: regenerate it with RESTORETRACE_RECORD_GOLDENS=1")
    }

    /// What `record` refuses the schema refuses too: an empty name or class, a restoration
    /// identifier with a `/`, a line break or a tab.
    @Test func theSchemaRefusesWhatRecordRefuses() throws {
        #expect(try Self.problems("name: ''\nui: {class: Feed}") == ["/name: '' is shorter than 1"])
        #expect(try Self.problems("name: t\nui: {class: ''}") == ["/ui/class: '' is shorter than 1"])
        #expect(
            try Self.problems("name: t\nui: {class: Feed, restorationIdentifier: a/b}")
                == [#"/ui/restorationIdentifier: 'a/b' does not match ^[^/\n\t]*$"#])
        #expect(try Self.problems("name: t\nui: {class: Feed, restorationIdentifier: \"a\\tb\"}").count == 1)
        #expect(try Self.problems("name: t\nui: {class: Feed, restorationIdentifier: 42}") == [])
        // A scene session and an activity type are one line (printed inside the verdict's lines).
        #expect(
            try Self.problems("name: t\napp: {lifecycle: scenes}\nscenes: [{session: \"a\\nb\", activity: {type: t}}]")
                .count == 1)
        #expect(
            try Self.problems("name: t\napp: {lifecycle: scenes}\nscenes: [{session: a, activity: {type: \"t\\tu\"}}]")
                .count == 1)
    }
}

/// An explicit null is a key with a default left out, in the schema as in `record`: the schema
/// refused every null while `record` read 40 keys' null as absent, so an editor flagged
/// scenarios `record` took (`launch:` with nothing after it, `state: ~`).
@Suite struct ScenarioSchemaNullTests {
    @Test(arguments: [
        "name: t\ndescription: ~\nui: {class: A, restorationIdentifier: ~, state: ~, views: ~, presented: ~, children: ~}\n",
        "name: t\napp: {idiom: ~, bundleVersion: ~, systemVersion: ~, mainStoryboard: ~, delegate: ~}\nui: {class: A}\n",
        "name: t\napp: {delegate: {shouldSaveApplicationState: ~, willEncodeRestorableState: ~}}\nui: {class: A}\n",
        "name: t\nui: {class: A, views: [{class: UITableView, restorationIdentifier: t, rows: ~, selected: ~}]}\n",
        "name: t\nlaunchUI: ~\nstoryboards: ~\ntimeline: [background, {kill: system}, {launch: {deviceLocked: ~}}]\nui: {class: A}\n",
    ])
    func aNullKeyWithADefaultIsAbsentForBoth(_ yaml: String) throws {
        #expect(try ScenarioSchemaTests.problems(yaml) == [], "\(yaml)")
        let parsed = Result { try ScenarioLoader.parse(data: Data(yaml.utf8), file: "t.yaml") }
        #expect((try? parsed.get()) != nil, "\(yaml): \(parsed)")
    }

    /// Required keys, and `crashWhileDecoding:` left empty, are refused by both.
    @Test func aNullWithNoDefaultIsRefusedByBoth() throws {
        for yaml in [
            "name: ~\nui: {class: A}\n",
            "name: t\nui: {class: A, restorationIdentifier: a}\ntimeline: [background, {kill: system}, {launch: {crashWhileDecoding: ~}}]\n",
        ] {
            #expect(try !ScenarioSchemaTests.problems(yaml).isEmpty, "\(yaml)")
            #expect(throws: ScenarioError.self) { try ScenarioLoader.parse(data: Data(yaml.utf8), file: "t.yaml") }
        }
    }
}
