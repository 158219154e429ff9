/// How the app answers a request for a controller or an object (SPEC §3 ANSWER): what a
/// scenario says the app does, and what a what-if (`--set PATH=ANSWER`) makes it do instead.
public enum Answer: Hashable, Sendable, CustomStringConvertible {
    /// A new instance of the archived node's class, with the children its restoration class builds.
    case new
    case `nil`
    /// The object now at that path (launch UI, or built earlier in this launch), or nil.
    case existing
    /// Instantiated from the archived storyboard.
    case storyboard
    /// A new instance of another class.
    case instanceOf(String)

    /// The answer as scenarios and `--set` write it: `new`, `nil`, …, `instanceOf:CLASS`.
    public var text: String {
        switch self {
        case .new: "new"
        case .nil: "nil"
        case .existing: "existing"
        case .storyboard: "storyboard"
        case .instanceOf(let c): Self.instanceOfPrefix + c
        }
    }

    public var description: String { text }

    /// The answer `text` writes, or nil when it is none.
    public init?(text: String) {
        switch text {
        case "new": self = .new
        case "nil": self = .nil
        case "existing": self = .existing
        case "storyboard": self = .storyboard
        default:
            guard text.hasPrefix(Self.instanceOfPrefix), text.count > Self.instanceOfPrefix.count else { return nil }
            self = .instanceOf(String(text.dropFirst(Self.instanceOfPrefix.count)))
        }
    }

    static let instanceOfPrefix = "instanceOf:"
}
