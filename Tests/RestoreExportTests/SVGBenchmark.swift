import Foundation
import Testing
@testable import RestoreExport

/// Render time and SVG size for big hierarchies; run with `scripts/bench-svg.sh` (release build).
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["RESTORETRACE_BENCH"] == "1"))
struct SVGBenchmark {
    @Test(arguments: [1_000, 5_000])
    func renderBigHierarchy(controllers: Int) throws {
        let f = Fixture.large(controllers: controllers, lostEvery: 97)
        let nodes = f.outcome.preservation!.nodes.count + f.outcome.restoration!.nodes.count
        for threshold in [400, Int.max] {
            let clock = ContinuousClock()
            var dot = ""
            let buildTime = clock.measure { dot = DotBuilder(outcome: f.outcome, events: f.events, options: .init(collapseThreshold: threshold)).build() }
            var svg = ""
            let renderTime = try clock.measure { svg = try SVGRenderer.render(dot: dot) }
            let drawn = dot.components(separatedBy: " [id=\"g").count - 1
            print("BENCH nodes=\(nodes) perSide=\(f.outcome.preservation!.nodes.count) collapse=\(threshold == 400 ? "400" : "off") drawn=\(drawn) dot=\(buildTime) svg=\(renderTime) bytes=\(svg.utf8.count)")
            #expect(svg.contains("</svg>"))
        }
    }
}
