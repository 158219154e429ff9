import ArgumentParser
import RestoreReport

struct ArchiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive",
        abstract: "Print the preserved archive the way Apple's restorationArchiveTool does.",
        discussion: """
            Shows the last archive the trace wrote, or UIKit's own archive (data.data, its .savedState folder or an app's data container; told from a trace by its content): the restoration class map, the top-level keys (archive version, bundle version, system version, timestamp, idiom), then one block per preserved object with its archive key, class and every coder key — UIKit's own (kUIViewControllerChildrenKey, …) and the app's. UIKit's archive does not name an object's class unless it has a restoration class; restoretrace infers it from UIKit's own keys: its restoration class; UITabBarController for kTabBarSelectedViewControllerKey; UINavigationController for kUIViewControllerChildrenKey; the identifier when it is a mangled Swift class name (_TtC…); else UIViewController.

            Exit codes: 0 printed (a trace without an archive says so, and is not an error); 2 a bad trace or archive (located); 3 the output could not be written (the system's reason).

            Examples:
              restoretrace archive Traces/demo-travel.trace.jsonl
              app=$(xcrun simctl get_app_container booted com.example.app data)
              restoretrace archive "$app" --json
            """)

    @Argument(help: ArgumentHelp("The trace, or UIKit's archive.", valueName: "trace"))
    var trace: String

    @Flag(help: "Print the archive as JSON (restoretrace-archive/1) instead.")
    var json = false

    func run() throws {
        let listing = try ArchiveListing(trace: trace)
        if let note = listing.note { Console.error("note: \(note)") }
        // The decoded archive is not needed past this point; exit frees it at once.
        defer { LeftForExit.current.park(listing) }
        if json { printJSON(writing: listing.writeJSON, terminator: "") } else { print(listing.text, terminator: "") }
    }
}
