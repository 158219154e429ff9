import Foundation
import RestoreReplay
import RestoreScenario
import RestoreTrace
import Testing

/// The replay reads step N+1 on a second thread while the engine runs step N. What a reader
/// finds wrong further on waits until every earlier line has been run and checked: the first
/// problem in the file is the one reported, and the observer sees each line before it once, in
/// file order, as when the steps were read one after another on one thread.
@Suite struct ReadAheadReplayTests {
    /// The tab fixture's lines (format 2): app running, background, kill, launch.
    func goodLines() throws -> [String] {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        return try Fixtures.lines(path).filter { !$0.isEmpty }
    }

    func index(of member: String, in lines: [String]) throws -> Int {
        try #require(lines.firstIndex { $0.contains(member) })
    }

    /// The replay's error and the seqs its observer was handed; `pause` is called after each
    /// step has run (the reading thread is then free to read, and fail, ahead).
    func replay(_ lines: [String], trailingNewline: Bool = true, pause: Bool = true) throws -> (
        error: TraceError?, seen: [Int], whole: TraceError?
    ) {
        let path = try Fixtures.temporaryPath("ahead.trace.jsonl")
        try (lines.joined(separator: "\n") + (trailingNewline ? "\n" : "")).write(
            toFile: path, atomically: true, encoding: .utf8)
        var whole: TraceError?
        do { _ = try TraceReader(path: path).readAll() } catch { whole = error }
        var seen: [Int] = []
        do {
            _ = try Replayer.replay(
                path: path, progress: { _ in if pause { usleep(20_000) } }, observe: { seen.append($0.seq) })
        } catch {
            return (error, seen, whole)
        }
        return (nil, seen, whole)
    }

