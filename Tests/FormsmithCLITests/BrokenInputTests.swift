import Foundation
import XCTest

/// The broken-input corpus (Fixtures/broken/) run through the built binary: every case ends with
/// exit 1, a message that names the file and line, the accounting invariant, and every other
/// questionnaire still validated.
final class BrokenInputTests: XCTestCase {
    /// Per file: `[records, valid, invalid, unreadable]` and, per reported line, a piece of its message.
    private let corpus: [(file: String, counts: [Int], lines: [Int: String])] = [
        ("truncated.json", [1, 0, 0, 1], [1: "line 1, column 40: invalid literal: expected true"]),
        ("truncated-array.json", [3, 2, 0, 1], [4: "line 4, column 24: expected ':' after the member name; the rest of the array"]),
        ("trailing-garbage.json", [1, 0, 0, 1], [1: "line 2, column 1: unexpected 'g' after the end of the JSON value"]),
        ("trailing-garbage-array.json", [3, 2, 0, 1], [2: "line 2, column 1: unexpected data after the end of the array"]),
        ("invalid-utf8.jsonl", [7, 1, 0, 6], [
            1: "line 1, column 20: invalid UTF-8: byte 0xC0 cannot start a character",
            2: "line 2, column 20: invalid UTF-8 sequence (overlong form or surrogate)",
            3: "line 3, column 23: invalid UTF-8 sequence (overlong form or surrogate)",
            4: "line 4, column 19: lone surrogate \\ud800 is not a character",
            5: "line 5, column 18: lone low surrogate \\udc00 is not a character",
            6: "line 6, column 28: invalid UTF-8: byte 0x80 cannot start a character",
        ]),
        ("bom.json", [1, 1, 0, 0], [:]),
        // A byte order mark is skipped at the start of the file only.
        ("bom.jsonl", [3, 2, 0, 1], [2: "line 2, column 1: unexpected byte 0xEF: expected a value"]),
        ("nul.jsonl", [4, 1, 0, 3], [
            1: "line 1, column 12: control character byte 0x00 inside a string",
            2: "line 2, column 14: expected a member name in double quotes, found byte 0x00",
            4: "line 4, column 1: unexpected byte 0x00: expected a value",
        ]),
        ("duplicate-keys.jsonl", [3, 1, 2, 0], [
            1: "appears more than once in the same object", 2: "appears more than once in the same object",
        ]),
        // Integers past 64 bits (lines 2, 3) and 1e400 (line 7) are exact numbers like any other;
        // an exponent of more than 18 digits is not read (line 13).
        ("numbers.jsonl", [13, 6, 3, 4], [
            4: "must be a whole number, written without a fraction or an exponent",
            5: "must be a whole number, written without a fraction or an exponent",
            13: "has an exponent beyond what Formsmith reads exactly: exponents must lie between "
                + "-999999999999999999 and 999999999999999999",
            9: "line 9, column 25: unexpected 'N': expected a value",
            10: "line 10, column 30: unexpected 'I': expected a value",
            11: "line 11, column 26: unexpected '+': expected a value",
            12: "line 12, column 34: invalid number: leading zeros are not allowed in JSON",
        ]),
        ("empty.json", [1, 0, 0, 1], [1: "the file is empty: expected a questionnaire object or an array"]),
        // An empty or blank JSON Lines file holds no questionnaires: nothing to count.
        ("empty.jsonl", [0, 0, 0, 0], [:]),
        ("blank.jsonl", [0, 0, 0, 0], [:]),
        ("binary.json", [1, 0, 0, 1], [1: "line 1, column 1: unexpected byte 0x03: expected a value"]),
    ]

    func testEachBrokenFileOnItsOwn() throws {
        for entry in corpus {
            let (run, report) = try Formsmith.validateJSON([BrokenInputs.folder + "/" + entry.file])
            XCTAssertEqual(report.counts, entry.counts, entry.file)
            XCTAssertEqual(run.status, entry.counts[0] == entry.counts[1] ? 0 : 1, entry.file)
            XCTAssertEqual(Set(report.results.map(\.line)), Set(entry.lines.keys), entry.file)
            for result in report.results {
                XCTAssertTrue(result.file.hasSuffix("/" + entry.file), result.file)
                let expected = entry.lines[result.line] ?? "?"
                let said = (result.unreadable.map { [$0] } ?? []) + result.messages
                XCTAssertTrue(said.contains { $0.contains(expected) }, "\(entry.file):\(result.line): \(said)")
            }
        }
    }

    func testTheWholeCorpusTogetherLosesNothing() throws {
        // Every file at once, with a valid file between them: the totals are the sums of the
        // files' own totals, so no questionnaire was lost or counted twice.
        let (run, report) = try Formsmith.validateJSON([BrokenInputs.folder, "SampleData/customer-survey/valid.jsonl"],
                                                       rules: "Rules/customer-survey.yaml")
        XCTAssertEqual(run.status, 1)
        let valid = try Formsmith.validateJSON(["SampleData/customer-survey/valid.jsonl"], rules: "Rules/customer-survey.yaml").1
        XCTAssertEqual(valid.counts[0], valid.counts[1])
        let binary = try Formsmith.validateJSON([BrokenInputs.folder + "/binary.jsonl"]).1
        XCTAssertGreaterThan(binary.records, 1)
        XCTAssertEqual(binary.unreadable, binary.records, "every line of a binary file is unreadable")
        let corpusRecords = corpus.map(\.counts[0]).reduce(0, +) + binary.records
        XCTAssertEqual(report.records, corpusRecords + valid.records)
        XCTAssertEqual(report.unreadable, corpus.map(\.counts[3]).reduce(0, +) + binary.unreadable)
        XCTAssertTrue(report.results.allSatisfy { !$0.file.hasSuffix("valid.jsonl") })
    }

    func testTheTextReportNamesFileAndLine() throws {
        let run = try Formsmith.run(["validate", "--rules", BrokenInputs.rules,
                                     BrokenInputs.folder + "/invalid-utf8.jsonl", BrokenInputs.folder + "/truncated-array.json"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stdout.contains("\(BrokenInputs.folder)/invalid-utf8.jsonl:4\n  unreadable: line 4, column 19:"),
                      run.stdout)
        XCTAssertTrue(run.stdout.contains("\(BrokenInputs.folder)/truncated-array.json:4 [2]\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("10 questionnaires: 3 valid, 0 invalid, 7 unreadable"), run.stdout)
    }
}
