// swift-tools-version:6.0
import PackageDescription

// Targets by role: the engine has no dependencies; everything else builds on it.
let package = Package(
    name: "restoretrace",
    platforms: [.macOS(.v13), .iOS(.v13)],
    products: [
        .executable(name: "restoretrace", targets: ["restoretrace"]),
        .executable(name: "restoretrace-bench", targets: ["restoretrace-bench"]),
        .executable(name: "restoretrace-fuzz", targets: ["restoretrace-fuzz"]),
        // Every library, so a user's Package.swift can depend on the part it needs: the engine alone
        // for unit tests of restoration code, RestoreReport for reports and replays without the CLI.
        .library(name: "RestoreEngine", targets: ["RestoreEngine"]),
        .library(name: "RestoreScenario", targets: ["RestoreScenario"]),
        .library(name: "RestoreTrace", targets: ["RestoreTrace"]),
        .library(name: "RestoreReplay", targets: ["RestoreReplay"]),
        .library(name: "RestoreExport", targets: ["RestoreExport"]),
        .library(name: "RestoreReport", targets: ["RestoreReport"]),
        .library(name: "RestoreStoryboard", targets: ["RestoreStoryboard"]),
        // For an app's debug builds: records what UIKit really does into a trace. Foundation only
        // (RestoreTraceRecorder → RestoreTrace, RestoreArchive → RestoreEngine): no Yams, Graphviz or ArgumentParser.
        .library(name: "RestoreTraceRecorder", targets: ["RestoreTraceRecorder"]),
        .library(name: "RestoreArchive", targets: ["RestoreArchive"]),
        // For a user's test target: record a scenario in a Swift Testing test and expect paths
        // restored or lost. Engine and scenarios only: no Graphviz, HTML or ArgumentParser.
        .library(name: "RestoreTesting", targets: ["RestoreTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        // `swift package generate-documentation --target RestoreTesting` builds the DocC catalog.
        // Measured: it adds ~14 s to a clean `swift build` (its two plugins compile); nothing to
        // an incremental one.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The headless model of UIKit state preservation and restoration.
        .target(name: "RestoreEngine"),
        // Interface Builder storyboards -> engine nodes, and the storyboard lint.
        // RestoreArchive: its gate is the one way a property list (the Info.plist) reaches Foundation.
        .target(name: "RestoreStoryboard", dependencies: ["RestoreEngine", "RestoreArchive"]),
        // UIKit's own restoration archive (data.data): a keyed-archive reader on Foundation's
        // PropertyListSerialization, and the archive as the engine's model.
        .target(name: "RestoreArchive", dependencies: ["RestoreEngine"]),
        // Scenario files (YAML/JSON) -> an app the engine can run.
        .target(name: "RestoreScenario", dependencies: ["RestoreEngine", "RestoreStoryboard", "Yams"]),
        // The trace format (JSON Lines), its reader and writer, and the recorder.
        .target(name: "RestoreTrace", dependencies: ["RestoreEngine"]),
        // The in-app recorder: a platform-neutral capture core, the engine as a stand-in for UIKit
        // (its tested adapter), and the UIKit glue (`#if canImport(UIKit)`).
        // Its default archive reader is RestoreArchive (Foundation only, like the rest of its graph).
        .target(name: "RestoreTraceRecorder", dependencies: ["RestoreEngine", "RestoreTrace", "RestoreArchive"]),
        // Replay from a trace alone, divergence, what-if, diff.
        .target(name: "RestoreReplay", dependencies: ["RestoreEngine", "RestoreTrace"]),
        // Graphviz's C library, linked in-process.
        .systemLibrary(
            name: "CGraphviz", pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]),
        // The report's HTML/CSS/JS, embedded into the binary at build time.
        .target(
            name: "RestoreWeb", path: "Web",
            exclude: ["README.md"],
            sources: ["WebAssets.swift"],
            resources: [
                .embedInCode("report.html"), .embedInCode("report.css"), .embedInCode("report.js"),
                .embedInCode("report-data.js"), .embedInCode("report-nodes.js"),
            ]),
        // DOT, SVG (libgvc), HTML report, Chrome trace, archive dump.
        .target(
            name: "RestoreExport",
            dependencies: ["RestoreEngine", "RestoreTrace", "RestoreReplay", "CGraphviz", "RestoreWeb"]),
        // What each command computes, as library calls: record, replay (with what-if), report,
        // export, diff, archive; and the typed failure that says whose fault it was.
        .target(
            name: "RestoreReport",
            dependencies: [
                "RestoreEngine", "RestoreScenario", "RestoreTrace", "RestoreReplay", "RestoreExport", "RestoreArchive",
            ]),
        // Swift Testing expectations on a recorded scenario, for a user's own tests.
        .target(name: "RestoreTesting", dependencies: ["RestoreEngine", "RestoreScenario"]),
        // The command line: parses arguments, calls RestoreReport, prints, maps failures to exit codes.
        .target(
            name: "RestoreCLI",
            dependencies: [
                "RestoreReport", "RestoreStoryboard",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(name: "restoretrace", dependencies: ["RestoreCLI"]),
        .executableTarget(
            name: "restoretrace-bench",
            dependencies: [
                "RestoreEngine", "RestoreScenario", "RestoreTrace", "RestoreReplay", "RestoreExport", "RestoreReport",
            ]),
        // Hostile inputs made from the samples, and the contract every run must keep.
        .target(name: "RestoreFuzz", dependencies: ["Yams"]),
        // Runs the fuzzer for as long as a person wants (millions of runs), in process.
        .executableTarget(name: "restoretrace-fuzz", dependencies: ["RestoreFuzz", "RestoreCLI"]),
        // What the test targets share (and only they use): goldens, sample paths, the test app,
        // the event log, recording a scenario into a temporary trace.
        .target(
            name: "RestoreTestSupport",
            dependencies: ["RestoreEngine", "RestoreScenario", "RestoreTrace", "RestoreReport"]),
        .testTarget(name: "RestoreEngineTests", dependencies: ["RestoreEngine", "RestoreTestSupport"]),
        .testTarget(
            name: "RestoreArchiveTests", dependencies: ["RestoreArchive", "RestoreEngine", "RestoreTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "RestoreStoryboardTests", dependencies: ["RestoreStoryboard", "RestoreEngine", "RestoreTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "RestoreScenarioTests",
            dependencies: ["RestoreScenario", "RestoreEngine", "RestoreReport", "RestoreTestSupport"]),
        // The benchmark's scenario generator feeds the direct-writer tests.
        .testTarget(
            name: "RestoreTraceTests",
            dependencies: ["RestoreTrace", "RestoreScenario", "RestoreEngine", "RestoreTestSupport"]),
        .testTarget(
            name: "RestoreTraceRecorderTests",
            dependencies: [
                "RestoreTraceRecorder", "RestoreTrace", "RestoreScenario", "RestoreReport", "RestoreEngine",
                "RestoreArchive", "RestoreTestSupport",
            ]),
        .testTarget(
            name: "RestoreReplayTests",
            dependencies: ["RestoreReplay", "RestoreTrace", "RestoreScenario", "RestoreEngine", "RestoreTestSupport"]),
        .testTarget(
            name: "RestoreExportTests",
            dependencies: [
                "RestoreExport", "RestoreEngine", "RestoreTrace", "RestoreReplay", "RestoreTestSupport", "RestoreWeb",
            ],
            exclude: ["Goldens"]),
        .testTarget(
            name: "RestoreReportTests",
            dependencies: [
                "RestoreReport", "RestoreEngine", "RestoreScenario", "RestoreTrace", "RestoreReplay", "RestoreExport",
                "RestoreTestSupport",
            ]),
        .testTarget(
            name: "RestoreTestingTests",
            dependencies: ["RestoreTesting", "RestoreEngine", "RestoreScenario", "RestoreTestSupport"]),
        .testTarget(
            name: "RestoreCLITests",
            dependencies: [
                "RestoreCLI", "RestoreReport", "RestoreReplay", "RestoreScenario", "RestoreTestSupport", "RestoreFuzz",
            ],
            exclude: ["Goldens"]),
    ]
)
