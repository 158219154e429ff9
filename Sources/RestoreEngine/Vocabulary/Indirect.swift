/// An optional value kept out of line, in a box the compiler makes for the `indirect` case: a
/// struct cannot hold an optional of itself inline (`NodeBlueprint.presented`), and a large value
/// inline makes every copy of its owner large (`EngineEvent`'s payloads).
indirect enum Indirect<Wrapped: Hashable & Sendable>: Hashable, Sendable {
    case none
    case some(Wrapped)

    init(_ value: Wrapped?) { self = value.map(Indirect.some) ?? .none }

    var value: Wrapped? { if case .some(let v) = self { v } else { nil } }
}
