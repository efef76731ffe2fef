/// Russian primary state registration number: ОГРН (13 digits, organisations) or ОГРНИП
/// (15 digits, individual entrepreneurs), told apart by length.
///
/// The first digit is the record type: 1 or 5 for an ОГРН, 3 or 4 for an ОГРНИП (the types
/// in use; 2 and 6…9 were state registration numbers of other records, never an ОГРН). The
/// last digit is the number formed by the digits before it, taken mod 11 (ОГРН) or mod 13
/// (ОГРНИП), then mod 10.
package enum OgrnChecksum: CheckDigitScheme {
    /// Whether `digit` is a record type in use for a number of `length` digits.
    private static func isRecordType(_ digit: Int, length: Int) -> Bool {
        length == 13 ? digit == 1 || digit == 5 : digit == 3 || digit == 4
    }

    private static func checkDigit(_ chars: UnsafeBufferPointer<UInt8>) -> Int {
        let modulus = chars.count == 13 ? 11 : 13
        var remainder = 0
        for index in 0..<(chars.count - 1) {
            remainder = (remainder * 10 + ChecksumText.digitAt(chars, index)) % modulus
        }
        return remainder % 10
    }

    package static func hasValidShape(_ chars: UnsafeBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        (chars.count == 13 || chars.count == 15) && ChecksumText.allDigits(chars)
            && isRecordType(ChecksumText.digitAt(chars, 0), length: chars.count)
    }

    /// Gives a candidate of 13 or 15 digits a record type in use: an even first digit becomes
    /// 1 (ОГРН) or 4 (ОГРНИП), an odd one 5 or 3.
    package static func repairStructure(_ chars: UnsafeMutableBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        guard chars.count == 13 || chars.count == 15, let first = ChecksumText.digitValue(chars[0]) else { return false }
        if !isRecordType(first, length: chars.count) {
            let type = chars.count == 13 ? (first % 2 == 0 ? 1 : 5) : (first % 2 == 0 ? 4 : 3)
            chars[0] = ChecksumText.digit(type)
        }
        return true
    }

    package static func checkPasses(_ chars: UnsafeBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        checkDigit(chars) == ChecksumText.digitAt(chars, chars.count - 1)
    }

    package static func writeCheckCharacters(_ chars: UnsafeMutableBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        chars[chars.count - 1] = ChecksumText.digit(checkDigit(UnsafeBufferPointer(chars)))
        return true
    }

    package static func spoilCheckCharacter(_ chars: UnsafeMutableBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        ChecksumText.bumpDigit(chars, at: chars.count - 1)
        return true
    }
}
