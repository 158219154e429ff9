import ArgumentParser
import Foundation
import RestoreEngine
import RestoreReport
import RestoreStoryboard

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Read storyboards and show what UIKit would preserve, what it skips and why, and how to fix it.",
        discussion: """
            For each .storyboard file: the launch tree (the initial view controller and the children its relationship and embed segues create) with ★ preserved / ✗ skipped and the reason, the views that carry a Restoration ID, the scenes shown only at run time by segues (judged where the segue puts them: pushed onto the nearest navigation controller, or presented by the root of the screen), then findings with a fix: identifiers that can never be preserved, segue destinations without a restoration identifier (lost once shown), Storyboard IDs without "Use Storyboard ID", duplicate sibling identifiers, custom containers with embedded children, storyboard references into files not given, identifiers with a '/' (which no restoration path can name; `record` refuses them).

            With the app's Info.plist (XML or binary) among the files: for an app that adopts scenes (UIApplicationSceneManifest), every restoration identifier in the storyboards is reported inert, with its scene-based replacement, and an empty NSUserActivityTypes is an error; for an app that does not, that built with the SDK after iOS 26 it will not launch (TN3187), and what its restoration becomes with scenes.

            Preserved/skipped come from the same engine `record` runs, with an app that agrees to save. Pass every storyboard the app has, so references between them are followed (a finding about a scene reached from several storyboards is listed once, under the first given).

            Examples:
              restoretrace lint Traces/Shelf.storyboard
              restoretrace lint Traces/*.storyboard --json
              restoretrace lint Traces/Shelf.storyboard --fail-on warning    # for CI
              restoretrace lint Traces/Notes-Info.plist Traces/Shelf.storyboard

            Exit codes: 0 done, 1 --fail-on found a finding at that severity, 2 bad input (not XML, not a storyboard, a segue to a missing scene), with file:line:column; 3 the output could not be written (the system's reason).
            """)

    @Argument(help: ArgumentHelp("The .storyboard files, and optionally the app's Info.plist.", valueName: "file"))
    var storyboards: [String]

    @Flag(help: "Print {\"format\":\"restoretrace-lint/1\",\"files\":[…]} instead of text.")
    var json = false

    @Option(
        name: .customLong("fail-on"),
        help: ArgumentHelp(
            "Exit 1 when a finding has at least this severity; repeatable, as for record (any level given fails).",
            valueName: "warning|error"))
    var failOn: [FailOn] = []

    enum FailOn: String, ExpressibleByArgument, CaseIterable {
        case warning, error
    }

    func validate() throws {
        if storyboards.isEmpty {
            throw ValidationError("give at least one .storyboard file (and the app's Info.plist)")
        }
        // Standard input is one stream: read twice, the second found what is left of it.
        if storyboards.filter({ $0 == "-" }).count > 1 {
            throw ValidationError("standard input ('-') can be given once; give the other files by path")
        }
    }

    func run() throws {
        var documents: [StoryboardDocument] = []
        var problems: [Diagnostic] = []
        var plist: InfoPlist?
        var plistFiles = Set<String>()
        // A file given twice (a glob and a name, `A.storyboard ./A.storyboard`) is read once:
        // twice, it was printed twice and its findings counted twice.
        var given = Set<String>()
        for path in storyboards
        where path == "-"
            || given.insert(URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path).inserted
        {
            if InfoPlist.isInfoPlist(path) {
                let named = path == "-" ? "<stdin>" : path
                plistFiles.insert(named)
                guard plist == nil else {
                    problems.append(Diagnostic(at: SourceLocation(file: named), "give one Info.plist, the app's"))
                    continue
                }
                do { plist = try InfoPlist.read(path: path, standardInput: true) } catch { problems += error.problems }
                continue
            }
            do { documents.append(try StoryboardReader.read(path: path)) } catch { problems += error.problems }
        }
        if !problems.isEmpty {
            var error = StoryboardError(problems: problems)
            error.infoPlistFiles = plistFiles
            throw RestoreFailure(.badInput, "\(error)")
        }
        var report: LintReport
        do { report = try StoryboardLinter.lint(documents) } catch { throw RestoreFailure(.badInput, "\(error)") }
        if let plist { report.read(plist) }
        if json {
            printJSON(report.json, terminator: "")
        } else {
            print(
                report.text + (LintNextStep.text(documents: documents, plist: plist, findings: report.findings) ?? ""),
                terminator: "")
        }
        // Given twice, the last one only was kept: `--fail-on warning --fail-on error` passed
        // with warnings (r19 CLI hunt). Any level given fails, as for `record` and `replay`.
        if failOn.contains(where: { report.hasFinding(atLeast: $0 == .error ? .error : .warning) }) {
            throw Difference()
        }
    }
}
