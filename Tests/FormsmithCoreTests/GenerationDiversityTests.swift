@testable import FormsmithCore
import XCTest

/// Generated values look like a sample of the language, not a handful of its shortest words:
/// for patterns whose language is large, at least 90% of 1,000 generated values are distinct,
/// and every one matches its pattern (checked by PCRE2 through the validator).
final class GenerationDiversityTests: XCTestCase {
    /// Patterns with a large language, several of them needing generate-then-filter (`\b`, `\B`).
    static let patterns = [
        #"^[a-z ]*\bcar\b[a-z ]*$"#,
        #"^[A-Za-z]+\B[a-z]+ \d{2,5}$"#,
        #"^[а-яё ]*\bулица\b[а-яё0-9 ,]*$"#,
        #"^(?:[a-z]+ ){1,4}\b[0-9]{1,3}\b$"#,
        #"^[a-z0-9._-]{1,20}@[a-z0-9-]{1,20}\.[a-z]{2,6}$"#,
        #"^[A-Z][a-z]*(?:-[A-Z][a-z]*)?$"#,
    ]

    func testLargeLanguagesGiveMostlyDistinctValues() throws {
        for pattern in Self.patterns {
            let quoted = pattern.replacingOccurrences(of: "'", with: "''")
            let rules = try compileRules("""
                id: diversity
                fields:
                  text: {type: string, regex: '\(quoted)'}
                """)
            for seed: UInt64 in [1, 2026] {
                let batch = try generate(rules, GenerationOptions(count: 1000, seed: seed, jobs: 1))
                let values = batch.objects.compactMap { value($0, "text") as? String }
                XCTAssertEqual(values.count, 1000, "\(pattern) seed \(seed)")
                let distinct = Set(values).count
                XCTAssertGreaterThanOrEqual(distinct, 900, "\(pattern) seed \(seed): \(distinct) distinct, e.g. \(values.prefix(8))")
                // Generation confirms every value with the validator; check again independently.
                let regex = try CompiledRegex(pattern: pattern)
                let scratch = RegexScratch()
                for text in values {
                    XCTAssertEqual(regex.matches(text, scratch: scratch), .match, "\(pattern): \(text)")
                }
            }
        }
    }

    func testWordBoundariesAreDrawnByConstruction() throws {
        // The walker itself (before any filtering) satisfies \b around a literal word in almost
        // every value, so filtering discards little.
        let pattern = #"[a-z ]*\bcar\b[a-z ]*"#
        let generator = try RegexGenerator(pattern: pattern)
        let regex = try CompiledRegex(pattern: pattern)
        let scratch = RegexScratch()
        var random = SeededRandom(seed: 7)
        var matching = 0
        for _ in 0..<1000 where regex.matches(generator.generate(using: &random), scratch: scratch) == .match {
            matching += 1
        }
        XCTAssertGreaterThanOrEqual(matching, 990)
    }
}
