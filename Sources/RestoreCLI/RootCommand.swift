import ArgumentParser
import Foundation
import RestoreReport
import RestoreTrace

/// `restoretrace`: record, replay and explain UIKit state restoration.
public struct RootCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "restoretrace",
        abstract: "Record, replay and explain UIKit state preservation and restoration — headless, on any machine.",
        discussion: """
            Describe an app in a scenario file (YAML or JSON), record what UIKit would do when it goes to the background, is killed and relaunched, then replay the trace to reproduce it exactly, ask what-if questions, and get a report of every node that was preserved, skipped, restored or lost.

            Start with the built-in demo:
              restoretrace record       # writes restoretrace-demo.trace.jsonl
              restoretrace replay restoretrace-demo.trace.jsonl
              restoretrace replay restoretrace-demo.trace.jsonl --set shouldRestore=false

            Exit codes: 0 done, 1 replay diverged, diff found a difference or --fail-on matched, 2 bad input (the message names the file and line), 3 the environment failed (a write was refused, the disk is full: the message names the path and the system's reason).
            """,
        version: "restoretrace 0.1.0",
        subcommands: [
            RecordCommand.self, ReplayCommand.self, ReportCommand.self, DiffCommand.self, ArchiveCommand.self,
            ImportCommand.self, ExportCommand.self, LintCommand.self, SchemaCommand.self,
        ]
    )
    public init() {}
}

/// The process entry point, kept here so tests can run the same code.
public enum RestoreTraceMain {
    /// Removes the outputs being written when the process is interrupted (SIGINT, SIGTERM, SIGHUP):
    /// for the `restoretrace` executable only, not for a test process that runs `run` in place.
    public static func installInterruptCleanup() { InterruptCleanup.install() }

    /// A reader that stops early (`| head`) makes the next write fail with EPIPE, which exits 3
    /// naming standard output (SPEC §6). With SIGPIPE's default action the process died of the
    /// signal first: exit 141, outside 0–3, for a CI step under `set -o pipefail`.
    public static func ignoreBrokenPipeSignal() { signal(SIGPIPE, SIG_IGN) }

    /// A trace cut off by a crash is read up to its last whole event (SPEC §4): every command
    /// says so, once per file, so a short trace is not taken for a whole one.
    public static func warnAboutCutOffTraces() {
        // NSLock, not Mutex: the package builds for macOS 13, and a replay reads on a second thread.
        let lock = NSLock()
        nonisolated(unsafe) var warned: Set<String> = []
        TraceReader.onCutOff = { cut in
            let file = cut.location.file
            guard lock.withLock({ warned.insert(file).inserted }) else { return }
            Console.error(
                "\(file):\(cut.location.line ?? 0): warning: the trace is cut off here (\(cut.diagnostic.message)); it is read up to the last whole event before it"
            )
        }
    }

    /// Runs the command line and returns the exit code SPEC §6 gives the result: 0 done, 1 a
    /// difference, 2 bad input (usage errors included), 3 the environment failed.
    public static func run(_ arguments: [String]) -> Int32 {
        do {
            var command = try RootCommand.parseAsRoot(arguments)
            try command.run()
            // Printed output that could not be written (a full disk) is not a success.
            do { try StandardOutput.check() } catch { throw RestoreFailure(error) }
            return ExitStatus.done
        } catch let failure as RestoreFailure {
            Console.error(failure.message)
            return ExitStatus.code(for: failure.cause)
        } catch is Difference {
            // The difference was printed: if that output was lost, the environment failed.
            do { try StandardOutput.check() } catch {
                Console.error(RestoreFailure(error).message)
                return ExitStatus.environment
            }
            return ExitStatus.difference
        } catch {
            let code = RootCommand.exitCode(for: error).rawValue
            let message = RootCommand.fullMessage(for: error)
            if code == 0 {
                if !message.isEmpty { print(message) }
                return ExitStatus.done
            }
            Console.error(message)
            return code == ExitCode.validationFailure.rawValue ? ExitStatus.badInput : code
        }
    }
}

/// The exit codes of SPEC §6, by cause.
enum ExitStatus {
    static let done: Int32 = 0
    /// `replay` diverged, `diff` found a difference or `--fail-on` matched.
    static let difference: Int32 = 1
    static let badInput: Int32 = 2
    static let environment: Int32 = 3

    static func code(for cause: RestoreFailure.Cause) -> Int32 {
        switch cause {
        case .badInput: badInput
        case .environment: environment
        }
    }
}

/// Replay diverged, diff found a difference or a `--fail-on` gate matched; the output already said so.
struct Difference: Error {}

enum Console {
    static func error(_ message: String) {
        let message = TerminalText.visible(message)
        FileHandle.standardError.write(Data((message.hasSuffix("\n") ? message : message + "\n").utf8))
    }
    /// Progress for long work, on stderr and only for people at a terminal.
    static func progress(_ message: String) {
        guard isatty(STDERR_FILENO) != 0 else { return }
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// A progress callback for long work, told the count of work done so far. It speaks only once
    /// the command has run for a second, and then at most once a second (`ProgressThrottle`):
    /// at 1M events/s a count threshold alone would speak in runs a person never waits for.
    /// The progress line of a replay (`replay`, `report`), told the recorded events replayed so far.
    static func eventsReplayed(_ count: Int) -> String {
        "  … \(count) recorded event\(count == 1 ? "" : "s") replayed"
    }

    static func throttledProgress(_ message: @escaping (Int) -> String) -> (Int) -> Void {
        let throttle = ProgressThrottle.startingNow()
        return { count in
            guard throttle.admit() else { return }
            progress(message(count))
        }
    }
}
