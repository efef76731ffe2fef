@testable import FormsmithCore
import XCTest

/// The byte-level matcher CompiledRegex tries before PCRE2 gives PCRE2's answer whenever
/// it gives one, and gives none outside its subset.
final class SimplePatternTests: XCTestCase {
    func testShippedFormatsAreSimple() {
        for pattern in [#"^\d{2} \d{2} \d{6}$"#, #"^Q-\d{7}$"#, #"^[A-HJ-NPR-Z0-9]{17}$"#, #"^\d{12}$"#,
                        #"^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$"#, #"[a-z]+"#, #"^[0-9\-]{2}x?$"#] {
            XCTAssertNotNil(SimplePattern.parse(pattern, options: []), pattern)
        }
    }

    func testPatternsOutsideTheSubsetAreLeftToPCRE2() {
        for pattern in [#"^\d+\d$"#, #"a|b"#, #"(ab){2}"#, #"\w{3}"#, #"."#, #"[^a]"#, #"[[:alpha:]]"#, #"a{2}?"#,
                        #"a++"#, #"\bfoo"#, #"Ж{2}"#, #"(?i)abc"#, #"a{,3}"#, #"^$"#, #"\p{L}"#, #"x$y"#] {
            XCTAssertNil(SimplePattern.parse(pattern, options: []), pattern)
        }
        XCTAssertNil(SimplePattern.parse("abc", options: [.caseInsensitive]))
    }

    func testNonASCIIValuesAreLeftToPCRE2() throws {
        let pattern = try XCTUnwrap(SimplePattern.parse(#"^\d{3}$"#, options: []))
        for value in ["١٢٣", "12٣", "1234٣", "ab\u{00E9}"] {
            Array(value.utf8).withUnsafeBufferPointer { XCTAssertNil(pattern.matches($0), value) }
        }
    }

    /// Random patterns of the subset against random values (mostly near-matches), compared with PCRE2.
    func testAnswersAgreeWithPCRE2() throws {
        let atoms = [#"\d"#, "[A-C]", "[0-9a-f]", "x", "-", #"\."#, #"\("#, " ", "[a-c\\-]", #"[\d_]"#]
        let quantifiers = ["", "", "{2}", "{0,2}", "?", "+", "*", "{1,3}"]
        let fillers: [UInt8] = Array("0123456789ABCabcfx-.( _\n".utf8) + [0xD0, 0x96]
        var random = SeededRandom(seed: 77)
        var answered = 0
        for _ in 0..<300 {
            var pattern = random.chance(0.5) ? "^" : ""
            let length = random.int(in: 1...5)
            for index in 0..<length {
                pattern += random.pick(atoms)
                pattern += index == length - 1 ? random.pick(quantifiers) : (random.chance(0.5) ? "" : "{\(random.int(in: 1...3))}")
            }
            if random.chance(0.5) { pattern += "$" }
            let simple = try XCTUnwrap(SimplePattern.parse(pattern, options: []), pattern)
            let regex = try CompiledRegex(pattern: pattern)
            let scratch = RegexScratch()
            let generator = try RegexGenerator(pattern: pattern)
            for _ in 0..<60 {
                var value: [UInt8] = []
                if random.chance(0.6) { generator.append(to: &value, using: &random) }
                for _ in 0..<random.int(in: 0...2) where !value.isEmpty || random.chance(0.5) {
                    let byte = random.pick(fillers)
                    if value.isEmpty || random.chance(0.3) { value.append(byte) } else {
                        value[random.int(in: 0...(value.count - 1))] = byte
                    }
                }
                value.withUnsafeBufferPointer { bytes in
                    guard let answer = simple.matches(bytes) else { return }
                    answered += 1
                    let expected = regex.matchesWithPCRE2(bytes, scratch: scratch).isMatch
                    XCTAssertEqual(regex.matches(bytes, scratch: scratch).isMatch, expected, pattern)
                    XCTAssertEqual(regex.matches(validUTF8: bytes, scratch: scratch).isMatch, expected, pattern)
                    XCTAssertEqual(answer, expected, "\(pattern) on \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                }
            }
        }
        XCTAssertGreaterThan(answered, 10_000)
    }
}
