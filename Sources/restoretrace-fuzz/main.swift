import Foundation
import RestoreCLI
import RestoreFuzz

// restoretrace-fuzz: mutates the committed samples (scenarios in YAML and as JSON, traces,
// storyboards, Info.plist, UIKit archives) and runs every command on each mutant, in this
// process, for as long as asked. Each run must keep the
// contract of SPEC §6 (see FuzzTarget). A run that breaks it is saved as failure-N; a run that
// crashes the process leaves last-input/last-run behind, which the next start saves as crash-N.
//
//   restoretrace-fuzz [--iterations N] [--seed S] [--samples DIR] [--archives DIR] [--out DIR]

struct Options {
    var iterations = 1_000
    var seed: UInt64 = 1
    var samples = "Traces"
    /// UIKit archives to mutate (`*.data`, `*.xml.plist`), with the scenario `record --archive`
    /// relaunches against them; none when the folder is missing.
    var archives = "Tests/RestoreArchiveTests/Fixtures"
    var out = "fuzz-out"

    init(_ arguments: [String]) {
        var i = 0
        while i + 1 < arguments.count {
            let value = arguments[i + 1]
            switch arguments[i] {
            case "--iterations": iterations = Int(value) ?? iterations
            case "--seed": seed = UInt64(value) ?? seed
            case "--samples": samples = value
            case "--archives": archives = value
            case "--out": out = value
            default: break
            }
            i += 2
        }
    }
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
let fm = FileManager.default
let out = URL(fileURLWithPath: options.out).standardizedFileURL
// Every run writes and deletes a few files, and notes its input first (so a crash leaves it
// behind): on a memory file system that is many times faster. The scratch folders are named
// after the output folder, so the next session finds a crashed one's input.
let scratchRoot = fm.fileExists(atPath: "/dev/shm") ? "/dev/shm" : out.path
var pathHash: UInt64 = 0xcbf2_9ce4_8422_2325
for byte in out.path.utf8 { pathHash = (pathHash ^ UInt64(byte)) &* 0x100_0000_01b3 }
let scratch = URL(fileURLWithPath: scratchRoot).appendingPathComponent(
    "restoretrace-fuzz-\(String(pathHash, radix: 16))")
let work = scratch.appendingPathComponent("work")
let state = scratch.appendingPathComponent("state")
try? fm.createDirectory(at: out, withIntermediateDirectories: true)
try? fm.createDirectory(at: work, withIntermediateDirectories: true)
try? fm.createDirectory(at: state, withIntermediateDirectories: true)
let console = FileHandle(fileDescriptor: dup(STDOUT_FILENO), closeOnDealloc: true)
func say(_ text: String) { console.write(Data((text + "\n").utf8)) }

/// The first `NAME-N` not taken in the output folder.
func freeName(_ prefix: String) -> String {
    var n = 1
    while fm.fileExists(atPath: out.appendingPathComponent("\(prefix)-\(n).txt").path) { n += 1 }
    return "\(prefix)-\(n)"
}

// A crash in the previous session left its input behind.
let lastRun = state.appendingPathComponent("last-run.txt")
let lastInput = state.appendingPathComponent("last-input")
if fm.fileExists(atPath: lastRun.path) {
    let name = freeName("crash")
    try? fm.moveItem(at: lastRun, to: out.appendingPathComponent("\(name).txt"))
    try? fm.moveItem(at: lastInput, to: out.appendingPathComponent("\(name).input"))
    say("the previous session crashed: its input is \(name).input")
}

let sampleDirectory = URL(fileURLWithPath: options.samples)
let names = ((try? fm.contentsOfDirectory(atPath: sampleDirectory.path)) ?? []).sorted()
let scenarios = names.filter { $0.hasSuffix(".yaml") }.compactMap {
    fm.contents(atPath: sampleDirectory.appendingPathComponent($0).path).map { [UInt8]($0) }
}
let traces = names.filter { $0.hasSuffix(".trace.jsonl") }.compactMap {
    fm.contents(atPath: sampleDirectory.appendingPathComponent($0).path).map { [UInt8]($0) }
}
let storyboardNames = names.filter { $0.hasSuffix(".storyboard") }
let storyboards = storyboardNames.compactMap {
    fm.contents(atPath: sampleDirectory.appendingPathComponent($0).path).map { [UInt8]($0) }
}
// The JSON reader has a route of its own: the YAML samples, written as JSON.
let jsonScenarios = scenarios.compactMap(FuzzTarget.json(fromYAML:))
let infoPlists = names.filter { $0.hasSuffix("Info.plist") }.compactMap {
    fm.contents(atPath: sampleDirectory.appendingPathComponent($0).path).map { [UInt8]($0) }
}
let archiveDirectory = URL(fileURLWithPath: options.archives)
let archiveNames = ((try? fm.contentsOfDirectory(atPath: archiveDirectory.path)) ?? []).sorted()
let archives = archiveNames.filter { $0.hasSuffix(".data") || $0.hasSuffix(".xml.plist") }.compactMap {
    fm.contents(atPath: archiveDirectory.appendingPathComponent($0).path).map { [UInt8]($0) }
}
// The scenario of the app whose archive the fixtures are (README, "Capture").
let archiveScenario = fm.contents(
    atPath: archiveDirectory.appendingPathComponent("state-restoration-demo-today.yaml").path)
guard !scenarios.isEmpty, !traces.isEmpty else {
    say("no samples in \(sampleDirectory.path): pass --samples DIR (the repository's Traces/ folder)")
    exit(2)
}

var mutator = Mutator(seed: options.seed, donors: scenarios + traces + storyboards)
say(
    "samples: \(scenarios.count) scenarios (\(jsonScenarios.count) also as JSON), \(traces.count) traces, \(storyboards.count) storyboards, \(infoPlists.count) Info.plist, \(archives.count) UIKit archives"
)
var random = SplitMix64(seed: options.seed ^ 0x5EED)
var counts: [String: Int] = [:]
var failures = 0
var runs = 0
let started = Date()
var lastReport = started
let devNull = open("/dev/null", O_WRONLY)
let savedOut = dup(STDOUT_FILENO)
let savedErr = dup(STDERR_FILENO)
fm.changeCurrentDirectoryPath(work.path)

for iteration in 0..<options.iterations {
    // Of 30 mutants: 8 YAML scenarios, 2 JSON ones, 3 storyboards, 4 UIKit archives, 1 Info.plist,
    // the rest traces (a kind without samples gives its turn to the next kind in this order).
    let roll = random.below(30)
    let (source, file, candidates): ([UInt8], String, [FuzzTarget.Run])
    if roll < 8 {
        (source, file, candidates) =
            (scenarios[random.below(scenarios.count)], FuzzTarget.scenarioFile, FuzzTarget.scenarioRuns)
    } else if roll < 10, !jsonScenarios.isEmpty {
        (source, file, candidates) =
            (jsonScenarios[random.below(jsonScenarios.count)], FuzzTarget.jsonScenarioFile, FuzzTarget.jsonScenarioRuns)
    } else if roll < 13, !storyboards.isEmpty {
        (source, file, candidates) =
            (storyboards[random.below(storyboards.count)], FuzzTarget.storyboardFile, FuzzTarget.storyboardRuns)
    } else if roll < 17, !archives.isEmpty {
        let runs = FuzzTarget.archiveRuns.filter { archiveScenario != nil || !$0.arguments.contains("--archive") }
        (source, file, candidates) = (archives[random.below(archives.count)], FuzzTarget.archiveFile, runs)
    } else if roll < 18, !infoPlists.isEmpty {
        (source, file, candidates) =
            (
                infoPlists[random.below(infoPlists.count)], FuzzTarget.infoPlistFile,
                FuzzTarget.infoPlistRuns(storyboards: storyboardNames)
            )
    } else {
        (source, file, candidates) =
            (traces[random.below(traces.count)], FuzzTarget.traceFile, FuzzTarget.traceRuns)
    }
    let mutant = mutator.mutate(source)
    // A few commands per trace mutant: every command gets its turn across iterations.
    let chosen =
        candidates.count <= 2 ? candidates : (0..<3).map { _ in candidates[random.below(candidates.count)] }
    for run in chosen {
        for entry in (try? fm.contentsOfDirectory(atPath: work.path)) ?? [] {
            try? fm.removeItem(at: work.appendingPathComponent(entry))
        }
        fm.createFile(atPath: work.appendingPathComponent(file).path, contents: Data(mutant))
        fm.createFile(
            atPath: work.appendingPathComponent(FuzzTarget.referenceFile).path, contents: Data(traces[0]))
        // Scenarios name their storyboard files beside them: the intact samples are there.
        for (name, bytes) in zip(storyboardNames, storyboards) {
            fm.createFile(atPath: work.appendingPathComponent(name).path, contents: Data(bytes))
        }
        if let archiveScenario {
            fm.createFile(
                atPath: work.appendingPathComponent(FuzzTarget.archiveScenarioFile).path, contents: archiveScenario)
        }
        fm.createFile(atPath: lastInput.path, contents: Data(mutant))
        let description =
            "seed \(options.seed), iteration \(iteration), \(file): restoretrace \(run.arguments.joined(separator: " "))\n"
        fm.createFile(atPath: lastRun.path, contents: Data(description.utf8))

        fflush(nil)
        dup2(devNull, STDOUT_FILENO)
        dup2(devNull, STDERR_FILENO)
        let code = RestoreTraceMain.run(run.arguments)
        fflush(nil)
        dup2(savedOut, STDOUT_FILENO)
        dup2(savedErr, STDERR_FILENO)

        let after = fm.contents(atPath: work.appendingPathComponent(file).path).map { [UInt8]($0) }
        let entries = (try? fm.contentsOfDirectory(atPath: work.path)) ?? []
        let problems = FuzzTarget.problems(run: run, code: code, inputIntact: after == mutant, entries: entries)
        runs += 1
        counts[run.name, default: 0] += 1
        if !problems.isEmpty {
            failures += 1
            let name = freeName("failure")
            let text = description + problems.joined(separator: "\n") + "\n"
            fm.createFile(atPath: out.appendingPathComponent("\(name).txt").path, contents: Data(text.utf8))
            fm.createFile(atPath: out.appendingPathComponent("\(name).input").path, contents: Data(mutant))
            say("FAILURE \(name): \(problems.joined(separator: "; "))")
        }
        try? fm.removeItem(at: lastRun)
    }
    let now = Date()
    if now.timeIntervalSince(lastReport) >= 5 || iteration == options.iterations - 1 {
        lastReport = now
        let seconds = now.timeIntervalSince(started)
        say(
            "\(iteration + 1) mutants, \(runs) runs in \(Int(seconds)) s (\(Int(Double(runs) / max(seconds, 0.001))) runs/s), \(failures) failures"
        )
    }
}
say("runs per command: " + counts.keys.sorted().map { "\($0) \(counts[$0]!)" }.joined(separator: ", "))
say(failures == 0 ? "no failures" : "\(failures) failures: see \(out.path)")
fm.changeCurrentDirectoryPath(out.path)
try? fm.removeItem(at: scratch)
exit(failures == 0 ? 0 : 1)
