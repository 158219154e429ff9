import RestoreEngine
import RestoreReplay

/// Everything the report needs about one run: the trace's events, the outcome, and the replay verdict.
public struct ReportInput: Sendable {
    public var scenario: String
    public var description: String?
    /// The tool and its version, e.g. "restoretrace 0.1.0".
    public var tool: String
    /// The trace's file name, shown in the page.
    public var traceName: String
    /// The events in order; an event's `seq` is its index + 1.
    public var events: [EngineEvent]
    /// The same events as their exact trace JSON lines, for the page's timeline data.
    public var eventLines: [String]
    public var outcome: Outcome
    public var replay: ReplayVerdict?
    /// Set when `outcome` is a what-if run's: the page leads with its answer and highlights the
    /// nodes whose fate changed.
    public var whatIf: ReportWhatIf?

    public init(
        scenario: String, description: String? = nil, tool: String, traceName: String, events: [EngineEvent],
        eventLines: [String], outcome: Outcome, replay: ReplayVerdict? = nil
    ) {
        self.scenario = scenario
        self.description = description
        self.tool = tool
        self.traceName = traceName
        self.events = events
        self.eventLines = eventLines
        self.outcome = outcome
        self.replay = replay
    }
}

/// Whether a replay reproduced the recorded callbacks: the part of a `ReplayResult` the page shows.
public struct ReplayVerdict: Sendable, Hashable {
    public var matched: Bool
    /// How many events the replay compared.
    public var events: Int
    public var firstDivergence: Divergence?

    public init(matched: Bool, events: Int, firstDivergence: Divergence? = nil) {
        self.matched = matched
        self.events = events
        self.firstDivergence = firstDivergence
    }

    /// Where the recording is cut off (SPEC §4), when that is the replay's one departure: the
    /// verdict, the drawing and the replay card each say so.
    public var cutOff: Divergence? {
        guard let d = firstDivergence, d.recordingCutOff != nil, d.recorded == nil else { return nil }
        return d
    }

    /// The verdict of a replay that ran.
    public init(_ result: ReplayResult) {
        self.init(matched: result.matched, events: result.recordedEvents, firstDivergence: result.divergence)
    }
}
