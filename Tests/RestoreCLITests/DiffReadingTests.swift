import Foundation
import RestoreTestSupport
import Testing

/// `diff` compares records by their bytes and leaves checking payloads to its replays; `archive`
/// decodes only what it lists. What they say must not change for it (issue 17).
struct DiffReadingTests {
    /// Two lines of a trace replaced: (line number, text) — 1-based.
    static func edited(_ sample: String, in dir: URL, as name: String, _ edits: [(Int, (String) -> String)]) throws
        -> String
    {
        var lines = try String(contentsOfFile: CLI.sample(sample), encoding: .utf8).components(separatedBy: "\n")
        for (n, edit) in edits { lines[n - 1] = edit(lines[n - 1]) }
        let path = dir.appendingPathComponent(name).path
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func line(_ sample: String, containing text: String, after: Int = 0) throws -> Int {
        let lines = try String(contentsOfFile: CLI.sample(sample), encoding: .utf8).components(separatedBy: "\n")
        return try #require(lines.indices.first { $0 >= after && lines[$0].contains(text) }) + 1
    }

    @Test func aBadPayloadPastTheFirstDifferenceIsStillALocatedError() throws {
        let dir = try CLI.temporaryDirectory()
        let sample = "demo-travel.trace.jsonl"
        let early = try Self.line(sample, containing: #""callback":"modelIdentifierForElementAtIndexPath:inView:""#)
        let late = try Self.line(sample, containing: #""callback":"application:shouldRestoreApplicationState:""#)
        #expect(early < late)
        let b = try Self.edited(
            sample, in: dir, as: "b.trace.jsonl",
            [
                (early, { $0.replacingOccurrences(of: "tripsTable\"", with: "tripsTableX\"") }),
                (
                    late,
                    {
                        $0.replacingOccurrences(
                            of: #"{"string":"3.2","system":true}"#, with: #"{"string":3,"system":true}"#)
                    }
                ),
            ])
        for (x, y) in [(CLI.sample(sample), b), (b, CLI.sample(sample))] {
            let r = try CLI.run(["diff", x, y], in: dir)
            #expect(r.code == 2)
            #expect(r.stderr.contains("b.trace.jsonl:\(late):"), "\(r.stderr)")
            #expect(r.stderr.contains("field 'coder.UIApplicationStateRestorationBundleVersionKey'"))
        }
    }

    @Test func aBadPayloadInLinesBothTracesShareIsAnError() throws {
        let dir = try CLI.temporaryDirectory()
        let sample = "demo-travel.trace.jsonl"
        let late = try Self.line(sample, containing: #""callback":"application:shouldRestoreApplicationState:""#)
        let broken = { (s: String) in
            s.replacingOccurrences(of: #"{"string":"3.2","system":true}"#, with: #"{"string":3,"system":true}"#)
        }
        let a = try Self.edited(sample, in: dir, as: "a.trace.jsonl", [(late, broken)])
        let b = try Self.edited(sample, in: dir, as: "b.trace.jsonl", [(late, broken)])
        let r = try CLI.run(["diff", a, b], in: dir)
        #expect(r.code == 2)
        #expect(r.stderr.contains("a.trace.jsonl:\(late):"), "\(r.stderr)")
    }

    @Test func linesThatDifferOnlyInSpacingAgree() throws {
        let dir = try CLI.temporaryDirectory()
        let sample = "demo-travel.trace.jsonl"
        let n = try Self.line(sample, containing: #""callback":"encodeRestorableStateWithCoder:""#)
        let b = try Self.edited(
            sample, in: dir, as: "b.trace.jsonl", [(n, { $0.replacingOccurrences(of: "\",\"", with: "\", \"") })])
        let r = try CLI.run(["diff", CLI.sample(sample), b], in: dir)
        #expect(r.code == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("The traces agree"))
    }

    @Test func theFirstDifferenceHasTheEventsBeforeItAndBothTracesCounted() throws {
        let dir = try CLI.temporaryDirectory()
        let sample = "demo-travel.trace.jsonl"
        let late = try Self.line(sample, containing: #""callback":"application:shouldRestoreApplicationState:""#)
        let b = try Self.edited(
            sample, in: dir, as: "b.trace.jsonl", [(late, { $0.replacingOccurrences(of: #""3.2""#, with: #""3.3""#) })])
        let r = try CLI.run(["diff", CLI.sample(sample), b, "--json"], in: dir)
        #expect(r.code == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let lines = try String(contentsOfFile: CLI.sample(sample), encoding: .utf8).components(separatedBy: "\n")
        let events = lines.filter { $0.hasPrefix(#"{"seq":"#) }
        #expect(json["eventsA"] as? Int == events.count)
        #expect(json["eventsB"] as? Int == events.count)
        #expect(json["scenarioA"] as? String == "demo-travel")
        #expect(json["scenarioB"] as? String == "demo-travel")
        let first = try #require(json["firstDifference"] as? [String: Any])
        // The four events before it, as the writer writes them without their seq.
        let at = try #require(events.firstIndex(of: lines[late - 1]))
        #expect(first["seq"] as? Int == at + 1)
        let before = events[(at - 4)..<at].map {
            $0.replacingOccurrences(of: #"^\{"seq":[0-9]+,"#, with: "{", options: .regularExpression)
        }
        let context = try #require(first["context"] as? [String])
        #expect(context.count == 4)
        // A hierarchy is shown whole (nested), as `replay` shows it, not as the trace's node lines.
        for (shown, line) in zip(context, before) {
            if line.contains(#""hierarchy":{"nodes":"#) {
                #expect(shown.hasPrefix(line.components(separatedBy: #""hierarchy":"#)[0]))
                #expect(shown.contains(#""hierarchy":{"class":"#))
            } else {
                #expect(shown == line)
            }
        }
    }

    /// B is A and then a line cut off mid-write: every whole event agrees, but B is cut, and diff
    /// compares whole traces only.
    @Test func aTraceThatIsTheOtherPlusACutLineIsRefused() throws {
        let dir = try CLI.temporaryDirectory()
        let sample = CLI.sample("homepwner.trace.jsonl")
        var text = try String(contentsOfFile: sample, encoding: .utf8)
        text += #"{"seq":999,"launch":2,"pha"#
        let cut = dir.appendingPathComponent("cut.trace.jsonl")
        try text.write(to: cut, atomically: true, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        for (x, y) in [(sample, cut.path), (cut.path, sample)] {
            let r = try CLI.run(["diff", x, y], in: dir)
            #expect(r.code == 2, "\(r.stdout)")
            #expect(
                r.stderr.contains(
                    "cut.trace.jsonl:\(lines):1: error: diff compares whole traces, and this one is cut off"),
                "\(r.stderr)")
        }
    }

    /// Both traces bad: the problem said is the first one met reading both in step, A's before
    /// B's at one event, as diff always said it, whichever the faster comparison met first.
    @Test func withBothTracesBadTheFirstProblemInStepIsSaid() throws {
        let dir = try CLI.temporaryDirectory()
        let sample = "demo-travel.trace.jsonl"
        let late = try Self.line(sample, containing: #""callback":"application:shouldRestoreApplicationState:""#)
        let a = try Self.edited(
            sample, in: dir, as: "a.trace.jsonl",
            [
                (
                    late,
                    {
                        $0.replacingOccurrences(
                            of: #"{"string":"3.2","system":true}"#, with: #"{"string":3,"system":true}"#)
                    }
                )
            ])
        let b = try Self.edited(sample, in: dir, as: "b.trace.jsonl", [(late, { String($0.dropLast(3)) + "x}}" })])
        let r = try CLI.run(["diff", a, b], in: dir)
        #expect(r.code == 2)
        #expect(r.stderr.contains("a.trace.jsonl:\(late):"), "\(r.stderr)")
        // A problem in B earlier than A's is said first.
        let early = try Self.line(sample, containing: #""callback":"modelIdentifierForElementAtIndexPath:inView:""#)
        let b2 = try Self.edited(sample, in: dir, as: "b2.trace.jsonl", [(early, { String($0.dropLast(3)) + "x}}" })])
        let r2 = try CLI.run(["diff", a, b2], in: dir)
        #expect(r2.code == 2)
        #expect(r2.stderr.contains("b2.trace.jsonl:\(early):"), "\(r2.stderr)")
    }
}
