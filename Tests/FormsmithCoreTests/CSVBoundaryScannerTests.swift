import XCTest
@testable import FormsmithCore

final class CSVBoundaryScannerTests: XCTestCase {
    private func boundary(_ text: String, dialect: CSVDialect = .comma, firstLine: Int = 1) -> CSVChunkBoundary? {
        Array(text.utf8).withUnsafeBufferPointer {
            CSVBoundaryScanner(dialect: dialect).lastRecordEnd(in: $0, firstLine: firstLine)
        }
    }

    func testBoundaries() {
        let cases: [(name: String, input: String, firstLine: Int, expected: CSVChunkBoundary?)] = [
            ("record without line break is incomplete", "a,b", 1, nil),
            ("one LF record", "a\nb", 1, .init(end: 2, lineCount: 1)),
            ("CRLF record", "a\r\nb", 1, .init(end: 3, lineCount: 1)),
            ("CR as last byte may be half of CRLF", "a\r", 1, nil),
            ("CR as last byte after a complete record", "a\nb\r", 1, .init(end: 2, lineCount: 1)),
            ("blank CR as last byte", "a\n\r", 1, .init(end: 2, lineCount: 1)),
            ("blank lines are boundaries", "\n\n", 1, .init(end: 2, lineCount: 2)),
            ("open quote hides the line breaks", "a\n\"b\nc\nd", 1, .init(end: 2, lineCount: 1)),
            ("multi-line quoted record", "a\n\"b\nc\"\nd", 1, .init(end: 8, lineCount: 3)),
            ("doubled quotes keep the field open", "\"a\"\"\nb\"\"\"\nc", 1, .init(end: 10, lineCount: 2)),
            ("BOM at file start then open quote", "\u{FEFF}\"a\nb", 1, nil),
            ("BOM later is data, so the quote is an error ending at the line", "\u{FEFF}\"a\nb", 2,
             .init(end: 6, lineCount: 1)),
            ("error recovery ignores quotes to the line end", "a\"b,\"c\nd", 1, .init(end: 7, lineCount: 1)),
            ("closing quote as last byte is incomplete", "a\n\"b\"", 1, .init(end: 2, lineCount: 1)),
        ]
        for testCase in cases {
            XCTAssertEqual(boundary(testCase.input, firstLine: testCase.firstLine), testCase.expected, testCase.name)
        }
    }

    func testDelimiterOfTheDialectIsUsed() {
        // With ';' the comma is data; both dialects agree on the boundary of a quoted record.
        XCTAssertEqual(boundary("\"a;b\n\";c\nx", dialect: .semicolon), .init(end: 9, lineCount: 2))
        XCTAssertEqual(boundary("a\t\"\n\"\nx", dialect: .tab), .init(end: 6, lineCount: 2))
    }

    /// Tricky files covering every feature and error kind.
    private let trickyFiles: [(name: String, text: String, dialect: CSVDialect)] = [
        ("mixed", "\u{FEFF}id,\"na\"\"me\",note\r\n1,\"multi\r\nline\rfield\",x\n\n2,,\"\"\r\r\n3,a\"b,\"c\n"
            + "4,\"ab\"c,\"d\ne\"\n5,\"\"\"\",\"q\"\"\"\"\"\r6,Иван,Римская-Корсакова\r\n7,\u{0}x,y\n\"8\",z", .comma),
        ("ends inside an open quote", "a,b\r\n\"c\nd,\"\"e\r\nf\n", .comma),
        ("ends with CR", "a\r\rb\r\"c\r\"\r", .comma),
        ("semicolons with commas as data", "\u{FEFF}a;\"b;c\"\n1,5;\"x\r\ny\";\r\n;\n\"\";\"\"\"\"\r", .semicolon),
        ("tabs", "a\tb\n\"x\ty\"\t\n\t\t\n\"u\"v\tw\n", .tab),
    ]

    /// The key property: cutting a file at scanner boundaries, whatever the block size,
    /// yields exactly the rows of a single pass, on the right physical lines.
    func testChunkedReadingEqualsSinglePassForEveryBlockSize() {
        for file in trickyFiles {
            let input = Array(file.text.utf8)
            let expected = readRows(input, dialect: file.dialect)
            XCTAssertFalse(expected.isEmpty, file.name)
            for blockSize in 1...input.count {
                let chunks = cutIntoChunks(input, blockSize: blockSize, dialect: file.dialect)
                XCTAssertEqual(chunks.reduce(0) { $0 + $1.bytes.count }, input.count, "\(file.name) block \(blockSize)")
                for chunk in chunks.dropLast() {
                    XCTAssertTrue(chunk.bytes.last.map(CSVRecordParser.isLineBreak) ?? false,
                                  "\(file.name) block \(blockSize): chunk must end with a line break")
                }
                let rows = chunks.flatMap { readRows($0.bytes, dialect: file.dialect, firstLine: $0.firstLine) }
                XCTAssertEqual(rows, expected, "\(file.name) block \(blockSize)")
            }
        }
    }

    func testChunksCanBeReadByConcurrentWorkers() async {
        let text = (1...200).map { "\($0),\"line\n\($0)\",x\"\"y\r\n" }.joined()
        let input = Array(text.utf8)
        let expected = readRows(input)
        let chunks = cutIntoChunks(input, blockSize: 256, dialect: .comma)
        XCTAssertGreaterThan(chunks.count, 10)
        let results = await withTaskGroup(of: (Int, [CSVRowSnapshot]).self) { group in
            for (index, chunk) in chunks.enumerated() {
                group.addTask { (index, readRows(chunk.bytes, firstLine: chunk.firstLine)) }
            }
            var results: [(Int, [CSVRowSnapshot])] = []
            for await result in group { results.append(result) }
            return results
        }
        let rows = results.sorted { $0.0 < $1.0 }.flatMap(\.1)
        XCTAssertEqual(rows, expected)
        XCTAssertEqual(rows.last?.line, 399)
    }
}
