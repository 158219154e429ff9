import RestoreEngine

/// An engine a `Recording.Result` holds on to. Only ever read (and freed) by one owner at a time:
/// the result passes it along whole, nothing touches the engine through it.
final class KeptEngine: @unchecked Sendable {
    let engine: RestorationEngine
    init(_ engine: RestorationEngine) { self.engine = engine }
}
