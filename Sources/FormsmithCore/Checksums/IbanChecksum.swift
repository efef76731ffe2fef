/// International bank account number (ISO 13616): two country letters, two check digits and
/// an alphanumeric BBAN, of the registered length for known countries (15...34 otherwise).
///
/// Moving the first four characters to the end and reading letters as 10 (A) … 35 (Z), the
/// number must be 1 mod 97. Check digits are always 02...98 (ISO 7064 MOD 97-10), so 00, 01
/// and 99 are rejected even though 99 and 02 leave the same remainder.
enum IbanChecksum: CheckDigitScheme {
    private static let checkDigitRange = 2...98

    /// The rearranged value mod 97, computed character by character.
    private static func remainder(_ chars: UnsafeBufferPointer<UInt8>) -> Int {
        var remainder = 0
        for step in 0..<chars.count {
            let byte = chars[(step + 4) % chars.count]
            if let digit = ChecksumText.digitValue(byte) {
                remainder = (remainder * 10 + digit) % 97
            } else {
                remainder = (remainder * 100 + Int(byte &- ChecksumText.upperA) + 10) % 97
            }
        }
        return remainder
    }

    private static func checkDigits(_ chars: UnsafeBufferPointer<UInt8>) -> Int {
        ChecksumText.digitAt(chars, 2) * 10 + ChecksumText.digitAt(chars, 3)
    }

    static func hasValidShape(_ chars: UnsafeBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        guard chars.count >= 4, ChecksumText.isLetter(chars[0]), ChecksumText.isLetter(chars[1]),
              ChecksumText.digitValue(chars[2]) != nil, ChecksumText.digitValue(chars[3]) != nil
        else { return false }
        // Compaction already guarantees the BBAN is upper-case letters and digits only.
        if let length = IbanCountryLengths.length(chars[0], chars[1]) {
            return chars.count == length
        }
        return IbanCountryLengths.generalRange.contains(chars.count)
    }

    static func checkPasses(_ chars: UnsafeBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        checkDigitRange.contains(checkDigits(chars)) && remainder(chars) == 1
    }

    static func writeCheckCharacters(_ chars: UnsafeMutableBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        chars[2] = ChecksumText.zero
        chars[3] = ChecksumText.zero
        let check = 98 - remainder(UnsafeBufferPointer(chars))
        chars[2] = ChecksumText.digit(check / 10)
        chars[3] = ChecksumText.digit(check % 10)
        return true
    }

    static func spoilCheckCharacter(_ chars: UnsafeMutableBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        // Move the second check digit by one, staying inside 02...98 so the value keeps a
        // plausible look: a difference of 1 can never be a multiple of 97.
        let check = checkDigits(UnsafeBufferPointer(chars))
        let spoiled = (check % 10 == 9 || check == 98) ? check - 1 : check + 1
        chars[3] = ChecksumText.digit(spoiled % 10)
        return true
    }
}
