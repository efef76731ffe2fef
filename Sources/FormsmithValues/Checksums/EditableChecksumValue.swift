/// A value being given new check characters (the generator's allocating path): the original
/// bytes, plus the compacted characters and where each one came from, so the result keeps the
/// original separators and letter case.
package struct EditableChecksumValue {
    private var bytes: [UInt8]
    private var positions: [Int]
    /// Separators removed, letters upper-cased; edit these, then call `rendered()`.
    package var compacted: [UInt8]

    /// Nil if `text` holds a character other than a separator, an ASCII digit or an ASCII letter.
    package init?(_ text: String) {
        bytes = Array(text.utf8)
        positions = []
        compacted = []
        positions.reserveCapacity(bytes.count)
        compacted.reserveCapacity(bytes.count)
        for (position, byte) in bytes.enumerated() where !ChecksumText.isSeparator(byte) {
            guard let normalized = ChecksumText.significant(byte) else { return nil }
            positions.append(position)
            compacted.append(normalized)
        }
    }

    /// The original text with the characters changed in `compacted` written back in place.
    package func rendered() -> String {
        var result = bytes
        for (index, position) in positions.enumerated()
        where ChecksumText.significant(result[position]) != compacted[index] {
            result[position] = compacted[index]
        }
        return String(decoding: result, as: UTF8.self)
    }
}
