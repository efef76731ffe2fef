/// Where a record ended.
struct CSVRecordEnd {
    /// Offset just past the record and its line break.
    var next: Int
    /// Whether the record ended with a line break (false: it ran to the end of the buffer).
    var endsWithLineBreak: Bool
    /// Why the record is malformed, if it is.
    var error: CSVRowError?
}

/// The byte-level RFC 4180 state machine of `CSVReader`. `CSVBoundaryScanner` follows the
/// same machine where its course can change (its tests compare the two), so that chunk
/// boundaries and rows can never disagree.
///
/// A record ends at a line break outside quotes: LF, CR LF or a lone CR, each counted as
/// one physical line. After an error the rest of the physical line is skipped, ignoring
/// quotes, and the next record starts on the next line.
enum CSVRecordParser {
    /// The offset where reading starts: past a UTF-8 BOM when `firstLine` is 1 (the start
    /// of the file; every later chunk starts on line 2 or beyond).
    static func startOffset(in bytes: UnsafeBufferPointer<UInt8>, firstLine: Int) -> Int {
        guard firstLine == 1, bytes.count >= 3 else { return 0 }
        let bom = CSVByte.byteOrderMark
        return bytes[0] == bom[0] && bytes[1] == bom[1] && bytes[2] == bom[2] ? 3 : 0
    }

    /// Whether `byte` is CR or LF.
    @inline(__always)
    static func isLineBreak(_ byte: UInt8) -> Bool {
        byte == CSVByte.lineFeed || byte == CSVByte.carriageReturn
    }

    /// Consumes the line break at `position` (LF, CR LF or CR) and returns the offset after it.
    @inline(__always)
    static func offsetAfterLineBreak(in bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Int {
        if bytes[position] == CSVByte.carriageReturn,
           position + 1 < bytes.count, bytes[position + 1] == CSVByte.lineFeed {
            return position + 2
        }
        return position + 1
    }

    /// Parses one record starting at `start`, which must be inside the buffer and not at a
    /// line break (blank lines are skipped by the caller). Advances `line` by the line
    /// breaks consumed and appends each well-formed field to `fields`.
    static func parseRecord(
        in bytes: UnsafeBufferPointer<UInt8>,
        from start: Int,
        delimiter: UInt8,
        line: inout Int,
        fields: inout [CSVField]
    ) -> CSVRecordEnd {
        let count = bytes.count
        let quote = CSVByte.quote
        var position = start
        var column = 1
        while true {
            if position < count && bytes[position] == quote {
                // Quoted field.
                let openLine = line
                position += 1
                let contentStart = position
                var hasEscapedQuotes = false
                while true {
                    // Content bytes above the quote are skipped eight at a time.
                    position = CSVWordScan.firstSpecialInQuotedField(in: bytes, from: position)
                    guard position < count else {
                        let error = CSVRowError(kind: .unterminatedQuotedField, line: openLine, column: column)
                        return CSVRecordEnd(next: count, endsWithLineBreak: false, error: error)
                    }
                    let byte = bytes[position]
                    if byte == quote {
                        if position + 1 < count && bytes[position + 1] == quote {
                            hasEscapedQuotes = true
                            position += 2
                        } else {
                            break
                        }
                    } else if isLineBreak(byte) {
                        position = offsetAfterLineBreak(in: bytes, at: position)
                        line += 1
                    } else if byte == CSVByte.nul {
                        return skipRestOfLine(in: bytes, from: position, line: &line, error: .nulByte, column: column)
                    } else {
                        position += 1
                    }
                }
                let field = CSVField(start: contentStart, end: position, isQuoted: true, hasEscapedQuotes: hasEscapedQuotes)
                position += 1  // the closing quote
                if position == count {
                    fields.append(field)
                    return CSVRecordEnd(next: count, endsWithLineBreak: false, error: nil)
                }
                let next = bytes[position]
                if next == delimiter {
                    fields.append(field)
                    position += 1
                    column += 1
                    continue
                }
                if isLineBreak(next) {
                    fields.append(field)
                    line += 1
                    return CSVRecordEnd(next: offsetAfterLineBreak(in: bytes, at: position), endsWithLineBreak: true, error: nil)
                }
                return skipRestOfLine(in: bytes, from: position, line: &line, error: .textAfterClosingQuote, column: column)
            }

            // An empty unquoted field (most cells of a wide form's unused columns): what the scan
            // below would find, without scanning.
            if position < count && bytes[position] == delimiter {
                fields.append(CSVField(start: position, end: position, isQuoted: false, hasEscapedQuotes: false))
                position += 1
                column += 1
                continue
            }

            // Unquoted field. Every special byte except the delimiter is <= the quote (0x22),
            // so a word-sized scan skips the content and stops at any byte that might be one.
            let fieldStart = position
            position = CSVWordScan.firstSpecialInUnquotedField(in: bytes, from: position, delimiter: delimiter)
            while position < count {
                let byte = bytes[position]
                if byte == delimiter || isLineBreak(byte) { break }
                if byte == quote {
                    return skipRestOfLine(in: bytes, from: position, line: &line, error: .quoteInUnquotedField, column: column)
                }
                if byte == CSVByte.nul {
                    return skipRestOfLine(in: bytes, from: position, line: &line, error: .nulByte, column: column)
                }
                // Another control byte or a space: content.
                position = CSVWordScan.firstSpecialInUnquotedField(in: bytes, from: position + 1, delimiter: delimiter)
            }
            fields.append(CSVField(start: fieldStart, end: position, isQuoted: false, hasEscapedQuotes: false))
            if position == count {
                return CSVRecordEnd(next: count, endsWithLineBreak: false, error: nil)
            }
            if bytes[position] == delimiter {
                position += 1
                column += 1
                continue
            }
            line += 1
            return CSVRecordEnd(next: offsetAfterLineBreak(in: bytes, at: position), endsWithLineBreak: true, error: nil)
        }
    }

    /// Error recovery: records `error` at the current line, then skips to just past the
    /// next line break (ignoring quotes) or to the end of the buffer.
    private static func skipRestOfLine(
        in bytes: UnsafeBufferPointer<UInt8>,
        from start: Int,
        line: inout Int,
        error kind: CSVRowError.Kind,
        column: Int
    ) -> CSVRecordEnd {
        let error = CSVRowError(kind: kind, line: line, column: column)
        var position = start
        while position < bytes.count {
            if isLineBreak(bytes[position]) {
                line += 1
                return CSVRecordEnd(next: offsetAfterLineBreak(in: bytes, at: position), endsWithLineBreak: true, error: error)
            }
            position += 1
        }
        return CSVRecordEnd(next: bytes.count, endsWithLineBreak: false, error: error)
    }
}
