/// One checksum algorithm, working on a compacted value (separators removed, letters
/// upper-cased; see `ChecksumText`). The companion, when given, is compacted the same way.
package protocol CheckDigitScheme {
    /// Whether `chars` (and the companion, for schemes that need one) have the right length and
    /// character classes. Check positions only need to hold a character of their class.
    static func hasValidShape(_ chars: UnsafeBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool

    /// Whether the check characters are right. Only called on values of valid shape.
    static func checkPasses(_ chars: UnsafeBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool

    // In bounds (every scheme): `writeCheckCharacters`, `spoilCheckCharacter` and `checkPasses` index fixed
    // positions, and are only called once `hasValidShape` has checked the length those positions need (see
    // `ChecksumAlgorithm.edit`).
    /// Overwrites the check characters so that `checkPasses` holds. Only called on values of
    /// valid shape; returns false if no check characters make the value valid.
    static func writeCheckCharacters(_ chars: UnsafeMutableBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool

    /// Changes one check character of a valid value so that `checkPasses` no longer holds,
    /// keeping its character class. Returns false if every value of this shape is valid.
    static func spoilCheckCharacter(_ chars: UnsafeMutableBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool

    /// For the generator: changes characters other than check characters that the scheme
    /// fixes (a record-type digit, an IBAN's country structure) so that a candidate of the
    /// right length gets a valid shape. Returns false if it cannot. Defaults to no change.
    static func repairStructure(_ chars: UnsafeMutableBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool
}

extension CheckDigitScheme {
    package static func repairStructure(_ chars: UnsafeMutableBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        true
    }

    /// Shape and check together.
    package static func isValid(_ chars: UnsafeBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        hasValidShape(chars, companion: companion) && checkPasses(chars, companion: companion)
    }
}
