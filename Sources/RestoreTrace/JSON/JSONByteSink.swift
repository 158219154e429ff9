/// Where the trace's writers put bytes: an array (`[UInt8]`, what callers outside the module
/// hand in), or `TraceBytes`, the trace writer's own buffer.
///
/// The writers are generic over it so the trace writer can skip `Array`'s bookkeeping: every
/// append to an array checks that its storage is not shared and goes through the generic
/// `append(contentsOf:)`, about 100 instructions for a member name or a string, and a trace line
/// is some 50 such appends. On `TraceBytes` an append is a capacity test and a copy.
public protocol JSONByteSink {
    var count: Int { get }
    mutating func append(_ byte: UInt8)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
    /// Drops the last `k` bytes.
    mutating func removeLast(_ k: Int)
    /// A copy of the bytes from `start` on.
    func bytes(from start: Int) -> [UInt8]
    /// A quoted, escaped string (see the default, `appendEscapedJSONString`): a sink can take
    /// the same bytes its own way (`ComparingSink` compares a plain string in one pass).
    mutating func appendJSONString(_ s: String)
}

extension Array: JSONByteSink where Element == UInt8 {
    public func bytes(from start: Int) -> [UInt8] { Array(self[start...]) }
}

/// A growable byte buffer without copy-on-write: it is owned by one writer, which calls
/// `deallocate()` when done with it.
struct TraceBytes: JSONByteSink {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    func deallocate() { base.deallocate() }

    /// The bytes written so far, valid until the next change.
    var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        guard n > 0 else { return }
        if capacity - count < n { grow(toHold: count + n) }
        (base + count).initialize(from: bytes.baseAddress!, count: n)
        count += n
    }

    mutating func removeLast(_ k: Int) {
        precondition(k >= 0 && k <= count, "removing more bytes than were written")
        count -= k
    }

    func bytes(from start: Int) -> [UInt8] { Array(UnsafeBufferPointer(start: base + start, count: count - start)) }

    mutating func removeAll() { count = 0 }

    private mutating func grow(toHold needed: Int) {
        let bigger = Swift.max(capacity * 2, needed)
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: bigger)
        storage.initialize(from: base, count: count)
        base.deallocate()
        base = storage
        capacity = bigger
    }
}
