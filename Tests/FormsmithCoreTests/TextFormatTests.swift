@testable import FormsmithCore
import XCTest

/// The named formats on open-ended input: every generated value passes its format, every
/// corrupted one fails it, and the e-mail check holds the RFC limits.
final class TextFormatTests: XCTestCase {
    func testGeneratedValuesPassAndCorruptedValuesFail() {
        var random = SeededRandom(seed: 2026)
        for format in TextFormat.allCases {
            var distinct = Set<String>()
            for _ in 0..<2000 {
                var value: [UInt8] = []
                format.append(to: &value, random: &random)
                let text = String(decoding: value, as: UTF8.self)
                XCTAssertTrue(format.accepts(value), "\(format.rawValue): generated \(text) fails: "
                              + (value.withUnsafeBufferPointer { format.problem(in: $0) } ?? ""))
                distinct.insert(text)
                guard let broken = format.corrupt(value, random: &random) else {
                    XCTFail("\(format.rawValue): no defect for \(text)")
                    continue
                }
                XCTAssertFalse(format.accepts(broken), "\(format.rawValue): corrupted \(text) still passes")
            }
            XCTAssertGreaterThan(distinct.count, 1000, "\(format.rawValue) values are varied")
        }
    }

    func testEmailLimitsAndDots() {
        func problem(_ text: String) -> String? { TextFormat.email.accepts(Array(text.utf8)) ? nil : text }
        let local64 = String(repeating: "a", count: 64), local65 = String(repeating: "a", count: 65)
        let label63 = String(repeating: "b", count: 63)
        XCTAssertNil(problem(local64 + "@mail.ru"))
        XCTAssertNotNil(problem(local65 + "@mail.ru"))
        XCTAssertNil(problem("x@" + label63 + ".ru"))
        XCTAssertNotNil(problem("x@" + label63 + "b.ru"))
        let longDomain = Array(repeating: label63, count: 3).joined(separator: ".") + "." + String(repeating: "c", count: 58)
        XCTAssertEqual(longDomain.count, 250)
        XCTAssertNil(problem("x@" + longDomain))  // 252 in all
        XCTAssertNotNil(problem("xyz@" + longDomain + "x"))  // 255 in all
        for bad in ["a.@b.ru", ".a@b.ru", "a..b@c.ru", "a@b", "a@-b.ru", "a@b-.ru", "a@b..ru", "a@b.ru.", "@b.ru",
                    "a@", "a@@b.ru", "a b@c.ru", "\"a\"@b.ru", "a@b.123", "a@b_c.ru"] {
            XCTAssertNotNil(problem(bad), bad)
        }
        for good in ["a@b.ru", "first.last+tag@sub.domain.co.uk", "o'neil@x.io", "a!#$%&'*+/=?^_`{|}~-z@b.ru", "A@B.RU"] {
            XCTAssertNil(problem(good), good)
        }
    }

    /// Every byte in the middle of the local part and of a domain label, through the
    /// validator's entry (`problem(in:)`, which answers valid addresses without copying them)
    /// and the describing path alike: the allowed bytes written out by hand from RFC 5322
    /// `atext` and RFC 1123 labels.
    func testEveryByteInTheLocalPartAndTheDomain() {
        let atext = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-/=?^_`{|}~.".utf8)
        let label = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.".utf8)
        for byte in UInt8.min...UInt8.max {
            let local = Array("a".utf8) + [byte] + Array("z@b.ru".utf8)
            let domain = Array("a@b".utf8) + [byte] + Array("c.ru".utf8)
            for (address, allowed) in [(local, atext.contains(byte)), (domain, label.contains(byte))] {
                let entry = address.withUnsafeBufferPointer { TextFormat.email.problem(in: $0) }
                XCTAssertEqual(entry == nil, allowed, "byte \(byte) in \(address)")
                XCTAssertEqual(EmailAddress.problem(in: address) == nil, allowed, "byte \(byte) in \(address)")
            }
        }
    }
}
