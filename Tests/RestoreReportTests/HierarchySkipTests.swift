import Foundation
import RestoreEngine
import RestoreTestSupport
import RestoreTrace
import Testing

@testable import RestoreExport
@testable import RestoreReport

/// The report leaves the hierarchy at background undecoded when its text cannot hold a presented
/// controller or a storyboard origin: decoded, such a hierarchy must give the page nothing.
@Suite struct HierarchySkipTests {
    static let traces: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: Samples.traces.path)) ?? [])
        .filter { $0.hasSuffix(".trace.jsonl") }.sorted().map(Samples.path)
        + ["demo-travel", "homepwner-pushed-detail"].map {
            Samples.packageRoot.appendingPathComponent("Tests/Fixtures/v1/\($0).trace.jsonl").path
        }

    static func hasOrigin(_ node: NodeBlueprint) -> Bool {
        node.origin != nil || node.children.contains(where: hasOrigin) || node.views.contains(where: hasOrigin)
            || node.presented.map(hasOrigin) == true
    }

    @Test(arguments: traces) func aSkippedHierarchyWouldHaveGivenThePageNothing(_ trace: String) throws {
        let reader = try TraceReader(path: trace)
        while let record = try reader.nextRecord() {
            guard record.event == .background, let hierarchy = try record.decoded().hierarchy else { continue }
            let needed = !HierarchyTree.presentedLocators(in: hierarchy).isEmpty || Self.hasOrigin(hierarchy)
            if ReportFeed.drawingSkipsHierarchy(record) { #expect(!needed, "\(trace) line \(record.line)") }
        }
    }

    @Test func aPresentedControllerOrAnOriginKeepsTheHierarchyDecoded() throws {
        func skips(_ name: String) throws -> [Bool] {
            let reader = try TraceReader(path: Samples.path(name))
            var out: [Bool] = []
            while let record = try reader.nextRecord() {
                if record.event == .background { out.append(ReportFeed.drawingSkipsHierarchy(record)) }
            }
            return out
        }
        #expect(try skips("demo-travel.trace.jsonl") == [false], "a presented controller")
        #expect(try skips("storyboard-library.trace.jsonl").allSatisfy { !$0 }, "storyboard origins")
        #expect(try skips("class-mismatch.trace.jsonl").contains(true), "neither: left undecoded")
    }
}
