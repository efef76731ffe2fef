import XCTest
@testable import FormsmithCore

/// IBAN country structure and national check digits, and OGRN record types: published numbers
/// pass, and twins that differ only where the national rule looks (with the IBAN's own mod 97
/// check digits recomputed, so that only the national rule can reject them) fail.
final class IdentifierStructureTests: XCTestCase {
    /// Examples from the IBAN registry and national banks, one per national scheme.
    private let published: [(String, IbanNationalCheck)] = [
        ("NO93 8601 1117 947", .norway),
        ("BE68 5390 0754 7034", .belgium),
        ("FR14 2004 1010 0505 0001 3M02 606", .ribKey),
        ("FR76 3000 6000 0112 3456 7890 189", .ribKey),
        ("MC58 1122 2000 0101 2345 6789 030", .ribKey),
        ("TN59 1000 6035 1835 9847 8831", .ribKeyWhole),
        ("MR13 0002 0001 0100 0012 3456 753", .ribKeyWhole),
        ("PT50 0002 0123 1234 5678 9015 4", .mod97Whole),
        ("SI56 2633 0001 2039 086", .mod97Whole),
        ("ME25 5050 0001 2345 6789 51", .mod97Whole),
        ("RS35 2600 0560 1001 6113 79", .mod97Whole),
        ("BA39 1290 0794 0102 8494", .mod97Whole),
        ("MK07 2501 2000 0058 984", .mod97Whole),
        ("TL38 0080 0123 4567 8910 157", .mod97Whole),
        ("XK05 1212 0123 4567 8906", .mod97Whole),
        ("ES91 2100 0418 4502 0005 1332", .spain),
        ("IT60 X054 2811 1010 0000 0123 456", .italyCIN),
        ("SM86 U032 2509 8000 0000 0270 100", .italyCIN),
        ("FI21 1234 5600 0007 85", .luhn),
        ("CZ65 0800 0000 1920 0014 5399", .czechSlovak),
        ("SK31 1200 0000 1987 4263 7541", .czechSlovak),
        ("HR12 1001 0051 8630 0016 0", .croatia),
        ("HU42 1177 3016 1111 1018 0000 0000", .hungary),
        ("PL61 1090 1014 0000 0712 1981 2874", .poland),
        ("IS14 0159 2600 7654 5510 7303 39", .iceland),
        ("AL47 2121 1009 0000 0002 3569 8741", .albania),
        // Second examples for schemes with a single registry example.
        ("AL35 2021 1109 0000 0000 0123 4567", .albania),
        ("IS75 0001 1212 3456 3108 9620 99", .iceland),
        ("NO83 3000 1234 567", .norway),
        ("BE71 0961 2345 6769", .belgium),
        ("ES79 2100 0813 6101 2345 6789", .spain),
    ]

    func testPublishedIbansPassTheirNationalCheck() {
        for (iban, scheme) in published {
            XCTAssertTrue(ChecksumAlgorithm.iban.isValid(iban), iban)
            let compacted = iban.replacingOccurrences(of: " ", with: "")
            let country = IbanRegistry.country(compacted.utf8.first!, Array(compacted.utf8)[1])
            XCTAssertEqual(country?.nationalCheck, scheme, iban)
            XCTAssertEqual(country?.length, compacted.count, iban)
        }
        XCTAssertEqual(Set(published.map(\.1)), Set(IbanNationalCheck.allCases), "an example for every scheme")
    }

    func testEveryBodyDigitChangeBreaksTheNationalCheck() {
        // Changing a national check character, with the IBAN check digits made right again,
        // must fail: this is what the registry's length and mod 97 cannot see.
        for (iban, scheme) in published {
            var chars = Array(iban.replacingOccurrences(of: " ", with: "").utf8)
            let position = 4 + nationalCheckPosition(scheme, bbanLength: chars.count - 4)
            switch chars[position] {
            case UInt8(ascii: "9"): chars[position] = UInt8(ascii: "0")
            case UInt8(ascii: "Z"): chars[position] = UInt8(ascii: "A")
            default: chars[position] += 1
            }
            let twin = withIbanCheckDigits(chars)
            XCTAssertFalse(ChecksumAlgorithm.iban.isValid(twin), "\(iban) → \(twin)")
        }
        // The case: a Norwegian number with a wrong mod 11 digit and right mod 97 digits.
        XCTAssertFalse(ChecksumAlgorithm.iban.isValid(withIbanCheckDigits(Array("NO0086011117948".utf8))))
        // A Norwegian body whose weighted sum is 1 mod 11 (2·3 + 3·2 = 12) would need check
        // digit 10: no last digit makes it valid.
        for last in 0...9 {
            let twin = withIbanCheckDigits(Array("NO000000000023\(last)".utf8))
            XCTAssertFalse(ChecksumAlgorithm.iban.isValid(twin), twin)
        }
    }

