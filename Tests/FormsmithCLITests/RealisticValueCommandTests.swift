import Foundation
import XCTest

/// Values that look real (issue 23), counted on 20,000 questionnaires of each shipped form made
/// by the binary: every identifier has its real structure, free text is words of the form's
/// script, and every questionnaire still validates. The lists of real codes below are written
/// here apart from the generator's tables.
final class RealisticValueCommandTests: ScratchFolderTestCase {
    /// Subjects of the Russian Federation as the tax service numbers them.
    static let taxRegions: Set<String> = {
        var codes = Set((1...79).map { String(format: "%02d", $0) })
        codes.formUnion(["83", "86", "87", "89", "91", "92"])
        return codes
    }()

    /// OKATO region codes (BIC digits 3-4): 01 Altai krai ... 99 the Jewish autonomous region.
    static let okatoRegions: Set<String> = [
        "01", "03", "04", "05", "07", "08", "10", "11", "12", "14", "15", "17", "18", "19", "20", "22", "24", "25",
        "26", "27", "28", "29", "30", "32", "33", "34", "35", "36", "37", "38", "40", "41", "42", "44", "45", "46",
        "47", "49", "50", "52", "53", "54", "56", "57", "58", "60", "61", "63", "64", "65", "66", "67", "68", "69",
        "70", "71", "73", "75", "76", "77", "78", "79", "80", "81", "82", "83", "84", "85", "86", "87", "88", "89",
        "90", "91", "92", "93", "94", "95", "96", "97", "98", "99",
    ]

    /// Manufacturer codes: Lada, UAZ, Ford, VW, BMW, Hyundai ... as assigned by SAE / ISO 3780.
    static let manufacturers: Set<String> = [
        "XTA", "XTT", "X7L", "X9F", "XW8", "X4X", "Z94", "Z8N", "XWE", "Z6F", "JTD", "JTM", "JN1", "JMZ", "JHM",
        "KMH", "KNA", "KNE", "WVW", "WV1", "WBA", "WDB", "WDD", "WAU", "WF0", "VF1", "VF3", "VF7", "TMB", "SAL",
        "YV1", "ZFA", "1HG", "1FA", "2T1", "3VW", "LVS", "LGW",
    ]

    static let count = 20_000

    /// Generates `count` questionnaires of a shipped form, checks they all validate and no
    /// realistic value fell back, and returns them parsed.
    private func generated(_ form: String) throws -> [[String: Any]] {
        let output = path("\(form).jsonl")
        let generate = try Formsmith.run(["generate", "--rules", "Rules/\(form).yaml", "--count", "\(Self.count)",
                                          "--seed", "2023", "--today", "2026-11-22", "--output", output])
        XCTAssertEqual(generate.status, 0, generate.stderr)
        XCTAssertFalse(generate.stderr.contains("drawn plainly"), generate.stderr)
        let validate = try Formsmith.run(["validate", "--rules", "Rules/\(form).yaml", "--today", "2026-11-22", output])
        XCTAssertEqual(validate.status, 0, validate.stdout)
        XCTAssertTrue(validate.stdout.contains("\(Self.count) questionnaires: \(Self.count) valid"), validate.stdout)
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, Self.count)
        return try lines.map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    private func string(_ record: [String: Any], _ section: String, _ field: String) -> String? {
        (record[section] as? [String: Any])?[field] as? String
    }

    private func isCyrillicWords(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { (0x0410...0x044F).contains($0.value) || $0 == " " }
            && text.unicodeScalars.contains { (0x0410...0x044F).contains($0.value) }
    }

