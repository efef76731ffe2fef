import XCTest
@testable import FormsmithCore

final class CSVReaderTests: XCTestCase {
    private struct Case {
        var name: String
        var input: String
        var dialect: CSVDialect = .comma
        var firstLine: Int = 1
        var expected: [ExpectedRow]
    }

    /// Well-formed inputs; the first three are the examples of RFC 4180 section 2.
    private let cases: [Case] = [
        Case(name: "RFC 4180 2.1 CRLF records", input: "aaa,bbb,ccc\r\nzzz,yyy,xxx\r\n",
             expected: [.init(1, ["aaa", "bbb", "ccc"]), .init(2, ["zzz", "yyy", "xxx"])]),
        Case(name: "RFC 4180 2.2 no final line break", input: "aaa,bbb,ccc\r\nzzz,yyy,xxx",
             expected: [.init(1, ["aaa", "bbb", "ccc"]), .init(2, ["zzz", "yyy", "xxx"])]),
        Case(name: "RFC 4180 2.5 quoted fields", input: "\"aaa\",\"bbb\",\"ccc\"\r\nzzz,yyy,xxx",
             expected: [.init(1, ["aaa", "bbb", "ccc"]), .init(2, ["zzz", "yyy", "xxx"])]),
        Case(name: "RFC 4180 2.6 CRLF inside quotes", input: "\"aaa\",\"b\r\nbb\",\"ccc\"\r\nzzz,yyy,xxx",
             expected: [.init(1, ["aaa", "b\r\nbb", "ccc"]), .init(3, ["zzz", "yyy", "xxx"])]),
        Case(name: "RFC 4180 2.7 doubled quotes", input: "\"aaa\",\"b\"\"bb\",\"ccc\"",
             expected: [.init(1, ["aaa", "b\"bb", "ccc"])]),
        Case(name: "only an escaped quote", input: "\"\"\"\",\"\"\"\"\"\"\n",
             expected: [.init(1, ["\"", "\"\""])]),
        Case(name: "LF inside quotes moves following lines", input: "\"x\ny\nz\",1\nnext,2\n",
             expected: [.init(1, ["x\ny\nz", "1"]), .init(4, ["next", "2"])]),
        Case(name: "lone CR and CRLF inside quotes", input: "\"a\rb\r\nc\"\nd",
             expected: [.init(1, ["a\rb\r\nc"]), .init(4, ["d"])]),
        Case(name: "mixed LF, CR and CRLF line breaks", input: "a\nb\rc\r\nd\n\re",
             expected: [.init(1, ["a"]), .init(2, ["b"]), .init(3, ["c"]), .init(4, ["d"]), .init(6, ["e"])]),
        Case(name: "blank lines are skipped but counted", input: "\n\r\na\n\n\r\n\rb\n\n",
             expected: [.init(3, ["a"]), .init(7, ["b"])]),
        Case(name: "empty fields", input: "a,,c\n,\n,,\n",
             expected: [.init(1, ["a", "", "c"]), .init(2, ["", ""]), .init(3, ["", "", ""])]),
        Case(name: "trailing delimiter at end of input", input: "a,", expected: [.init(1, ["a", ""])]),
        Case(name: "runs of empty fields around quoted ones and line breaks", input: ",,\"q\",,\r\n,\n,,,\"\"\r,a,,",
             expected: [.init(1, ["", "", "q", "", ""]), .init(2, ["", ""]), .init(3, ["", "", "", ""]),
                        .init(4, ["", "a", "", ""])]),
        Case(name: "an empty field then a quote in an unquoted one", input: ",x\"y\nb\n",
             expected: [.init(1, [""], CSVRowError(kind: .quoteInUnquotedField, line: 1, column: 2)), .init(2, ["b"])]),
        Case(name: "quoted field at end of input", input: "a,\"b\"", expected: [.init(1, ["a", "b"])]),
        Case(name: "quoted empty fields", input: "\"\",\"\"\n\"\"", expected: [.init(1, ["", ""]), .init(2, [""])]),
        Case(name: "BOM skipped at file start", input: "\u{FEFF}id,name\n1,x",
             expected: [.init(1, ["id", "name"]), .init(2, ["1", "x"])]),
        Case(name: "BOM before a quoted field", input: "\u{FEFF}\"id\",x", expected: [.init(1, ["id", "x"])]),
        Case(name: "BOM only", input: "\u{FEFF}", expected: []),
        Case(name: "empty input", input: "", expected: []),
        Case(name: "line breaks only", input: "\r\n\n\r", expected: []),
        Case(name: "chunk starting on line 10 keeps a BOM as data", input: "\u{FEFF}a\nb", firstLine: 10,
             expected: [.init(10, ["\u{FEFF}a"]), .init(11, ["b"])]),
        Case(name: "semicolon delimiter", input: "a;\"b;c\";d\na,b;\"x\"\"y\"", dialect: .semicolon,
             expected: [.init(1, ["a", "b;c", "d"]), .init(2, ["a,b", "x\"y"])]),
        Case(name: "tab delimiter", input: "a\t\"b\tc\"\t\n\t", dialect: .tab,
             expected: [.init(1, ["a", "b\tc", ""]), .init(2, ["", ""])]),
        Case(name: "spaces around fields are data", input: " a , b \n", expected: [.init(1, [" a ", " b "])]),
        Case(name: "Cyrillic UTF-8 and multi-choice cell",
             input: "insurant.lastName,answers.channels\nРимская-Корсакова,\"tv;radio\"\n",
             expected: [.init(1, ["insurant.lastName", "answers.channels"]), .init(2, ["Римская-Корсакова", "tv;radio"])]),
    ]

