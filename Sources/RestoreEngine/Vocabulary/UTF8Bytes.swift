extension String {
    /// The text's UTF-8 bytes, read in place. `withUTF8` is `mutating`: called on a parameter or a
    /// property, it needs the string copied into a variable first, a retain and a release per
    /// call (joining a path from three parts paid three of each; callgrind, `restoretrace-bench
    /// --engine-plain 7000`: relaunch 197.4M -> 190.4M, preservation 177.2M -> 168.7M).
    /// Native and short strings, every one the engine makes, have contiguous UTF-8; any other
    /// string is copied and read as `withUTF8` would. The buffer is valid inside `body` only
    /// (for a short string it is a copy on the stack): never let the pointer escape.
    @inline(__always)
    func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
