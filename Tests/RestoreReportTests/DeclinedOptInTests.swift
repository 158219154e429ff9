import RestoreEngine
import RestoreTestSupport
import Testing

/// P1/R3: a "returned NO" finding names the method UIKit asked. Apps since iOS 13.2 implement the
/// secure variants, and were told the deprecated method had said no.
@Suite struct DeclinedOptInTests {
    static func outcome(_ delegate: String) throws -> Outcome {
        try LostNodesTests.outcome(
            """
            name: declined
            app: {delegate: \(delegate)}
            ui: {class: Home, restorationIdentifier: Home}
            """)
    }

    @Test func aDeclinedSaveNamesTheMethodAsked() throws {
        let secure = try Self.outcome("{shouldSaveSecureApplicationState: false}")
        let message = try #require(secure.diagnostics.first { $0.code == .saveDeclined }?.message)
        #expect(message.contains("application:shouldSaveSecureApplicationState: returned NO"), "\(message)")
        // The next launch's "Nothing was restored" names it too.
        let all = secure.diagnostics.filter { $0.code == .saveDeclined }.map(\.message)
        #expect(all.count == 2)
        #expect(all.allSatisfy { $0.contains("application:shouldSaveSecureApplicationState: returned NO") }, "\(all)")
        let deprecated = try Self.outcome("{shouldSaveApplicationState: false}")
        #expect(
            deprecated.diagnostics.first { $0.code == .saveDeclined }?.message.contains(
                "application:shouldSaveApplicationState: returned NO") == true)
    }

    @Test func aDeclinedRestoreNamesTheMethodAsked() throws {
        let secure = try Self.outcome(
            "{shouldSaveSecureApplicationState: true, shouldRestoreSecureApplicationState: false}")
        let message = try #require(secure.diagnostics.first { $0.code == .restoreDeclined }?.message)
        #expect(message.contains("application:shouldRestoreSecureApplicationState: returned NO"), "\(message)")
        #expect(!message.contains("application:shouldRestoreApplicationState:"))
    }
}
