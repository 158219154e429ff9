import Foundation
import RestoreArchive
import RestoreEngine

extension InfoPlist {
    /// Whether the file given to `lint` is the app's Info.plist rather than a storyboard, known by
    /// what it holds when its name does not end in `.plist`: standard input (`-`, SPEC §6), or a
    /// copy without the extension. An XML property list (`<plist`, and no storyboard
    /// `<document`), or a binary one that is not a compiled storyboard's own Info.plist (whose
    /// keys are `UIStoryboard…` and `UIViewControllerIdentifiersToNibNames`). A `.storyboard`
    /// name is a storyboard, and only a regular file or standard input is looked into. Reads
    /// standard input only as far as a limit (`StandardInput` keeps it for the reader that follows).
    public static func isInfoPlist(_ path: String) -> Bool {
        if path.hasSuffix(".plist") { return true }
        if path.hasSuffix(".storyboard") { return false }
        let head: [UInt8]
        if path == "-" {
            head = Array(StandardInput.read(upTo: 4096).bytes.prefix(4096))
        } else {
            // Only a regular file is looked into: a pipe or a fifo (`<(cat …)`) gives its bytes
            // once, and reading them here left the reader the rest, or nothing to wait for.
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                attributes[.type] as? FileAttributeType == .typeRegular,
                let handle = FileHandle(forReadingAtPath: path)
            else { return false }
            defer { try? handle.close() }
            head = Array((try? handle.read(upToCount: 4096)) ?? Data())
        }
        if head.starts(with: Array("bplist".utf8)) {
            // A binary plist is the Info.plist unless it reads as a compiled storyboard's own:
            // one too big, damaged or not a dictionary gets the Info.plist reader's words for
            // that (it was called "a compiled storyboard").
            let bytes: [UInt8]
            if path == "-" {
                let input = StandardInput.read(upTo: maximumBytes)
                guard !input.overflowed else { return true }
                bytes = input.bytes
            } else {
                guard let whole = try? BoundedFile.contents(of: path, limit: maximumBytes) else { return true }
                bytes = whole
            }
            guard let root = try? PropertyListGate.value(of: bytes, xmlLimit: maximumBytes) as? [String: Any] else {
                return true
            }
            return !root.keys.contains { $0.hasPrefix("UIStoryboard") || $0 == "UIViewControllerIdentifiersToNibNames" }
        }
        let text = String(decoding: head, as: UTF8.self)
        return text.contains("<plist") && !text.contains("<document")
    }
}
