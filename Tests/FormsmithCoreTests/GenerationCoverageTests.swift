@testable import FormsmithCore
import XCTest

/// Coverage (every enum value and both branches of every visibility predicate appear in a
/// batch of reasonable size) and `--boundaries` (values at the edges of their ranges).
final class GenerationCoverageTests: XCTestCase {
    /// Every value of every enum and multi-choice field appears within `count` records, and
    /// every field with a visibility predicate is both filled and left out.
    private func assertCoverage(_ name: String, count: Int) throws {
        let rules = try shippedRules(name)
        let objects = try generate(rules, GenerationOptions(count: count, seed: 12)).objects
        for field in rules.ruleSet.allFields where field.type == .enumeration || field.type == .multiChoice {
            let compiled = rules.fields[rules.fieldIDs[field.path]!]
            var expected = Set<String>()
            for case .choice(let check as ValuesCheck.Listed) in compiled.checks {
                expected.formUnion(check.strings.map { String(decoding: $0, as: UTF8.self) })
                expected.formUnion(check.integers.map(String.init))
            }
            var seen = Set<String>()
            for object in objects {
                switch value(object, field.path) {
                case let list as [String]: seen.formUnion(list)
                case let text as String: seen.insert(text)
                case let number as NSNumber: seen.insert(number.stringValue)
                default: break
                }
            }
            XCTAssertEqual(expected.subtracting(seen), [], "\(name) \(field.path) in \(count) records")
        }
        // A section's own condition is checked on its fields (their visibleIf includes it).
        for field in rules.ruleSet.allFields
        where field.visibleIf != nil && field.type != .section && !field.path.contains("[]") {
            let filled = objects.filter { value($0, field.path) != nil }.count
            XCTAssertGreaterThan(filled, 0, "\(name) \(field.path) never filled")
            XCTAssertLessThan(filled, objects.count, "\(name) \(field.path) never hidden")
        }
    }

    func testEveryEnumValueAndVisibilityBranchAppears() throws {
        try assertCoverage("osago-policy", count: 60)
        try assertCoverage("payment-order", count: 100)
        try assertCoverage("customer-survey", count: 600)  // 250 country codes
    }

    func testBoundariesReachTheEdgesOfDatesNumbersListsAndLengths() throws {
        let rules = try shippedRules("osago-policy")
        // The shortest Cyrillic names: `[А-ЯЁ][а-яё]*(?:-[А-ЯЁ][а-яё]*)?` has no 1-letter second
        // part, which the walk aiming at a length cannot see, so a few draws aimed at `minLength`
        // come out short and are drawn again; they are counted, under the field and `min-length`.
        let batch = try generate(rules, GenerationOptions(count: 300, seed: 21, boundaries: true), filtered: true)
        assertDiscardsOnly(batch, cyrillicNameLengths)
        XCTAssertEqual(batch.summary.discards.questionnaires + batch.summary.discards.defects, 0)
        let objects = batch.objects
        func strings(_ path: String) -> [String] { objects.compactMap { value($0, path) as? String } }
        let birthDates = Set(strings("insurant.birthDate"))
        XCTAssertTrue(birthDates.contains("1926-11-22"), "oldest allowed birth date")
        XCTAssertTrue(birthDates.contains("2008-11-22"), "youngest allowed birth date")
        let starts = Set(strings("policy.startDate"))
        XCTAssertTrue(starts.contains("2026-11-22") && starts.contains("2027-01-21"))
        let powers = Set(objects.compactMap { (value($0, "vehicle.enginePower") as? NSNumber)?.doubleValue })
        XCTAssertTrue(powers.contains(1) && powers.contains(1500))
        let sizes = Set(objects.compactMap { ($0["drivers"] as? [Any])?.count })
        XCTAssertTrue(sizes.contains(1) && sizes.contains(5))
        let issued = objects.flatMap { ($0["drivers"] as? [[String: Any]]) ?? [] }
        XCTAssertTrue(issued.contains { driver in
            guard let birth = (driver["birthDate"] as? String).flatMap(DatePattern.iso.parse),
                  let licence = (driver["licenseIssued"] as? String).flatMap(DatePattern.iso.parse) else { return false }
            return licence == birth.adding(CalendarDuration(years: 18))
        }, "a licence issued on the 18th birthday (a field-relative bound)")

        let survey = try generate(try shippedRules("customer-survey"),
                                  GenerationOptions(count: 300, seed: 21, boundaries: true)).objects
        let improve = Set(survey.compactMap { (value($0, "answers.improve") as? String)?.count })
        XCTAssertTrue(improve.contains(10) && improve.contains(2000), "shortest and longest text")
    }

    func testWithoutBoundariesValuesSpreadInsideTheirRanges() throws {
        let objects = try generate(try shippedRules("osago-policy"), GenerationOptions(count: 200, seed: 2)).objects
        let years = Set(objects.compactMap { (value($0, "vehicle.year") as? NSNumber)?.intValue })
        XCTAssertGreaterThan(years.count, 50)
        XCTAssertTrue(years.allSatisfy { (1950...2026).contains($0) })
    }
}
