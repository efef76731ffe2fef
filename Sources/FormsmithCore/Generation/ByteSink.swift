/// Somewhere bytes can be appended one at a time: an array, or a ``ByteBuffer`` in plain memory.
/// The number and date writers take any sink, so the JSON writer can use them on plain memory.
protocol ByteSink: ~Copyable {
    /// Appends one byte.
    mutating func append(_ byte: UInt8)
    /// Appends `bytes` in one copy.
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteSink where Element == UInt8 {
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}

/// Bytes in plain memory that this buffer owns, growing by doubling. Appending a byte is a
/// compare and a store: no reference count, no uniqueness check, no copy on write, which an
/// array pays on every append. Used for the JSON text of the questionnaire being generated.
struct ByteBuffer: ~Copyable, ByteSink {
    /// The first byte.
    private(set) var base: UnsafeMutablePointer<UInt8>
    /// Bytes written.
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 1024) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// The byte at `index` (below ``count``).
    subscript(index: Int) -> UInt8 { base[index] }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        base[count] = byte
        count += 1
    }

    /// Appends `bytes` in one copy.
    @inline(__always)
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends the bytes of an array in one copy.
    mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { appendBytes($0) }
    }

    /// Appends the bytes of a static string (`"null"`, `"true"`).
    mutating func append(_ text: StaticString) {
        appendBytes(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Forgets every byte from `index` on.
    mutating func removeSuffix(from index: Int) {
        precondition(index >= 0 && index <= count)
        count = index
    }

    /// Forgets every byte, keeping the memory.
    mutating func removeAll() { count = 0 }

    @inline(never)
    private mutating func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.initialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}
