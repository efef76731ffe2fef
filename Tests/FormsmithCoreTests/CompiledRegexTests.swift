import Foundation
import XCTest

@testable import FormsmithCore

final class CompiledRegexTests: XCTestCase {
    private func match(_ pattern: String, _ value: String, _ options: RegexOptions = []) throws
        -> RegexMatchResult
    {
        try CompiledRegex(pattern: pattern, options: options).matches(value, scratch: RegexScratch())
    }

    func testWholeValueSemantics() throws {
        let cases: [(pattern: String, value: String, expected: RegexMatchResult)] = [
            (#"\d{3}"#, "123", .match),
            (#"\d{3}"#, "1234", .noMatch),
            (#"\d{3}"#, "x123", .noMatch),
            ("a|b", "a", .match),
            ("a|b", "b", .match),
            ("a|b", "ab", .noMatch),
            (#"^\d{3}$"#, "123", .match),
            (#"^\d{3}$"#, "1234", .noMatch),
            (#"^\d{3}$"#, "123\n", .noMatch),  // `$` before a final newline is not the end.
            (#"\d{3}"#, "123\n", .noMatch),
            ("(?:ab)*", "", .match),
            ("a+", "", .noMatch),
            ("", "", .match),
            ("", "x", .noMatch),
        ]
        for testCase in cases {
            XCTAssertEqual(
                try match(testCase.pattern, testCase.value), testCase.expected,
                "\(testCase.pattern) vs \(testCase.value.debugDescription)")
        }
    }

    func testUnicodeClassesAndCaseFolding() throws {
        let cyrillicName = "[А-ЯЁ][а-яё]+"
        let cases: [(pattern: String, options: RegexOptions, value: String, expected: RegexMatchResult)] = [
            (cyrillicName, [], "Иванов", .match),
            (cyrillicName, [], "Ёлкин", .match),
            (cyrillicName, [], "Пётр", .match),
            (cyrillicName, [], "иванов", .noMatch),
            (cyrillicName, [], "Ivanov", .noMatch),
            (cyrillicName, [], "Иванов1", .noMatch),
            (cyrillicName, .caseInsensitive, "иВАНОВ", .match),
            (#"\p{Lu}\p{Ll}+"#, [], "ΩΜΕΓΑ", .noMatch),
            (#"\p{Lu}\p{Ll}+"#, [], "Ωμέγα", .match),
            (#"\p{Lu}\p{Ll}+"#, [], "Жук", .match),
            (#"\p{Lu}+"#, [], "ЖУК", .match),
            (#"\p{Lu}+"#, [], "ЖуК", .noMatch),
            ("ёжик", .caseInsensitive, "ЁЖИК", .match),
            ("straße", .caseInsensitive, "STRASSE", .noMatch),  // PCRE2 folds one character at a time.
            // Formsmith's \d is [0-9] (issue 21); \p{Nd} and [[:digit:]] are every script's digits.
            (#"\d+"#, [], "١٢٣", .noMatch),
            (#"\d+"#, [], "123", .match),
            (#"[\d]+"#, [], "१२३", .noMatch),
            (#"[^\D]+"#, [], "١٢٣", .noMatch),
            (#"[^\D]+"#, [], "123", .match),
            (#"\D"#, [], "١", .match),
            (#"[\Dx]"#, [], "١", .match),
            (#"[\Dx]"#, [], "1", .noMatch),
            (#"\p{Nd}+"#, [], "١٢٣", .match),
            (#"[[:digit:]]+"#, [], "١٢٣", .match),
            (#"\Q\d\E"#, [], "\\d", .match),
            (#"\\d"#, [], "\\d", .match),
            (#"(?#\d)\d"#, [], "7", .match),
            ("\\d # \\d [\n\\d", .extended, "4", .noMatch),
            ("\\d # \\d [\n\\d", .extended, "45", .match),
            ("[0-9]+", [], "١٢٣", .noMatch),
            (#"\w+"#, [], "слово", .match),
            (".", [], "я", .match),  // One character, not one byte.
            (".", [], "\n", .noMatch),
            (".", .dotAll, "\n", .match),
            ("a # comment", .extended, "a", .match),
            // Start-of-pattern settings that say what Formsmith does anyway.
            (#"(*UTF)(*UCP)\d"#, [], "5", .match),
        ]
        for testCase in cases {
            XCTAssertEqual(
                try match(testCase.pattern, testCase.value, testCase.options), testCase.expected,
                "\(testCase.pattern) vs \(testCase.value)")
        }
    }

    func testCatastrophicBacktrackingStopsAtTheLimit() throws {
        let regex = try CompiledRegex(pattern: "^(a+)+$")
        let value = String(repeating: "a", count: 30) + "!"
        let result = regex.matches(value, scratch: RegexScratch())
        XCTAssertTrue(result == .limitExceeded || result == .noMatch, "got \(result)")
        XCTAssertEqual(regex.matches(String(repeating: "a", count: 30), scratch: RegexScratch()), .match)
    }

    func testTightLimitsReportLimitExceededInsteadOfNoMatch() throws {
        let scratch = RegexScratch(limits: RegexLimits(matchLimit: 1_000, depthLimit: 100))
        let regex = try CompiledRegex(pattern: "(a+)+")
        let value = String(repeating: "a", count: 25) + "!"
        XCTAssertEqual(regex.matches(value, scratch: scratch), .limitExceeded)
        XCTAssertEqual(regex.matches("aaa!", scratch: scratch), .noMatch)
    }

    func testDeepRecursionReportsAnErrorNotACrash() throws {
        let scratch = RegexScratch(limits: RegexLimits(depthLimit: 50, jitStackMaxBytes: 32 * 1024))
        let regex = try CompiledRegex(pattern: "(?:(a)|b)*")
        let result = regex.matches(String(repeating: "a", count: 200_000), scratch: scratch)
        XCTAssertEqual(result, .limitExceeded)
    }

    func testInvalidUTF8ValueIsReportedNotMatched() throws {
        let regex = try CompiledRegex(pattern: ".*")
        let scratch = RegexScratch()
        let invalidValues: [[UInt8]] = [
            [0xFF],  // never valid in UTF-8
            [0x41, 0xC3],  // truncated two-byte sequence
            [0xC0, 0xAF],  // overlong "/"
            [0xED, 0xA0, 0x80],  // UTF-16 surrogate
            [0xD0, 0x98, 0x80],  // stray continuation byte after "И"
        ]
        for bytes in invalidValues {
            let result = bytes.withUnsafeBufferPointer { regex.matches($0, scratch: scratch) }
            XCTAssertEqual(result, .invalidUTF8, "\(bytes)")
        }
        let valid = Array("Иван".utf8).withUnsafeBufferPointer { regex.matches($0, scratch: scratch) }
        XCTAssertEqual(valid, .match)
    }

    func testEmptyValueFromAnEmptyBufferWithoutABaseAddress() throws {
        let scratch = RegexScratch()
        let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        XCTAssertEqual(try CompiledRegex(pattern: "x?").matches(empty, scratch: scratch), .match)
        XCTAssertEqual(try CompiledRegex(pattern: "x").matches(empty, scratch: scratch), .noMatch)
        XCTAssertEqual(try CompiledRegex(pattern: "x").matches("", scratch: scratch), .noMatch)
    }

    func testBadPatternsReportPCRE2MessageAndCharacterOffset() {
        let cases: [(pattern: String, message: String, offset: Int)] = [
            ("[a-", "missing terminating ] for character class", 3),
            ("(abc", "missing closing parenthesis", 4),
            ("abc)", "unmatched closing parenthesis", 3),
            ("ёж(", "missing closing parenthesis", 3),  // characters, not the 5 bytes
            ("a{2,1}", "numbers out of order in {} quantifier", 5),
            (#"\"#, "\\ at end of pattern", 1),
            (#"a\C"#, "using \\C is disabled by the application", 3),
            ("*a", "quantifier does not follow a repeatable item", 0),
            // Errors keep their offsets in the pattern as written, though \d is rewritten to [0-9].
            (#"\d\d(ab"#, "missing closing parenthesis", 7),
        ]
        for testCase in cases {
            XCTAssertThrowsError(try CompiledRegex(pattern: testCase.pattern), testCase.pattern) { error in
                guard let error = error as? RegexCompileError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.message, testCase.message, testCase.pattern)
                XCTAssertEqual(error.offset, testCase.offset, testCase.pattern)
            }
        }
    }

    func testStartOfPatternSettingsAreRefusedWithTheirPosition() {
        let refused = "is not accepted: Formsmith compiles every regex with UTF, Unicode properties, JIT and its "
            + "own match limits; remove it"
        let cases: [(pattern: String, setting: String, offset: Int)] = [
            (#"(*NO_JIT)^\d{3}$"#, "NO_JIT", 0),
            (#"(*UTF)(*LIMIT_MATCH=10)x"#, "LIMIT_MATCH=10", 6),
            (#"(*CR)a$"#, "CR", 0),
            (#"(*UCP)(*NOTEMPTY)a*"#, "NOTEMPTY", 6),
        ]
        for testCase in cases {
            XCTAssertThrowsError(try CompiledRegex(pattern: testCase.pattern), testCase.pattern) { error in
                guard let error = error as? RegexCompileError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.message, "the start-of-pattern setting (*\(testCase.setting)) " + refused)
                XCTAssertEqual(error.offset, testCase.offset, testCase.pattern)
            }
        }
        // Backtracking verbs are not settings; a setting later in the pattern is not one either.
        XCTAssertNoThrow(try CompiledRegex(pattern: "(*FAIL)|a"))
        XCTAssertNoThrow(try CompiledRegex(pattern: "a|(*ACCEPT)"))
    }

    func testCompileErrorRendersACaretUnderTheOffendingCharacter() {
        do {
            _ = try CompiledRegex(pattern: "Ёж(ик")
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.rendered(pattern: "Ёж(ик"), "Ёж(ик\n     ^ missing closing parenthesis")
            XCTAssertEqual(
                error.description, "invalid regular expression at character 5: missing closing parenthesis")
        }
    }

    func testFlagParsing() throws {
        XCTAssertEqual(try RegexOptions(flags: ""), [])
        XCTAssertEqual(try RegexOptions(flags: "isu"), [.caseInsensitive, .dotAll])
        XCTAssertEqual(try RegexOptions(flags: "xmn"), [.extended, .multiline, .noAutoCapture])
        XCTAssertThrowsError(try RegexOptions(flags: "iq")) { error in
            guard let error = error as? RegexCompileError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.offset, 1)
            XCTAssertEqual(error.message, "unknown regex flag 'q' in \"iq\"; use only i, m, s, x, n, u")
        }
    }

    func testOneSharedRegexMatchesCorrectlyFromManyThreads() throws {
        let regex = try CompiledRegex(pattern: "[А-ЯЁ][а-яё]+ \\d{2}")
        let values = ["Иван 12", "иван 12", "Пётр 7", "Ёж 99"]
        let expected: [RegexMatchResult] = [.match, .noMatch, .noMatch, .match]
        let iterations = 400
        let failures = LockedCounter()
        DispatchQueue.concurrentPerform(iterations: iterations) { iteration in
            let scratch = RegexScratch()
            for _ in 0..<50 {
                let index = iteration % values.count
                if regex.matches(values[index], scratch: scratch) != expected[index] { failures.increment() }
            }
        }
        XCTAssertEqual(failures.value, 0)
    }
}

/// A thread-safe counter for the concurrency test.
private final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
