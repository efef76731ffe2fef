import XCTest
@testable import FormsmithCore

final class CSVHeaderTests: XCTestCase {
    private func header(_ text: String, firstLine: Int = 1) -> CSVHeader? {
        Array(text.utf8).withUnsafeBufferPointer { buffer in
            var reader = CSVReader(bytes: buffer, firstLine: firstLine)
            var row = CSVRow()
            guard reader.next(into: &row) else { return nil }
            return CSVHeader(row: row, in: buffer)
        }
    }

    func testNamesAreExactUnescapedAndWithoutBOM() {
        XCTAssertEqual(header("\u{FEFF}id, name ,\"x\"\"y\",\"\"\n1,2,3,4")?.names, ["id", " name ", "x\"y", ""])
        // A BOM the reader kept (chunk not at file start) is still stripped from the first name.
        XCTAssertEqual(header("\u{FEFF}id,b", firstLine: 2)?.names, ["id", "b"])
        XCTAssertEqual(header("vehicle.vin,drivers.0.lastName")?.column(named: "drivers.0.lastName"), 2)
        XCTAssertNil(header("a,b")?.column(named: "c"))
    }

    func testDuplicateNamesReportTheirColumns() throws {
        let cases: [(input: String, expected: [CSVHeader.DuplicateName])] = [
            ("a,b,c", []),
            ("a,b,a,c,b,a", [.init(name: "a", columns: [1, 3, 6]), .init(name: "b", columns: [2, 5])]),
            ("\"id\",id", [.init(name: "id", columns: [1, 2])]),
            ("id,id ", []),
        ]
        for testCase in cases {
            let parsed = try XCTUnwrap(header(testCase.input))
            XCTAssertEqual(parsed.duplicates, testCase.expected, testCase.input)
        }
    }

    func testRequireUniqueNamesThrowsAHelpfulError() throws {
        let parsed = try XCTUnwrap(header("a,b,a,c,b,a"))
        XCTAssertThrowsError(try parsed.requireUniqueNames()) { error in
            let text = String(describing: error)
            XCTAssertTrue(text.contains("\"a\" in columns 1, 3, 6; \"b\" in columns 2, 5"), text)
            XCTAssertTrue(text.contains("rename or remove"), text)
        }
        XCTAssertNoThrow(try CSVHeader(names: ["a", "b"]).requireUniqueNames())
    }
}
