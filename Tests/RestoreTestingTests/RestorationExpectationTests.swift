import RestoreEngine
import RestoreScenario
import RestoreTestSupport
import RestoreTesting
import Testing

/// The helpers a user's own tests call: passing expectations record nothing; failing ones record
/// one issue at the caller's line with a message that says what happened instead.
@Suite struct RestorationExpectationTests {
    static let classReturnsNil = Samples.path("restoration-class-returns-nil.yaml")

    @Test func passingExpectationsRecordNothing() throws {
        try Restoration.record(file: Self.classReturnsNil)
            .expectRestored("NavigationController/SecondViewController")
            .expectLost("NavigationController/CityViewController", reason: .restorationClassReturnedNil)
            .expectLost("NavigationController/CityViewController/Weather", reason: .parentNotRestored)
            .expectLost("NavigationController/CityViewController/Weather")
    }

    @Test func theRecordedOutcomeIsTheOneRecordGives() throws {
        let recorded = try Restoration.record(file: Self.classReturnsNil)
        #expect(recorded.outcome == (try TemporaryTrace.record(recorded.scenario).outcome))
        #expect(
            recorded.lostPaths == [
                "NavigationController/CityViewController", "NavigationController/CityViewController/Weather",
            ])
        #expect(recorded.fate(of: "NavigationController/CityViewController") == .lost(.restorationClassReturnedNil))
    }

    @Test func aLostPathExpectedRestoredFailsAtTheCallerWithTheReason() throws {
        let recorded = try Restoration.record(file: Self.classReturnsNil)
        let line = #line + 2
        withKnownIssue {
            recorded.expectRestored("NavigationController/CityViewController")
        } matching: { issue in
            let message = issue.comments.map(\.rawValue).joined()
            return issue.sourceLocation?.line == line
                && issue.sourceLocation?.fileName == "RestorationExpectationTests.swift"
                && message.hasPrefix(
                    "Expected `NavigationController/CityViewController` to be restored, but it was lost because restoration-class-returned-nil."
                )
                && message.contains("Restored: NavigationController, NavigationController/SecondViewController")
        }
    }

    @Test func aWrongReasonAndAnUnknownPathAreEachOneIssue() throws {
        let recorded = try Restoration.record(file: Self.classReturnsNil)
        withKnownIssue {
            recorded.expectLost("NavigationController/CityViewController", reason: .notFound)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined()
                == "Expected `NavigationController/CityViewController` to be lost because not-found, but it was lost because restoration-class-returned-nil."
        }
        withKnownIssue {
            recorded.expectRestored("NavigationController/Second")
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix(
                "No node at `NavigationController/Second` in scenario 'restoration-class-returns-nil'.")
        }
        withKnownIssue {
            recorded.expectLost("NavigationController/SecondViewController")
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix(
                "Expected `NavigationController/SecondViewController` to be lost, but it was restored.")
        }
    }

    @Test func aStoryboardWithASmallScenarioWrittenInTheTest() throws {
        // The storyboard is found beside `file:`, as a scenario file's `storyboards:` would be.
        let recorded = try Restoration.record(
            yaml: """
                name: master-detail-launch
                app: {mainStoryboard: Main, idiom: pad}
                storyboards: {Main: MasterDetail.storyboard}
                """,
            file: Samples.path("inline.yaml"))
        #expect(!recorded.restoredPaths.isEmpty)
        for path in recorded.restoredPaths { recorded.expectRestored(path) }
        #expect(recorded.lostPaths.isEmpty)
    }

    @Test func aBadScenarioThrowsALocatedError() {
        #expect {
            try Restoration.record(yaml: "name: x\nlaunchUI: {clas: A}\n", file: "inline.yaml")
        } throws: { error in
            "\(error)".hasPrefix("inline.yaml:2:")
        }
    }
}
