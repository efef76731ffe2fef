import XCTest
@testable import FormsmithCore

/// Table-driven validation tests with published numbers and their one-character-changed twins.
final class ChecksumTests: XCTestCase {
    private struct Case {
        let algorithm: ChecksumAlgorithm
        let value: String
        var companion: String? = nil
        let valid: Bool
        let note: String
    }

    private let cases: [Case] = [
        // INN, 10 digits: 7·2+7·4+0·10+7·3+0·5+8·9+3·4+8·6+9·8 = 267; 267 mod 11 = 3 → check 3.
        Case(algorithm: .inn, value: "7707083893", valid: true, note: "Sberbank INN"),
        Case(algorithm: .inn, value: "7707083894", valid: false, note: "check digit changed"),
        Case(algorithm: .inn, value: "7707183893", valid: false, note: "body digit changed"),
        // INN, 12 digits: 5·7+1·10+7·9+3·4+2·6+2·8 = 148 → mod 11 = 5 (d11);
        // 5·3+1·4+7·5+3·9+2·4+2·6+5·8 = 141 → mod 11 = 9 (d12).
        Case(algorithm: .inn, value: "500100732259", valid: true, note: "individual INN"),
        Case(algorithm: .inn, value: "500100732258", valid: false, note: "second check digit changed"),
        Case(algorithm: .inn, value: "500100732269", valid: false, note: "first check digit changed"),
        Case(algorithm: .inn, value: "7707 083-893", valid: true, note: "spaces and hyphens ignored"),
        Case(algorithm: .inn, value: "770708389", valid: false, note: "9 digits"),
        Case(algorithm: .inn, value: "77070838930", valid: false, note: "11 digits"),
        Case(algorithm: .inn, value: "770708389A", valid: false, note: "letter"),
        Case(algorithm: .inn, value: "7707_083893", valid: false, note: "underscore is not a separator"),
        Case(algorithm: .inn, value: "770708389\u{FF13}", valid: false, note: "full-width digit"),
        Case(algorithm: .inn, value: "", valid: false, note: "empty"),

        // SNILS: 1·9+1·8+2·7+2·6+3·5+3·4+4·3+4·2+5·1 = 95 < 100 → check 95.
        Case(algorithm: .snils, value: "112-233-445 95", valid: true, note: "SNILS as usually written"),
        Case(algorithm: .snils, value: "11223344595", valid: true, note: "SNILS without separators"),
        Case(algorithm: .snils, value: "112-233-445 96", valid: false, note: "check changed"),
        Case(algorithm: .snils, value: "112-233-446 95", valid: false, note: "body digit changed"),
        Case(algorithm: .snils, value: "112-233-445 9", valid: false, note: "10 digits"),
        Case(algorithm: .snils, value: "112.233.445 95", valid: false, note: "dots are not separators"),
        Case(algorithm: .snils, value: "001-001-998 00", valid: true, note: "highest unchecked number"),
        Case(algorithm: .snils, value: "001-001-998 47", valid: true, note: "unchecked: any check accepted"),
        // 0·9+0·8+1·7+0·6+0·5+1·4+9·3+9·2+9·1 = 65 → check 65.
        Case(algorithm: .snils, value: "001-001-999 65", valid: true, note: "lowest checked number"),
        Case(algorithm: .snils, value: "001-001-999 00", valid: false, note: "lowest checked number, wrong check"),
        // 0+8+42+6+0+12+9+18+6 = 101 → check 00.
        Case(algorithm: .snils, value: "016-103-396 00", valid: true, note: "sum 101 gives 00"),
        Case(algorithm: .snils, value: "016-103-396 01", valid: false, note: "sum 101, check 01"),
        // 0+40+0+12+15+16+9+2+6 = 100 → check 00.
        Case(algorithm: .snils, value: "050-234-316 00", valid: true, note: "sum 100 gives 00"),
        // 72+16+0+54+40+4+6+6+3 = 201; 201 mod 101 = 100 → check 00.
        Case(algorithm: .snils, value: "820-981-233 00", valid: true, note: "sum mod 101 = 100 gives 00"),
        // 9·45 = 405; 405 mod 101 = 1 → check 01.
        Case(algorithm: .snils, value: "999-999-999 01", valid: true, note: "sum 405 gives 01"),
        Case(algorithm: .snils, value: "999-999-999 05", valid: false, note: "sum 405, check 05"),

        // OGRN: 102770013219 = 11·9342728474 + 5 → check 5.
        Case(algorithm: .ogrn, value: "1027700132195", valid: true, note: "Sberbank OGRN"),
        Case(algorithm: .ogrn, value: "1027700132196", valid: false, note: "check digit changed"),
        // OGRNIP: 30450011600015 = 13·2342308584616 + 7 → check 7.
        Case(algorithm: .ogrn, value: "304500116000157", valid: true, note: "OGRNIP"),
        Case(algorithm: .ogrn, value: "304500116000158", valid: false, note: "OGRNIP check changed"),
        Case(algorithm: .ogrn, value: "10277001321950", valid: false, note: "14 digits"),
        Case(algorithm: .ogrn, value: "102770013219", valid: false, note: "12 digits"),

        // 225 + 40702810938000000001, weights 7,1,3 repeated:
        // 14+2+15 + 28+0+21+0+2+24+7+0+27+21+8+0+0+0+0+0+0+0+0+1 = 170 → ends in 0.
        Case(algorithm: .bankAccount, value: "40702810938000000001", companion: "044525225", valid: true, note: "settlement account"),
        Case(algorithm: .bankAccount, value: "40702810038000000001", companion: "044525225", valid: false, note: "key changed"),
        Case(algorithm: .bankAccount, value: "40702810938000000002", companion: "044525225", valid: false, note: "last digit changed"),
        Case(algorithm: .bankAccount, value: "40702810938000000001", companion: "044525226", valid: false, note: "other BIC"),
        Case(algorithm: .bankAccount, value: "4070 2810 9380 0000 0001", companion: "044 525 225", valid: true, note: "grouped"),
        Case(algorithm: .bankAccount, value: "40702810938000000001", valid: false, note: "no BIC"),
        Case(algorithm: .bankAccount, value: "40702810938000000001", companion: "04452522", valid: false, note: "8-digit BIC"),
        Case(algorithm: .bankAccount, value: "40702810938000000001", companion: "04452522A", valid: false, note: "letter in BIC"),
        Case(algorithm: .bankAccount, value: "4070281093800000000", companion: "044525225", valid: false, note: "19 digits"),
        // Correspondent account, settlement-centre digits 0,2,5 (BIC digits 5-6):
        // 0+2+15 + 21+0+3+0+1+24+7+0+12+0+0+0+0+0+0+0+0+6+14+5 = 110 → ends in 0.
        Case(algorithm: .bankAccount, value: "30101810400000000225", companion: "044525225", valid: true, note: "Sberbank corr. account"),
        Case(algorithm: .bankAccount, value: "30101810500000000225", companion: "044525225", valid: false, note: "corr. key changed"),
        // Bank of Russia's own example (settlement centre 005, key 8); single treasury account of Moscow.
        Case(algorithm: .bankAccount, value: "30101810800000000746", companion: "049805000", valid: true, note: "CBR worked example"),
        Case(algorithm: .bankAccount, value: "40102810545370000003", companion: "004525988", valid: true, note: "treasury account"),

        // VIN: sum 351 = 11·31 + 10 → check X.
        Case(algorithm: .vin, value: "1M8GDM9AXKP042788", valid: true, note: "classic example"),
        Case(algorithm: .vin, value: "1M8GDM9A1KP042788", valid: false, note: "check changed"),
        Case(algorithm: .vin, value: "1M8GDM9AXKP042789", valid: false, note: "serial digit changed"),
        Case(algorithm: .vin, value: "1m8gdm9axkp042788", valid: true, note: "lower case"),
        // Weights sum to 89; 89 mod 11 = 1 → check 1.
        Case(algorithm: .vin, value: "11111111111111111", valid: true, note: "all ones"),
        Case(algorithm: .vin, value: "IM8GDM9AXKP042788", valid: false, note: "I is not allowed"),
        Case(algorithm: .vin, value: "1M8GDM9AXKP04278", valid: false, note: "16 characters"),
        Case(algorithm: .vin, value: "1M8GDM9AXKP0427880", valid: false, note: "18 characters"),
        Case(algorithm: .vin, value: "1M8GDM9AYKP042788", valid: false, note: "letter other than X at check position"),

        Case(algorithm: .luhn, value: "4111111111111111", valid: true, note: "test Visa"),
        Case(algorithm: .luhn, value: "4111 1111 1111 1111", valid: true, note: "grouped card"),
        Case(algorithm: .luhn, value: "4111111111111112", valid: false, note: "check changed"),
        Case(algorithm: .luhn, value: "79927398713", valid: true, note: "textbook example"),
        Case(algorithm: .luhn, value: "79927398710", valid: false, note: "textbook example, check changed"),
        Case(algorithm: .luhn, value: "18", valid: true, note: "two digits: 2+8"),
        Case(algorithm: .luhn, value: "0", valid: false, note: "one digit is too short"),
        Case(algorithm: .luhn, value: "4111a11111111111", valid: false, note: "letter"),

        Case(algorithm: .iban, value: "GB82 WEST 1234 5698 7654 32", valid: true, note: "UK example"),
        Case(algorithm: .iban, value: "GB82WEST12345698765432", valid: true, note: "electronic format"),
        Case(algorithm: .iban, value: "gb82 west 1234 5698 7654 32", valid: true, note: "lower case"),
        Case(algorithm: .iban, value: "GB82 WEST 1234 5698 7654 33", valid: false, note: "last digit changed"),
        Case(algorithm: .iban, value: "DE89 3704 0044 0532 0130 00", valid: true, note: "German example"),
        Case(algorithm: .iban, value: "DE88 3704 0044 0532 0130 00", valid: false, note: "check digits changed"),
        Case(algorithm: .iban, value: "NO93 8601 1117 947", valid: true, note: "shortest country"),
        Case(algorithm: .iban, value: "FR14 2004 1010 0505 0001 3M02 606", valid: true, note: "letter in BBAN"),
        Case(algorithm: .iban, value: "GB88 WEST 1234 5698 7654 3", valid: false, note: "mod 97 right, 21 chars for GB"),
        Case(algorithm: .iban, value: "DE02370400440000000024", valid: true, note: "check digits 02"),
        Case(algorithm: .iban, value: "DE99370400440000000024", valid: false, note: "99 ≡ 02 mod 97 but out of range"),
        Case(algorithm: .iban, value: "AA321234567890ABCD", valid: false, note: "country without IBAN (mod 97 right)"),
        Case(algorithm: .iban, value: "1282WEST12345698765432", valid: false, note: "country not letters"),
        Case(algorithm: .iban, value: "GB82_WEST_1234_5698_7654_32", valid: false, note: "underscores"),
    ]