    private func isLatinWords(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == " " }
    }

    func testOSAGOPolicyValuesLookReal() throws {
        var inns = 0, phones = 0, vins = 0
        for record in try generated("osago-policy") {
            if let inn = string(record, "insurant", "inn") {
                inns += 1
                XCTAssertEqual(inn.count, 12, inn)
                XCTAssertTrue(Self.taxRegions.contains(String(inn.prefix(2))), "INN \(inn): no such region")
                XCTAssertNotEqual(inn.dropFirst(2).prefix(2), "00", "INN \(inn): no tax office 00")
            }
            let phone = try XCTUnwrap(string(record, "insurant", "phone"))
            phones += 1
            XCTAssertTrue(phone.hasPrefix("+7 (9"), "not a Russian mobile number: \(phone)")
            let vin = try XCTUnwrap(string(record, "vehicle", "vin"))
            vins += 1
            XCTAssertTrue(Self.manufacturers.contains(String(vin.prefix(3))), "VIN \(vin): no such manufacturer")
        }
        XCTAssertEqual(phones, Self.count)
        XCTAssertEqual(vins, Self.count)
        XCTAssertGreaterThan(inns, Self.count / 2)  // optional, filled 70% of the time
        print("osago-policy: \(inns) INNs, \(phones) phones, \(vins) VINs, all realistic")
    }

    func testPaymentOrderValuesLookReal() throws {
        var inns = 0, bics = 0, persons = 0, companies = 0, purposes = 0, names = 0
        for record in try generated("payment-order") {
            let inn = string(record, "payee", "inn")
            if let inn {
                inns += 1
                XCTAssertTrue(Self.taxRegions.contains(String(inn.prefix(2))), "INN \(inn): no such region")
            }
            let bic = try XCTUnwrap(string(record, "payee", "bic"))
            bics += 1
            XCTAssertTrue(bic.hasPrefix("04"), bic)
            XCTAssertTrue(Self.okatoRegions.contains(String(bic.dropFirst(2).prefix(2))), "BIC \(bic): no such region")
            XCTAssertGreaterThanOrEqual(Int(bic.suffix(3)) ?? 0, 50, "BIC \(bic): not a credit institution's number")
            let account = try XCTUnwrap(string(record, "payee", "account"))
            XCTAssertEqual(account.dropFirst(5).prefix(3), "810", "account \(account): not in rubles")
            switch account.prefix(5) {
            case "40817":
                persons += 1
                XCTAssertNotEqual(inn?.count, 10, "a company's INN \(inn ?? "") with a person's account \(account)")
            case "40702":
                companies += 1
                XCTAssertNotEqual(inn?.count, 12, "a person's INN \(inn ?? "") with a company's account \(account)")
            default:
                XCTFail("account \(account): not a current account's balance-account prefix")
            }
            let purpose = try XCTUnwrap(string(record, "payment", "purpose"))
            purposes += 1
            XCTAssertTrue(isCyrillicWords(purpose), "purpose not in Russian words: \(purpose)")
            let name = try XCTUnwrap(string(record, "payee", "name"))
            names += 1
            XCTAssertTrue(isCyrillicWords(name), "payee name not in Russian words: \(name)")
        }
        XCTAssertEqual(bics, Self.count)
        XCTAssertEqual(persons + companies, Self.count)
        XCTAssertGreaterThan(persons, Self.count / 4)
        XCTAssertGreaterThan(companies, Self.count / 4)
        XCTAssertEqual(purposes, Self.count)
        XCTAssertEqual(names, Self.count)
        print("payment-order: \(inns) INNs, \(bics) BICs, \(persons) person / \(companies) company accounts, "
              + "\(purposes) purposes and \(names) names in Russian words")
    }

    func testCustomerSurveyFreeTextIsEnglishWords() throws {
        var improvements = 0, others = 0
        for record in try generated("customer-survey") {
            if let improve = string(record, "answers", "improve") {
                improvements += 1
                XCTAssertTrue(isLatinWords(improve), "not English words: \(improve)")
                XCTAssertTrue((10...2000).contains(improve.count), improve)
            }
            if let other = string(record, "answers", "channelsOther") {
                others += 1
                XCTAssertTrue(isLatinWords(other), "not English words: \(other)")
            }
        }
        XCTAssertGreaterThan(improvements, Self.count / 3)
        XCTAssertGreaterThan(others, 0)
        print("customer-survey: \(improvements) improvement comments and \(others) other channels in English words")
    }

    // MARK: - Forms users write

    /// Generates from a rule file written here and returns the questionnaires and standard error.
    private func generate(_ yaml: String, count: Int = 300) throws -> (records: [[String: Any]], stderr: String) {
        let rules = try write("form.yaml", yaml)
        let output = path("out.jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "\(count)", "--seed", "11",
                                     "--today", "2026-11-22", "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        let validate = try Formsmith.run(["validate", "--rules", rules, "--today", "2026-11-22", output])
        XCTAssertEqual(validate.status, 0, validate.stdout)
        let records = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
            .map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        return (records, run.stderr)
    }

    private func names(_ file: String) throws -> Set<String> {
        Set(try String(contentsOf: Formsmith.root.appendingPathComponent("SampleData/seeds/\(file)"), encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") })
    }

    /// A shipped name, or one composed the way Russian names are: a surname ending in `ов`,
    /// `ова`, `ский`, `ская`; a patronymic in `ович`, `овна`; a first name one capitalised word of
    /// Cyrillic letters that is neither.
    private func isRussianName(_ value: String, kind: String, shipped: Set<String>) -> Bool {
        if shipped.contains(value) { return true }
        let word = value.range(of: "^[А-Я][а-я]+$", options: .regularExpression) != nil
        switch kind {
        case "last": return word && ["ов", "ова", "ский", "ская"].contains { value.hasSuffix($0) }
        case "middle": return word && ["ович", "овна"].contains { value.hasSuffix($0) }
        default: return word && !["ов", "ова", "ский", "ская", "ович", "овна"].contains { value.hasSuffix($0) }
        }
    }

    func testACyrillicNamePatternWithoutASeedListGetsRussianNames() throws {
        let (records, stderr) = try generate("""
            id: people
            definitions:
              name: {type: string, regex: '^[А-ЯЁ][а-яё]+(?:-[А-ЯЁ][а-яё]+)?$'}
            sections:
              person:
                fields:
                  lastName: {use: name}
                  firstName: {use: name}
                  middleName: {use: name}
              relatives:
                type: list
                minItems: 2
                maxItems: 2
                fields:
                  surname: {use: name}
                  patronymic: {use: name}
            """)
        XCTAssertFalse(stderr.contains("drawn plainly"), stderr)
        let (last, first, middle) = (try names("ru-last-names.txt"), try names("ru-first-names.txt"),
                                     try names("ru-middle-names.txt"))
        var shipped = 0
        for record in records {
            let person = try XCTUnwrap(record["person"] as? [String: String])
            XCTAssertTrue(isRussianName(person["lastName"] ?? "", kind: "last", shipped: last), "\(person)")
            XCTAssertTrue(isRussianName(person["firstName"] ?? "", kind: "first", shipped: first), "\(person)")
            XCTAssertTrue(isRussianName(person["middleName"] ?? "", kind: "middle", shipped: middle), "\(person)")
            if last.contains(person["lastName"] ?? "") { shipped += 1 }
            let relatives = try XCTUnwrap(record["relatives"] as? [[String: String]])
            XCTAssertEqual(relatives.count, 2)
            for relative in relatives {
                XCTAssertTrue(isRussianName(relative["surname"] ?? "", kind: "last", shipped: last), "\(relative)")
                XCTAssertTrue(isRussianName(relative["patronymic"] ?? "", kind: "middle", shipped: middle), "\(relative)")
            }
        }
        XCTAssertGreaterThan(shipped, 0, "the shipped surnames are among those drawn")
    }

    /// 1,000 values of a name pattern, or of a one-word Cyrillic pattern (which names also fit),
    /// hold at least 850 different ones (they held about 120 when drawn from the shipped lists
    /// alone).
    func testNamePatternsGiveAtLeast850DistinctValuesIn1000() throws {
        let (records, _) = try generate("""
            id: variety
            fields:
              lastName: {type: string, regex: '^[А-ЯЁ][а-яё]+(-[А-ЯЁ][а-яё]+)?$'}
              firstName: {type: string, regex: '^[А-ЯЁ][а-яё]+(-[А-ЯЁ][а-яё]+)?$'}
              middleName: {type: string, regex: '^[А-ЯЁ][а-яё]+(-[А-ЯЁ][а-яё]+)?$'}
              word: {type: string, regex: '(?i)^[а-яё]{2,20}$'}
            """, count: 1000)
        XCTAssertEqual(records.count, 1000)
        for field in ["lastName", "firstName", "middleName", "word"] {
            let distinct = Set(records.compactMap { $0[field] as? String })
            XCTAssertGreaterThanOrEqual(distinct.count, 850, "\(field): \(distinct.count) distinct")
        }
    }

    /// A text condition (`title CONTAINS[c] 'phone'`) is made true from the field's own seed
    /// list first: of the five titles, three contain "phone" in some case (Phone charger,
    /// Smartphone case, Headphones). Every title is one of the five (before, half the titles
    /// drawn for the condition were strings such as `0iwpHONEh`), and about half the draws go
    /// to the condition and the rest to the whole list: 0.5 + 0.5 × 3/5 = 80% phone titles.
    func testATextConditionIsMetFromTheSeedListFirst() throws {
        _ = try write("titles.txt", "Phone charger\nLaptop\nDesk lamp\nSmartphone case\nHeadphones\n")
        let (records, _) = try generate("""
            id: claim-items
            fields:
              title: {type: string, regex: '^[A-Za-z ]{3,30}$', seed: titles.txt}
              warranty: {type: integer, min: 1, max: 3, visibleIf: "title CONTAINS[c] 'phone'"}
            """, count: 400)
        let list: Set = ["Phone charger", "Laptop", "Desk lamp", "Smartphone case", "Headphones"]
        var phones = 0
        for record in records {
            let title = try XCTUnwrap(record["title"] as? String)
            XCTAssertTrue(list.contains(title), title)
            if title.lowercased().contains("phone") { phones += 1 }
        }
        XCTAssertEqual(Double(phones) / 400, 0.8, accuracy: 0.08, "\(phones) of 400")
    }

    func testACommentWhoseRegexAllowsAnyTextIsWordsOfTheFormsScript() throws {
        let russian = try generate("""
            id: claim
            fields:
              kind: {type: enum, values: ['ДТП', 'угон']}
              comment: {type: string, regex: '^[^<>]*$', minLength: 5, maxLength: 60}
            """)
        let english = try generate("""
            id: claim
            fields:
              kind: {type: enum, values: [crash, theft]}
              comment: {type: string, regex: '^[^<>]*$', minLength: 5, maxLength: 60}
            """)
        for record in russian.records {
            let comment = try XCTUnwrap(record["comment"] as? String)
            XCTAssertTrue(isCyrillicWords(comment), comment)
        }
        for record in english.records {
            let comment = try XCTUnwrap(record["comment"] as? String)
            XCTAssertTrue(isLatinWords(comment), comment)
        }
        XCTAssertFalse(russian.stderr.contains("drawn plainly") || english.stderr.contains("drawn plainly"))
    }

    func testARegexThatForbidsTheRealValueFallsBackAndSaysHowOften() throws {
        // No region has code 00, so every realistic INN breaks the regex: each value is drawn
        // plainly, still valid, and the warning counts them.
        let (records, stderr) = try generate("""
            id: odd
            fields:
              inn: {type: string, regex: '^00\\d{10}$', checksum: inn}
            """, count: 50)
        XCTAssertEqual(records.count, 50)
        XCTAssertTrue(records.allSatisfy { ($0["inn"] as? String)?.hasPrefix("00") == true })
        XCTAssertTrue(stderr.contains("refused a realistic value"), stderr)
        XCTAssertTrue(stderr.contains("  inn [INN]: 50 values drawn plainly"), stderr)
    }

    func testAFixedAreaCodeIsKeptAndNotCountedAsAFallback() throws {
        // In a mask 0 is any digit: '+7 (8' is the fixed part.
        let (records, stderr) = try generate("""
            id: hotline
            fields:
              phone: {type: string, mask: '+7 (800) 000-00-00'}
              mobile: {type: string, mask: '+7 (000) 000-00-00'}
            """, count: 100)
        for record in records {
            XCTAssertTrue((record["phone"] as? String)?.hasPrefix("+7 (8") == true, "\(record)")
            XCTAssertTrue((record["mobile"] as? String)?.hasPrefix("+7 (9") == true, "\(record)")
        }
        XCTAssertFalse(stderr.contains("warning"), stderr)
    }
}
