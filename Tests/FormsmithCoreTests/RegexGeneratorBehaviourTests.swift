@testable import FormsmithCore
import XCTest

final class RegexGeneratorBehaviourTests: XCTestCase {
    private func values(_ generator: RegexGenerator, seed: UInt64, count: Int, within: ClosedRange<Int>? = nil) -> [String] {
        let root = SeededRandom(seed: seed)
        return (0..<count).map { record in
            var random = root.derived(UInt64(record))
            return generator.generate(using: &random, lengthWithin: within)
        }
    }

    func testSameSeedGivesSameValues() throws {
        let generator = try RegexGenerator(pattern: #"^[A-Za-z0-9._%+-]+@[a-z]+\.(ru|com)$"#)
        XCTAssertEqual(values(generator, seed: 11, count: 100), values(generator, seed: 11, count: 100))
        XCTAssertNotEqual(values(generator, seed: 11, count: 100), values(generator, seed: 12, count: 100))
        var sequential = SeededRandom(seed: 11)
        let first = (0..<10).map { _ in generator.generate(using: &sequential) }
        var again = SeededRandom(seed: 11)
        XCTAssertEqual(first, (0..<10).map { _ in generator.generate(using: &again) })
    }

    func testLengthHintIsHonouredWhenThePatternAllows() throws {
        let cases: [(pattern: String, hint: ClosedRange<Int>, expected: ClosedRange<Int>)] = [
            (#"^.{1,50}$"#, 1...1, 1...1),
            (#"^.{1,50}$"#, 10...20, 10...20),
            (#"^.{1,50}$"#, 45...60, 45...50),
            (#"^.+$"#, 30...40, 30...40),  // beyond the unbounded cap of 8
            (#"^[А-ЯЁ][а-яё]*(-[А-ЯЁ][а-яё]*)?$"#, 1...50, 1...50),
            (#"^[А-ЯЁ][а-яё]*(-[А-ЯЁ][а-яё]*)?$"#, 25...30, 25...30),
            (#"^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$"#,
             6...12, 6...12),
            (#"^(0|\d{20}|\d{25})$"#, 20...22, 20...20),
            (#"^\d{3}$"#, 10...20, 3...3),  // impossible: best effort, still a match
            (#"^(ab)*c?$"#, 5...5, 5...5),
        ]
        for (pattern, hint, expected) in cases {
            let generator = try RegexGenerator(pattern: pattern)
            guard let matcher = PCRE2TestMatcher(pattern) else { continue }
            var lengths = Set<Int>()
            for value in values(generator, seed: 8, count: 200, within: hint) {
                XCTAssertTrue(matcher.matchesWhole(value), "\(pattern): \(value.debugDescription)")
                XCTAssertTrue(expected.contains(value.unicodeScalars.count), "\(pattern) \(hint): \(value.debugDescription)")
                lengths.insert(value.unicodeScalars.count)
            }
            XCTAssertEqual(lengths.min(), expected.lowerBound, "\(pattern) \(hint) should reach the lower bound")
            XCTAssertEqual(lengths.max(), expected.upperBound, "\(pattern) \(hint) should reach the upper bound")
        }
    }

    func testUnboundedQuantifiersAreCapped() throws {
        let cases: [(pattern: String, cap: Int, lengths: ClosedRange<Int>)] = [
            ("a*", 0, 0...0), ("a*", 3, 0...3), ("a{2,}", 2, 2...4), ("(?:ab)+", 1, 2...4), ("a+", 8, 1...9),
        ]
        for (pattern, cap, lengths) in cases {
            let generator = try RegexGenerator(pattern: pattern, unboundedCap: cap)
            let seen = Set(values(generator, seed: 4, count: 300).map(\.count))
            XCTAssertEqual(seen.min(), lengths.lowerBound, pattern)
            XCTAssertEqual(seen.max(), lengths.upperBound, pattern)
        }
    }

    func testBackreferencesReproduceTheCapturedText() throws {
        let pattern = #"(\d{3})-(?<w>[a-z]{2,4})-\1-\k<w>"#
        let generator = try RegexGenerator(pattern: pattern)
        XCTAssertFalse(generator.needsFiltering)
        let matcher = try XCTUnwrap(PCRE2TestMatcher(pattern))
        for value in values(generator, seed: 2, count: 200) { XCTAssertTrue(matcher.matchesWhole(value), value) }
    }

    /// Constructs the walker cannot honour: flagged, and generate-then-filter finds matches.
    func testConstructsNeedingFilteringAreFlagged() throws {
        let cases: [(pattern: String, someMatch: Bool)] = [
            (#"(?=.*\d)[a-z\d]{6,10}"#, true),
            (#"(?!0)\d{3}"#, true),
            (#"\bfoo\b"#, true),
            (#"a\Bb"#, false),
            (#"(a)?b\1"#, true),
            (#"\1(a)"#, false),
            (#"(?>a+)b"#, true),
            (#"(a)?(?(1)b|c)"#, true),
            (#"a^b"#, false),
            (#"a$b"#, false),
            (#"\d++\d"#, false),
            (#"(?:a|b)*+a"#, false),
            (#"foo\Kbar"#, true),
            (#"(?<=a)b"#, false),
        ]
        for (pattern, someMatch) in cases {
            let generator = try RegexGenerator(pattern: pattern)
            XCTAssertTrue(generator.needsFiltering, pattern)
            guard someMatch, let matcher = PCRE2TestMatcher(pattern) else { continue }
            let matching = values(generator, seed: 6, count: 200).filter(matcher.matchesWhole)
            XCTAssertFalse(matching.isEmpty, "\(pattern): filtering should find matching values")
        }
    }

    func testAnchorsAtTheEndsNeedNoFiltering() throws {
        for pattern in [#"^a$"#, #"(^a|^b)$"#, #"\A(?:x|y)+\z"#, #"^(?:a$|b\Z)"#, #"(?:^)?c"#] {
            XCTAssertFalse(try RegexGenerator(pattern: pattern).needsFiltering, pattern)
        }
    }

    /// Malformed patterns: rejected with an offset (and PCRE2 rejects them too).
    func testSyntaxErrorsAreReportedWithOffsets() throws {
        let cases: [(pattern: String, offset: Int, fragment: String)] = [
            ("(abc", 0, "missing ')'"),
            ("ab(c(d)", 2, "missing ')'"),
            ("abc)", 3, "unmatched closing parenthesis"),
            ("[abc", 0, "missing ']'"),
            ("a{3,2}", 1, "out of order"),
            ("a{70000}", 1, "too big"),
            ("*a", 0, "does not follow a repeatable item"),
            ("a|+", 2, "does not follow a repeatable item"),
            ("a**", 2, "follows another quantifier"),
            ("^*", 0, "does not follow a repeatable item"),
            ("ab\\", 2, "lone backslash"),
            ("[z-a]", 1, "out of order"),
            ("[\\d-z]", 1, "invalid range"),
            ("\\p{Foo}", 0, "not supported"),
            ("\\q", 0, "unrecognized escape"),
            ("\\u0041", 0, "\\x{hhhh}"),
            ("[[:foo:]]", 1, "unknown POSIX class"),
            ("(?<n>a)\\k<m>", 10, "does not exist"),
            ("(?<1n>a)", 3, "invalid group name"),
            ("(?z)", 2, "unrecognized option"),
            ("\\x{D800}", 0, "not a valid Unicode character"),
            ("ab\\p{Lu", 2, "missing '}' after \\p{"),
            ("a(?#note", 1, "missing ')' after the (?# comment"),
            ("(?(name", 0, "missing ')' after the condition of a (?( group"),
        ]
        for (pattern, offset, fragment) in cases {
            XCTAssertFalse(PCRE2TestMatcher.compiles(pattern), "PCRE2 accepts \(pattern)")
            XCTAssertThrowsError(try RegexGenerator(pattern: pattern), pattern) { error in
                guard let error = error as? PatternSyntaxError else { return XCTFail("\(pattern): \(error)") }
                XCTAssertEqual(error.language, .regex)
                XCTAssertEqual(error.offset, offset, "\(pattern): \(error)")
                XCTAssertTrue(error.message.contains(fragment), "\(pattern): \(error.message)")
                XCTAssertTrue(error.description.contains("offset \(offset)"))
            }
        }
    }

    /// A regex error counts its offset in bytes; the caret goes under the character there.
    func testASyntaxErrorIsRenderedUnderItsCharacter() {
        let pattern = "жё(a"
        XCTAssertThrowsError(try RegexGenerator(pattern: pattern)) { error in
            guard let error = error as? PatternSyntaxError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.offset, 4)
            XCTAssertEqual(error.rendered(pattern: pattern),
                           "жё(a\n  ^ missing ')' for the group opened here: add it or escape the '(' as \\(")
        }
    }

    /// Valid PCRE2 the generator cannot support: rejected with advice.
    func testUnsupportedConstructsAreRejected() throws {
        for pattern in ["(a|b(?R))", "(a)(?1)", "(?<x>a)(?&x)", "(?<x>a)(?P>x)", "a(?C1)", "(*ACCEPT)a", "(*pla:a)a",
                        "(a)\\g<1>", "[^\\x00-\\x{10FFFF}]", "\\P{Any}", "[\\P{Any}]"] {
            XCTAssertNotNil(PCRE2TestMatcher(pattern), pattern)
            XCTAssertThrowsError(try RegexGenerator(pattern: pattern), pattern)
        }
    }

    func testNestingDepthIsCapped() throws {
        let allowed = String(repeating: "(", count: 100) + "a" + String(repeating: ")", count: 100)
        XCTAssertEqual(values(try RegexGenerator(pattern: allowed), seed: 1, count: 1), ["a"])
        let tooDeep = String(repeating: "(?:", count: 101) + "a" + String(repeating: ")", count: 101)
        XCTAssertThrowsError(try RegexGenerator(pattern: tooDeep)) { error in
            XCTAssertTrue("\(error)".contains("nested more than 100 deep"), "\(error)")
        }
    }

    func testLengthBoundsAreReported() throws {
        XCTAssertEqual(try RegexGenerator(pattern: #"^Q-\d{7}$"#).lengthBounds, 9...9)
        XCTAssertEqual(try RegexGenerator(pattern: #"^(0|\d{20}|\d{25})$"#).lengthBounds, 1...25)
        XCTAssertEqual(try RegexGenerator(pattern: #"[а-я]+"#).lengthBounds, 1...Int.max)
    }
}