    /// Seqs 1… up to (not including) the event on line `line` (1-based) of `lines`.
    func seqs(before line: Int, in lines: [String]) -> [Int] {
        let events = lines[1..<(line - 1)].filter { $0.hasPrefix(#"{"seq":"#) }.count
        return Array(1..<(events + 1))
    }

    @Test func aLineBrokenInTheLastStepIsReportedAfterTheStepsBeforeItRan() throws {
        var lines = try goodLines()
        let launch = try index(of: #""event":"launch""#, in: lines)
        let bad = try #require(lines.indices.last { $0 > launch && lines[$0].contains(#""callback":"#) })
        lines[bad] = String(lines[bad].dropLast(3))
        for pause in [true, false] {
            let (error, seen, whole) = try replay(lines, pause: pause)
            let e = try #require(error)
            #expect(e.location.line == bad + 1)
            #expect(e.description == whole?.description)
            #expect(e.diagnostic.message.contains("malformed JSON"))
            // Every event before it was run or checked, and handed over once, in order.
            #expect(seen == seqs(before: bad + 1, in: lines))
        }
    }

    @Test func anEarlierStepsProblemWinsOverALaterReadError() throws {
        var lines = try goodLines()
        // An archive entry of the preservation step whose coder does not decode: the replay
        // only compares entries, so only a check of the line, after the step ran, finds it.
        let background = try index(of: #""event":"background""#, in: lines)
        let kill = try index(of: #""event":"kill""#, in: lines)
        let early = try #require(
            lines.indices.first {
                $0 > background && $0 < kill && lines[$0].hasPrefix(#"{"entry":"#)
                    && lines[$0].contains(#""scroll":{"int":3}"#)
            })
        lines[early] = lines[early].replacingOccurrences(of: #""scroll":{"int":3}"#, with: #""scroll":{"int":"3"}"#)
        // And a line of the last step that is not JSON, which the reading thread meets first.
        let launch = try index(of: #""event":"launch""#, in: lines)
        lines[launch + 1] = "{not json"
        let (error, seen, whole) = try replay(lines)
        let e = try #require(error)
        #expect(e.location.line == early + 1)
        #expect(e.description == whole?.description)
        // The events before the one whose entry it is.
        let event = try #require(lines[..<early].lastIndex { $0.hasPrefix(#"{"seq":"#) })
        #expect(seen == seqs(before: event + 1, in: lines))
    }

    /// Cut off inside the last step's group, the trace ends before that event (SPEC §4): the
    /// events before it are replayed and handed over, and nothing is an error.
    @Test func aTraceCutInsideTheLastStepsGroupEndsBeforeItsEvent() throws {
        let lines = try goodLines()
        let built = try index(of: #""event":"launch-ui-built""#, in: lines)
        let (error, seen, whole) = try replay(Array(lines[...(built + 1)]))
        #expect(error == nil)
        #expect(whole == nil)
        #expect(seen == seqs(before: built + 1, in: lines))
    }

    /// The launch UI's tree is decoded on the engine's thread, after the step is read: a node
    /// line that does not decode is still reported before anything after it.
    @Test func aLaunchUIThatDoesNotDecodeStopsTheReplayAtItsNodeLine() throws {
        var lines = try goodLines()
        let built = try index(of: #""event":"launch-ui-built""#, in: lines)
        lines[built + 1] = lines[built + 1].replacingOccurrences(
            of: #""class":"UITabBarController""#, with: #""class":7"#)
        // A later line that cannot be read either: the reading thread reads on past the node line.
        lines[lines.count - 1] = "{not json"
        let (error, seen, whole) = try replay(lines)
        let e = try #require(error)
        #expect(e.location.line == built + 2)
        #expect(e.description == whole?.description)
        #expect(seen == seqs(before: built + 1, in: lines))
    }

    /// A marker is decoded on the engine's thread too: one that does not decode is reported
    /// before the lines of its step the reading thread has read.
    @Test func aLaunchMarkerThatDoesNotDecodeIsReportedBeforeItsStep() throws {
        var lines = try goodLines()
        let launch = try index(of: #""event":"launch""#, in: lines)
        lines[launch] = lines[launch].replacingOccurrences(
            of: #""options":{"#, with: #""options":{"deviceLocked":"no","#)
        lines[lines.count - 1] = "{not json"
        let (error, seen, whole) = try replay(lines)
        let e = try #require(error)
        #expect(e.location.line == launch + 1)
        #expect(e.description == whole?.description)
        #expect(seen == seqs(before: launch + 1, in: lines))
    }

    /// The first marker is decoded while the reading thread reads its step: the app's tree at
    /// start that does not decode is still the first problem, before one further on.
    @Test func anAppAtStartThatDoesNotDecodeIsTheFirstProblem() throws {
        var lines = try goodLines()
        let running = try index(of: #""event":"app-running""#, in: lines)
        lines[running + 1] = lines[running + 1].replacingOccurrences(
            of: #""class":"UITabBarController""#, with: #""class":7"#)
        let launch = try index(of: #""event":"launch""#, in: lines)
        lines[launch + 1] = "{not json"
        let (error, seen, whole) = try replay(lines)
        let e = try #require(error)
        #expect(e.location.line == running + 2)
        #expect(e.description == whole?.description)
        #expect(seen.isEmpty)
    }

    /// Replays `path`, cutting it to `offset` bytes once the first step has run (after `pause`
    /// microseconds, for the reading thread to read on meanwhile).
    /// - Returns: the replay's error; nil when it ended at the cut, as at the end of a trace cut
    /// off by a crash (an issue is recorded if it went on over the cut without saying so).
    func replayCut(_ path: String, to offset: Int, pause: UInt32 = 0) -> TraceError? {
        var cut = false
        do {
            let result = try Replayer.replay(
                path: path,
                progress: { _ in
                    guard !cut else { return }
                    cut = true
                    usleep(pause)
                    truncate(path, off_t(offset))
                })
            if result.divergence?.recordingCutOff == nil {
                Issue.record("the replay went on over a trace cut at byte \(offset)")
            }
            return nil
        } catch {
            #expect(cut)
            #expect(error.location.file == path)
            return error
        }
    }

    /// A trace cut short while it is replayed (the reading thread is then reading ahead, or has
    /// read on): the replay ends at the cut, or, where a line it had read is gone, a located
    /// error; never a crash, and the replay returns (its thread joined).
    @Test func aTraceTruncatedDuringTheReplayEndsAtTheCutOrIsALocatedError() throws {
        let (path, _) = try Fixtures.record(ScenarioGenerator.grid(30))
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        if let error = replayCut(path, to: size / 2) { #expect(error.location.line != nil) }
    }

    /// A trace cut inside a record of several lines (the archive) after the reading thread read
    /// it whole: the comparator runs out of its lines midway, and says the trace changed, on
    /// the archive's line, instead of trapping on where the record would have ended.
    @Test func aTraceCutInsideAGroupTheComparatorIsTakingIsALocatedError() throws {
        let (path, _) = try Fixtures.record(ScenarioGenerator.grid(30))
        let lines = try Fixtures.lines(path)
        let archive = try #require(lines.firstIndex { $0.contains(#""event":"archive-written""#) })
        // The byte where the archive's middle entry line starts.
        let cutLine = archive + 200
        #expect(lines[cutLine].hasPrefix(#"{"entry":"#))
        let offset = lines[..<cutLine].reduce(0) { $0 + $1.utf8.count + 1 }
        // The reading thread reads the next two steps (the archive's among them) meanwhile.
        let error = try #require(replayCut(path, to: offset, pause: 100_000))
        #expect(error.description.contains("changed while it was replayed"), "\(error)")
        // Where the comparator found the lines gone: past the cut, at the latest where what it
        // had read of the file before the cut ended.
        #expect((error.location.line ?? 0) > cutLine)
    }

    @Test func aFaithfulReplayIsTheSameWhateverTheThreadsTimings() throws {
        let lines = try goodLines()
        let (error, seen, _) = try replay(lines, pause: true)
        let (again, seenAgain, _) = try replay(lines, pause: false)
        #expect(error == nil && again == nil)
        #expect(seen == seqs(before: lines.count + 1, in: lines))
        #expect(seenAgain == seen)
    }
}
