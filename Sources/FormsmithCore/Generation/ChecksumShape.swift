import FormsmithValues

extension ChecksumAlgorithm {
    /// The pattern `generate` draws a value from when the field gives the checksum no `regex`,
    /// `mask` or `format` of its own: the characters and lengths the algorithm checks (its
    /// check digits are then written in by `makeValid`). Spaces and hyphens, which every
    /// algorithm ignores, are never drawn.
    var generationShape: String {
        switch self {
        case .inn: "[0-9]{10}|[0-9]{12}"
        case .snils: "[0-9]{11}"
        case .ogrn: "[0-9]{13}|[0-9]{15}"
        case .bankAccount: "[0-9]{20}"
        case .vin: "[A-HJ-NPR-Z0-9]{17}"
        case .luhn: "[0-9]{16}"
        // Lengths some registered country has (NO 15, BE 16, DK 18, AT 20, DE 22, ES 24, FR 27,
        // PL 28), so `makeValid` finds a country for every draw.
        case .iban: "[A-Z]{2}[0-9]{2}(?:[A-Z0-9]{11}|[A-Z0-9]{12}|[A-Z0-9]{14}|[A-Z0-9]{16}|[A-Z0-9]{18}|[A-Z0-9]{20}|[A-Z0-9]{23}|[A-Z0-9]{24})"
        }
    }

    /// How many check characters end a value, at most, when they are the only characters
    /// `makeValid` writes (INN: 1 of 10 or 2 of 12; SNILS 2; Luhn 1); nil when it writes
    /// elsewhere too (an OGRN's record type, an IBAN's, VIN's and bank account's check
    /// positions inside the value). A string test met before them survives writing them.
    var trailingCheckCharacters: Int? {
        switch self {
        case .inn, .snils: 2
        case .luhn: 1
        case .ogrn, .bankAccount, .vin, .iban: nil
        }
    }

    /// The shape `generate` draws a `bank-account` checksum's companion (the BIC named by
    /// `with:`) from when that field has no `regex`, `mask` or `format` of its own: the 9 digits
    /// the account's control key is computed with (realism then writes a plausible BIC over them).
    static let bankAccountCompanionShape = "[0-9]{9}"
}
