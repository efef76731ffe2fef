/// A named built-in checksum; raw values are the names rule authors write (`checksum: inn`).
///
/// All algorithms ignore spaces and hyphens anywhere in the value and treat ASCII letters
/// case-insensitively; any other character, or a wrong length, makes a value invalid.
public enum ChecksumAlgorithm: String, CaseIterable, Sendable {
    /// Russian taxpayer number: 10 digits (organisation) or 12 digits (individual), all check digits.
    case inn
    /// Russian insurance number: 11 digits, 2-digit check number (none below 001-001-999).
    case snils
    /// ОГРН (13 digits, record type 1 or 5) or ОГРНИП (15 digits, record type 3 or 4), decided by length.
    case ogrn
    /// Bank of Russia control key of a 20-digit account; the companion value is the 9-digit BIC.
    case bankAccount = "bank-account"
    /// ISO 3779 vehicle identification number with the North-American check digit at position 9.
    case vin
    /// Luhn mod 10 over all digits (payment cards and similar).
    case luhn
    /// ISO 13616 IBAN: a registered country with its BBAN structure and national check digits, mod 97 == 1.
    case iban
}

extension ChecksumAlgorithm {
    /// One-line description for docs and `formsmith explain`.
    public var summary: String {
        switch self {
        case .inn: "Russian taxpayer number (INN): 10 or 12 digits with valid check digits"
        case .snils: "Russian insurance number (SNILS): 11 digits with a valid 2-digit check number"
        case .ogrn: "Russian registration number: OGRN (13 digits, starting 1 or 5) or OGRNIP (15 digits, starting 3 or 4) with a valid check digit"
        case .bankAccount: "Russian 20-digit bank account whose control key matches the bank's 9-digit BIC"
        case .vin: "Vehicle identification number: 17 characters without I, O, Q, check digit at position 9"
        case .luhn: "Number passing the Luhn mod 10 check (payment cards and similar)"
        case .iban: "International bank account number (IBAN): a registered country, its BBAN structure and national check digits, valid mod 97 check digits"
        }
    }

    /// Whether the algorithm needs a second value (the BIC for bank-account).
    public var needsCompanion: Bool {
        self == .bankAccount
    }

    private var scheme: any CheckDigitScheme.Type {
        switch self {
        case .inn: InnChecksum.self
        case .snils: SnilsChecksum.self
        case .ogrn: OgrnChecksum.self
        case .bankAccount: BankAccountChecksum.self
        case .vin: VinChecksum.self
        case .luhn: LuhnChecksum.self
        case .iban: IbanChecksum.self
        }
    }

