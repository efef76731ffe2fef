import XCTest
import FormsmithCore
import FormsmithReference

/// The reference validator's own reading of numbers, expressions, formats, `normalize` and
/// checksum companions, against verdicts worked out by hand from docs/rules.md (the
/// examples of "Exact numbers" and "Predicates and expressions" among them).
final class ReferenceOwnReadingTests: XCTestCase {
    private func verdict(_ rules: String, _ json: String) throws -> String {
        let compiled = try RulesLoader.load(text: rules, file: "rules.yaml", today: CivilDate(year: 2026, month: 11, day: 22)!)
        return ReferenceValidator(rules: compiled).verdict(json: json).description
    }

    func testNumbersAreComparedExactlyWhateverTheirLength() throws {
        let rules = """
            id: exact
            fields:
              big: {type: integer, optional: true, max: 9007199254740992}
              amount: {type: decimal, optional: true, max: 1000}
              above: {type: decimal, optional: true, exclusiveMax: 1000}
              tiny: {type: decimal, optional: true, exclusiveMin: 0}
              long: {type: integer, optional: true}
              cents: {type: decimal, optional: true, fractionDigits: 1}
            """
        XCTAssertEqual(try verdict(rules, #"{"big": 9007199254740993}"#), "big max")
        XCTAssertEqual(try verdict(rules, #"{"big": 9007199254740992}"#), "valid")
        XCTAssertEqual(try verdict(rules, #"{"amount": 1000.0000000000000001}"#), "amount max")
        XCTAssertEqual(try verdict(rules, #"{"above": 999.99999999999999999}"#), "valid")
        XCTAssertEqual(try verdict(rules, #"{"tiny": 1e-400}"#), "valid")
        XCTAssertEqual(try verdict(rules, #"{"tiny": -0.0}"#), "tiny min")
        XCTAssertEqual(try verdict(rules, #"{"long": 123456789012345678901234567890}"#), "valid")
        XCTAssertEqual(try verdict(rules, #"{"long": -123456789012345678901234567890.5}"#), "long type")
        XCTAssertEqual(try verdict(rules, #"{"cents": 10.50}"#), "valid")
        XCTAssertEqual(try verdict(rules, #"{"cents": 10.05}"#), "cents fraction-digits")
        XCTAssertEqual(try verdict(rules, #"{"cents": 1e9999999999999999999}"#), "cents type")
    }

    /// `allow` on a number field compares numbers by value; on a string field the number 0 is
    /// of the wrong type although '0' is allowed (the differential test's form 372).
    func testAllowComparesNumbersOnlyOnNumberFields() throws {
        let rules = """
            id: allowed
            fields:
              count: {type: integer, optional: true, min: 5, allow: ['0']}
              account: {type: string, optional: true, mask: '00000', allow: ['0', 'n/a']}
            """
        // `0.0` is `0` by value, so allowed, although an integer field takes no fraction otherwise.
        XCTAssertEqual(try verdict(rules, #"{"count": 0.0, "account": "n/a"}"#), "valid")
        XCTAssertEqual(try verdict(rules, #"{"count": 0, "account": "0"}"#), "valid")
        XCTAssertEqual(try verdict(rules, #"{"account": 0}"#), "account type")
    }

    func testArithmeticInPredicatesGoesOnPastSixtyFourBits() throws {
        let rules = """
            id: sums
            fields:
              a: {type: integer}
              b: {type: integer}
              note: {type: string, optional: true, visibleIf: "a + b > 9223372036854775807"}
              when: {type: date, optional: true}
              late: {type: boolean, optional: true, visibleIf: "when + 1y <= today && today - when > 30"}
            """
        // 9223372036854775807 + 1 is past 64 bits: exactly 9223372036854775808, so note is visible.
        XCTAssertEqual(try verdict(rules, #"{"a": 9223372036854775807, "b": 1, "note": "x"}"#), "valid")
        XCTAssertEqual(try verdict(rules, #"{"a": 9223372036854775806, "b": 1, "note": "x"}"#), "note visibility")
        XCTAssertEqual(try verdict(rules, #"{"a": 1, "b": 1, "when": "2025-11-22", "late": true}"#), "valid")
        XCTAssertEqual(try verdict(rules, #"{"a": 1, "b": 1, "when": "2025-11-23", "late": true}"#), "late visibility")
        // A field that is invalid makes the predicate unknown: only its own violation is reported.
        XCTAssertEqual(try verdict(rules, #"{"a": "1", "b": 1, "note": "x"}"#), "a type")
    }

    func testPastedPredicatesReadListItemsAndCompareBytes() throws {
        let rules = """
            id: pasted
            sections:
              payees:
                type: list
                fields:
                  name: {type: string}
                  kbk: {type: string, optional: true, visibleIf: "$payees[].name BEGINSWITH 'caf' AND NOT $payees[].name == 'café'"}
            """
        XCTAssertEqual(try verdict(rules, #"{"payees": [{"name": "cafe", "kbk": "1"}, {"name": "café", "kbk": "1"}]}"#),
                       "payees[1].kbk visibility")
        // Decomposed é is other bytes: not equal to 'café', so the field is visible.
        XCTAssertEqual(try verdict(rules, #"{"payees": [{"name": "cafe\u0301", "kbk": "1"}]}"#), "valid")
    }

    func testFormatsNormalizeAndTheBankAccountCompanion() throws {
        let rules = """
            id: texts
            normalize: nfc
            fields:
              mail: {type: string, optional: true, format: email}
              site: {type: string, optional: true, format: url}
              host: {type: string, optional: true, format: hostname}
              phone: {type: string, optional: true, format: phone}
              word: {type: enum, optional: true, values: [café, red]}
              strict: {type: enum, optional: true, values: [café, red], normalize: none}
              bic: {type: string, optional: true, mask: '000000000'}
              account: {type: string, optional: true, checksum: {name: bank-account, with: bic}}
            """
        XCTAssertEqual(try verdict(rules, #"{"mail": "anna..petrova@mail.ru", "site": "volga-insure.ru", "phone": "+7 (495) 123-45-67"}"#),
                       "mail format\nphone format\nsite format")
        XCTAssertEqual(try verdict(rules, #"{"mail": "o.grigoriev+osago@volga-insure.ru", "site": "http://[2001:db8::1]:8080/", "phone": "+74951234567"}"#),
                       "valid")
        XCTAssertEqual(try verdict(rules, #"{"word": "cafe\u0301", "strict": "cafe\u0301"}"#), "strict text-form")
        // docs/rules.md, Formats: a host name's last label is not all digits (`1.5` is a number,
        // `1.2.3` part of an IPv4 address); the campaign found the reference taking `12` as one.
        XCTAssertEqual(try verdict(rules, #"{"host": "12", "site": "http://1.2.3/"}"#), "host format\nsite format")
        XCTAssertEqual(try verdict(rules, #"{"host": "1.5"}"#), "host format")
        XCTAssertEqual(try verdict(rules, #"{"host": "a1.b2c", "site": "http://1.2.3.4/"}"#), "valid")
        // 40702810900000000001 is not an account of BIC 044525225 (its key is 2, computed by hand: weights 7 1 3 over 225 and the account)...
        XCTAssertEqual(try verdict(rules, #"{"bic": "044525225", "account": "40702810900000000001"}"#), "account checksum")
        XCTAssertEqual(try verdict(rules, #"{"bic": "044525225", "account": "40702810200000000001"}"#), "valid")
        // ...and with the BIC invalid, the account is not checked: only the BIC's own violation.
        XCTAssertEqual(try verdict(rules, #"{"bic": "04452522", "account": "40702810900000000001"}"#), "bic mask")
    }
}
