/// Russian taxpayer number (ИНН): 10 digits for an organisation, 12 for an individual.
///
/// A check digit over the `n` digits before it is `(Σ digit·weight) mod 11 mod 10`, with the
/// last `n` weights of 3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8. The 10-digit number has one check digit
/// (over 9 digits); the 12-digit number has two (over 10, then over 11 digits).
package enum InnChecksum: CheckDigitScheme {
    private static let weights = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]

    /// The check digit for the first `count` digits of `chars`.
    private static func checkDigit(_ chars: UnsafeBufferPointer<UInt8>, over count: Int) -> Int {
        let offset = weights.count - count
        var sum = 0
        for index in 0..<count {
            sum += ChecksumText.digitAt(chars, index) * weights[offset + index]
        }
        return sum % 11 % 10
    }

    package static func hasValidShape(_ chars: UnsafeBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        (chars.count == 10 || chars.count == 12) && ChecksumText.allDigits(chars)
    }

    package static func checkPasses(_ chars: UnsafeBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        if chars.count == 10 {
            return checkDigit(chars, over: 9) == ChecksumText.digitAt(chars, 9)
        }
        return checkDigit(chars, over: 10) == ChecksumText.digitAt(chars, 10)
            && checkDigit(chars, over: 11) == ChecksumText.digitAt(chars, 11)
    }

    package static func writeCheckCharacters(_ chars: UnsafeMutableBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        // Each check digit only depends on the digits before it, so writing left to right works.
        for index in (chars.count == 10 ? 9..<10 : 10..<12) {
            chars[index] = ChecksumText.digit(checkDigit(UnsafeBufferPointer(chars), over: index))
        }
        return true
    }

    package static func spoilCheckCharacter(_ chars: UnsafeMutableBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        ChecksumText.bumpDigit(chars, at: chars.count - 1)
        return true
    }
}
