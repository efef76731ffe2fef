@testable import FormsmithCore
import XCTest

/// Shares of values in 2,000 generated questionnaires per form, against shares worked out by
/// hand from the rules (never read from the generator): every enum value and each side of every
/// switch and visibility predicate within 15 points of its share, list sizes over their whole
/// range, inner lists included. Retrying skewed these (a switch that hid a failing list came out
/// true 4,779 times in 5,000); a generator valid by construction keeps them.
final class GenerationDistributionTests: XCTestCase {
    static let count = 2000
    static let tolerance = 0.15

    private func objects(_ rules: CompiledRuleSet, seed: UInt64) throws -> [[String: Any]] {
        // `generate` fails the test when anything was discarded.
        let batch = try generate(rules, GenerationOptions(count: Self.count, seed: seed, jobs: 2))
        assertMatchesLabels(batch, rules, "distribution")
        return batch.objects
    }

    /// Asserts that `part` of `whole` is within ``tolerance`` of `share`.
    private func assertShare(_ part: Int, of whole: Int, _ share: Double, _ what: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertGreaterThan(whole, 0, what, file: file, line: line)
        let actual = Double(part) / Double(max(whole, 1))
        XCTAssertEqual(actual, share, accuracy: Self.tolerance, "\(what): \(part) of \(whole)", file: file, line: line)
    }

    /// Each value of `values` makes up 1/n of the present values of `path`.
    private func assertUniform(_ objects: [[String: Any]], _ path: String, _ values: [String],
                               file: StaticString = #filePath, line: UInt = #line) {
        let present = objects.compactMap { value($0, path).map { "\($0)" } }
        for candidate in values {
            assertShare(present.filter { $0 == candidate }.count, of: present.count, 1 / Double(values.count),
                        "\(path) = \(candidate)", file: file, line: line)
        }
        XCTAssertEqual(Set(present), Set(values), path, file: file, line: line)
    }

    /// Sizes of the lists in `lists`: each of `range` makes up its equal share.
    private func assertSizes(_ lists: [[Any]], _ range: ClosedRange<Int>, _ what: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        for size in range {
            assertShare(lists.filter { $0.count == size }.count, of: lists.count, 1 / Double(range.count),
                        "\(what) of \(size)", file: file, line: line)
        }
        XCTAssertEqual(Set(lists.map(\.count)), Set(range), what, file: file, line: line)
    }

    private func flag(_ object: [String: Any], _ path: String) -> Bool? { value(object, path) as? Bool }

    func testOsagoPolicy() throws {
        let all = try objects(try shippedRules("osago-policy"), seed: 11)
        assertUniform(all, "insurant.documentType", ["passport", "foreignPassport", "driverLicense"])
        assertUniform(all, "vehicle.purpose", ["personal", "taxi", "training", "rental"])
        assertUniform(all, "policy.periodMonths", ["3", "6", "12"])
        for path in ["vehicle.hasPlate", "owner.sameAsInsurant", "policy.unlimitedDrivers"] {
            assertUniform(all, path, ["0", "1"])  // Foundation reads JSON booleans as 0 and 1
        }
        // Visibility: plate with hasPlate, the owner's details without sameAsInsurant, drivers
        // without unlimitedDrivers; both sides appear about half the time.
        for object in all {
            XCTAssertEqual(value(object, "vehicle.plate") != nil, flag(object, "vehicle.hasPlate") == true)
            XCTAssertEqual(value(object, "owner.lastName") != nil, flag(object, "owner.sameAsInsurant") == false)
            XCTAssertEqual(object["drivers"] != nil, flag(object, "policy.unlimitedDrivers") == false)
        }
        // Optional fields are filled at the default rate of 0.7.
        for path in ["insurant.middleName", "insurant.email", "insurant.inn"] {
            assertShare(all.filter { value($0, path) != nil }.count, of: all.count, 0.7, "\(path) filled")
        }
        assertSizes(all.compactMap { $0["drivers"] as? [Any] }, 1...5, "drivers")
    }

