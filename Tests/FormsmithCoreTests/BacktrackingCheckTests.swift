import FormsmithCore
import XCTest

/// The backtracking warning agrees with PCRE2 itself: every flagged pattern exhausts a small
/// match budget on a long value that almost matches, and every accepted one does not.
final class BacktrackingCheckTests: XCTestCase {
    static let long = String(repeating: "a", count: 40) + "!"
    static let patterns: [(pattern: String, hostile: String, flagged: Bool)] = [
        ("^(a+)+$", long, true),
        ("^(a*)*$", long, true),
        ("^(a|aa)+$", long, true),
        ("^(\\w+\\s?)+$", long, true),
        ("^(\\s*\\w+)*$", long, true),
        ("^(x?a+)+$", long, true),
        ("^(?:\\d|[0-9a-f])+$", String(repeating: "1", count: 40) + "!", true),
        ("^(?:a|b|ab)+$", String(repeating: "ab", count: 30) + "!", true),
        ("^(?:a+b?)+$", long, true),
        ("^[a-z]+(?:\\.[a-z]+)*$", String(repeating: "a.", count: 20) + "a!", false),
        ("^(\\d{3}-)+\\d+$", String(repeating: "123-", count: 10) + "1!", false),
        ("^(?>a+)+$", long, false),
        ("^(a++)+$", long, false),
        ("^(a|ab)+$", long, false),
        ("^(?:ab|ac)+$", String(repeating: "ab", count: 20) + "!", false),
        ("^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$",
         "a@a" + String(repeating: ".ab", count: 20) + "!", false),
    ]

    func testWarningsAgreeWithPCRE2() throws {
        let scratch = RegexScratch(limits: RegexLimits(matchLimit: 200_000, depthLimit: 10_000))
        for (pattern, hostile, flagged) in Self.patterns {
            let yaml = "id: t\nfields:\n  a: {type: string, regex: '\(pattern)'}\n"
            let findings = Linter.lint(text: yaml, file: "t.yaml", today: testToday)
            XCTAssertEqual(findings.contains { $0.rule == "backtracking-regex" }, flagged,
                           "\(pattern): \(findings.map(\.description))")
            let regex = try CompiledRegex(pattern: pattern)
            let outcome = regex.matches(hostile, scratch: scratch)
            XCTAssertEqual(outcome, flagged ? .limitExceeded : .noMatch, "\(pattern) on \(hostile)")
        }
    }
}
