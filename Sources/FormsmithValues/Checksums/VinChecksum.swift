/// Vehicle identification number (ISO 3779), 17 characters without I, O or Q, with the
/// North-American check digit at position 9.
///
/// Letters are transliterated (A–H → 1–8, J–N → 1–5, P → 7, R → 9, S–Z → 2–9), each character
/// multiplied by its weight (8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2), and the sum
/// taken mod 11; a remainder of 10 is written `X`.
package enum VinChecksum: CheckDigitScheme {
    private static let length = 17
    private static let checkIndex = 8
    private static let weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]
    private static let letterX = UInt8(ascii: "X")

    /// The transliterated value of a VIN character, or nil if it may not appear in a VIN.
    private static func value(_ byte: UInt8) -> Int? {
        if let digit = ChecksumText.digitValue(byte) { return digit }
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "H"): return Int(byte - UInt8(ascii: "A")) + 1
        case UInt8(ascii: "J")...UInt8(ascii: "N"): return Int(byte - UInt8(ascii: "J")) + 1
        case UInt8(ascii: "P"): return 7
        case UInt8(ascii: "R"): return 9
        case UInt8(ascii: "S")...UInt8(ascii: "Z"): return Int(byte - UInt8(ascii: "S")) + 2
        default: return nil
        }
    }

    /// The check value 0...10 (10 meaning `X`); the check position itself has weight 0.
    private static func checkValue(_ chars: UnsafeBufferPointer<UInt8>) -> Int {
        var sum = 0
        for index in 0..<length {
            sum += (value(chars[index]) ?? 0) * weights[index]
        }
        return sum % 11
    }

    private static func character(forCheckValue check: Int) -> UInt8 {
        check == 10 ? letterX : ChecksumText.digit(check)
    }

    /// The check position is about to be written: whatever character the caller drew there (a
    /// letter from a pattern such as `[A-HJ-NPR-Z0-9]{17}`) becomes `0`, so that a drawn value of
    /// the right length always gets its check digit instead of being rejected for its shape.
    package static func repairStructure(_ chars: UnsafeMutableBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        if chars.count == length, value(chars[checkIndex]) != nil { chars[checkIndex] = ChecksumText.digit(0) }
        return true
    }

    package static func hasValidShape(_ chars: UnsafeBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        guard chars.count == length else { return false }
        for byte in chars where value(byte) == nil { return false }
        let check = chars[checkIndex]
        return check == letterX || ChecksumText.digitValue(check) != nil
    }

    package static func checkPasses(_ chars: UnsafeBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        chars[checkIndex] == character(forCheckValue: checkValue(chars))
    }

    package static func writeCheckCharacters(_ chars: UnsafeMutableBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        chars[checkIndex] = character(forCheckValue: checkValue(UnsafeBufferPointer(chars)))
        return true
    }

    package static func spoilCheckCharacter(_ chars: UnsafeMutableBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        let check = checkValue(UnsafeBufferPointer(chars))
        chars[checkIndex] = character(forCheckValue: (check + 1) % 11)
        return true
    }
}
