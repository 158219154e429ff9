import RestoreEngine
import Testing

@testable import RestoreReplay

/// A divergence names the rule of the event where it happened: a crash while encoding or while
/// saving a scene's activity is a crash during preservation, not "during restoration".
@Suite struct DivergenceRuleTests {
    @Test func aCrashIsNamedByItsPhase() {
        let saving = EngineEvent(launch: 2, phase: .preservation, event: .crash)
        let restoring = EngineEvent(launch: 2, phase: .restoration, event: .crash)
        #expect(Divergence.rule(for: saving) == "T3 crash during preservation")
        #expect(Divergence.rule(for: restoring) == "T3 crash during restoration")
    }
}
