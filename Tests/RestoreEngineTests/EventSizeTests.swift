import RestoreEngine
import Testing

@Suite struct EventSizeTests {
    /// Events are copied for every call the engine makes: keep them small (payloads live out of line).
    @Test func engineEventsStaySmall() {
        #expect(MemoryLayout<EngineEvent>.size <= 256, "EngineEvent is \(MemoryLayout<EngineEvent>.size) bytes")
        var e = EngineEvent(launch: 1, phase: .launch, event: .launch)
        var o = LaunchOptions()
        o.bundleVersion = "2.0"
        e.options = o
        let copy = e
        e.options?.deviceLocked = true
        #expect(copy.options?.deviceLocked == false, "payloads keep value semantics")
        #expect(e.options?.deviceLocked == true)
    }
}
