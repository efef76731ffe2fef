/// Word-sized scanning for the CSV reader and boundary scanner: eight bytes per step, as
/// the JSON parser scans strings.
///
/// Each mask has the high bit set in every byte lane that needs attention. The classic
/// "has zero byte" formula can flag a lane above a real match (a borrow), never one below,
/// so the lowest flagged lane is always exact, which is all these functions use.
enum CSVWordScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Lanes whose byte equals `byte`.
    @inline(__always)
    private static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highs
    }

    /// Lanes whose byte is below `limit` (at most 0x80).
    @inline(__always)
    private static func below(_ word: UInt64, _ limit: UInt8) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highs
    }

    /// The offset of the first quote, LF or CR at or after `start`, or `bytes.count`.
    @inline(__always)
    static func firstQuoteOrLineBreak(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = bytes.count
        var position = start
        if let base = bytes.baseAddress {
            while position + 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                let mask = equal(word, CSVByte.quote) | equal(word, CSVByte.lineFeed)
                    | equal(word, CSVByte.carriageReturn)
                if mask != 0 { return position + mask.trailingZeroBitCount / 8 }
                position += 8
            }
        }
        while position < count {
            let byte = bytes[position]
            if byte == CSVByte.quote || byte == CSVByte.lineFeed || byte == CSVByte.carriageReturn { return position }
            position += 1
        }
        return count
    }

    /// The offset of the first quote, LF, CR or NUL at or after `start`, or `bytes.count`: the
    /// bytes that change the reader's course outside quotes.
    @inline(__always)
    static func firstQuoteLineBreakOrNul(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = bytes.count
        var position = start
        if let base = bytes.baseAddress {
            while position + 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                let mask = equal(word, CSVByte.quote) | equal(word, CSVByte.lineFeed)
                    | equal(word, CSVByte.carriageReturn) | equal(word, CSVByte.nul)
                if mask != 0 { return position + mask.trailingZeroBitCount / 8 }
                position += 8
            }
        }
        while position < count {
            let byte = bytes[position]
            if byte == CSVByte.quote || byte == CSVByte.lineFeed || byte == CSVByte.carriageReturn
                || byte == CSVByte.nul { return position }
            position += 1
        }
        return count
    }

    /// The offset of the first LF or CR at or after `start`, or `bytes.count`.
    @inline(__always)
    static func firstLineBreak(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = bytes.count
        var position = start
        if let base = bytes.baseAddress {
            while position + 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                let mask = equal(word, CSVByte.lineFeed) | equal(word, CSVByte.carriageReturn)
                if mask != 0 { return position + mask.trailingZeroBitCount / 8 }
                position += 8
            }
        }
        while position < count {
            if bytes[position] == CSVByte.lineFeed || bytes[position] == CSVByte.carriageReturn { return position }
            position += 1
        }
        return count
    }

    /// The offset of the first byte at or after `start` that may end or break a quoted field
    /// (any byte up to the quote, 0x22: the quote, LF, CR, NUL), or `bytes.count`. The caller
    /// tells these apart; other control bytes and spaces are content, so it steps over them.
    @inline(__always)
    static func firstSpecialInQuotedField(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = bytes.count
        var position = start
        if let base = bytes.baseAddress {
            while position + 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                let mask = below(word, CSVByte.quote + 1)
                if mask != 0 { return position + mask.trailingZeroBitCount / 8 }
                position += 8
            }
        }
        while position < count {
            if bytes[position] <= CSVByte.quote { return position }
            position += 1
        }
        return count
    }

    /// The offset of the first byte at or after `start` that ends or breaks an unquoted
    /// field (the delimiter, or any byte up to the quote, 0x22: LF, CR, NUL, the quote), or
    /// `bytes.count`. The caller tells these apart; other control bytes and spaces are
    /// content, so it steps over them.
    @inline(__always)
    static func firstSpecialInUnquotedField(in bytes: UnsafeBufferPointer<UInt8>, from start: Int,
                                            delimiter: UInt8) -> Int {
        let count = bytes.count
        var position = start
        if let base = bytes.baseAddress {
            while position + 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                let mask = below(word, CSVByte.quote + 1) | equal(word, delimiter)
                if mask != 0 { return position + mask.trailingZeroBitCount / 8 }
                position += 8
            }
        }
        while position < count {
            let byte = bytes[position]
            if byte <= CSVByte.quote || byte == delimiter { return position }
            position += 1
        }
        return count
    }
}
