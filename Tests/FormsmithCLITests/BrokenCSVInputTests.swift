import Foundation
import XCTest

/// The CSV half of the broken-input corpus (Fixtures/broken-csv/), through the built binary:
/// exit code, a message naming the line (and column), the accounting invariant, and every other
/// row still validated.
final class BrokenCSVInputTests: XCTestCase {
    private static let folder = "Tests/FormsmithCLITests/Fixtures/broken-csv"

    /// Per file: `[records, valid, invalid, unreadable]` and, per reported line, a piece of its message.
    private let corpus: [(file: String, counts: [Int], lines: [Int: String])] = [
        // The open quote swallows the rest of the file: one broken row, the rows before it validated.
        ("unbalanced-quotes.csv", [2, 1, 0, 1],
         [3: "line 3, column 3 (name): the quoted field opened on line 3 is never closed"]),
        ("quote-in-unquoted.csv", [3, 2, 0, 1], [3: "line 3, column 3 (name): a quote (\") inside an unquoted field"]),
        ("ragged.csv", [4, 2, 0, 2], [
            3: "line 3: the row has 2 fields but the header has 3 columns",
            4: "line 4: the row has 4 fields but the header has 3 columns",
        ]),
        // A header with no rows holds no questionnaires.
        ("header-only.csv", [0, 0, 0, 0], [:]),
        // CRLF, LF and a lone CR each end a line, inside quotes too: row d starts on line 6.
        ("mixed-endings.csv", [4, 3, 1, 0], [6: "must be a whole number"]),
    ]

    func testEachBrokenCSVFile() throws {
        for entry in corpus {
            let (run, report) = try Formsmith.validateJSON([Self.folder + "/" + entry.file])
            XCTAssertEqual(report.counts, entry.counts, entry.file)
            XCTAssertEqual(report.records, report.valid + report.invalid + report.unreadable, entry.file)
            XCTAssertEqual(run.status, entry.counts[0] == entry.counts[1] ? 0 : 1, entry.file)
            XCTAssertEqual(Set(report.results.map(\.line)), Set(entry.lines.keys), entry.file)
            for result in report.results {
                let expected = entry.lines[result.line] ?? "?"
                let said = (result.unreadable.map { [$0] } ?? []) + result.messages
                XCTAssertTrue(said.contains { $0.contains(expected) }, "\(entry.file):\(result.line): \(said)")
            }
        }
    }

    func testTheWholeCSVCorpusTogetherLosesNothing() throws {
        let (run, report) = try Formsmith.validateJSON([Self.folder])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(report.counts, [0, 1, 2, 3].map { column in corpus.map { $0.counts[column] }.reduce(0, +) })
    }
}
