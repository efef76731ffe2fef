/// Russian primary state registration number: ОГРН (13 digits, organisations) or ОГРНИП
/// (15 digits, individual entrepreneurs), told apart by length.
///
/// The last digit is the number formed by the digits before it, taken mod 11 (ОГРН) or
/// mod 13 (ОГРНИП), then mod 10.
enum OgrnChecksum: CheckDigitScheme {
    private static func checkDigit(_ chars: UnsafeBufferPointer<UInt8>) -> Int {
        let modulus = chars.count == 13 ? 11 : 13
        var remainder = 0
        for index in 0..<(chars.count - 1) {
            remainder = (remainder * 10 + ChecksumText.digitAt(chars, index)) % modulus
        }
        return remainder % 10
    }

    static func hasValidShape(_ chars: UnsafeBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        (chars.count == 13 || chars.count == 15) && ChecksumText.allDigits(chars)
    }

    static func checkPasses(_ chars: UnsafeBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        checkDigit(chars) == ChecksumText.digitAt(chars, chars.count - 1)
    }

    static func writeCheckCharacters(_ chars: UnsafeMutableBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        chars[chars.count - 1] = ChecksumText.digit(checkDigit(UnsafeBufferPointer(chars)))
        return true
    }

    static func spoilCheckCharacter(_ chars: UnsafeMutableBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        ChecksumText.bumpDigit(chars, at: chars.count - 1)
        return true
    }
}
