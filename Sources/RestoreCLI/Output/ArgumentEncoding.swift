import Foundation
import RestoreTrace

/// Command-line arguments that are not UTF-8: Swift repairs them to U+FFFD before a command sees
/// them, so a Latin-1 file name was "no such file" though it existed, and `-o` wrote to another
/// name than the one given (r20 fuzz). Refused first, by their bytes, with what to do.
enum ArgumentEncoding {
    /// The refusal for the first argument of `argv` (the program's name skipped) whose bytes are
    /// not UTF-8; nil when every one is.
    static func problem(_ argv: [[UInt8]]) -> String? {
        for (i, bytes) in argv.enumerated().dropFirst() where String(validating: bytes, as: UTF8.self) == nil {
            let shown = String(decoding: bytes, as: UTF8.self).unicodeScalars.map { s -> String in
                s == "\u{FFFD}" ? "?" : String(s)
            }.joined()
            return
                "error: argument \(i) ('\(VisibleText.escapingControls(shown))') is not UTF-8, and restoretrace names files in UTF-8 (a file name in Latin-1 or another legacy encoding?)\n"
                + "  hint: rename the file to a UTF-8 name (convmv -f latin1 -t utf8 --notest FILE), or give a symbolic link with one"
        }
        return nil
    }

    /// This process's arguments, as bytes.
    static var processArguments: [[UInt8]] {
        (0..<Int(CommandLine.argc)).map { i in
            guard let p = CommandLine.unsafeArgv[i] else { return [] }
            return Array(
                UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p)))
        }
    }
}
