@testable import FormsmithCore
import XCTest

/// The skipper that finds the end of an oversized CSV record block by block.
final class CSVRecordSkipperTests: XCTestCase {
    /// Feeds `text` in blocks of `size` bytes; returns the offset after the record and the lines passed.
    private func skip(_ text: String, blockSize size: Int) -> (end: Int?, lines: Int) {
        let bytes = Array(text.utf8)
        var skipper = CSVRecordSkipper()
        var offset = 0
        var lines = 0
        while offset < bytes.count {
            let block = Array(bytes[offset..<min(offset + size, bytes.count)])
            let end = block.withUnsafeBufferPointer { skipper.scan($0) }
            lines += skipper.takeLines()
            if let end { return (offset + end, lines) }
            offset += block.count
        }
        return (nil, lines)
    }

    func testTheRecordEndsAtTheFirstLineBreakOutsideQuotesWhateverTheBlockSize() {
        let cases: [(String, Int, Int)] = [
            ("abc,def\nnext", 8, 1),
            ("a,\"b\nc\r\nd\"\"e\",f\r\nnext", 17, 3),
            ("a,\"b\rc\",d\rnext", 10, 2),
            ("abc\r\n", 5, 1),
        ]
        for (text, end, lines) in cases {
            for size in 1...text.utf8.count {
                let result = skip(text, blockSize: size)
                XCTAssertEqual(result.end, end, "\(text.debugDescription) in blocks of \(size)")
                XCTAssertEqual(result.lines, lines, "\(text.debugDescription) in blocks of \(size)")
            }
        }
        XCTAssertNil(skip("a,\"open\nquote", blockSize: 4).end)
    }
}
