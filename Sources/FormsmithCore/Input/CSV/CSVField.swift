/// One field of a CSV row, as a byte range into the buffer the row was read from.
///
/// For a quoted field the range excludes the enclosing quotes, so `""` is an empty range
/// with `isQuoted == true`, while an unquoted empty field has `isQuoted == false`.
/// When `hasEscapedQuotes` is true the range still holds the doubled quotes (`""`);
/// use `unescape(from:into:)` or `withUnescapedBytes(in:scratch:_:)` to collapse them.
package struct CSVField: Sendable, Equatable {
    /// Offset of the first content byte in the buffer.
    package var start: Int
    /// Offset just past the last content byte in the buffer.
    package var end: Int
    /// Whether the field was enclosed in quotes.
    package var isQuoted: Bool
    /// Whether the content holds doubled quotes (`""`) that stand for one quote each.
    package var hasEscapedQuotes: Bool

    /// A field covering `start..<end` of the buffer.
    package init(start: Int, end: Int, isQuoted: Bool, hasEscapedQuotes: Bool) {
        self.start = start
        self.end = end
        self.isQuoted = isQuoted
        self.hasEscapedQuotes = hasEscapedQuotes
    }

    /// Whether the field has no content (an unquoted empty field or `""`).
    package var isEmpty: Bool { start == end }

    /// The field's bytes as they stand in `buffer` (doubled quotes not collapsed).
    /// `buffer` must be the buffer the field was read from.
    package func rawBytes(in buffer: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        precondition(start <= end && end <= buffer.count, "CSVField used with a buffer it was not read from")
        return UnsafeBufferPointer(rebasing: buffer[start..<end])
    }

    /// Replaces the contents of `scratch` with the field's unescaped bytes, reusing its capacity.
    /// `buffer` must be the buffer the field was read from.
    package func unescape(from buffer: UnsafeBufferPointer<UInt8>, into scratch: inout [UInt8]) {
        let raw = rawBytes(in: buffer)
        scratch.removeAll(keepingCapacity: true)
        guard hasEscapedQuotes else {
            scratch.append(contentsOf: raw)
            return
        }
        // The reader only sets `hasEscapedQuotes` when every quote in the range is doubled: copy
        // each run up to and including a quote in one go, then skip its twin.
        var runStart = 0
        var index = 0
        while index < raw.count {
            if raw[index] == CSVByte.quote {
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: raw[runStart...index]))
                index += 2
                runStart = index
            } else {
                index += 1
            }
        }
        if runStart < raw.count {
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: raw[runStart...]))
        }
    }

    /// Calls `body` with the field's unescaped bytes: straight from `buffer` when there is
    /// nothing to unescape, otherwise from `scratch`, whose capacity is reused.
    /// The bytes are valid only inside `body`.
    package func withUnescapedBytes<Result>(
        in buffer: UnsafeBufferPointer<UInt8>,
        scratch: inout [UInt8],
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        guard hasEscapedQuotes else {
            return try body(rawBytes(in: buffer))
        }
        unescape(from: buffer, into: &scratch)
        return try scratch.withUnsafeBufferPointer(body)
    }
}
