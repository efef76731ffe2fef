import FormsmithCore
import Foundation
import XCTest

/// The library as a consumer package uses it (no @testable import): an impossible reference
/// date is an error, not "now"; whole files give a result per record at its real line;
/// generation from rule text.
final class LibraryFileAndDateTests: XCTestCase {
    private let rules = "id: t\nfields:\n  n: {type: integer, max: 10}\n"
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("formsmith-lib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ name: String, _ text: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    func testAnImpossibleReferenceDateThrowsAndSaysWhy() throws {
        XCTAssertThrowsError(try ReferenceDate.fixed(year: 2026, month: 2, day: 30)) { error in
            XCTAssertEqual((error as? InvalidDateError)?.description,
                           "year 2026, month 2, day 30 is not a date (month 2 of 2026 has days 1...28); "
                           + "pass a real date, or .clock to follow the current date")
        }
        XCTAssertThrowsError(try ReferenceDate.fixed(year: 2026, month: 13, day: 1))
        XCTAssertThrowsError(try ReferenceDate.fixed(year: 0, month: 1, day: 1))
        XCTAssertThrowsError(try ReferenceDate.fixed("2026-02-30"))
        XCTAssertThrowsError(try ReferenceDate.fixed("22.11.2026"))
        XCTAssertEqual(try ReferenceDate.fixed(year: 2024, month: 2, day: 29), .fixed(CivilDate(dayNumber: 19_782)))
        XCTAssertEqual(try ReferenceDate.fixed("2026-11-22"), try ReferenceDate.fixed(year: 2026, month: 11, day: 22))
    }

    func testAFixedDateIsTheDateTheRulesCompareWith() throws {
        let age = "id: age\nfields:\n  birthDate: {type: date, max: today-18y}\n"
        let pinned = try QuestionnaireValidator(rulesText: age, today: .fixed(year: 2026, month: 11, day: 22))
        XCTAssertEqual(pinned.rules.today.description, "2026-11-22")
        // Eighteen on 2026-11-23, the day after the pinned date: too young on the 22nd.
        XCTAssertEqual(pinned.validate(#"{"birthDate": "2008-11-23"}"#).violations.map(\.rule), ["max"])
        XCTAssertTrue(pinned.validate(#"{"birthDate": "2008-11-22"}"#).isValid)
        let generator = try QuestionnaireGenerator(rulesText: age, today: .fixed(year: 2026, month: 11, day: 22))
        XCTAssertEqual(generator.rules.today.description, "2026-11-22")
    }

    func testAJSONLinesFileGivesEveryRecordAtItsRealLine() throws {
        let validator = try QuestionnaireValidator(rulesText: rules, today: .fixed(year: 2026, month: 11, day: 22))
        let url = try write("data.jsonl", "{\"n\": 1}\n\n{\"n\": 11}\n{bad\n{\"n\": 3}\n")
        let file = try validator.validate(fileAt: url)
        XCTAssertEqual(file.records.map(\.location.line), [1, 3, 4, 5], "the blank line 2 is no record")
        XCTAssertEqual(file.records.map(\.isValid), [true, false, false, true])
        XCTAssertEqual(file.records[1].violations.map(\.rule), ["max"])
        XCTAssertNotNil(file.records[2].unreadable)
        XCTAssertEqual(file.problems.map(\.location.line), [3, 4])
        XCTAssertEqual([file.summary.records, file.summary.valid, file.summary.invalid, file.summary.unreadable], [4, 2, 1, 1])
        XCTAssertEqual(file.records.map(\.location.file), Array(repeating: url.path, count: 4))

        var streamed: [Int] = []
        let summary = try validator.validate(fileAt: url) { streamed.append($0.location.line) }
        XCTAssertEqual(streamed, [1, 3, 4, 5])
        XCTAssertEqual(summary.records, 4)
    }

    func testACSVFileGivesEachRowAtItsLineAndAJSONArrayEachElementAtItsIndex() throws {
        let validator = try QuestionnaireValidator(rulesText: rules, today: .fixed(year: 2026, month: 11, day: 22))
        let csv = try validator.validate(fileAt: try write("data.csv", "n\n1\n11\n"))
        XCTAssertEqual(csv.records.map(\.location.line), [2, 3])
        XCTAssertEqual(csv.records.map { $0.violations.map(\.rule) }, [[], ["max"]])

        let two = try QuestionnaireValidator(rulesText: "id: t2\nfields:\n  n: {type: integer, max: 10}\n  m: {type: integer}\n",
                                             today: .fixed(year: 2026, month: 11, day: 22))
        let semicolons = try two.validate(fileAt: try write("data.txt", "n;m\n12;3\n"), format: .csv,
                                          csvDialect: .semicolon)
        XCTAssertEqual(semicolons.records.map { $0.violations.map(\.rule) }, [["max"]])
        XCTAssertEqual(semicolons.records.map(\.location.line), [2])

        let json = try validator.validate(fileAt: try write("data.json", "[{\"n\": 1},\n {\"n\": 12}]\n"))
        XCTAssertEqual(json.records.map(\.location.index), [0, 1])
        XCTAssertEqual(json.records.map(\.location.line), [1, 2])
        XCTAssertEqual(json.records.map(\.isValid), [true, false])
    }

    func testAMissingFileOrAnUnknownExtensionIsAnError() throws {
        let validator = try QuestionnaireValidator(rulesText: rules, today: .fixed(year: 2026, month: 11, day: 22))
        XCTAssertThrowsError(try validator.validate(fileAt: folder.appendingPathComponent("none.jsonl"))) { error in
            XCTAssertTrue("\(error)".hasSuffix("none.jsonl: no such file or directory"), "\(error)")
        }
        XCTAssertThrowsError(try validator.validate(fileAt: try write("data.txt", "{}")))
    }

    func testAGeneratorFromRuleTextMakesWhatTheValidatorAccepts() throws {
        let today = try ReferenceDate.fixed(year: 2026, month: 11, day: 22)
        let generator = try QuestionnaireGenerator(rulesText: rules, today: today)
        let validator = try QuestionnaireValidator(rulesText: rules, today: today)
        let made = try generator.valid(count: 20, seed: 3)
        XCTAssertEqual(made.count, 20)
        for questionnaire in made {
            XCTAssertTrue(validator.validate(questionnaire.data).isValid, questionnaire.json)
            let n = try XCTUnwrap(questionnaire.object["n"] as? Int, questionnaire.json)
            XCTAssertLessThanOrEqual(n, 10)
        }
        XCTAssertThrowsError(try QuestionnaireGenerator(rulesText: "id: x\nfields:\n  a: {type: strin}\n", file: "db:7")) {
            XCTAssertTrue("\($0)".contains("db:7:3:"), "\($0)")
        }
    }
}
