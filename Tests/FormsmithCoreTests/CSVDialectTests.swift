import XCTest
@testable import FormsmithCore

final class CSVDialectTests: XCTestCase {
    func testPresetsAndValidDelimiters() throws {
        XCTAssertEqual(CSVDialect().delimiter, UInt8(ascii: ","))
        XCTAssertEqual(CSVDialect.semicolon.delimiter, UInt8(ascii: ";"))
        XCTAssertEqual(CSVDialect.tab.delimiter, UInt8(ascii: "\t"))
        XCTAssertEqual(try CSVDialect(delimiter: UInt8(ascii: "|")).delimiter, UInt8(ascii: "|"))
    }

    func testUnusableDelimitersAreRejected() {
        let cases: [(byte: UInt8, expected: CSVDialectError)] = [
            (UInt8(ascii: "\""), .reservedDelimiter(0x22)),
            (UInt8(ascii: "\n"), .reservedDelimiter(0x0A)),
            (UInt8(ascii: "\r"), .reservedDelimiter(0x0D)),
            (0, .reservedDelimiter(0)),
            (0xC3, .nonASCIIDelimiter(0xC3)),
        ]
        for testCase in cases {
            XCTAssertThrowsError(try CSVDialect(delimiter: testCase.byte)) { error in
                XCTAssertEqual(error as? CSVDialectError, testCase.expected)
                XCTAssertTrue(String(describing: error).contains("use"), String(describing: error))
            }
        }
    }
}
