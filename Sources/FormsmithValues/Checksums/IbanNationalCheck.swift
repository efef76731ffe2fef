/// National check digits inside an IBAN's BBAN, one case per national scheme. Each case knows
/// where its check characters are and how to compute them; a BBAN passes when its check
/// characters are the computed ones.
///
/// Positions below count from 0 at the first BBAN character (the IBAN's fifth).
package enum IbanNationalCheck: CaseIterable {
    /// Norway: the account's last digit, mod 11 with weights 5 4 3 2 7 6 5 4 3 2 (a remainder
    /// that would need check digit 10 has no account number).
    case norway
    /// Belgium: the last two digits are the first ten mod 97 (97 for a remainder of 0).
    case belgium
    /// France and Monaco: the RIB key, 97 − (89·bank + 15·branch + 3·account) mod 97, with
    /// letters of the account read as digits (A, J → 1 … I, R → 9; S → 2 … Z → 9).
    case ribKey
    /// Tunisia and Mauritania: the RIB key over the whole BBAN, 97 − (BBAN·100 mod 97).
    case ribKeyWhole
    /// ISO 7064 MOD 97-10 over the whole BBAN, letters as 10 … 35 (Portugal's NIB, Slovenia,
    /// Montenegro, Serbia, Bosnia and Herzegovina, North Macedonia, Timor-Leste, Kosovo).
    case mod97Whole
    /// Spain: two mod 11 digits (weights 1 2 4 8 5 10 9 7 3 6), one over bank and branch,
    /// one over the account.
    case spain
    /// Italy and San Marino: the CIN letter in front, from the odd/even table over the rest.
    case italyCIN
    /// Finland: Luhn over the 14-digit account number.
    case luhn
    /// Czechia and Slovakia: account prefix and account number each divisible by 11 with
    /// weights 10 5 8 4 2 1 and 6 3 7 9 10 5 8 4 2 1.
    case czechSlovak
    /// Croatia: ISO 7064 MOD 11,10 over the bank code and over the account number.
    case croatia
    /// Hungary: weights 9 7 3 1 over bank and branch, and over the account, sum mod 10 = 0.
    case hungary
    /// Poland: the bank sort code's eighth digit, weights 3 9 7 1 3 9 7.
    case poland
    /// Iceland: the check digit of the account holder's kennitala (last ten digits), mod 11
    /// with weights 3 2 7 6 5 4 3 2.
    case iceland
    /// Albania: the bank and branch code's eighth digit, weights 9 7 3 1 9 7 3, sum mod 10 = 0.
    case albania

    /// Whether the BBAN's check characters are the computed ones. The BBAN already has the
    /// country's structure (digits where digits belong).
    package func passes(_ bban: UnsafeBufferPointer<UInt8>) -> Bool {
        // In bounds: the copy has `bban.count` bytes, initialized from `bban`.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bban.count) { copy in
            _ = copy.initialize(from: bban)
            guard write(copy, repairing: false) else { return false }
            for position in 0..<bban.count where copy[position] != bban[position] { return false }
            return true
        }
    }

    /// Writes the check characters. Where no check digit exists for the digits before it (a
    /// mod 11 remainder of 10), `repairing` changes the digit in front of the check digit until
    /// one does; otherwise returns false.
    @discardableResult
    // In bounds: each country's ranges and check positions lie inside its BBAN length, which
    // `IbanChecksum.hasValidShape` has checked before any write or check.
    package func write(_ bban: UnsafeMutableBufferPointer<UInt8>, repairing: Bool) -> Bool {
        switch self {
        case .norway:
            return Self.mod11(bban, 0..<10, weights: [5, 4, 3, 2, 7, 6, 5, 4, 3, 2], checkAt: 10,
                              repairing: repairing)
        case .belgium:
            var remainder = Self.remainder97(bban, 0..<10)
            if remainder == 0 { remainder = 97 }
            Self.writeTwoDigits(remainder, bban, at: 10)
        case .ribKey:
            var sum = 0
            for (range, factor) in [(0..<5, 89), (5..<10, 15), (10..<21, 3)] {
                var part = 0
                for position in range { part = (part * 10 + Self.ribDigit(bban[position])) % 97 }
                sum += part * factor
            }
            Self.writeTwoDigits(97 - sum % 97, bban, at: 21)
        case .ribKeyWhole:
            let count = bban.count
            Self.writeTwoDigits(97 - Self.remainder97(bban, 0..<(count - 2)) * 100 % 97, bban, at: count - 2)
        case .mod97Whole:
            let count = bban.count
            Self.writeTwoDigits(98 - Self.remainder97(bban, 0..<(count - 2)) * 100 % 97, bban, at: count - 2)
        case .spain:
            let weights = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]
            var first = 0
            for position in 0..<8 { first += ChecksumText.digitAt(UnsafeBufferPointer(bban), position) * weights[position + 2] }
            var second = 0
            for position in 0..<10 { second += ChecksumText.digitAt(UnsafeBufferPointer(bban), position + 10) * weights[position] }
            bban[8] = ChecksumText.digit(Self.spanishDigit(first))
            bban[9] = ChecksumText.digit(Self.spanishDigit(second))
        case .italyCIN:
            var sum = 0
            for position in 1..<23 {
                let byte = bban[position]
                let value = ChecksumText.digitValue(byte) ?? Int(byte &- ChecksumText.upperA)
                sum += position % 2 == 1 ? Self.cinOddValues[value] : value
            }
            bban[0] = ChecksumText.upperA &+ UInt8(sum % 26)
        case .luhn:
            var sum = 0
            for offset in 1..<bban.count {
                var digit = ChecksumText.digitAt(UnsafeBufferPointer(bban), bban.count - 1 - offset)
                if offset % 2 == 1 { digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2 }
                sum += digit
            }
            bban[bban.count - 1] = ChecksumText.digit((10 - sum % 10) % 10)
        case .czechSlovak:
            return Self.mod11(bban, 4..<9, weights: [10, 5, 8, 4, 2], checkAt: 9, repairing: repairing)
                && Self.mod11(bban, 10..<19, weights: [6, 3, 7, 9, 10, 5, 8, 4, 2], checkAt: 19,
                              repairing: repairing)
        case .croatia:
            Self.mod1110(bban, 0..<6, checkAt: 6)
            Self.mod1110(bban, 7..<16, checkAt: 16)
        case .hungary:
            Self.mod10(bban, 0..<7, weights: [9, 7, 3, 1], checkAt: 7)
            Self.mod10(bban, 8..<23, weights: [9, 7, 3, 1], checkAt: 23)
        case .poland:
            Self.mod10(bban, 0..<7, weights: [3, 9, 7, 1], checkAt: 7)
        case .iceland:
            return Self.mod11(bban, 12..<20, weights: [3, 2, 7, 6, 5, 4, 3, 2], checkAt: 20,
                              repairing: repairing)
        case .albania:
            Self.mod10(bban, 0..<7, weights: [9, 7, 3, 1], checkAt: 7)
        }
        return true
    }

    /// Values of the CIN's odd positions for 0…9 and A…Z (even positions count 0…9 and 0…25).
    private static let cinOddValues = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14,
                                       16, 10, 22, 25, 24, 23]

    /// A character of a French account number as a digit.
    private static func ribDigit(_ byte: UInt8) -> Int {
        if let digit = ChecksumText.digitValue(byte) { return digit }
        let letter = Int(byte &- ChecksumText.upperA)
        return letter < 9 ? letter + 1 : letter < 18 ? letter - 8 : letter - 16
    }

    /// The characters in `range` as a number mod 97, letters read as 10…35.
    private static func remainder97(_ bban: UnsafeMutableBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var remainder = 0
        for position in range {
            let byte = bban[position]
            if let digit = ChecksumText.digitValue(byte) {
                remainder = (remainder * 10 + digit) % 97
            } else {
                remainder = (remainder * 100 + Int(byte &- ChecksumText.upperA) + 10) % 97
            }
        }
        return remainder
    }

    private static func writeTwoDigits(_ value: Int, _ bban: UnsafeMutableBufferPointer<UInt8>, at position: Int) {
        bban[position] = ChecksumText.digit(value / 10)
        bban[position + 1] = ChecksumText.digit(value % 10)
    }

    private static func spanishDigit(_ sum: Int) -> Int {
        let digit = 11 - sum % 11
        return digit == 11 ? 0 : digit == 10 ? 1 : digit
    }

    /// Check digit making the weighted sum (the check digit weighs 1) divisible by 11.
    private static func mod11(
        _ bban: UnsafeMutableBufferPointer<UInt8>, _ range: Range<Int>, weights: [Int], checkAt: Int,
        repairing: Bool
    ) -> Bool {
        for _ in 0..<10 {
            var sum = 0
            for (offset, position) in range.enumerated() {
                sum += ChecksumText.digitAt(UnsafeBufferPointer(bban), position) * weights[offset]
            }
            let check = (11 - sum % 11) % 11
            if check < 10 {
                bban[checkAt] = ChecksumText.digit(check)
                return true
            }
            guard repairing else { return false }
            ChecksumText.bumpDigit(bban, at: checkAt - 1)
        }
        return false
    }

    /// Check digit making the weighted sum (the check digit weighs the next weight, 1 in
    /// every use here) divisible by 10.
    private static func mod10(_ bban: UnsafeMutableBufferPointer<UInt8>, _ range: Range<Int>, weights: [Int], checkAt: Int) {
        var sum = 0
        for (offset, position) in range.enumerated() {
            sum += ChecksumText.digitAt(UnsafeBufferPointer(bban), position) * weights[offset % weights.count]
        }
        bban[checkAt] = ChecksumText.digit((10 - sum % 10) % 10)
    }

    /// ISO 7064 MOD 11,10 check digit of the digits in `range`.
    private static func mod1110(_ bban: UnsafeMutableBufferPointer<UInt8>, _ range: Range<Int>, checkAt: Int) {
        var product = 10
        for position in range {
            var sum = (product + ChecksumText.digitAt(UnsafeBufferPointer(bban), position)) % 10
            if sum == 0 { sum = 10 }
            product = sum * 2 % 11
        }
        bban[checkAt] = ChecksumText.digit((11 - product) % 10)
    }
}
