import Foundation
import RestoreFuzz
import Testing

/// A seeded, bounded fuzz run through the real binary: mutants of the committed samples, every
/// command on them, each run its own process so a crash shows as a signal. The long run is
/// `restoretrace-fuzz` (README, "Fuzzing").
@Suite(.serialized) struct FuzzTests {
    static let seed: UInt64 = 12

    @Test func mutantsOfTheSamplesKeepTheContract() throws {
        let samples = CLI.packageRoot.appendingPathComponent("Traces")
        let names = try FileManager.default.contentsOfDirectory(atPath: samples.path).sorted()
        let load = { (name: String) in [UInt8](try Data(contentsOf: samples.appendingPathComponent(name))) }
        let scenarios = try names.filter { $0.hasSuffix(".yaml") }.map(load)
        let traces = try names.filter { $0.hasSuffix(".trace.jsonl") }.map(load)
        let storyboardNames = names.filter { $0.hasSuffix(".storyboard") }
        let storyboards = try storyboardNames.map(load)
        let jsonScenarios = scenarios.compactMap(FuzzTarget.json(fromYAML:))
        let infoPlists = try names.filter { $0.hasSuffix("Info.plist") }.map(load)
        let fixtures = CLI.packageRoot.appendingPathComponent("Tests/RestoreArchiveTests/Fixtures")
        let archiveNames = try FileManager.default.contentsOfDirectory(atPath: fixtures.path).sorted()
            .filter { $0.hasSuffix(".data") || $0.hasSuffix(".xml.plist") }
        let archives = try archiveNames.map { [UInt8](try Data(contentsOf: fixtures.appendingPathComponent($0))) }
        let archiveScenario = try Data(
            contentsOf: fixtures.appendingPathComponent("state-restoration-demo-today.yaml"))
        #expect(jsonScenarios.count == scenarios.count)
        #expect(!infoPlists.isEmpty && archives.count >= 5)
        var mutator = Mutator(seed: Self.seed, donors: scenarios + traces + storyboards)
        var problems: [String] = []
        var codes: Set<Int32> = []
        // Small traces keep the run to a few seconds: the smallest samples, mutated.
        let smallTraces = traces.sorted { $0.count < $1.count }.prefix(6)
        let jobs: [(input: [UInt8], file: String, runs: [FuzzTarget.Run])] =
            scenarios.prefix(12).map { (mutator.mutate($0), FuzzTarget.scenarioFile, FuzzTarget.scenarioRuns) }
            + smallTraces.enumerated().map { i, trace in
                (mutator.mutate(trace), FuzzTarget.traceFile, Array(FuzzTarget.traceRuns.dropFirst(i % 3).prefix(5)))
            }
            + storyboards.map { (mutator.mutate($0), FuzzTarget.storyboardFile, FuzzTarget.storyboardRuns) }
            + jsonScenarios.prefix(4).map {
                (mutator.mutate($0), FuzzTarget.jsonScenarioFile, FuzzTarget.jsonScenarioRuns)
            }
            + archives.enumerated().map { i, archive in
                (mutator.mutate(archive), FuzzTarget.archiveFile, [FuzzTarget.archiveRuns[i % 4]])
            }
            + infoPlists.map {
                (mutator.mutate($0), FuzzTarget.infoPlistFile, FuzzTarget.infoPlistRuns(storyboards: storyboardNames))
            }
        for job in jobs {
            for run in job.runs {
                let dir = try CLI.temporaryDirectory()
                try Data(job.input).write(to: dir.appendingPathComponent(job.file))
                try Data(traces[0]).write(to: dir.appendingPathComponent(FuzzTarget.referenceFile))
                for (name, bytes) in zip(storyboardNames, storyboards) {
                    try Data(bytes).write(to: dir.appendingPathComponent(name))
                }
                try archiveScenario.write(to: dir.appendingPathComponent(FuzzTarget.archiveScenarioFile))
                let code = try Self.exitCode(run.arguments, in: dir)
                code.map { _ = codes.insert($0) }
                let after = try [UInt8](Data(contentsOf: dir.appendingPathComponent(job.file)))
                let entries = try FileManager.default.contentsOfDirectory(atPath: dir.path)
                    .filter { !storyboardNames.contains($0) && $0 != FuzzTarget.archiveScenarioFile }
                problems += FuzzTarget.problems(run: run, code: code, inputIntact: after == job.input, entries: entries)
                    .map { "\($0) (input kept in \(dir.path))" }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        // The mutants reach both verdicts: some are refused as bad input, some still run.
        #expect(codes.contains(2))
        #expect(codes.contains(0))
    }

    /// What restoretrace-fuzz found, kept fixed: a date no calendar holds trapped `archive`.
    @Test func crashesTheFuzzerFoundStayFixed() throws {
        let dir = try CLI.temporaryDirectory()
        let trace = try String(contentsOfFile: CLI.sample("demo-travel.trace.jsonl"), encoding: .utf8)
            .replacingOccurrences(of: #""date":788922000.0"#, with: #""date":7922337203685477580888922000.0"#)
        try trace.write(to: dir.appendingPathComponent("t.jsonl"), atomically: true, encoding: .utf8)
        #expect(try Self.exitCode(["archive", "t.jsonl"], in: dir) == 0)
        #expect(try Self.exitCode(["report", "t.jsonl", "-o", "r"], in: dir) == 0)
        // The engine stamps its own time: the edited timestamp is a divergence, not a crash.
        #expect(try Self.exitCode(["replay", "t.jsonl", "--no-report"], in: dir) == 1)
    }

    @Test func theMutatorIsReproducible() {
        let input = Array("name: x\nui: {class: A, restorationIdentifier: a}\n".utf8)
        var a = Mutator(seed: 7)
        var b = Mutator(seed: 7)
        let first = (0..<20).map { _ in a.mutate(input) }
        #expect(first == (0..<20).map { _ in b.mutate(input) })
        #expect(Set(first).count > 10)
    }

    /// The exit code, or nil when a signal ended the process.
    static func exitCode(_ arguments: [String], in directory: URL) throws -> Int32? {
        let p = Process()
        p.executableURL = CLI.binary
        p.arguments = arguments
        p.currentDirectoryURL = directory
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        return p.terminationReason == .exit ? p.terminationStatus : nil
    }
}
