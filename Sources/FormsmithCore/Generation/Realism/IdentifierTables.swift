/// The real codes realistic identifiers are built from.
enum IdentifierTables {
    /// Codes of the subjects of the Russian Federation as the tax service numbers them (the first
    /// two digits of an INN, digits 4-5 of an OGRN): 01-79, 83, 86, 87, 89 (the autonomous
    /// districts that remain), 91 Crimea and 92 Sevastopol.
    static let regionCodes: [[UInt8]] = (Array(1...79) + [83, 86, 87, 89, 91, 92]).map { twoDigits($0) }

    /// OKATO codes of the regions (digits 3-4 of a Bank of Russia BIC: `04 45 25 225` is a
    /// Moscow bank).
    static let okatoCodes: [[UInt8]] = [
        1, 3, 4, 5, 7, 8, 10, 11, 12, 14, 15, 17, 18, 19, 20, 22, 24, 25, 26, 27, 28, 29, 30, 32, 33, 34, 35,
        36, 37, 38, 40, 41, 42, 44, 45, 46, 47, 49, 50, 52, 53, 54, 56, 57, 58, 60, 61, 63, 64, 65, 66, 67,
        68, 69, 70, 71, 73, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94,
        95, 96, 97, 98, 99,
    ].map { twoDigits($0) }

    /// World manufacturer identifiers (VIN characters 1-3) of makes sold in Russia.
    static let manufacturers: [[UInt8]] = [
        "XTA", "XTT", "X7L", "X9F", "XW8", "X4X", "Z94", "Z8N", "XWE", "Z6F", "JTD", "JTM", "JN1", "JMZ",
        "JHM", "KMH", "KNA", "KNE", "WVW", "WV1", "WBA", "WDB", "WDD", "WAU", "WF0", "VF1", "VF3", "VF7",
        "TMB", "SAL", "YV1", "ZFA", "1HG", "1FA", "2T1", "3VW", "LVS", "LGW",
    ].map { Array($0.utf8) }

    /// Balance-account prefixes of a current account: a person's (40817) and a company's (40702).
    static let personAccount = Array("40817".utf8)
    static let companyAccount = Array("40702".utf8)
    /// The ruble's currency code in an account number (digits 6-8).
    static let rubleCode = Array("810".utf8)

    private static func twoDigits(_ value: Int) -> [UInt8] {
        [UInt8(ascii: "0") + UInt8(value / 10), UInt8(ascii: "0") + UInt8(value % 10)]
    }
}