    func testWellFormedInputs() {
        for testCase in cases {
            let rows = readExpectedRows(testCase.input, dialect: testCase.dialect, firstLine: testCase.firstLine)
            XCTAssertEqual(rows, testCase.expected, testCase.name)
        }
    }

    func testQuotedEmptyFieldIsDistinguishedFromUnquotedEmpty() {
        let rows = readRows(Array("\"\",,\"a\",b\n".utf8))
        XCTAssertEqual(rows.count, 1)
        XCTAssertEqual(rows.first?.quoted, [true, false, true, false])
        XCTAssertEqual(rows.first?.texts, ["", "", "a", "b"])
    }

    func testFieldRangesExcludeQuotesAndFlagEscapes() {
        let bytes = Array("ab,\"c\"\"d\",\"\"\n".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var reader = CSVReader(bytes: buffer)
            var row = CSVRow()
            XCTAssertTrue(reader.next(into: &row))
            XCTAssertEqual(row.fields, [
                CSVField(start: 0, end: 2, isQuoted: false, hasEscapedQuotes: false),
                CSVField(start: 4, end: 8, isQuoted: true, hasEscapedQuotes: true),
                CSVField(start: 11, end: 11, isQuoted: true, hasEscapedQuotes: false),
            ])
            XCTAssertEqual(row.fieldCount, 3)
            XCTAssertFalse(row.isBroken)
            XCTAssertFalse(reader.next(into: &row))
            XCTAssertEqual(reader.line, 2)
        }
    }

    func testRowStorageIsReusedAcrossRows() {
        let bytes = Array("a,b,c,d\ne\n".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var reader = CSVReader(bytes: buffer)
            var row = CSVRow()
            XCTAssertTrue(reader.next(into: &row))
            let capacity = row.fields.capacity
            XCTAssertTrue(reader.next(into: &row))
            XCTAssertEqual(row.fieldCount, 1)
            XCTAssertEqual(row.fields.capacity, capacity)
        }
    }

    func testUnescapeReusesScratchAndWithUnescapedBytesAvoidsCopies() {
        let bytes = Array("plain,\"a\"\"b\"\"\"\n".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var reader = CSVReader(bytes: buffer)
            var row = CSVRow()
            XCTAssertTrue(reader.next(into: &row))
            var scratch: [UInt8] = []
            scratch.reserveCapacity(64)
            let capacity = scratch.capacity
            row.fields[1].unescape(from: buffer, into: &scratch)
            XCTAssertEqual(String(decoding: scratch, as: UTF8.self), "a\"b\"")
            XCTAssertEqual(scratch.capacity, capacity)
            let plainAddress = row.fields[0].withUnescapedBytes(in: buffer, scratch: &scratch) { $0.baseAddress }
            XCTAssertEqual(plainAddress, buffer.baseAddress)
            let escaped = row.fields[1].withUnescapedBytes(in: buffer, scratch: &scratch) { Array($0) }
            XCTAssertEqual(String(decoding: escaped, as: UTF8.self), "a\"b\"")
            XCTAssertEqual(String(decoding: row.fields[1].rawBytes(in: buffer), as: UTF8.self), "a\"\"b\"\"")
        }
    }
}
