import RestoreEngine
import Testing

@testable import RestoreScenario

@Suite("timeline")
struct ScenarioTimelineTests {
    @Test func everyStepFormParses() throws {
        let s = try parsed(
            """
            name: t
            timeline:
              - background
              - kill: system
              - launch
              - background
              - {kill: user}
              - launch:
              - background
              - kill: debugger
              - launch:
                  bundleVersion: "1.1"
                  deviceLocked: true
                  crashWhileDecoding: Nav/Detail
                  data: {"Nav/Items/list": [m3, m1, m2]}
            """)
        var options = LaunchOptions()
        options.bundleVersion = "1.1"
        options.deviceLocked = true
        options.crashWhileDecoding = "Nav/Detail"
        options.data = ["Nav/Items/list": ["m3", "m1", "m2"]]
        #expect(
            s.timeline == [
                .background, .kill(.system), .launch(LaunchOptions()), .background, .kill(.user),
                .launch(LaunchOptions()),
                .background, .kill(.debugger), .launch(options),
            ])
    }

    @Test func badTimelineStepsAreEachLocated() {
        let p = problems(
            """
            name: t
            timeline:
              - backgrund
              - kill
              - {kill: system, launch: {}}
              - 3
              - launch: {deviceLockd: true}
            """)
        #expect(
            located(p) == [
                "3:5: unknown timeline step 1 'backgrund' (did you mean 'background'?); a step is background, {kill: system|user|debugger}, launch or {launch: {...}}",
                "4:5: 'kill' needs a kind: write '{kill: system}', '{kill: user}' or '{kill: debugger}'",
                "5:5: timeline step 3 has 2 keys; a step is one of background, {kill: KIND} or {launch: {...}}, one per list item",
                "6:5: expected a step (background, {kill: KIND}, launch or {launch: {...}}) for timeline step 4, found '3'",
                "7:14: unknown key 'deviceLockd' in 'launch' (did you mean 'deviceLocked'?)",
            ])
    }

    @Test func timelineMustBeAList() {
        #expect(
            located(problems("name: t\ntimeline: background\n")) == [
                "2:11: expected a list for 'timeline', found 'background'"
            ])
    }

    @Test(arguments: ["crashWhileDecoding: \"\"", "crashWhileDecoding:"])
    func crashWhileDecodingWithAnEmptyPathIsAnError(line: String) {
        let p = problems("name: t\ntimeline:\n  - launch:\n      \(line)\n")
        #expect(p.count == 1)
        #expect(p.first?.location?.line == 4)
        #expect(p.first?.message.hasPrefix("'crashWhileDecoding' needs the restoration path") == true)
    }

    @Test func malformedDataPathIsAnError() {
        let p = problems("name: t\ntimeline: [{launch: {data: {\"Nav/list/\": [a]}}}]\n")
        #expect(
            located(p) == [
                "2:29: malformed restoration path 'Nav/list/' in 'data': it ends with '/'; write identifiers joined by '/', like 'TabController/NavigationController/Detail'"
            ])
    }

    @Test func emptyTimelineIsAllowed() throws {
        #expect(try parsed("name: t\ntimeline: []\n").timeline.isEmpty)
    }
}
