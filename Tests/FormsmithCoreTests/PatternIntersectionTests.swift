@testable import FormsmithCore
import FormsmithValues
import XCTest

/// Values drawn from the intersection of patterns match every one of them per PCRE2 (not per
/// the automata they were drawn from), and an empty intersection is recognised.
final class PatternIntersectionTests: XCTestCase {
    private func program(_ pattern: String) throws -> RegexProgram { try RegexGenerator(pattern: pattern).program }

    private func product(_ patterns: [String]) throws -> PatternIntersection? {
        PatternIntersection.make(try patterns.map(program))
    }

    func testDrawnValuesMatchEveryPatternPerPCRE2() throws {
        // The patterns, and how many distinct values 300 draws should give at least.
        let pairs: [([String], Int)] = [
            ([#"^\d{20}$"#, #"^408\d{17}$"#], 295),
            ([#"^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$"#, #"^\+7 \((?:9\d\d|495)\) .*$"#], 295),
            ([#"^[A-Z]{2}\d{3}$"#, #"(?s).*99"#, #"^(?:RU|KZ).*$"#], 20),  // all 2 × 10 of them
            ([#"^[a-z]+(?:-[a-z]+)*$"#, #"(?is).*ab.*"#], 50),
            ([#"^(?:\d{10}|\d{12})$"#, #"^77.*$"#], 295),
        ]
        let scratch = RegexScratch()
        for (patterns, distinct) in pairs {
            let intersection = try XCTUnwrap(try product(patterns), "\(patterns)")
            XCTAssertFalse(intersection.isEmpty, "\(patterns)")
            let compiled = try patterns.map { try CompiledRegex(pattern: $0) }
            var random = SeededRandom(seed: 3)
            var values = Set<String>()
            for _ in 0..<300 {
                var bytes: [UInt8] = []
                intersection.append(to: &bytes, random: &random, lengthWithin: nil)
                let value = String(decoding: bytes, as: UTF8.self)
                for regex in compiled { XCTAssertEqual(regex.matches(value, scratch: scratch), .match, "\(value) \(regex.pattern)") }
                values.insert(value)
            }
            XCTAssertGreaterThanOrEqual(values.count, distinct, "\(patterns): \(values.sorted().prefix(5))")
        }
    }

    func testContradictionsAreEmpty() throws {
        for patterns in [[#"^\d{4}$"#, #"^\d{3}[a-z]$"#], [#"^\d+$"#, #"(?s).*x.*"#], [#"^a{2,3}$"#, #"^a{4,}$"#]] {
            XCTAssertEqual(try product(patterns)?.isEmpty, true, "\(patterns)")
        }
    }

    func testLengthHintIsFollowedWhereThePatternsAllowIt() throws {
        let intersection = try XCTUnwrap(try product([#"^[a-z ]*$"#, #"(?s).*tax.*"#]))
        var random = SeededRandom(seed: 1)
        var within = 0
        for _ in 0..<200 {
            var bytes: [UInt8] = []
            intersection.append(to: &bytes, random: &random, lengthWithin: 5...12)
            XCTAssertGreaterThanOrEqual(bytes.count, 5, String(decoding: bytes, as: UTF8.self))
            if bytes.count <= 12 { within += 1 }
        }
        // Longer only when 'tax' had not begun by the 12th character (each step starts it about
        // half the time): a few in a thousand.
        XCTAssertGreaterThanOrEqual(within, 195)
    }

    func testPatternsThatNeedFilteringHaveNoAutomaton() throws {
        XCTAssertNil(try product([#"^(?=.*\d)\w{4}$"#, #"^\d{4}$"#]))
        XCTAssertNil(try product([#"^(a)\1$"#, #"^aa$"#]))
    }
}
