import RestoreEngine

/// A scenario's ANSWER for a restoration class or the delegate, which may depend on the node's
/// archived coder: `{ifEqual: {KEY: VALUE}, then: ANSWER, else: ANSWER}`.
///
/// Real restoration classes look at the coder before they build anything (a model id that no
/// longer exists answers nil); `ifEqual` models that the way `shouldRestoreApplicationState`'s
/// rule models the app-level check.
public indirect enum ConditionalAnswer: Hashable, Sendable {
    /// The same answer whatever the coder holds.
    case always(Answer)
    /// `then` when every KEY of the node's coder equals its VALUE, `else` otherwise.
    case ifEqual([CoderEntry], then: ConditionalAnswer, else: ConditionalAnswer)

    public static let new = ConditionalAnswer.always(.new)
    public static let `nil` = ConditionalAnswer.always(.nil)
    public static let existing = ConditionalAnswer.always(.existing)
    public static let storyboard = ConditionalAnswer.always(.storyboard)
    public static func instanceOf(_ className: String) -> ConditionalAnswer { .always(.instanceOf(className)) }

    /// The answer for the node whose archived coder is `coder`.
    public func resolve(_ coder: RestorationCoder) -> Answer {
        switch self {
        case .always(let answer): answer
        case .ifEqual(let pairs, let then, let otherwise):
            (pairs.allSatisfy { coder.decodeObject(forKey: $0.key) == $0.value } ? then : otherwise).resolve(coder)
        }
    }
}
