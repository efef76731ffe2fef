/// Cutting CSV files: the header is read once; the rows after it are cut into
/// chunks at record boundaries (`CSVBoundaryScanner`, which runs the reader's own state
/// machine, so a quoted field with line breaks is never split), each chunk knowing the
/// physical line it starts on.
extension InputChunker {
    /// The next CSV work item from the pending bytes, or nil when more must be read.
    func csvChunk(_ state: inout StreamState) -> WorkItem? {
        if state.csvSkipper != nil, !skipOversizedRecord(&state) { return nil }
        guard let header = state.csvHeader else { return csvHeader(&state) }
        guard !state.pending.isEmpty else { return nil }
        if state.atEnd {
            return takeChunk(&state, end: state.pending.count, lines: 0, kind: .csvRows(header))
        }
        let scanner = CSVBoundaryScanner(dialect: dialect)
        let firstLine = state.nextLine
        if let boundary = state.pending.withUnsafeBufferPointer({ scanner.lastRecordEnd(in: $0, firstLine: firstLine) }) {
            return takeChunk(&state, end: boundary.end, lines: boundary.lineCount, kind: .csvRows(header))
        }
        guard state.pending.count > limits.maxRecordBytes else { return nil }
        // One record fills the whole buffer: report it and skip to its end.
        let line = state.nextLine
        state.csvSkipper = CSVRecordSkipper()
        _ = skipOversizedRecord(&state)
        return failure(state, "line \(line): the row is longer than \(Self.describe(limits.maxRecordBytes)); "
                       + "it was skipped (an unclosed quote makes the rest of the file one row)", line: line)
    }

    /// Feeds the pending bytes to the skipper; true once the oversized record has ended.
    private func skipOversizedRecord(_ state: inout StreamState) -> Bool {
        guard var skipper = state.csvSkipper else { return true }
        let end = state.pending.withUnsafeBufferPointer { skipper.scan($0) }
        state.nextLine += skipper.takeLines()
        if let end {
            state.pending.removeSubrange(0..<end)
            state.csvSkipper = nil
            return true
        }
        state.pending.removeAll(keepingCapacity: true)
        state.csvSkipper = skipper
        return false
    }

    /// Reads the header row once it is complete.
    private func csvHeader(_ state: inout StreamState) -> WorkItem? {
        let firstLine = state.nextLine
        let scanner = CSVBoundaryScanner(dialect: dialect)
        let boundary = state.pending.withUnsafeBufferPointer { scanner.lastRecordEnd(in: $0, firstLine: firstLine) }
        guard boundary != nil || state.atEnd else {
            guard state.pending.count > limits.maxRecordBytes else { return nil }
            state.isFinished = true
            return failure(state, "line \(firstLine): the header row is longer than \(Self.describe(limits.maxRecordBytes)); "
                           + "the file was not read")
        }
        let end = state.atEnd ? state.pending.count : boundary?.end ?? 0
        let dialect = dialect
        let read = state.pending.withUnsafeBufferPointer { whole -> HeaderRead in
            let buffer = UnsafeBufferPointer(rebasing: whole[0..<end])
            var reader = CSVReader(bytes: buffer, dialect: dialect, firstLine: firstLine)
            var row = CSVRow()
            guard reader.next(into: &row) else { return .blank(nextLine: reader.line) }
            if let error = row.error { return .broken(error) }
            // The header as written, with a byte order mark if the file has one.
            var record = CSVRecordParser.startOffset(in: buffer, firstLine: firstLine) > 0 ? CSVByte.byteOrderMark : []
            record += buffer[row.byteRange]
            if let last = record.last, !CSVRecordParser.isLineBreak(last) { record.append(CSVByte.lineFeed) }
            return .header(CSVHeader(row: row, in: buffer), record: record, line: row.line, consumed: reader.offset,
                           nextLine: reader.line)
        }
        switch read {
        case .blank(let nextLine):
            state.pending.removeSubrange(0..<end)
            state.nextLine = nextLine
            guard state.atEnd else { return nil }
            state.isFinished = true
            return failure(state, "the file is empty: a CSV file starts with a header row naming the columns", line: 1)
        case .broken(let error):
            state.isFinished = true
            return failure(state, "\(error.description); this is the header row, so the file was not read",
                           line: error.line)
        case .header(let header, let record, let line, let consumed, let nextLine):
            state.pending.removeSubrange(0..<consumed)
            state.nextLine = nextLine
            let file = CSVFileHeader(header: header, dialect: dialect, record: record, line: line)
            state.csvHeader = file
            return WorkItem(sourceIndex: state.index, source: state.source, kind: .csvHeader(file), bytes: [],
                            firstLine: line)
        }
    }

    private enum HeaderRead {
        case blank(nextLine: Int)
        case broken(CSVRowError)
        case header(CSVHeader, record: [UInt8], line: Int, consumed: Int, nextLine: Int)
    }

    /// `64 MiB`, or a byte count for small limits.
    static func describe(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}

/// Finds the end of a CSV record too large to buffer, block by block, counting physical
/// lines. It follows quotes (a line break inside quotes does not end the record); unlike
/// the reader it does not recover from a stray quote, which is acceptable for a record
/// that is reported as skipped anyway.
struct CSVRecordSkipper {
    private var inQuotes = false
    private var lastWasCarriageReturn = false
    /// The record ended with a CR that was the last byte of a block: a LF may follow.
    private var endedOnCarriageReturn = false
    private var lines = 0

    /// The physical lines passed since the last call.
    mutating func takeLines() -> Int {
        defer { lines = 0 }
        return lines
    }

    /// Scans the next block; returns the offset just past the record's line break, or nil
    /// when the record goes on after `bytes`.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !bytes.isEmpty else { return nil }
        if endedOnCarriageReturn {
            return bytes[0] == CSVByte.lineFeed ? 1 : 0
        }
        for index in bytes.indices {
            switch bytes[index] {
            case CSVByte.quote:
                inQuotes.toggle()
                lastWasCarriageReturn = false
            case CSVByte.lineFeed:
                if !lastWasCarriageReturn { lines += 1 }
                lastWasCarriageReturn = false
                if !inQuotes { return index + 1 }
            case CSVByte.carriageReturn:
                lines += 1
                lastWasCarriageReturn = true
                guard !inQuotes else { continue }
                guard index + 1 < bytes.count else {
                    endedOnCarriageReturn = true
                    return nil
                }
                return bytes[index + 1] == CSVByte.lineFeed ? index + 2 : index + 1
            default:
                lastWasCarriageReturn = false
            }
        }
        return nil
    }
}
