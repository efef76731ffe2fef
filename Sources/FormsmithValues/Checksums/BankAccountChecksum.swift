/// Bank of Russia control key of a 20-digit account number (digit 9), computed with the
/// 9-digit BIC of the bank (the companion value).
///
/// Three BIC digits are put before the account, giving 23 digits; with weights 7, 1, 3
/// repeated, `Σ digit·weight` must end in 0. The three digits are:
/// - for an account opened at the Bank of Russia: `0` and BIC digits 5–6 (the settlement
///   centre's number). That is a correspondent account (`30101…`), a single treasury account
///   (`40102…`), or any account whose BIC ends in 000–049 (a Bank of Russia division);
/// - for any other account (held at a credit institution, BIC ending 050–999): BIC digits 7–9.
package enum BankAccountChecksum: CheckDigitScheme {
    private static let accountLength = 20
    private static let bicLength = 9
    private static let keyIndex = 8

    /// Whether the account is held at the Bank of Russia, so the settlement-centre digits apply.
    private static func isHeldAtBankOfRussia(_ account: UnsafeBufferPointer<UInt8>, bic: UnsafeBufferPointer<UInt8>) -> Bool {
        var balanceAccount = 0
        for index in 0..<5 { balanceAccount = balanceAccount * 10 + ChecksumText.digitAt(account, index) }
        if balanceAccount == 30101 || balanceAccount == 40102 { return true }
        let institution = ChecksumText.digitAt(bic, 6) * 100 + ChecksumText.digitAt(bic, 7) * 10 + ChecksumText.digitAt(bic, 8)
        return institution < 50
    }

    /// `Σ digit·weight mod 10` over the three BIC-derived digits followed by the account.
    private static func weightedSumDigit(_ account: UnsafeBufferPointer<UInt8>, bic: UnsafeBufferPointer<UInt8>) -> Int {
        let atBankOfRussia = isHeldAtBankOfRussia(account, bic: bic)
        // Weights 7, 1, 3 for the prefix; the account continues the same cycle (23 = 3 + 20).
        let prefixSum = atBankOfRussia
            ? 0 * 7 + ChecksumText.digitAt(bic, 4) * 1 + ChecksumText.digitAt(bic, 5) * 3
            : ChecksumText.digitAt(bic, 6) * 7 + ChecksumText.digitAt(bic, 7) * 1 + ChecksumText.digitAt(bic, 8) * 3
        var sum = prefixSum
        for index in 0..<accountLength {
            let weight: Int
            switch index % 3 {
            case 0: weight = 7
            case 1: weight = 1
            default: weight = 3
            }
            sum += ChecksumText.digitAt(account, index) * weight
        }
        return sum % 10
    }

    package static func hasValidShape(_ chars: UnsafeBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        guard let bic = companion else { return false }
        return chars.count == accountLength && ChecksumText.allDigits(chars)
            && bic.count == bicLength && ChecksumText.allDigits(bic)
    }

    package static func checkPasses(_ chars: UnsafeBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        guard let bic = companion else { return false }
        return weightedSumDigit(chars, bic: bic) == 0
    }

    package static func writeCheckCharacters(_ chars: UnsafeMutableBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        guard let bic = companion else { return false }
        chars[keyIndex] = ChecksumText.zero
        // The key has weight 3 and 3·3 ≡ -1 (mod 10), so key = 3·(sum with key 0) mod 10.
        let key = weightedSumDigit(UnsafeBufferPointer(chars), bic: bic) * 3 % 10
        chars[keyIndex] = ChecksumText.digit(key)
        return true
    }

    package static func spoilCheckCharacter(_ chars: UnsafeMutableBufferPointer<UInt8>, companion: UnsafeBufferPointer<UInt8>?) -> Bool {
        // Weight 3 is coprime with 10: any other key digit breaks the sum.
        ChecksumText.bumpDigit(chars, at: keyIndex)
        return true
    }
}
