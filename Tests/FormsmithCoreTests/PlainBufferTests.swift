@testable import FormsmithCore
import Foundation
import XCTest

/// The plain-memory buffers the generator writes each questionnaire's JSON text and nodes into.
final class PlainBufferTests: XCTestCase {
    func testAppendsPastItsCapacityKeepingWhatWasWritten() {
        var buffer = ByteBuffer(capacity: 16)
        var expected: [UInt8] = []
        for round in 0..<200 {
            let byte = UInt8(truncatingIfNeeded: round &* 7)
            buffer.append(byte)
            expected.append(byte)
            let run = Array(repeating: UInt8(truncatingIfNeeded: round), count: round % 37)
            run.withUnsafeBufferPointer { buffer.appendBytes($0) }
            expected += run
        }
        buffer.append("null")
        expected += Array("null".utf8)
        XCTAssertEqual(buffer.count, expected.count)
        XCTAssertEqual(Array(buffer.elements), expected)
        buffer.removeSuffix(from: 10)
        XCTAssertEqual(Array(buffer.elements), Array(expected.prefix(10)))
        buffer.removeAll()
        XCTAssertEqual(buffer.count, 0)
        buffer.append(contentsOf: [1, 2, 3])
        XCTAssertEqual(Array(buffer.elements), [1, 2, 3])
    }

    func testNumbersAndDatesWriteTheSameBytesIntoPlainMemoryAsIntoAnArray() {
        var buffer = ByteBuffer(capacity: 16)
        var array: [UInt8] = []
        let layout = DateLayout("dd.MM.yyyy")
        for value: Int64 in [0, 7, -12, 1_000_000, Int64.max, Int64.min + 1] {
            TextCandidates.appendInteger(value, to: &buffer)
            TextCandidates.appendInteger(value, to: &array)
            TextCandidates.appendDecimal(mantissa: value, scale: 3, to: &buffer)
            TextCandidates.appendDecimal(mantissa: value, scale: 3, to: &array)
        }
        for day: Int32 in [-800_000, -1, 0, 19_000, 2_932_896, 3_000_000] {
            layout.append(CivilDate(dayNumber: day), to: &buffer)
            layout.append(CivilDate(dayNumber: day), to: &array)
        }
        XCTAssertEqual(Array(buffer.elements), array)
        XCTAssertEqual(String(decoding: array.suffix(10), as: UTF8.self).count, 10)
    }

    func testDatesAreZeroPaddedAndYearsPast9999KeepEveryDigit() {
        var text: [UInt8] = []
        DateLayout("yyyy-MM-dd").append(CivilDate(year: 5, month: 3, day: 9)!, to: &text)
        XCTAssertEqual(String(decoding: text, as: UTF8.self), "0005-03-09")
        text.removeAll()
        let far = CivilDate(dayNumber: 3_000_000)
        let (year, month, day) = CivilCalendarMath.components(dayNumber: 3_000_000)
        XCTAssertGreaterThan(year, 9999)
        DateLayout("dd/MM/yyyy").append(far, to: &text)
        XCTAssertEqual(String(decoding: text, as: UTF8.self),
                       String(format: "%02d/%02d/%d", day, month, year))
    }
}
