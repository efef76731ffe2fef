/// Luhn mod 10 over all digits (payment cards, IMEI, …): at least two digits, the last one
/// being the check digit.
///
/// From the right, every second digit is doubled (subtracting 9 when the double exceeds 9);
/// the total must end in 0. The number has no fixed length, so unlike the other schemes it is
/// also validated straight from the raw bytes (`isValid(raw:)`), without a bounded copy.
package enum LuhnChecksum: CheckDigitScheme {
    private static let minimumLength = 2

    /// The Luhn total of the digits of `bytes`, skipping separators, or nil if `bytes` holds
    /// anything else or fewer than two digits.
    private static func total(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var digitCount = 0
        for byte in bytes where !ChecksumText.isSeparator(byte) {
            guard ChecksumText.digitValue(byte) != nil else { return nil }
            digitCount += 1
        }
        guard digitCount >= minimumLength else { return nil }
        var sum = 0
        var positionFromRight = digitCount - 1
        for byte in bytes where !ChecksumText.isSeparator(byte) {
            let digit = Int(byte &- ChecksumText.zero)
            if positionFromRight % 2 == 1 {
                let doubled = digit * 2
                sum += doubled > 9 ? doubled - 9 : doubled
            } else {
                sum += digit
            }
            positionFromRight -= 1
        }
        return sum
    }

    /// Validates uncompacted bytes of any length, ignoring separators.
    package static func isValid(raw bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let sum = total(bytes) else { return false }
        return sum % 10 == 0
    }

    package static func hasValidShape(_ chars: UnsafeBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        chars.count >= minimumLength && ChecksumText.allDigits(chars)
    }

    package static func checkPasses(_ chars: UnsafeBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        isValid(raw: chars)
    }

    package static func writeCheckCharacters(_ chars: UnsafeMutableBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        let last = chars.count - 1
        chars[last] = ChecksumText.zero
        guard let sum = total(UnsafeBufferPointer(chars)) else { return false }
        chars[last] = ChecksumText.digit((10 - sum % 10) % 10)
        return true
    }

    package static func spoilCheckCharacter(_ chars: UnsafeMutableBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        ChecksumText.bumpDigit(chars, at: chars.count - 1)
        return true
    }
}
