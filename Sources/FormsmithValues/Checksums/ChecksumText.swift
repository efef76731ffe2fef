/// Byte-level helpers shared by the checksum schemes.
///
/// A value is "compacted" before a scheme sees it: separators (space, hyphen) are dropped
/// and ASCII letters are upper-cased. Any other byte (including every non-ASCII byte) makes
/// the value unusable.
package enum ChecksumText {
    /// The longest compacted value any fixed-length scheme accepts (an IBAN has at most 34).
    package static let maximumCompactedLength = 34

    package static let zero = UInt8(ascii: "0")
    package static let nine = UInt8(ascii: "9")
    package static let upperA = UInt8(ascii: "A")
    package static let upperZ = UInt8(ascii: "Z")

    /// Whether `byte` is a separator that is ignored wherever it appears.
    @inline(__always)
    package static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-")
    }

    /// `byte` with ASCII lower-case letters upper-cased, or nil unless it is an ASCII digit or letter.
    @inline(__always)
    package static func significant(_ byte: UInt8) -> UInt8? {
        switch byte {
        case zero...nine, upperA...upperZ: return byte
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte &- 0x20
        default: return nil
        }
    }

    /// The value of an ASCII digit, or nil for any other byte.
    @inline(__always)
    package static func digitValue(_ byte: UInt8) -> Int? {
        byte >= zero && byte <= nine ? Int(byte &- zero) : nil
    }

    /// The ASCII digit for `value` (0...9).
    @inline(__always)
    package static func digit(_ value: Int) -> UInt8 {
        zero &+ UInt8(truncatingIfNeeded: value)
    }

    /// Whether `byte` is an upper-case ASCII letter.
    @inline(__always)
    package static func isLetter(_ byte: UInt8) -> Bool {
        byte >= upperA && byte <= upperZ
    }

    /// Whether every byte of `chars` is an ASCII digit.
    package static func allDigits(_ chars: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in chars where digitValue(byte) == nil { return false }
        return true
    }

    /// The digit at `index` of an all-digit buffer (callers check the shape first).
    @inline(__always)
    package static func digitAt(_ chars: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int {
        Int(chars[index] &- zero)
    }

    /// Copies the significant bytes of `source` (separators dropped, letters upper-cased) into
    /// `destination`. Returns how many were copied, or nil if `source` holds a byte that is
    /// neither a separator, a digit nor an ASCII letter, or has more significant bytes than fit.
    package static func compact(
        _ source: UnsafeBufferPointer<UInt8>,
        into destination: UnsafeMutableBufferPointer<UInt8>
    ) -> Int? {
        var count = 0
        for byte in source {
            if isSeparator(byte) { continue }
            guard let normalized = significant(byte), count < destination.count else { return nil }
            destination[count] = normalized
            count += 1
        }
        return count
    }

    /// Replaces the digit at `index` by another digit, so a single check digit no longer matches.
    package static func bumpDigit(_ chars: UnsafeMutableBufferPointer<UInt8>, at index: Int) {
        let value = Int(chars[index] &- zero)
        chars[index] = digit((value + 1) % 10)
    }
}
