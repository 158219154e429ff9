// The event route reads libyaml's events through `CYaml` (see `ScenarioYAMLComposer`). `CYaml`
// is a target of the Yams package, not one of its products: SwiftPM lets a dependent import it
// today, but nothing promises it. Every use is guarded with `canImport(CYaml)`, so a build
// without it has `compose` return `.notTaken` and every scenario take the Yams route, which
// gives the same nodes, only more slowly (see below).

import Foundation

/// Composes a YAML scenario straight from libyaml's events into `ScenarioNode`s, without Yams's
/// tree in between.
///
/// Why: Yams composes a `Node` per value, each scalar with a `Tag` object and a string made
/// through Foundation, and the scenario reader then converts that tree into `ScenarioNode`s
/// while both are alive. Measured on the benchmark's grid as block-style YAML
/// (`restoretrace-bench --write-grid-yaml N`), release build, 2 cores shared with other builds:
///
/// | route | composing 100×100 (callgrind) | record 200×200: CPU, peak RSS |
/// |---|---|---|
/// | Yams `compose` → `Node` tree → `ScenarioNode(yaml:)` | 3,129 M instructions | 4.22 s, 406 MB |
/// | libyaml's events → `ScenarioNode` (this) | 1,577 M instructions | 3.09 s, 280 MB |
///
/// It gives the nodes Yams's route gives (same text, same marks, same tag and style for each
/// scalar), and takes only what it is sure of: a text with an alias (`*`), a libyaml error or
/// a stream of more than one document makes `compose` return `.notTaken`, and the caller takes
/// the Yams route, which words every error the way users and the tests know.
enum ScenarioYAML {
    enum Result: Equatable {
        case document(ScenarioNode?)
        case notTaken
    }

    /// Whether this build can read libyaml's events (`CYaml` could be imported); when not, every
    /// text is `.notTaken`.
    static var eventRouteAvailable: Bool {
        #if canImport(CYaml)
            true
        #else
            false
        #endif
    }

    /// The document (nil for a stream with none), or `.notTaken` (see above).
    static func compose(_ text: String) -> Result {
        #if canImport(CYaml)
            var text = text
            return text.withUTF8 { bytes in
                // Aliases are expanded by the Yams route, within `ScenarioLimits`: not here.
                // (One `memchr`: `text.utf8.contains` walked the view a byte at a time, 146 M
                // instructions on the 100×100 grid's 5 MB of YAML, 4 % of `record`.)
                if let base = bytes.baseAddress, memchr(base, Int32(UInt8(ascii: "*")), bytes.count) != nil {
                    return .notTaken
                }
                var composer = ScenarioYAMLComposer(bytes: bytes)
                defer { composer.close() }
                return composer.stream() ?? .notTaken
            }
        #else
            return .notTaken
        #endif
    }
}
