import Foundation
import RestoreArchive
import RestoreEngine

/// The recorder's default archive reader: after UIKit's synchronous save, the `data.data` it just
/// wrote into the app's own container, read by restoretrace's keyed-archive reader into the
/// engine's model, so the trace's `archive-written` carries what UIKit really saved and a replay
/// has something to restore from. Foundation only: it runs inside the app.
public enum SavedStateArchive {
    /// `<container>/Library/Saved Application State/<bundle>.savedState/data.data` (CAPTURE.md §1.1).
    public static func path(inContainer container: String, bundle: String) -> String {
        container + "/Library/Saved Application State/" + bundle + ".savedState/" + UIKitArchiveFile.fileName
    }

    /// The archive UIKit saved for `bundle`, as the engine's model. Nil when there is none (the
    /// app said no to saving, or UIKit has not written it yet); nil, said through `log`, when it
    /// cannot be read: a recorder never stops the app it records.
    public static func read(inContainer container: String, bundle: String, log: (String) -> Void) -> Archive? {
        let file = path(inContainer: container, bundle: bundle)
        guard FileManager.default.fileExists(atPath: file) else { return nil }
        do {
            return try UIKitArchiveFile.read(file).model
        } catch {
            log("RestoreTraceRecorder: UIKit's archive could not be read, archive-written has none: \(error)")
            return nil
        }
    }
}
