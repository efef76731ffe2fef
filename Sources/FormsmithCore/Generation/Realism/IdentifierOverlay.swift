import FormsmithValues

/// Writes the real structure of an identifier into a candidate drawn from the field's own
/// patterns, before its check digits are written: an INN's region code, a BIC's region and
/// bank number, an account's balance-account prefix, a VIN's manufacturer. Characters are
/// counted without separators (spaces, hyphens, brackets), so formatted values keep their
/// layout. The candidate is confirmed against every check of the field afterwards; when a
/// check refuses it, the value is drawn plainly instead and the fallback is counted.
enum IdentifierOverlay: Sendable, Equatable {
    /// `checksum: inn`: the region code and tax office (`77 01 ...`).
    case inn
    /// `checksum: ogrn`: the record type, year of registration and region code.
    case ogrn
    /// `checksum: snils`: a first digit other than 0 (no number from the first issued block).
    case snils
    /// The BIC named by a `bank-account` checksum: `04`, an OKATO region, a division, a bank
    /// number of a credit institution (050-999).
    case bic
    /// `checksum: bank-account`: a person's (40817) or a company's (40702) current account in
    /// rubles (810). The INN field of the same section, when filled, decides which: 12 digits a
    /// person, 10 a company; without one each is drawn half the time.
    case bankAccount(innField: Int?)
    /// `checksum: vin`, or a regex that is the VIN alphabet 17 times: a real manufacturer code.
    case vin
    /// A value starting `+7` (mask `+7 (000) 000-00-00`): a Russian mobile number, `+7 9..`.
    case russianMobile

    /// What the overlay makes, for the fallback count (`INN`, `Russian mobile number`).
    var kindName: String {
        switch self {
        case .inn: "INN"
        case .ogrn: "OGRN"
        case .snils: "SNILS"
        case .bic: "BIC"
        case .bankAccount: "bank account"
        case .vin: "VIN"
        case .russianMobile: "Russian mobile number"
        }
    }

    /// Rewrites `value` in place; false when it does not have the shape this identifier has
    /// (then it is left as drawn). `innLength` is the number of digits of the INN the account
    /// is checked beside, or 0.
    func apply(to value: inout [UInt8], innLength: Int, random: inout SeededRandom) -> Bool {
        switch self {
        case .inn:
            let digits = Self.count(value, where: Self.isDigit)
            guard digits == 10 || digits == 12 else { return false }
            Self.write(random.pick(IdentifierTables.regionCodes), at: 0, in: &value, where: Self.isDigit)
            Self.writeNumber(random.int(in: 1...51), width: 2, at: 2, in: &value)
        case .ogrn:
            let digits = Self.count(value, where: Self.isDigit)
            guard digits == 13 || digits == 15 else { return false }
            let recordType = digits == 15 ? UInt8(ascii: "3") : (random.chance(0.8) ? UInt8(ascii: "1") : UInt8(ascii: "5"))
            Self.write([recordType], at: 0, in: &value, where: Self.isDigit)
            Self.writeNumber(random.int(in: 2...25), width: 2, at: 1, in: &value)
            Self.write(random.pick(IdentifierTables.regionCodes), at: 3, in: &value, where: Self.isDigit)
        case .snils:
            guard Self.count(value, where: Self.isDigit) == 11 else { return false }
            Self.writeNumber(random.int(in: 1...9), width: 1, at: 0, in: &value)
        case .bic:
            guard Self.count(value, where: Self.isDigit) == 9 else { return false }
            Self.writeNumber(4, width: 2, at: 0, in: &value)
            Self.write(random.pick(IdentifierTables.okatoCodes), at: 2, in: &value, where: Self.isDigit)
            Self.writeNumber(random.int(in: 1...99), width: 2, at: 4, in: &value)
            Self.writeNumber(random.int(in: 50...999), width: 3, at: 6, in: &value)
        case .bankAccount:
            guard Self.count(value, where: Self.isDigit) == 20 else { return false }
            let person = innLength == 12 || (innLength != 10 && random.chance(0.5))
            Self.write(person ? IdentifierTables.personAccount : IdentifierTables.companyAccount, at: 0, in: &value,
                       where: Self.isDigit)
            Self.write(IdentifierTables.rubleCode, at: 5, in: &value, where: Self.isDigit)
        case .vin:
            guard Self.count(value, where: Self.isAlphanumeric) == 17 else { return false }
            Self.write(random.pick(IdentifierTables.manufacturers), at: 0, in: &value, where: Self.isAlphanumeric)
        case .russianMobile:
            guard value.count > 2, value[0] == UInt8(ascii: "+"), value[1] == UInt8(ascii: "7"),
                  let first = value[2...].firstIndex(where: Self.isDigit) else { return false }
            value[first] = UInt8(ascii: "9")
        }
        return true
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }

    /// Writes `number` zero-padded to `width` digits over the digits of `value` from the
    /// `position`-th on, without allocating.
    private static func writeNumber(_ number: Int, width: Int, at position: Int, in value: inout [UInt8]) {
        var seen = 0
        var divisor = 1
        for _ in 1..<max(width, 1) { divisor *= 10 }
        for index in value.indices where isDigit(value[index]) {
            if seen >= position {
                guard divisor > 0 else { return }
                value[index] = UInt8(ascii: "0") + UInt8(number / divisor % 10)
                divisor /= 10
            }
            seen += 1
        }
    }

    /// How many bytes of `value` are significant characters.
    private static func count(_ value: [UInt8], where significant: (UInt8) -> Bool) -> Int {
        var count = 0
        for byte in value where significant(byte) { count += 1 }
        return count
    }

    /// Writes `chars` over the significant characters of `value` from the `position`-th on.
    private static func write(_ chars: [UInt8], at position: Int, in value: inout [UInt8],
                              where significant: (UInt8) -> Bool) {
        var seen = 0
        var next = 0
        for index in value.indices where significant(value[index]) {
            if seen >= position {
                guard next < chars.count else { return }
                value[index] = chars[next]
                next += 1
            }
            seen += 1
        }
    }
}
