import RestoreTestSupport
import Testing

/// Every node restored, two of them only in part (R5): the verdict is not the green "all restored".
@Suite struct PartialVerdictTests {
    @Test func aSampleWithMovedSelectionsIsNotGreen() throws {
        let html = try SceneReportTests.report(Samples.path("table-selection-moved.trace.jsonl"))
        #expect(html.contains("<div class=\"banner partial\" role=\"status\">"))
        #expect(html.contains("Restored 3 of 3 nodes at launch 2; 2 only in part (a selection dropped or moved)."))
        #expect(!html.contains("banner good"))
    }
}
