/// Strings: the scan over their content (8 bytes at a time where possible), escapes, and UTF-8
/// validation with exact error positions.
extension JSONParser {
    /// Reads the string whose opening quote is at `position`. The scan runs over a local
    /// position, written back to `position` only for an escape, a multi-byte character the
    /// scan does not take and an error, so plain text costs no stores of the position.
    mutating func parseString() throws(JSONSyntaxError) {
        let quote = position
        let contentStart = position + 1
        var hasEscapes = false
        // The buffer holds the opening quote, so it has a base address.
        guard let base = bytes.baseAddress else {
            throw JSONSyntaxError(message: "unterminated string: missing closing quote", offset: quote)
        }
        let count = bytes.count
        var at = contentStart
        while true {
            at = Self.skipPlainText(base, count, from: at)
            guard at < count else {
                throw JSONSyntaxError(message: "unterminated string: missing closing quote", offset: quote)
            }
            // In bounds: `at < count`, checked above.
            let byte = base[at]
            if byte == UInt8(ascii: "\"") { break }
            position = at
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                try skipEscape()
            } else if byte < 0x20 {
                throw error("control character \(Self.describeByte(byte)) inside a string: escape it (for example \\n)")
            } else {
                try skipUTF8Sequence()
            }
            at = position
        }
        appendLeaf(.string, start: contentStart, end: at, hasEscapes: hasEscapes)
        position = at &+ 1
    }

    /// Reads the string at `position` when its content is at most 15 bytes of printable ASCII
    /// without quotes or backslashes (most member names and many values); returns false, having
    /// read nothing, for any other string.
    @inline(__always)
    mutating func parseShortPlainString() -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let end = Self.shortPlainStringEnd(base, bytes.count, quote: position)
        guard end >= 0 else { return false }
        appendLeaf(.string, start: position + 1, end: end)
        position = end + 1
        return true
    }

    /// The offset of the closing quote of the string whose opening quote is at `quote` (below
    /// `count`, the bytes after `base`), when its content is at most 15 bytes of printable ASCII
    /// without quotes or backslashes, told with two word-sized looks; -1 for any other string.
    @inline(__always)
    static func shortPlainStringEnd(_ base: UnsafePointer<UInt8>, _ count: Int, quote: Int) -> Int {
        // `quote < count`, so neither sum overflows.
        let start = quote &+ 1
        guard start &+ 16 <= count else { return -1 }
        // In bounds: both 8-byte loads (`start` and `start + 8`) and `base[end]` (end < start + 16) lie below
        // `start + 16 <= count`, checked above.
        var attention = attentionMask(UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
        var end = start
        if attention == 0 {
            attention = attentionMask(UnsafeRawPointer(base + start + 8).loadUnaligned(as: UInt64.self))
            guard attention != 0 else { return -1 }
            end &+= 8
        }
        end &+= attention.trailingZeroBitCount >> 3
        return base[end] == UInt8(ascii: "\"") ? end : -1
    }

    /// The offset of the first byte from `start` on (at most `count`, the bytes after `base`)
    /// that string content needs attention for: anything but printable ASCII other than the
    /// quote and the backslash, and two-byte UTF-8 sequences (Cyrillic, Greek, accented Latin),
    /// which are well-formed whenever the second byte is a continuation byte; `count` when there
    /// is none. Works on 8 bytes at a time while they lie inside the buffer; the caller examines
    /// the byte it stops at.
    @inline(__always)
    static func skipPlainText(_ base: UnsafePointer<UInt8>, _ count: Int, from start: Int) -> Int {
        var at = start
        // `at` stays at most `count` (it moves only past bytes checked to be below `count`), so
        // `at &+ 8` and `at &+ 2` cannot overflow.
        while at &+ 8 <= count {
            // In bounds: loaded only while `at + 8 <= count`; `base[at]` after the skip is inside that word,
            // `base[at + 1]` is checked against `count`.
            let word = UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)
            let attention = attentionMask(word)
            if attention == 0 || isFourTwoByteSequences(word) {
                at &+= 8
                continue
            }
            at &+= attention.trailingZeroBitCount >> 3
            let byte = base[at]
            guard byte >= 0xC2, byte <= 0xDF, at &+ 1 < count, base[at &+ 1] & 0xC0 == 0x80 else { return at }
            at &+= 2
        }
        while at < count {
            let byte = base[at]
            if byte >= 0x80 {
                guard byte >= 0xC2, byte <= 0xDF, at &+ 1 < count, base[at &+ 1] & 0xC0 == 0x80 else { return at }
                at &+= 2
                continue
            }
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return at }
            at &+= 1
        }
        return at
    }

    /// The high bit of the first byte of `word` (little-endian) that is a quote, a backslash, a
    /// control character or non-ASCII, and perhaps of bytes after it; 0 when there is none.
    /// The scans need only that first byte (`trailingZeroBitCount >> 3`): each test subtracts
    /// per byte, and a borrow runs only upwards from a byte that already needs attention, so
    /// the bytes below the first are told exactly, in about half the operations of an exact
    /// test of every byte.
    @inline(__always)
    static func attentionMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        // `x &- ones & ~x` marks a zero byte; `word &- 0x20 & ~word` an ASCII byte below 0x20.
        let marks = ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
            | ((word &- ones &* 0x20) & ~word)
        return (marks | word) & (ones &* 0x80)
    }

    /// Whether `word` is four well-formed two-byte UTF-8 sequences: leads 0xC2...0xDF at even
    /// offsets, continuation bytes at odd ones.
    @inline(__always)
    static func isFourTwoByteSequences(_ word: UInt64) -> Bool {
        guard word & 0xC0E0_C0E0_C0E0_C0E0 == 0x80C0_80C0_80C0_80C0 else { return false }
        // A lead's bits 1...4 are not all zero: 0xC0 and 0xC1 would be overlong forms.
        let leadBits = word & 0x001E_001E_001E_001E
        return (leadBits &+ 0x7FFF_7FFF_7FFF_7FFF) & 0x8000_8000_8000_8000 == 0x8000_8000_8000_8000
    }

    mutating func skipEscape() throws(JSONSyntaxError) {
        guard position + 1 < bytes.count else { throw error("unterminated escape sequence") }
        switch bytes[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 2
        case UInt8(ascii: "u"):
            let unit = try hex4(at: position + 2)
            position += 6
            if (0xD800...0xDBFF).contains(unit) {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u"),
                    (0xDC00...0xDFFF).contains(try hex4(at: position + 2))
                else {
                    throw JSONSyntaxError(
                        message: "lone surrogate \\u\(String(unit, radix: 16)) is not a character; "
                            + "pair it with a low surrogate", offset: position - 6)
                }
                position += 6
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw JSONSyntaxError(
                    message: "lone low surrogate \\u\(String(unit, radix: 16)) is not a character", offset: position - 6)
            }
        default:
            throw error("invalid escape '\\\(Self.printable(bytes[position + 1]))' in a string")
        }
    }

    func hex4(at offset: Int) throws(JSONSyntaxError) -> UInt32 {
        guard offset + 4 <= bytes.count else {
            throw JSONSyntaxError(message: "\\u escape needs four hex digits", offset: offset)
        }
        var value: UInt32 = 0
        for index in offset..<offset + 4 {
            guard let digit = JSONStrings.hexValue(bytes[index]) else {
                throw JSONSyntaxError(message: "\\u escape needs four hex digits", offset: index)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Validates one multi-byte UTF-8 sequence (rejecting overlong forms and surrogates).
    mutating func skipUTF8Sequence() throws(JSONSyntaxError) {
        let lead = bytes[position]
        let length: Int
        let minimum: UInt32
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(lead & 0x07)
        default: throw error("invalid UTF-8: \(Self.describeByte(lead)) cannot start a character; the file must be UTF-8 encoded")
        }
        guard position + length <= bytes.count else { throw error("truncated UTF-8 sequence") }
        for offset in 1..<length {
            let byte = bytes[position + offset]
            guard byte & 0xC0 == 0x80 else { throw error("invalid UTF-8 sequence; the file must be UTF-8 encoded") }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) {
            throw error("invalid UTF-8 sequence (overlong form or surrogate); the file must be UTF-8 encoded")
        }
        position += length
    }
}
