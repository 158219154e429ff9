/// `application:shouldRestoreApplicationState:`'s answer.
public enum RestoreRule: Hashable, Sendable {
    case always(Bool)
    /// YES only when every KEY in the app-level coder equals VALUE (a bundle version check, seed 002).
    case ifEqual([CoderEntry])

    public func evaluate(_ coder: RestorationCoder) -> Bool {
        switch self {
        case .always(let b): b
        case .ifEqual(let pairs): pairs.allSatisfy { coder.decodeObject(forKey: $0.key) == $0.value }
        }
    }
}
