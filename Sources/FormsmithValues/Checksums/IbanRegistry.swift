/// The IBAN countries of the SWIFT IBAN registry (release 101) with their BBAN structure, and
/// the national check digits Formsmith verifies inside the BBAN.
///
/// A structure is written as in the registry: `4!n6!n1!n` is 4 digits, 6 digits, 1 digit;
/// `n` is a digit, `a` an upper-case letter, `c` a letter or a digit. A country that is not in
/// the registry has no IBAN, so its values are rejected.
package enum IbanRegistry {
    /// One registered country.
    package struct Country {
        /// The two country letters.
        package let code: (UInt8, UInt8)
        /// The character class of every BBAN position: `n`, `a` or `c` (ASCII).
        package let classes: [UInt8]
        /// The national check digits of the BBAN, if Formsmith verifies them.
        package let nationalCheck: IbanNationalCheck?

        /// The length of the whole IBAN.
        package var length: Int { classes.count + 4 }
    }

    private static let registry: [(String, String, IbanNationalCheck?)] = [
        ("AD", "4!n4!n12!c", nil), ("AE", "3!n16!n", nil), ("AL", "8!n16!c", .albania),
        ("AT", "5!n11!n", nil), ("AZ", "4!a20!c", nil), ("BA", "3!n3!n8!n2!n", .mod97Whole),
        ("BE", "3!n7!n2!n", .belgium), ("BG", "4!a4!n2!n8!c", nil), ("BH", "4!a14!c", nil),
        ("BI", "5!n5!n11!n2!n", nil), ("BR", "8!n5!n10!n1!a1!c", nil), ("BY", "4!c4!n16!c", nil),
        ("CH", "5!n12!c", nil), ("CR", "4!n14!n", nil), ("CY", "3!n5!n16!c", nil),
        ("CZ", "4!n6!n10!n", .czechSlovak), ("DE", "8!n10!n", nil), ("DJ", "5!n5!n11!n2!n", nil),
        ("DK", "4!n9!n1!n", nil), ("DO", "4!c20!n", nil), ("EE", "2!n14!n", nil),
        ("EG", "4!n4!n17!n", nil), ("ES", "4!n4!n1!n1!n10!n", .spain), ("FI", "3!n11!n", .luhn),
        ("FK", "2!a12!n", nil), ("FO", "4!n9!n1!n", nil), ("FR", "5!n5!n11!c2!n", .ribKey),
        ("GB", "4!a6!n8!n", nil), ("GE", "2!a16!n", nil), ("GI", "4!a15!c", nil),
        ("GL", "4!n9!n1!n", nil), ("GR", "3!n4!n16!c", nil), ("GT", "4!c20!c", nil),
        ("HN", "4!a20!n", nil), ("HR", "7!n10!n", .croatia), ("HU", "3!n4!n1!n15!n1!n", .hungary),
        ("IE", "4!a6!n8!n", nil), ("IL", "3!n3!n13!n", nil), ("IQ", "4!a3!n12!n", nil),
        ("IS", "4!n2!n6!n10!n", .iceland), ("IT", "1!a5!n5!n12!c", .italyCIN), ("JO", "4!a4!n18!c", nil),
        ("KW", "4!a22!c", nil), ("KZ", "3!n13!c", nil), ("LB", "4!n20!c", nil),
        ("LC", "4!a24!c", nil), ("LI", "5!n12!c", nil), ("LT", "5!n11!n", nil),
        ("LU", "3!n13!c", nil), ("LV", "4!a13!c", nil), ("LY", "3!n3!n15!n", nil),
        ("MC", "5!n5!n11!c2!n", .ribKey), ("MD", "2!c18!c", nil), ("ME", "3!n13!n2!n", .mod97Whole),
        ("MK", "3!n10!c2!n", .mod97Whole), ("MN", "4!n12!n", nil), ("MR", "5!n5!n11!n2!n", .ribKeyWhole),
        ("MT", "4!a5!n18!c", nil), ("MU", "4!a2!n2!n12!n3!n3!a", nil), ("NI", "4!a20!n", nil),
        ("NL", "4!a10!n", nil), ("NO", "4!n6!n1!n", .norway), ("OM", "3!n16!c", nil),
        ("PK", "4!a16!c", nil), ("PL", "8!n16!n", .poland), ("PS", "4!a21!c", nil),
        ("PT", "4!n4!n11!n2!n", .mod97Whole), ("QA", "4!a21!c", nil), ("RO", "4!a16!c", nil),
        ("RS", "3!n13!n2!n", .mod97Whole), ("RU", "9!n5!n15!c", nil), ("SA", "2!n18!c", nil),
        ("SC", "4!a2!n2!n16!n3!a", nil), ("SD", "2!n12!n", nil), ("SE", "3!n16!n1!n", nil),
        ("SI", "5!n8!n2!n", .mod97Whole), ("SK", "4!n6!n10!n", .czechSlovak), ("SM", "1!a5!n5!n12!c", .italyCIN),
        ("SO", "4!n3!n12!n", nil), ("ST", "4!n4!n11!n2!n", nil), ("SV", "4!a20!n", nil),
        ("TL", "3!n14!n2!n", .mod97Whole), ("TN", "2!n3!n13!n2!n", .ribKeyWhole), ("TR", "5!n1!n16!c", nil),
        ("UA", "6!n19!c", nil), ("VA", "3!n15!n", nil), ("VG", "4!a16!n", nil),
        ("XK", "4!n10!n2!n", .mod97Whole), ("YE", "4!a4!n18!c", nil),
    ]

    /// Every registered country, in the order above.
    package static let countries: [Country] = registry.map { code, structure, check in
        let letters = Array(code.utf8)
        return Country(code: (letters[0], letters[1]), classes: classes(of: structure), nationalCheck: check)
    }

    /// Index into `countries` by `(first - A) * 26 + (second - A)`, -1 where none.
    private static let index: [Int16] = {
        var table = [Int16](repeating: -1, count: 26 * 26)
        for (position, country) in countries.enumerated() {
            table[slot(country.code.0, country.code.1)] = Int16(position)
        }
        return table
    }()

    /// Country indexes by IBAN length, for giving a candidate of unregistered country a
    /// country of its length.
    private static let byLength: [Int: [Int]] = Dictionary(grouping: countries.indices) { countries[$0].length }

    private static func slot(_ first: UInt8, _ second: UInt8) -> Int {
        Int(first &- ChecksumText.upperA) * 26 + Int(second &- ChecksumText.upperA)
    }

    /// Expands `4!n6!n1!n` into one class byte per position.
    private static func classes(of structure: String) -> [UInt8] {
        var classes: [UInt8] = []
        var count = 0
        for byte in structure.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): count = count * 10 + Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "!"): continue
            default:
                classes.append(contentsOf: repeatElement(byte, count: count))
                count = 0
            }
        }
        return classes
    }

    /// The registered country `first second` (upper-case letters), nil if it has no IBAN.
    @inline(__always)
    package static func country(_ first: UInt8, _ second: UInt8) -> Country? {
        guard ChecksumText.isLetter(first), ChecksumText.isLetter(second) else { return nil }
        let position = index[slot(first, second)]
        return position < 0 ? nil : countries[Int(position)]
    }

    /// A registered country whose IBANs are `length` characters long, picked by `hash`.
    package static func country(ofLength length: Int, hash: Int) -> Country? {
        guard let candidates = byLength[length] else { return nil }
        return countries[candidates[abs(hash % candidates.count)]]
    }

    /// Whether `byte` (compacted: digit or upper-case letter) belongs to `characterClass`.
    @inline(__always)
    package static func fits(_ byte: UInt8, _ characterClass: UInt8) -> Bool {
        switch characterClass {
        case UInt8(ascii: "n"): ChecksumText.digitValue(byte) != nil
        case UInt8(ascii: "a"): ChecksumText.isLetter(byte)
        default: true
        }
    }
}
