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
/// A record with a quote goes through the reader's own state machine (including error
/// recovery); one without ends at its first line break, found eight bytes at a time, as the
/// reader would end it. So the rows of the chunks are exactly the rows of a single pass.
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
        var sink = CSVDiscardingSink()
        while position < count {
            if CSVRecordParser.isLineBreak(bytes[position]) {
                // A blank line.
                if position == count - 1 && bytes[position] == CSVByte.carriageReturn { break }
                position = CSVRecordParser.offsetAfterLineBreak(in: bytes, at: position)
                line += 1
            } else if case let stop = CSVWordScan.firstQuoteOrLineBreak(in: bytes, from: position),
                      stop == count || bytes[stop] != CSVByte.quote {
                // A record without quotes ends at its first line break, malformed or not (after a
                // NUL byte the reader skips to that same line break); without one it is incomplete.
                guard stop < count, !(stop == count - 1 && bytes[stop] == CSVByte.carriageReturn) else { break }
                position = CSVRecordParser.offsetAfterLineBreak(in: bytes, at: stop)
                line += 1
            } else {
                let end = CSVRecordParser.parseRecord(
                    in: bytes, from: position, delimiter: delimiter, line: &line, sink: &sink)
                guard end.endsWithLineBreak else { break }
                if end.next == count && bytes[count - 1] == CSVByte.carriageReturn { break }
                position = end.next
            }
            boundary = CSVChunkBoundary(end: position, lineCount: line - firstLine)
        }
        return boundary
    }
}
