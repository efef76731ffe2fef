/// Russian individual insurance account number (СНИЛС): 9 digits and a 2-digit check number.
///
/// The sum is `Σ digit·weight` with weights 9, 8, …, 1. The check number is the sum when it is
/// below 100, `00` when it is 100 or 101, and otherwise `sum mod 101` (with 100 written `00`).
/// The Pension Fund only checks numbers above 001-001-998: any check number is accepted for
/// lower ones. The check number always fits two digits, so every shape can be made valid.
package enum SnilsChecksum: CheckDigitScheme {
    /// The highest number issued without a check number.
    private static let highestUncheckedNumber = 1_001_998

    private static func number(_ chars: UnsafeBufferPointer<UInt8>) -> Int {
        var value = 0
        for index in 0..<9 { value = value * 10 + ChecksumText.digitAt(chars, index) }
        return value
    }

    private static func checkNumber(_ chars: UnsafeBufferPointer<UInt8>) -> Int {
        var sum = 0
        for index in 0..<9 { sum += ChecksumText.digitAt(chars, index) * (9 - index) }
        if sum < 100 { return sum }
        if sum <= 101 { return 0 }
        let remainder = sum % 101
        return remainder == 100 ? 0 : remainder
    }

    package static func hasValidShape(_ chars: UnsafeBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        chars.count == 11 && ChecksumText.allDigits(chars)
    }

    package static func checkPasses(_ chars: UnsafeBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        if number(chars) <= highestUncheckedNumber { return true }
        let written = ChecksumText.digitAt(chars, 9) * 10 + ChecksumText.digitAt(chars, 10)
        return written == checkNumber(chars)
    }

    package static func writeCheckCharacters(_ chars: UnsafeMutableBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        // Unchecked numbers get the computed check number too: it is accepted like any other.
        let check = checkNumber(UnsafeBufferPointer(chars))
        chars[9] = ChecksumText.digit(check / 10)
        chars[10] = ChecksumText.digit(check % 10)
        return true
    }

    package static func spoilCheckCharacter(_ chars: UnsafeMutableBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        guard number(UnsafeBufferPointer(chars)) > highestUncheckedNumber else { return false }
        ChecksumText.bumpDigit(chars, at: 10)
        return true
    }
}
