import Foundation
import XCTest

/// `formsmith explain` as users run it: golden explanations of fields of the shipped rule sets.
final class ExplainCommandTests: XCTestCase {
    static let explained: [(rules: String, fields: [String])] = [
        ("osago-policy", ["insurant.lastName", "insurant.birthDate", "insurant.documentType", "insurant.documentNumber",
                          "vehicle.year", "vehicle.plate", "policy.unlimitedDrivers", "drivers",
                          "drivers[].licenseIssued"]),
        ("payment-order", ["payee.bic", "payee.account", "payment.type", "payment.amount", "tax.docDate"]),
        ("customer-survey", ["consent", "respondent.country", "answers.channels", "answers.improve"]),
    ]

    func testExplanationsOfTheShippedRuleSetsMatchTheGoldenFiles() throws {
        for (name, fields) in Self.explained {
            var transcript = ""
            for field in fields {
                let run = try explain(name, field)
                XCTAssertEqual(run.status, 0, "\(name) \(field): \(run.stderr)")
                XCTAssertEqual(run.stderr, "")
                transcript += "$ formsmith explain --rules Rules/\(name).yaml --today 2026-11-22 \(field)\n" + run.stdout + "\n"
            }
            Formsmith.assertGolden(transcript, "Tests/FormsmithCLITests/Fixtures/expected/explain-\(name).txt")
        }
    }

    func testBoundsAreResolvedForToday() throws {
        let run = try Formsmith.run(["explain", "--rules", "Rules/osago-policy.yaml", "--today", "2030-01-31",
                                     "insurant.birthDate"])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stdout.contains("on or after 1930-01-31 (min: today-100y) and on or before 2012-01-31 "
                                          + "(max: today-18y), for today 2030-01-31 [min, max]"), run.stdout)
    }

    func testItemPathsFromReportsAreAccepted() throws {
        let indexed = try explain("osago-policy", "drivers[1].licenseIssued")
        let folded = try explain("osago-policy", "drivers[].licenseIssued")
        XCTAssertEqual(indexed.status, 0)
        XCTAssertEqual(indexed.stdout, folded.stdout)
    }

    func testWhatDependsOnAFieldIsListed() throws {
        let run = try explain("payment-order", "payment.type")
        for reader in ["tax.payerStatus (visibleIf)", "tax.period (visibleIf)", "tax.docDate (visibleIf)"] {
            XCTAssertTrue(run.stdout.contains(reader), run.stdout)
        }
        let bic = try explain("payment-order", "payee.bic")
        XCTAssertTrue(bic.stdout.contains("read by    payee.account (checksum with)"), bic.stdout)
    }

    func testUnknownFieldsExitTwoWithASuggestion() throws {
        let misspelt = try explain("customer-survey", "answers.recomend")
        XCTAssertEqual(misspelt.status, 2)
        XCTAssertEqual(misspelt.stdout, "")
        XCTAssertTrue(misspelt.stderr.contains("no field 'answers.recomend'"), misspelt.stderr)
        XCTAssertTrue(misspelt.stderr.contains("did you mean 'answers.recommend'?"), misspelt.stderr)
        let short = try explain("customer-survey", "recommend")
        XCTAssertEqual(short.status, 2)
        XCTAssertTrue(short.stderr.contains("did you mean 'answers.recommend'?"), short.stderr)
        let broken = try Formsmith.run(["explain", "--rules", "Tests/FormsmithCLITests/Fixtures/broken-rules.yaml", "a"])
        XCTAssertEqual(broken.status, 2)
        XCTAssertTrue(broken.stderr.contains("unknown key 'maks'"), broken.stderr)
        let usage = try Formsmith.run(["explain", "--rules", "Rules/osago-policy.yaml"])
        XCTAssertEqual(usage.status, 2)
    }

    private func explain(_ name: String, _ field: String) throws -> Formsmith.Output {
        try Formsmith.run(["explain", "--rules", "Rules/\(name).yaml", "--today", "2026-11-22", field])
    }
}
