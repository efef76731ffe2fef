import XCTest
@testable import FormsmithCore

final class CSVReaderErrorTests: XCTestCase {
    private typealias Kind = CSVRowError.Kind

    private static func error(_ kind: Kind, line: Int, column: Int) -> CSVRowError {
        CSVRowError(kind: kind, line: line, column: column)
    }

    /// Malformed inputs: each broken row reports its problem, and reading goes on at the next line.
    private let cases: [(name: String, input: String, expected: [ExpectedRow])] = [
        ("quote inside an unquoted field", "a,b\"c,d\nx,y\n",
         [.init(1, ["a"], error(.quoteInUnquotedField, line: 1, column: 2)), .init(2, ["x", "y"])]),
        ("quote in unquoted field: rest of line skipped even if it opens a quote", "id,a\"b,\"c\nd\n",
         [.init(1, ["id"], error(.quoteInUnquotedField, line: 1, column: 2)), .init(2, ["d"])]),
        ("text after a closing quote", "\"ab\"c,d\nx\n",
         [.init(1, [], error(.textAfterClosingQuote, line: 1, column: 1)), .init(2, ["x"])]),
        ("space after a closing quote", "a,\"b\" ,c\r\nx",
         [.init(1, ["a"], error(.textAfterClosingQuote, line: 1, column: 2)), .init(2, ["x"])]),
        ("text after a closing quote on a later line of a multi-line field", "x,\"a\nb\"c\nd\n",
         [.init(1, ["x"], error(.textAfterClosingQuote, line: 2, column: 2)), .init(3, ["d"])]),
        ("unterminated quote: rest of the file is one broken row", "a,\"b\nc,d\ne\n",
         [.init(1, ["a"], error(.unterminatedQuotedField, line: 1, column: 2))]),
        ("unterminated quote after good rows reports the opening line", "a\nb\n\n\"c,d\ne\n",
         [.init(1, ["a"]), .init(2, ["b"]), .init(4, [], error(.unterminatedQuotedField, line: 4, column: 1))]),
        ("unterminated quote closed by an escaped quote at the end", "x,\"a\"\"",
         [.init(1, ["x"], error(.unterminatedQuotedField, line: 1, column: 2))]),
        ("NUL in an unquoted field", "a,b\u{0}c\nd\n",
         [.init(1, ["a"], error(.nulByte, line: 1, column: 2)), .init(2, ["d"])]),
        ("NUL on the second line of a quoted field", "\"a\nb\u{0}\",c\nd\n",
         [.init(1, [], error(.nulByte, line: 2, column: 1)), .init(3, ["d"])]),
        ("UTF-16LE text shows as NUL bytes", "a\u{0},\u{0}b\u{0}\n\u{0}",
         [.init(1, [], error(.nulByte, line: 1, column: 1)), .init(2, [], error(.nulByte, line: 2, column: 1))]),
        ("error on the last line without a line break", "a\nb\"",
         [.init(1, ["a"]), .init(2, [], error(.quoteInUnquotedField, line: 2, column: 1))]),
        ("errors on consecutive lines with CR line breaks", "a\"\r\"b\"c\rok",
         [.init(1, [], error(.quoteInUnquotedField, line: 1, column: 1)),
          .init(2, [], error(.textAfterClosingQuote, line: 2, column: 1)), .init(3, ["ok"])]),
    ]

    func testBrokenRowsAreReportedAndReadingContinues() {
        for testCase in cases {
            XCTAssertEqual(readExpectedRows(testCase.input), testCase.expected, testCase.name)
        }
    }

    func testMessagesSayWhatIsWrongAndHowToFixIt() {
        let quote = Self.error(.quoteInUnquotedField, line: 3, column: 2)
        XCTAssertEqual(quote.description.prefix(17), "line 3, column 2:")
        XCTAssertTrue(quote.message.hasPrefix(
            "a quote (\") inside an unquoted field; quote the whole field and double inner quotes"))
        let after = Self.error(.textAfterClosingQuote, line: 1, column: 1)
        XCTAssertTrue(after.message.contains("after the closing quote"))
        XCTAssertTrue(after.message.contains("double the quote"))
        let open = Self.error(.unterminatedQuotedField, line: 7, column: 4)
        XCTAssertTrue(open.message.contains("opened on line 7 is never closed"))
        XCTAssertTrue(open.message.contains("from line 7 to the end of the file was read as this one broken row"))
        XCTAssertTrue(open.message.contains("add the missing closing quote"))
        let nul = Self.error(.nulByte, line: 1, column: 1)
        XCTAssertTrue(nul.message.contains("save it as UTF-8"))
    }
}
