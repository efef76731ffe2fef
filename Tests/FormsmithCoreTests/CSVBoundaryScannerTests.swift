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

    // MARK: - The scanner's record ends are the reader's

    /// Where the reader ends the record at `start`, and the scanner: `next`, whether a line break
    /// ended it, and the lines counted.
    private func ends(_ bytes: [UInt8], from start: Int, delimiter: UInt8)
        -> (reader: (Int, Bool, Int), scanner: (Int, Bool, Int)) {
        bytes.withUnsafeBufferPointer { buffer in
            var readerLine = 1
            var fields: [CSVField] = []
            let reader = CSVRecordParser.parseRecord(in: buffer, from: start, delimiter: delimiter,
                                                     line: &readerLine, fields: &fields)
            var scannerLine = 1
            let dialect = try! CSVDialect(delimiter: delimiter)
            let scanner = CSVBoundaryScanner(dialect: dialect).recordEnd(in: buffer, from: start, line: &scannerLine)
            return ((reader.next, reader.endsWithLineBreak, readerLine),
                    (scanner.next, scanner.endsWithLineBreak, scannerLine))
        }
    }

    /// Every arrangement of up to six of the bytes that steer the reader (quote, delimiter, LF,
    /// CR, NUL, a space, a letter): the scanner ends each record where the reader does.
    func testRecordEndsAgreeWithTheReaderOnEveryShortInput() {
        let alphabet: [UInt8] = [0x22, 0x2C, 0x0A, 0x0D, 0x00, 0x20, 0x61]
        var compared = 0
        for length in 1...6 {
            var digits = [Int](repeating: 0, count: length)
            while true {
                let bytes = digits.map { alphabet[$0] }
                if !CSVRecordParser.isLineBreak(bytes[0]) {
                    let (reader, scanner) = ends(bytes, from: 0, delimiter: 0x2C)
                    if reader != scanner {
                        XCTFail("\(bytes): the reader ends at \(reader), the scanner at \(scanner)")
                        return
                    }
                    compared += 1
                }
                var position = length - 1
                while position >= 0 && digits[position] == alphabet.count - 1 {
                    digits[position] = 0
                    position -= 1
                }
                if position < 0 { break }
                digits[position] += 1
            }
        }
        // Five of the seven bytes may start a record (not LF or CR), then any seven.
        XCTAssertEqual(compared, (1...6).map { 5 * Int(pow(7.0, Double($0 - 1))) }.reduce(0, +))
    }

    /// Longer records, word-sized scans included: random bytes weighted towards the ones that
    /// steer the reader, with each delimiter, from several starts.
    func testRecordEndsAgreeWithTheReaderOnRandomRecords() {
        var random = SeededRandom(seed: 20261125)
        let steering: [UInt8] = [0x22, 0x0A, 0x0D, 0x00, 0x20, 0x09, 0x3B, 0x2C]
        for round in 0..<20_000 {
            let delimiter: UInt8 = [0x2C, 0x3B, 0x09][round % 3]
            let length = random.int(in: 1...80)
            let bytes: [UInt8] = (0..<length).map { _ in
                random.int(in: 0...3) == 0 ? steering[random.int(in: 0...(steering.count - 1))]
                    : UInt8(random.int(in: 0x23...0x7E))
            }
            for start in [0, length / 3, length / 2] where !CSVRecordParser.isLineBreak(bytes[start]) {
                let (reader, scanner) = ends(bytes, from: start, delimiter: delimiter)
                if reader != scanner {
                    XCTFail("\(bytes) from \(start): the reader ends at \(reader), the scanner at \(scanner)")
                    return
                }
            }
        }
    }
}