    /// Validates `value` (UTF-8 bytes). `companion` is the BIC for bank-account and ignored
    /// otherwise. Spaces and hyphens are ignored; any other unexpected character, a wrong
    /// length or a missing companion makes the value invalid. Does not allocate.
    public func isValid(_ value: UnsafeBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        if self == .luhn { return LuhnChecksum.isValid(raw: value) }
        let scheme = self.scheme
        let needsCompanion = self.needsCompanion
        // In bounds: `compact` writes below `storage.count` and fails past it; the schemes see only the
        // `count` bytes written.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ChecksumText.maximumCompactedLength) { storage in
            guard let count = ChecksumText.compact(value, into: storage) else { return false }
            let chars = UnsafeBufferPointer(rebasing: storage[..<count])
            guard needsCompanion else { return scheme.isValid(chars, companion: nil) }
            guard let companion else { return false }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ChecksumText.maximumCompactedLength) { companionStorage in
                guard let companionCount = ChecksumText.compact(companion, into: companionStorage) else { return false }
                let companionChars = UnsafeBufferPointer(rebasing: companionStorage[..<companionCount])
                return scheme.isValid(chars, companion: companionChars)
            }
        }
    }

    /// Validates a string value; see `isValid(_:companion:)` on bytes.
    public func isValid(_ value: String, companion: String? = nil) -> Bool {
        var value = value
        guard needsCompanion, var companion else {
            return value.withUTF8 { isValid($0, companion: nil) }
        }
        return value.withUTF8 { valueBytes in
            companion.withUTF8 { isValid(valueBytes, companion: $0) }
        }
    }

    /// For the test-data generator: `value` (a candidate of the right shape, e.g. 12 random
    /// digits for an individual's INN) with its check character(s) replaced so that it is valid.
    /// Characters the standard fixes are repaired too: an OGRN's record-type digit, an IBAN's
    /// BBAN character classes and national check digits (and its country, when the candidate's
    /// country has no IBAN of this length). Separators and letter case are kept. Nil if the
    /// shape is wrong (length, characters) or, for bank-account, the companion BIC is missing
    /// or malformed.
    public func makeValid(_ value: String, companion: String? = nil) -> String? {
        editCopy(value, companion: companion) { scheme, chars, companion in
            scheme.writeCheckCharacters(chars, companion: companion)
        }
    }

    /// `makeValid` on bytes in place, for the generator's text buffer (no `String` made and
    /// read back): true when `value` now holds the valid value, false (and `value` untouched)
    /// when the shape is wrong or the companion is missing or malformed.
    package func makeValid(_ value: inout [UInt8], companion: [UInt8]?) -> Bool {
        withOptionalBuffer(companion) { companion in
            edit(&value, companion: companion) { scheme, chars, companion in
                scheme.writeCheckCharacters(chars, companion: companion)
            }
        }
    }

    /// For the generator's deliberately invalid output: `value` made valid, then one check
    /// character changed so that `isValid` is false, keeping length, separators and character
    /// classes. Nil if the shape is wrong or no value of this shape can be invalid (a SNILS up
    /// to 001-001-998 has no check number).
    public func corrupt(_ value: String, companion: String? = nil) -> String? {
        editCopy(value, companion: companion) { scheme, chars, companion in
            scheme.writeCheckCharacters(chars, companion: companion)
                && scheme.spoilCheckCharacter(chars, companion: companion)
        }
    }

    private typealias Change = (any CheckDigitScheme.Type, UnsafeMutableBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>?) -> Bool

    /// `edit` on a copy of a string's bytes, the result rendered as a string.
    private func editCopy(_ value: String, companion: String?, _ change: Change) -> String? {
        var bytes = Array(value.utf8)
        let companionBytes = companion.map { Array($0.utf8) }
        let changed = withOptionalBuffer(companionBytes) { companion in edit(&bytes, companion: companion, change) }
        return changed ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// Runs `change` on the compacted characters of a well-shaped value (separators dropped,
    /// letters upper-cased) and writes the characters it changed back over the bytes they came
    /// from, so separators and letter case stay. False, and `value` untouched, when a byte is
    /// neither a separator, a digit nor an ASCII letter, the companion is needed and missing or
    /// malformed, or the scheme refuses the shape.
    private func edit(_ value: inout [UInt8], companion: UnsafeBufferPointer<UInt8>?, _ change: Change) -> Bool {
        let scheme = self.scheme
        let needsCompanion = self.needsCompanion
        if needsCompanion, companion == nil { return false }
        // In bounds: each buffer holds as many bytes as its source (at least one), and `compact`
        // writes below that; the schemes see only the `count` bytes written and index them only
        // after `hasValidShape`; the write-back reads `chars` below `count` (the k-th
        // significant byte of `value` is `chars[k]`, and there are `count` of them).
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(value.count, 1)) { storage in
            let compacted = value.withUnsafeBufferPointer { ChecksumText.compact($0, into: storage) }
            guard let count = compacted else { return false }
            let chars = UnsafeMutableBufferPointer(rebasing: storage[..<count])
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(companion?.count ?? 0, 1)) { companionStorage in
                var companionChars: UnsafeBufferPointer<UInt8>?
                if needsCompanion, let companion {
                    guard let companionCount = ChecksumText.compact(companion, into: companionStorage) else { return false }
                    companionChars = UnsafeBufferPointer(rebasing: companionStorage[..<companionCount])
                }
                guard scheme.repairStructure(chars, companion: companionChars),
                      scheme.hasValidShape(UnsafeBufferPointer(chars), companion: companionChars),
                      change(scheme, chars, companionChars) else { return false }
                var index = 0
                for position in value.indices where !ChecksumText.isSeparator(value[position]) {
                    if ChecksumText.significant(value[position]) != chars[index] { value[position] = chars[index] }
                    index += 1
                }
                return true
            }
        }
    }

    private func withOptionalBuffer<Result>(
        _ bytes: [UInt8]?,
        _ body: (UnsafeBufferPointer<UInt8>?) -> Result
    ) -> Result {
        guard let bytes else { return body(nil) }
        return bytes.withUnsafeBufferPointer { body($0) }
    }
}
