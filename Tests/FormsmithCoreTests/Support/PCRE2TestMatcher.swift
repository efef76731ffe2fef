import FormsmithCore
import XCTest

/// Test-only: whole-value matching through Formsmith's own PCRE2 wrapper, to confirm what
/// the generator produces exactly as the validator would judge it.
final class PCRE2TestMatcher {
    private let regex: CompiledRegex
    private let scratch = RegexScratch()

    /// Compiles `pattern`; fails the test (and returns nil) when PCRE2 rejects it.
    init?(_ pattern: String, caseless: Bool = false, file: StaticString = #filePath, line: UInt = #line) {
        do {
            regex = try CompiledRegex(pattern: pattern, options: caseless ? [.caseInsensitive] : [])
        } catch {
            XCTFail("PCRE2 rejects \(pattern): \(error)", file: file, line: line)
            return nil
        }
    }

    /// Whether PCRE2 (UTF, UCP) accepts `pattern`, without failing the test.
    static func compiles(_ pattern: String) -> Bool {
        (try? CompiledRegex(pattern: pattern)) != nil
    }

    /// Whether the whole of `value` matches.
    func matchesWhole(_ value: String) -> Bool {
        regex.matches(value, scratch: scratch) == .match
    }
}
