import Foundation
import Testing
@testable import RestoreExport

/// Writes the sample report and its screenshot for the docs when `RESTORETRACE_SCREENSHOT=DIR` is set
/// (see `scripts/screenshot.sh`).
@Suite struct ScreenshotTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["RESTORETRACE_SCREENSHOT"] != nil))
    func writeSampleReport() throws {
        let dir = URL(fileURLWithPath: ProcessInfo.processInfo.environment["RESTORETRACE_SCREENSHOT"]!)
        try ReportWriter().write(Fixture.tabBarNavigation().input(), to: dir)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("index.html").path))
    }
}
