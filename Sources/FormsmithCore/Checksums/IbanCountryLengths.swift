/// IBAN lengths of the countries in the SWIFT IBAN registry that Formsmith knows.
/// Countries not listed are only held to the general 15...34 limit.
enum IbanCountryLengths {
    /// Shortest and longest IBAN of any country.
    static let generalRange = 15...34

    /// Lengths keyed by the two upper-case country letters packed as `first << 8 | second`.
    private static let lengths: [UInt16: Int] = {
        let known: [(String, Int)] = [
            ("AD", 24), ("AE", 23), ("AL", 28), ("AT", 20), ("AZ", 28), ("BA", 20), ("BE", 16),
            ("BG", 22), ("BH", 22), ("BI", 27), ("BR", 29), ("BY", 28), ("CH", 21), ("CR", 22),
            ("CY", 28), ("CZ", 24), ("DE", 22), ("DK", 18), ("DO", 28), ("EE", 20), ("EG", 29),
            ("ES", 24), ("FI", 18), ("FO", 18), ("FR", 27), ("GB", 22), ("GE", 22), ("GI", 23),
            ("GL", 18), ("GR", 27), ("GT", 28), ("HR", 21), ("HU", 28), ("IE", 22), ("IL", 23),
            ("IQ", 23), ("IS", 26), ("IT", 27), ("JO", 30), ("KW", 30), ("KZ", 20), ("LB", 28),
            ("LC", 32), ("LI", 21), ("LT", 20), ("LU", 20), ("LV", 21), ("LY", 25), ("MC", 27),
            ("MD", 24), ("ME", 22), ("MK", 19), ("MR", 27), ("MT", 31), ("MU", 30), ("NL", 18),
            ("NO", 15), ("PK", 24), ("PL", 28), ("PS", 29), ("PT", 25), ("QA", 29), ("RO", 24),
            ("RS", 22), ("RU", 33), ("SA", 24), ("SC", 31), ("SD", 18), ("SE", 24), ("SI", 19),
            ("SK", 24), ("SM", 27), ("ST", 25), ("SV", 28), ("TL", 23), ("TN", 24), ("TR", 26),
            ("UA", 29), ("VA", 22), ("VG", 24), ("XK", 20),
        ]
        var table: [UInt16: Int] = [:]
        for (country, length) in known {
            let letters = Array(country.utf8)
            table[key(letters[0], letters[1])] = length
        }
        return table
    }()

    private static func key(_ first: UInt8, _ second: UInt8) -> UInt16 {
        UInt16(first) << 8 | UInt16(second)
    }

    /// The IBAN length for the country `first second` (upper-case letters), nil if unknown.
    static func length(_ first: UInt8, _ second: UInt8) -> Int? {
        lengths[key(first, second)]
    }
}
