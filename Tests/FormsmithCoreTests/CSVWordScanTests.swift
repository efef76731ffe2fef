import XCTest
@testable import FormsmithCore

/// The word-sized scans against byte-at-a-time loops, and the reader and boundary scanner
/// that use them on random files (property tests: the inputs are open-ended).
final class CSVWordScanTests: XCTestCase {
    /// Bytes that matter to CSV, ordinary content, UTF-8 continuation bytes and bytes that sit
    /// next to the special ones (0x21, 0x23, 0x2B, 0x2D, 0x3A, 0x3C) to catch off-by-one masks.
    private let alphabet: [UInt8] = [0x00, 0x01, 0x09, 0x0A, 0x0D, 0x20, 0x21, 0x22, 0x23, 0x2B, 0x2C, 0x2D,
                                     0x3A, 0x3B, 0x3C, 0x41, 0x7F, 0x80, 0xA0, 0xD0, 0xFF]

    private func randomBytes(_ random: inout SplitMix64, count: Int, specialShare: Int) -> [UInt8] {
        (0..<count).map { _ in
            random.next() % 100 < UInt64(specialShare)
                ? alphabet[Int(random.next() % UInt64(alphabet.count))]
                : UInt8(ascii: "a") + UInt8(random.next() % 26)
        }
    }

    func testScansFindTheSameByteAsAByteLoop() {
        var random = SplitMix64(seed: 0xC5F_5CA1)
        for _ in 0..<20_000 {
            let bytes = randomBytes(&random, count: Int(random.next() % 40), specialShare: Int(random.next() % 30))
            let start = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count + 1))
            let delimiter = [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t")][Int(random.next() % 3)]
            let expectedSteering = bytes[start...].firstIndex { $0 == 0x22 || $0 == 0x0A || $0 == 0x0D || $0 == 0x00 }
                ?? bytes.count
            let expectedBreak = bytes[start...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.count
            let expectedInQuotes = bytes[start...].firstIndex { $0 <= 0x22 } ?? bytes.count
            let expectedSpecial = bytes[start...].firstIndex { $0 <= 0x22 || $0 == delimiter } ?? bytes.count
            bytes.withUnsafeBufferPointer { buffer in
                XCTAssertEqual(CSVWordScan.firstQuoteLineBreakOrNul(in: buffer, from: start), expectedSteering,
                               "\(bytes) from \(start)")
                XCTAssertEqual(CSVWordScan.firstLineBreak(in: buffer, from: start), expectedBreak, "\(bytes) from \(start)")
                XCTAssertEqual(CSVWordScan.firstSpecialInQuotedField(in: buffer, from: start), expectedInQuotes,
                               "\(bytes) from \(start)")
                XCTAssertEqual(CSVWordScan.firstSpecialInUnquotedField(in: buffer, from: start, delimiter: delimiter),
                               expectedSpecial, "\(bytes) from \(start) delimiter \(delimiter)")
            }
        }
    }

    /// Files without quotes or NUL bytes: every row is its line split at the delimiter.
    func testQuoteFreeRowsAreTheirLinesSplitAtTheDelimiter() {
        var random = SplitMix64(seed: 0xF1E1D5)
        let content = alphabet.filter { $0 != 0x00 && $0 != 0x22 && $0 != 0x0A && $0 != 0x0D }
        for _ in 0..<300 {
            let dialect = [CSVDialect.comma, .semicolon, .tab][Int(random.next() % 3)]
            let delimiter = dialect.delimiter
            var lines: [[[UInt8]]] = []
            var input: [UInt8] = []
            for _ in 0..<(1 + Int(random.next() % 6)) {
                let fields = (0..<(1 + Int(random.next() % 5))).map { _ in
                    (0..<Int(random.next() % 20)).map { _ -> UInt8 in
                        let byte = random.next() % 3 == 0 ? content[Int(random.next() % UInt64(content.count))]
                            : UInt8(ascii: "a") + UInt8(random.next() % 26)
                        return byte == delimiter ? UInt8(ascii: "x") : byte
                    }
                }
                // A row of one empty field would be a blank line, which the reader skips.
                guard fields != [[]] else { continue }
                lines.append(fields)
                input += Array(fields.joined(separator: [delimiter]))
                input += random.next() % 2 == 0 ? [0x0A] : [0x0D, 0x0A]
            }
            let rows = readRows(input, dialect: dialect)
            XCTAssertEqual(rows.map(\.fields), lines, "\(input)")
            XCTAssertTrue(rows.allSatisfy { $0.error == nil })
        }
    }

    /// Random files of every feature and error: cutting them at the scanner's boundaries,
    /// whatever the block size, gives exactly the rows of a single pass.
    func testRandomFilesChunkedEqualSinglePass() {
        var random = SplitMix64(seed: 0xB0B0_CAFE)
        for _ in 0..<300 {
            let input = randomBytes(&random, count: Int(random.next() % 300), specialShare: Int(random.next() % 40))
            let expected = readRows(input)
            for blockSize in [1, 3, 8, 17, 64, 4096] {
                let chunks = cutIntoChunks(input, blockSize: blockSize, dialect: .comma)
                XCTAssertEqual(chunks.reduce(0) { $0 + $1.bytes.count }, input.count)
                let rows = chunks.flatMap { readRows($0.bytes, dialect: .comma, firstLine: $0.firstLine) }
                XCTAssertEqual(rows, expected, "\(input) block \(blockSize)")
            }
        }
    }
}

/// The UTF-8 check in front of PCRE2's JIT fast path against Swift's own decoder.
final class UTF8CheckTests: XCTestCase {
    private func swiftAccepts(_ bytes: [UInt8]) -> Bool {
        Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes
    }

    func testAgreesWithSwiftsDecoderOnRandomBytes() {
        var random = SplitMix64(seed: 0x07F8)
        // Lead bytes and boundaries of every sequence length, continuation bytes, ASCII.
        let pieces: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xD0,
                               0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
        for _ in 0..<100_000 {
            let bytes = (0..<Int(random.next() % 14)).map { _ in
                random.next() % 4 == 0 ? UInt8(ascii: "a") : pieces[Int(random.next() % UInt64(pieces.count))]
            }
            let checked = bytes.withUnsafeBufferPointer { UTF8Check.isValid($0) }
            XCTAssertEqual(checked, swiftAccepts(bytes), "\(bytes)")
        }
        for text in ["", "plain ASCII longer than eight bytes", "Римская-Корсакова", "€ 𝄞 ✓", "ab\u{10FFFF}"] {
            XCTAssertTrue(Array(text.utf8).withUnsafeBufferPointer { UTF8Check.isValid($0) }, text)
        }
        for bytes: [UInt8] in [[0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80], [0x61, 0xD0]] {
            XCTAssertFalse(bytes.withUnsafeBufferPointer { UTF8Check.isValid($0) }, "\(bytes)")
        }
    }
}
