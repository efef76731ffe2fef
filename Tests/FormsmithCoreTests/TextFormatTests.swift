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

    /// Generated addresses are written byte by byte: each must have one of the six shapes of
    /// `EmailAddress.make` (`anna.petrova`, `a.petrova`, `anna_petrova85`, `petrova.anna+work`,
    /// `claims`, `anna1987`), classified here from the name lists, and all six must appear.
    func testGeneratedAddressesTakeEachOfTheirSixShapes() throws {
        let given = Set(EmailAddress.givenNames), family = Set(EmailAddress.familyNames)
        let roles = Set(EmailAddress.roles), providers = Set(EmailAddress.mailProviders)
        func shape(_ local: String) -> Int? {
            if roles.contains(local) { return 4 }
            if let plus = local.firstIndex(of: "+") {
                let names = local[..<plus].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                let tag = String(local[local.index(after: plus)...])
                guard names.count == 2, family.contains(names[0]), given.contains(names[1]),
                      ["work", "forms", "osago", "news"].contains(tag) else { return nil }
                return 3
            }
            if let underscore = local.firstIndex(of: "_") {
                let rest = local[local.index(after: underscore)...]
                let digits = rest.drop { !$0.isNumber }, name = String(rest.prefix { !$0.isNumber })
                guard given.contains(String(local[..<underscore])), family.contains(name),
                      let number = Int(digits), (70...99).contains(number) else { return nil }
                return 2
            }
            let names = local.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if names.count == 2 {
                guard family.contains(names[1]) else { return nil }
                if given.contains(names[0]) { return 0 }
                return names[0].count == 1 && given.contains { $0.hasPrefix(names[0]) } ? 1 : nil
            }
            let name = String(local.prefix { !$0.isNumber }), digits = String(local.drop { !$0.isNumber })
            guard given.contains(name), digits.first != "0", let number = Int(digits), (1...2005).contains(number)
            else { return nil }
            return 5
        }
        var random = SeededRandom(seed: 33)
        var shapes = Set<Int>()
        var fromProviders = 0
        for _ in 0..<3000 {
            var bytes: [UInt8] = []
            TextFormat.email.append(to: &bytes, random: &random)
            let address = String(decoding: bytes, as: UTF8.self)
            let at = try XCTUnwrap(address.lastIndex(of: "@"), address)
            let found = shape(String(address[..<at]))
            XCTAssertNotNil(found, address)
            found.map { shapes.insert($0) }
            let domain = address[address.index(after: at)...]
            XCTAssertTrue(domain.contains("."), address)
            if providers.contains(String(domain)) { fromProviders += 1 }
        }
        XCTAssertEqual(shapes, [0, 1, 2, 3, 4, 5])
        XCTAssertTrue((1500...2100).contains(fromProviders), "\(fromProviders) of 3,000 at a mail provider (60%)")
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
