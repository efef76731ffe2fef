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

/// Bytes in plain memory (the JSON text of the questionnaire being generated).
typealias ByteBuffer = PlainBuffer<UInt8>

extension PlainBuffer: ByteSink where Element == UInt8 {
    /// Appends `bytes` in one copy.
    @inline(__always)
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }

    /// Appends the bytes of an array in one copy.
    mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    /// Appends the bytes of a static string (`"null"`, `"true"`).
    mutating func append(_ text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
