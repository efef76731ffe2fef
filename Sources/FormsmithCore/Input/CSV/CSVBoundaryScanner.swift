/// Where a chunk of CSV bytes can be cut so that no record is split.
package struct CSVChunkBoundary: Sendable, Equatable {
    /// Offset just past the line break of the last complete record: bytes `0..<end` form
    /// whole records (and blank lines); bytes from `end` on belong to later records.
    package var end: Int
    /// The number of physical lines in `0..<end`. The rest of the input starts on
    /// physical line `firstLine + lineCount`.
    package var lineCount: Int

    /// A boundary at `end` after `lineCount` physical lines.
    package init(end: Int, lineCount: Int) {
        self.end = end
        self.lineCount = lineCount
    }
}

/// Finds record boundaries outside quotes so a large file can be read in fixed-size
/// chunks and the chunks handed to parallel `CSVReader`s.
///
/// Each chunk starts at a record boundary, so no quote state has to be carried between
/// chunks. Typical loop: append the next block of the file to a pending buffer, call
/// `lastRecordEnd(in:firstLine:)`; if it returns a boundary, hand `0..<end` with
/// `firstLine` to a worker, keep the bytes after `end`, and add `lineCount` to
/// `firstLine`; if it returns nil, read more. At the end of the file the remaining bytes
/// are the last chunk. To keep memory bounded, give up when the pending buffer exceeds
/// a limit without a boundary: it holds one huge record, usually an unterminated quote.
///
/// Records are not parsed into fields here: `recordEnd` follows the reader's state machine
/// (`CSVRecordParser`, including its error recovery) only where its course can change, at
/// quotes, line breaks and NUL bytes, found eight bytes at a time. So the rows of the chunks are
/// exactly the rows of a single pass; `CSVBoundaryScannerTests` compares the two on every
/// arrangement of those bytes, and the `FuzzCSV` target on fuzzed input.
package struct CSVBoundaryScanner: Sendable {
    private let delimiter: UInt8

    /// A scanner for files in `dialect`.
    package init(dialect: CSVDialect = .comma) {
        self.delimiter = dialect.delimiter
    }

    /// The last point in `bytes` where a complete record (or blank line) ends, or nil when
    /// `bytes` holds no complete record yet.
    ///
    /// `firstLine` is the physical line `bytes` start on; when it is 1 a UTF-8 byte order
    /// mark is skipped, as `CSVReader` does. A record reaching the end of `bytes` without
    /// a line break is incomplete, and so is one ending in a CR that is the last byte (a
    /// LF may follow in the next block).
    package func lastRecordEnd(in bytes: UnsafeBufferPointer<UInt8>, firstLine: Int = 1) -> CSVChunkBoundary? {
        let count = bytes.count
        var position = CSVRecordParser.startOffset(in: bytes, firstLine: firstLine)
        var line = firstLine
        var boundary: CSVChunkBoundary?
        while position < count {
            if CSVRecordParser.isLineBreak(bytes[position]) {
                // A blank line.
                if position == count - 1 && bytes[position] == CSVByte.carriageReturn { break }
                position = CSVRecordParser.offsetAfterLineBreak(in: bytes, at: position)
                line += 1
            } else {
                let end = recordEnd(in: bytes, from: position, line: &line)
                guard end.endsWithLineBreak else { break }
                if end.next == count && bytes[count - 1] == CSVByte.carriageReturn { break }
                position = end.next
            }
            boundary = CSVChunkBoundary(end: position, lineCount: line - firstLine)
        }
        return boundary
    }

    /// Where the record starting at `start` ends, as `CSVRecordParser.parseRecord` would end
    /// it (the same `next`, `endsWithLineBreak` and lines counted in `line`), without its
    /// fields or errors. `start` must be inside `bytes` and not at a line break.
    func recordEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, line: inout Int) -> CSVRecordEnd {
        let count = bytes.count
        let quote = CSVByte.quote
        var position = start
        outside: while true {
            // Outside quotes, from a field's start or inside an unquoted field.
            let stop = CSVWordScan.firstQuoteLineBreakOrNul(in: bytes, from: position)
            guard stop < count else { return CSVRecordEnd(next: count, endsWithLineBreak: false) }
            let byte = bytes[stop]
            if CSVRecordParser.isLineBreak(byte) { return lineBreak(in: bytes, at: stop, line: &line) }
            // A NUL byte, or a quote inside an unquoted field: the reader skips the rest of the line.
            guard byte == quote, stop == start || bytes[stop - 1] == delimiter else {
                return skipRestOfLine(in: bytes, from: stop, line: &line)
            }
            // A quoted field.
            position = stop + 1
            while true {
                position = CSVWordScan.firstSpecialInQuotedField(in: bytes, from: position)
                guard position < count else { return CSVRecordEnd(next: count, endsWithLineBreak: false) }
                let special = bytes[position]
                if special == quote {
                    if position + 1 < count && bytes[position + 1] == quote {
                        position += 2
                        continue
                    }
                    position += 1  // the closing quote
                    guard position < count else { return CSVRecordEnd(next: count, endsWithLineBreak: false) }
                    let next = bytes[position]
                    if next == delimiter {
                        position += 1
                        continue outside
                    }
                    if CSVRecordParser.isLineBreak(next) { return lineBreak(in: bytes, at: position, line: &line) }
                    return skipRestOfLine(in: bytes, from: position, line: &line)  // text after the closing quote
                } else if CSVRecordParser.isLineBreak(special) {
                    position = CSVRecordParser.offsetAfterLineBreak(in: bytes, at: position)
                    line += 1
                } else if special == CSVByte.nul {
                    return skipRestOfLine(in: bytes, from: position, line: &line)
                } else {
                    position += 1  // another control byte or a space: content
                }
            }
        }
    }

    /// The record ends at the line break at `position`.
    @inline(__always)
    private func lineBreak(in bytes: UnsafeBufferPointer<UInt8>, at position: Int, line: inout Int) -> CSVRecordEnd {
        line += 1
        return CSVRecordEnd(next: CSVRecordParser.offsetAfterLineBreak(in: bytes, at: position), endsWithLineBreak: true)
    }

    /// The reader's error recovery: the record ends just past the next line break, ignoring quotes.
    private func skipRestOfLine(in bytes: UnsafeBufferPointer<UInt8>, from position: Int, line: inout Int) -> CSVRecordEnd {
        let stop = CSVWordScan.firstLineBreak(in: bytes, from: position)
        guard stop < bytes.count else { return CSVRecordEnd(next: bytes.count, endsWithLineBreak: false) }
        return lineBreak(in: bytes, at: stop, line: &line)
    }
}
