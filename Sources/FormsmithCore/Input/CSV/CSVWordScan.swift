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

    /// The offset of the first byte at or after `start` that `matches`, or `bytes.count`;
    /// `lanes` flags (at least) the lowest matching byte of a little-endian word, as above.
    @inline(__always)
    private static func first(in bytes: UnsafeBufferPointer<UInt8>, from start: Int,
                              lanes: (UInt64) -> UInt64, matches: (UInt8) -> Bool) -> Int {
        let count = bytes.count
        var position = start
        if let base = bytes.baseAddress {
            while position + 8 <= count {
                // In bounds: loaded only while `position + 8 <= count`; the tail is read byte by byte below
                // `count`.
                let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                let mask = lanes(word)
                if mask != 0 { return position + mask.trailingZeroBitCount / 8 }
                position += 8
            }
        }
        while position < count {
            if matches(bytes[position]) { return position }
            position += 1
        }
        return count
    }

    /// The offset of the first quote, LF, CR or NUL at or after `start`, or `bytes.count`: the
    /// bytes that change the reader's course outside quotes.
    @inline(__always)
    static func firstQuoteLineBreakOrNul(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        first(in: bytes, from: start,
              lanes: { equal($0, CSVByte.quote) | equal($0, CSVByte.lineFeed) | equal($0, CSVByte.carriageReturn)
                  | equal($0, CSVByte.nul) },
              matches: { $0 == CSVByte.quote || $0 == CSVByte.lineFeed || $0 == CSVByte.carriageReturn
                  || $0 == CSVByte.nul })
    }

    /// The offset of the first LF or CR at or after `start`, or `bytes.count`.
    @inline(__always)
    static func firstLineBreak(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        first(in: bytes, from: start,
              lanes: { equal($0, CSVByte.lineFeed) | equal($0, CSVByte.carriageReturn) },
              matches: { $0 == CSVByte.lineFeed || $0 == CSVByte.carriageReturn })
    }

    /// The offset of the first byte at or after `start` that may end or break a quoted field
    /// (any byte up to the quote, 0x22: the quote, LF, CR, NUL), or `bytes.count`. The caller
    /// tells these apart; other control bytes and spaces are content, so it steps over them.
    @inline(__always)
    static func firstSpecialInQuotedField(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        first(in: bytes, from: start, lanes: { below($0, CSVByte.quote + 1) }, matches: { $0 <= CSVByte.quote })
    }

    /// The offset of the first byte at or after `start` that ends or breaks an unquoted
    /// field (the delimiter, or any byte up to the quote, 0x22: LF, CR, NUL, the quote), or
    /// `bytes.count`. The caller tells these apart; other control bytes and spaces are
    /// content, so it steps over them.
    @inline(__always)
    static func firstSpecialInUnquotedField(in bytes: UnsafeBufferPointer<UInt8>, from start: Int,
                                            delimiter: UInt8) -> Int {
        first(in: bytes, from: start, lanes: { below($0, CSVByte.quote + 1) | equal($0, delimiter) },
              matches: { $0 <= CSVByte.quote || $0 == delimiter })
    }
}
