import Foundation

/// A file read no further than a limit: a bigger regular file is refused before it is read (a
/// 300 MB `data.data` was read whole, 609 MB resident, to be refused after), and a device or a
/// pipe (`/dev/zero`), which has no size to check first, is read only one byte past the limit.
/// UIKit's archives and the app's Info.plist are read through it; each caller words its refusal.
public enum BoundedFile {
    public enum Failure: Error, Equatable {
        /// `bytes`: the file's size, or (`atLeast`) how far it was read before the limit stopped it.
        case tooBig(bytes: Int, atLeast: Bool)
        /// It cannot be opened for reading: the system's reason (`Permission denied`).
        case unreadable(reason: String)
    }

    public static func contents(of path: String, limit: Int) throws(Failure) -> [UInt8] {
        var s = stat()
        if stat(path, &s) == 0, s.st_mode & S_IFMT == S_IFREG, Int(s.st_size) > limit {
            throw .tooBig(bytes: Int(s.st_size), atLeast: false)
        }
        // Opened without waiting: a FIFO with no writer (one named `data.data` inside a container
        // the tool walks, which the user never named) blocked open(2) forever (r20 fuzz). Reads
        // then wait as usual; with no writer a FIFO reads as empty, and is refused as such.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(reason: String(cString: strerror(errno))) }
        // A folder opens, and read as empty it was "not a property list" (a folder named
        // data.data: r20 fuzz): said as the system says it.
        var opened = stat()
        if fstat(fd, &opened) == 0, opened.st_mode & S_IFMT == S_IFDIR {
            close(fd)
            throw .unreadable(reason: String(cString: strerror(EISDIR)))
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: limit + 1)) ?? Data()
        if data.count > limit { throw .tooBig(bytes: data.count, atLeast: true) }
        return [UInt8](data)
    }
}
