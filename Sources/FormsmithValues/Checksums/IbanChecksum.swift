/// International bank account number (ISO 13616): two country letters, two check digits and a
/// BBAN with the structure the SWIFT IBAN registry gives for the country (length and character
/// class of every position), and the national check digits where Formsmith knows the country's
/// scheme (see `IbanNationalCheck`). A country outside the registry has no IBAN.
///
/// Moving the first four characters to the end and reading letters as 10 (A) … 35 (Z), the
/// number must be 1 mod 97. Check digits are always 02...98 (ISO 7064 MOD 97-10), so 00, 01
/// and 99 are rejected even though 99 and 02 leave the same remainder.
package enum IbanChecksum: CheckDigitScheme {
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

    private static func bban(_ chars: UnsafeMutableBufferPointer<UInt8>) -> UnsafeMutableBufferPointer<UInt8> {
        // In bounds: a slice of `chars`; only called after `hasValidShape` (count >= 4).
        UnsafeMutableBufferPointer(rebasing: chars[4...])
    }

    package static func hasValidShape(_ chars: UnsafeBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        guard chars.count >= 4, let country = IbanRegistry.country(chars[0], chars[1]),
              chars.count == country.length,
              ChecksumText.digitValue(chars[2]) != nil, ChecksumText.digitValue(chars[3]) != nil
        else { return false }
        // Compaction already guarantees upper-case letters and digits only.
        for (offset, characterClass) in country.classes.enumerated()
        where !IbanRegistry.fits(chars[offset + 4], characterClass) {
            return false
        }
        return true
    }

    package static func checkPasses(_ chars: UnsafeBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        guard checkDigitRange.contains(checkDigits(chars)), remainder(chars) == 1 else { return false }
        guard let national = IbanRegistry.country(chars[0], chars[1])?.nationalCheck else { return true }
        return national.passes(UnsafeBufferPointer(rebasing: chars[4...]))
    }

    /// Gives a candidate of unregistered country, or of the wrong length for its country, a
    /// registered country of its length (picked by the candidate's characters), and puts each
    /// BBAN character into its registered class (a letter where a digit belongs becomes a
    /// digit and the other way round).
    package static func repairStructure(_ chars: UnsafeMutableBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        guard chars.count >= 4 else { return false }
        var country = IbanRegistry.country(chars[0], chars[1])
        if country?.length != chars.count {
            var hash = 0
            for byte in chars { hash = (hash &* 31 &+ Int(byte)) & 0xFFFF }
            guard let other = IbanRegistry.country(ofLength: chars.count, hash: hash) else { return false }
            chars[0] = other.code.0
            chars[1] = other.code.1
            country = other
        }
        guard let country else { return false }
        for offset in 2..<4 where ChecksumText.digitValue(chars[offset]) == nil {
            chars[offset] = ChecksumText.zero
        }
        for (offset, characterClass) in country.classes.enumerated() {
            let byte = chars[offset + 4]
            guard !IbanRegistry.fits(byte, characterClass) else { continue }
            chars[offset + 4] = ChecksumText.isLetter(byte)
                ? ChecksumText.digit(Int(byte &- ChecksumText.upperA) % 10)
                : ChecksumText.upperA &+ UInt8(truncatingIfNeeded: (Int(byte &- ChecksumText.zero) * 7 + offset) % 26)
        }
        return true
    }

    package static func writeCheckCharacters(_ chars: UnsafeMutableBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        if let national = IbanRegistry.country(chars[0], chars[1])?.nationalCheck {
            guard national.write(bban(chars), repairing: true) else { return false }
        }
        chars[2] = ChecksumText.zero
        chars[3] = ChecksumText.zero
        let check = 98 - remainder(UnsafeBufferPointer(chars))
        chars[2] = ChecksumText.digit(check / 10)
        chars[3] = ChecksumText.digit(check % 10)
        return true
    }

    package static func spoilCheckCharacter(_ chars: UnsafeMutableBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        // Move the second check digit by one, staying inside 02...98 so the value keeps a
        // plausible look: a difference of 1 can never be a multiple of 97.
        let check = checkDigits(UnsafeBufferPointer(chars))
        let spoiled = (check % 10 == 9 || check == 98) ? check - 1 : check + 1
        chars[3] = ChecksumText.digit(spoiled % 10)
        return true
    }
}