    func testPaymentOrder() throws {
        let all = try objects(try shippedRules("payment-order"), seed: 12)
        assertUniform(all, "payment.type", ["0", "1", "2"])
        let types = all.map { value($0, "payment.type") as? Int }
        // basis is visible for types 1 and 2 (two thirds), period for 1, customsCode for 2.
        assertShare(all.filter { value($0, "tax.basis") != nil }.count, of: all.count, 2.0 / 3, "basis shown")
        for (object, type) in zip(all, types) {
            XCTAssertEqual(value(object, "tax.basis") != nil, type == 1 || type == 2)
            XCTAssertEqual(value(object, "tax.period") != nil, type == 1)
            XCTAssertEqual(value(object, "tax.customsCode") != nil, type == 2)
        }
        assertUniform(all, "tax.basis", ["ТП", "ЗД", "БФ", "ТР", "РС", "ОТ", "РТ", "ПР", "АП", "АР", "0"])
        for path in ["payee.inn", "payee.kpp", "payment.uin"] {
            assertShare(all.filter { value($0, path) != nil }.count, of: all.count, 0.7, "\(path) filled")
        }
    }

    func testCustomerSurvey() throws {
        let all = try objects(try shippedRules("customer-survey"), seed: 13)
        XCTAssertTrue(all.allSatisfy { flag($0, "consent") == true }, "consent is const: true")
        let countries = try String(contentsOf: repositoryRoot.appendingPathComponent("SampleData/seeds/countries.txt"),
                                   encoding: .utf8).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        XCTAssertEqual(countries.count, 249)
        assertUniform(all, "respondent.country", countries)
        // recommend is 0...10 uniformly: improve is visible for 0...6, 7 values of 11.
        let recommend = all.compactMap { value($0, "answers.recommend") as? Int }
        XCTAssertEqual(recommend.count, all.count)
        assertShare(recommend.filter { $0 <= 6 }.count, of: all.count, 7.0 / 11, "recommend <= 6")
        // channels: 1 to 4 of the 5 values (minItems 1, three more at most), so each value is in
        // a questionnaire's channels with probability (average size 2.5) / 5 = 1/2;
        // channelsOther is visible exactly when 'other' is.
        let channels = all.map { value($0, "answers.channels") as? [String] ?? [] }
        assertSizes(channels, 1...4, "channels")
        for choice in ["web", "app", "phone", "store", "other"] {
            assertShare(channels.filter { $0.contains(choice) }.count, of: all.count, 0.5, "channels has \(choice)")
        }
        for (object, chosen) in zip(all, channels) {
            XCTAssertEqual(value(object, "answers.improve") != nil, (value(object, "answers.recommend") as? Int ?? 99) <= 6)
            XCTAssertEqual(value(object, "answers.channelsOther") != nil, chosen.contains("other"))
        }
    }

    /// Lists inside list items: both levels' sizes over their whole range, and the switches and
    /// enum of the inner items. The items of the two levels have different numbers of fields
    /// (3 and 4), the shape whose inner items the validator used to read from the wrong slots.
    /// (The issue's form got one document per driver although maxItems 3, and its switch true
    /// 96% of the time.)
    func testListsInsideListItems() throws {
        let rules = try compileRules("""
            id: nested-shares
            sections:
              policy:
                fields:
                  unlimitedDrivers: {type: boolean}
              drivers:
                type: list
                visibleIf: "!policy.unlimitedDrivers"
                minItems: 1
                maxItems: 3
                fields:
                  name: {type: string, maxLength: 20}
                  licensed: {type: boolean}
                  documents:
                    type: list
                    maxItems: 3
                    fields:
                      kind: {type: enum, values: [passport, license]}
                      number: {type: string, regex: '^[0-9]{6}$'}
                      foreign: {type: boolean}
                      country: {type: string, visibleIf: "drivers[].documents[].foreign", regex: '^[A-Z]{2}$'}
            """)
        let all = try objects(rules, seed: 14)
        assertUniform(all, "policy.unlimitedDrivers", ["0", "1"])
        let drivers = all.compactMap { $0["drivers"] as? [[String: Any]] }
        XCTAssertEqual(drivers.count, all.filter { flag($0, "policy.unlimitedDrivers") == false }.count)
        assertSizes(drivers, 1...3, "drivers")
        let items = drivers.flatMap { $0 }
        assertUniform(items, "licensed", ["0", "1"])
        let documents = items.compactMap { $0["documents"] as? [[String: Any]] }
        XCTAssertEqual(documents.count, items.count, "documents are required")
        assertSizes(documents, 1...3, "documents")
        let inner = documents.flatMap { $0 }
        assertUniform(inner, "kind", ["passport", "license"])
        assertUniform(inner, "foreign", ["0", "1"])
        for document in inner { XCTAssertEqual(document["country"] != nil, document["foreign"] as? Bool == true) }
    }