    func testPublishedNumbersAndTheirTwins() {
        for testCase in cases {
            XCTAssertEqual(
                testCase.algorithm.isValid(testCase.value, companion: testCase.companion), testCase.valid,
                "\(testCase.algorithm.rawValue) \(testCase.value) (\(testCase.note))"
            )
        }
    }

    func testByteBufferEntryPointAgreesWithStrings() {
        for testCase in cases {
            let value = Array(testCase.value.utf8)
            let companion = testCase.companion.map { Array($0.utf8) }
            let result = value.withUnsafeBufferPointer { valueBytes in
                guard let companion else { return testCase.algorithm.isValid(valueBytes, companion: nil) }
                return companion.withUnsafeBufferPointer { testCase.algorithm.isValid(valueBytes, companion: $0) }
            }
            XCTAssertEqual(result, testCase.valid, "\(testCase.algorithm.rawValue) \(testCase.value) (bytes)")
        }
    }

    func testCompanionIsIgnoredWhenNotNeeded() {
        XCTAssertTrue(ChecksumAlgorithm.inn.isValid("7707083893", companion: "not a BIC"))
        XCTAssertEqual(ChecksumAlgorithm.allCases.filter(\.needsCompanion), [.bankAccount])
    }

    func testRuleNamesAndSummaries() {
        XCTAssertEqual(
            ChecksumAlgorithm.allCases.map(\.rawValue),
            ["inn", "snils", "ogrn", "bank-account", "vin", "luhn", "iban"]
        )
        XCTAssertEqual(ChecksumAlgorithm(rawValue: "bank-account"), .bankAccount)
        for algorithm in ChecksumAlgorithm.allCases {
            XCTAssertFalse(algorithm.summary.isEmpty, algorithm.rawValue)
            XCTAssertFalse(algorithm.summary.contains("\n"), algorithm.rawValue)
        }
    }
}