    func testCountryStructureIsEnforced() {
        let cases: [(String, String)] = [
            ("GB00 1EST 1234 5698 7654 32", "digit where the bank code has letters"),
            ("DE00 3704 0044 0532 0130 0A", "letter in a German account number"),
            ("NL00 ABNA 0417 1643 0", "Dutch IBAN one character short"),
            ("AA00 1234 5678 90AB CD", "country without IBAN"),
            ("US00 1234 5678 9012 3456 78", "country without IBAN"),
        ]
        for (iban, note) in cases {
            let twin = withIbanCheckDigits(Array(iban.replacingOccurrences(of: " ", with: "").utf8))
            XCTAssertFalse(ChecksumAlgorithm.iban.isValid(twin), "\(twin): \(note)")
        }
        XCTAssertTrue(ChecksumAlgorithm.iban.isValid("NL91 ABNA 0417 1643 00"))
        XCTAssertTrue(ChecksumAlgorithm.iban.isValid("GB33 BUKB 2020 1555 5555 55"))
    }

    func testRegistryCoversEveryCountryWithTheRegisteredLengths() {
        XCTAssertEqual(IbanRegistry.countries.count, 89)
        let lengths = Dictionary(uniqueKeysWithValues: IbanRegistry.countries.map {
            (String(decoding: [$0.code.0, $0.code.1], as: UTF8.self), $0.length)
        })
        XCTAssertEqual(lengths["NO"], 15)
        XCTAssertEqual(lengths["RU"], 33)
        XCTAssertEqual(lengths["LC"], 32)
        XCTAssertEqual(lengths["DE"], 22)
        XCTAssertEqual(lengths["YE"], 30)
        XCTAssertTrue(lengths.values.allSatisfy { (15...34).contains($0) })
    }

    func testOgrnRecordType() {
        // 1 and 5 start an OGRN, 3 and 4 an OGRNIP; every other first digit is refused even
        // with the right check digit.
        for first in 0...9 {
            let ogrn = withOgrnCheck("\(first)027700132190")
            let ogrnip = withOgrnCheck("\(first)04500116000150")
            XCTAssertEqual(ChecksumAlgorithm.ogrn.isValid(ogrn), first == 1 || first == 5, ogrn)
            XCTAssertEqual(ChecksumAlgorithm.ogrn.isValid(ogrnip), first == 3 || first == 4, ogrnip)
        }
        XCTAssertEqual(ChecksumAlgorithm.ogrn.makeValid("0027700132190").map { Array($0).first }, "1")
        XCTAssertEqual(ChecksumAlgorithm.ogrn.makeValid("9027700132190").map { Array($0).first }, "5")
        XCTAssertEqual(ChecksumAlgorithm.ogrn.makeValid("004500116000150").map { Array($0).first }, "4")
        XCTAssertEqual(ChecksumAlgorithm.ogrn.makeValid("704500116000150").map { Array($0).first }, "3")
    }

    func testMakeValidGivesEveryCountryAValidNumber() {
        var random = SplitMix64(seed: 0x1BA2_0000_0000_0011)
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        for country in IbanRegistry.countries {
            let code = String(decoding: [country.code.0, country.code.1], as: UTF8.self)
            for _ in 0..<50 {
                let candidate = code + "00" + random.string(length: country.length - 4, from: alphabet)
                guard let valid = ChecksumAlgorithm.iban.makeValid(candidate) else {
                    XCTFail("no valid IBAN from \(candidate)")
                    continue
                }
                XCTAssertTrue(valid.hasPrefix(code), valid)
                XCTAssertTrue(ChecksumAlgorithm.iban.isValid(valid), "\(candidate) → \(valid)")
            }
        }
        // A candidate whose country has no IBAN of its length gets one that has.
        let moved = ChecksumAlgorithm.iban.makeValid("ZZ00123456789012345678")
        XCTAssertNotNil(moved)
        XCTAssertTrue(moved.map { ChecksumAlgorithm.iban.isValid($0) } ?? false, moved ?? "nil")
    }

    /// The BBAN position of one check character of each scheme.
    private func nationalCheckPosition(_ scheme: IbanNationalCheck, bbanLength: Int) -> Int {
        switch scheme {
        case .norway: 10
        case .belgium: 11
        case .ribKey: 22
        case .ribKeyWhole, .mod97Whole, .luhn: bbanLength - 1
        case .spain: 9
        case .italyCIN: 0
        case .czechSlovak: 9
        case .croatia: 6
        case .hungary: 7
        case .poland: 7
        case .iceland: 20
        case .albania: 7
        }
    }

    /// `chars` (compacted) with the IBAN's mod 97 check digits computed.
    private func withIbanCheckDigits(_ chars: [UInt8]) -> String {
        var chars = chars
        chars[2] = UInt8(ascii: "0")
        chars[3] = UInt8(ascii: "0")
        var remainder = 0
        for byte in chars[4...] + chars[..<4] {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                remainder = (remainder * 10 + Int(byte - UInt8(ascii: "0"))) % 97
            } else {
                remainder = (remainder * 100 + Int(byte - UInt8(ascii: "A")) + 10) % 97
            }
        }
        let check = 98 - remainder
        chars[2] = UInt8(ascii: "0") + UInt8(check / 10)
        chars[3] = UInt8(ascii: "0") + UInt8(check % 10)
        return String(decoding: chars, as: UTF8.self)
    }

    /// `digits` with the last digit replaced by the OGRN / OGRNIP check digit.
    private func withOgrnCheck(_ digits: String) -> String {
        let body = digits.dropLast()
        let modulus = digits.count == 13 ? 11 : 13
        var remainder = 0
        for character in body { remainder = (remainder * 10 + character.wholeNumberValue!) % modulus }
        return body + String(remainder % 10)
    }
}