    /// String predicates on free text come out both ways: half of a read field's values are
    /// drawn to make one of its predicates true (within its own checks), the other half as usual,
    /// which almost never does. Each shown field's share is worked out by hand below.
    func testStringPredicatesComeOutBothWays() throws {
        let rules = try compileRules("""
            id: predicates
            fields:
              purpose: {type: string, maxLength: 60}
              taxNote: {type: string, visibleIf: "$purpose CONTAINS[c] 'налог'"}
              code: {type: string, regex: '^[A-Z]{2}[0-9]{3}$'}
              special: {type: string, visibleIf: "$code BEGINSWITH 'RU' OR $code LIKE '*99'"}
              kind: {type: string, minLength: 1, maxLength: 10}
              extra: {type: string, visibleIf: "$kind IN {'a', 'b'}"}
              city: {type: string, minLength: 2, maxLength: 30}
              capital: {type: string, visibleIf: "$city == 'Москва'"}
              suffix: {type: string, regex: '^[a-z]{3,8}$'}
              plural: {type: string, visibleIf: "$suffix ENDSWITH 'es' AND $suffix MATCHES '[a-z]+s'"}
            """)
        XCTAssertEqual(try BatchGenerator(rules: rules, options: GenerationOptions(count: 1, seed: 1)).uncoveredPredicateSides, [])
        let all = try objects(rules, seed: 15)
        func shown(_ path: String) -> Int { all.filter { $0[path] != nil }.count }
        // The witness half always makes the predicate true; a usual value of purpose (Latin
        // words) never contains 'налог'; of code, 1/676 begin with RU and 1/100 end in 99;
        // kind, city: random words are never 'a', 'b' or 'Москва'; suffix ends in 'es' 1/676.
        assertShare(shown("taxNote"), of: all.count, 0.5, "purpose CONTAINS[c] 'налог'")
        assertShare(shown("special"), of: all.count, 0.5 + 0.5 * (1.0 / 676 + 1.0 / 100), "code BEGINSWITH/LIKE")
        assertShare(shown("extra"), of: all.count, 0.5, "kind IN {'a', 'b'}")
        assertShare(shown("capital"), of: all.count, 0.5, "city == 'Москва'")
        // plural: the witness half takes ENDSWITH 'es' (both hold) or MATCHES '[a-z]+s' (ends in
        // 'es' one time in 26), each half the time; a usual value ends in 'es' 1/676.
        assertShare(shown("plural"), of: all.count, 0.5 * (0.5 + 0.5 / 26) + 0.5 / 676, "suffix ENDSWITH 'es' AND MATCHES")
        // Both sides: what makes the predicate true, checked here without the engine.
        for object in all {
            let purpose = object["purpose"] as? String ?? ""
            XCTAssertEqual(object["taxNote"] != nil, purpose.lowercased().contains("налог"), purpose)
            let code = object["code"] as? String ?? ""
            XCTAssertEqual(object["special"] != nil, code.hasPrefix("RU") || code.hasSuffix("99"), code)
            XCTAssertEqual(object["extra"] != nil, ["a", "b"].contains(object["kind"] as? String ?? ""))
            XCTAssertEqual(object["capital"] != nil, object["city"] as? String == "Москва")
        }
        let kinds = all.compactMap { $0["kind"] as? String }
        assertShare(kinds.filter { $0 == "a" }.count, of: all.count, 0.25, "kind a")
        assertShare(kinds.filter { $0 == "b" }.count, of: all.count, 0.25, "kind b")
        // [c]: the value is drawn in mixed case, so the case-insensitive test is what holds.
        XCTAssertTrue(all.contains { ($0["purpose"] as? String)?.contains("налог") == false && $0["taxNote"] != nil })
    }

    /// A predicate the field's own checks rule out is named, not silently left uncovered.
    func testUnreachablePredicateSidesAreNamed() throws {
        let rules = try compileRules("""
            id: unreachable
            fields:
              digits: {type: string, regex: '^[0-9]+$'}
              never: {type: string, optional: true, visibleIf: "$digits CONTAINS 'x'"}
            """)
        let generator = try BatchGenerator(rules: rules, options: GenerationOptions(count: 10, seed: 1))
        XCTAssertEqual(generator.uncoveredPredicateSides, [
            "'digits' is never generated so that \"CONTAINS 'x'\" holds: its own checks leave no such value the "
                + "generator can draw, so that side of the predicate is not covered"])
    }
}
