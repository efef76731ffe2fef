@testable import FormsmithCore
import XCTest

/// Realistic field patterns used as rules: every generated value is confirmed by PCRE2 (the
/// validator), including patterns the walker cannot honour by construction (lookarounds,
/// word boundaries, back references), which are generated then filtered.
final class GenerationRegexTests: XCTestCase {
    private let patterns: [(pattern: String, flags: String)] = [
        (#"^\d{2} \d{2} \d{6}$"#, ""),                                      // passport
        (#"^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$"#, ""),                         // phone
        (#"^[A-Z][a-z]+(?:[-'][A-Z][a-z]+)*$"#, ""),                        // names with hyphens
        (#"^[А-ЯЁ][а-яё]+(?:-[А-ЯЁ][а-яё]+)?$"#, ""),                        // Cyrillic names
        (#"^[A-HJ-NPR-Z\d]{8}[\dX][A-HJ-NPR-Z\d]{8}$"#, ""),                 // VIN shape
        (#"^[a-z]{2}-\d{4}$"#, "i"),                                          // case-insensitive code
        (#"^(?:[01]\d|2[0-3]):[0-5]\d$"#, ""),                              // time
        (#"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"#, ""),  // UUID v4
        (#"^(?:(?:МС|КВ|ПЛ|ГД)\.\d{2}\.\d{4}|\d{8}|0)$"#, ""),               // tax period
        (#"^\p{Lu}\p{Ll}{1,10}$"#, ""),                                      // Unicode properties
        (#"^[[:upper:]]{2}[[:digit:]]{3}$"#, ""),                            // POSIX classes
        (#"^a.+?b$"#, ""),                                                   // lazy
        (#"^\d++-\w*+$"#, ""),                                               // possessive
        (#"^(?=.*\d)(?=.*[A-Z])[A-Za-z\d]{8,12}$"#, ""),                     // lookaheads (filtered)
        (#"^(?!000)\d{3}-\d{2}$"#, ""),                                      // negative lookahead (filtered)
        (#"^\w+\b \b\w+$"#, ""),                                             // word boundaries (filtered)
        (#"^(['"])[a-z]{2,5}\1$"#, ""),                                      // back reference
        (#"^x\d{2} # area"# + "\n" + #"-\d{2}$"#, "x"),                      // extended flag
    ]

    func testEveryGeneratedValueMatchesItsPatternPerPCRE2() throws {
        var yaml = "id: regexes\nfields:\n"
        for (index, entry) in patterns.enumerated() {
            let quoted = entry.pattern.replacingOccurrences(of: "'", with: "''")
            yaml += "  f\(index): {type: string, regex: '\(quoted)'"
            yaml += entry.flags.isEmpty ? "}\n" : ", regexFlags: \(entry.flags)}\n"
        }
        let rules = try compileRules(yaml)
        // Lookarounds and word boundaries are filtered: only their fields redraw values.
        let batch = try generate(rules, GenerationOptions(count: 300, seed: 17, invalidRate: 0.3), filtered: true)
        XCTAssertEqual(batch.summary.discards.questionnaires, 0)
        XCTAssertTrue(Set(batch.summary.discards.counts.keys.filter { $0.kind != .defect }.map(\.field)).isSubset(of: ["f13", "f14", "f15"]),
                      "\(batch.summary.discards.lines())")
        assertMatchesLabels(batch, rules, "regex corpus")
        let values = batch.objects.compactMap { $0["f3"] as? String }
        XCTAssertGreaterThan(Set(values).count, 100, "values vary")
    }

    func testSeedValuesAreFilteredByTheFieldsChecks() throws {
        let seeds = FileManager.default.temporaryDirectory.appendingPathComponent("formsmith-seeds-\(UUID()).txt")
        try "# names\nАнна\nAnna\nМария-Луиза\nОльга Петровна\n\nЯ\n".write(to: seeds, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: seeds) }
        // The seed list lies in the rule file's folder (a rule file reads only inside it).
        let rules = try compileRules("""
            id: seeds
            fields:
              name: {type: string, seed: \(seeds.lastPathComponent), minLength: 2, regex: '^[А-ЯЁ][а-яё]*(?:-[А-ЯЁ][а-яё]*)?$'}
            """, file: seeds.deletingLastPathComponent().appendingPathComponent("rules.yaml").path)
        let names = Set(try generate(rules, GenerationOptions(count: 200, seed: 1)).objects
            .compactMap { $0["name"] as? String })
        XCTAssertTrue(names.isSuperset(of: ["Анна", "Мария-Луиза"]))
        XCTAssertTrue(names.isDisjoint(with: ["Anna", "Ольга Петровна", "Я"]))
    }

    func testAnUnreadableSeedListIsReported() throws {
        let folder = FileManager.default.temporaryDirectory.path
        let rules = try compileRules("id: seeds\nfields:\n  name: {type: string, seed: nonexistent-\(UUID()).txt}\n",
                                     file: folder + "/rules.yaml")
        XCTAssertThrowsError(try BatchGenerator(rules: rules, options: GenerationOptions(count: 1, seed: 1))) {
            XCTAssertEqual(($0 as? GenerationError)?.field, "name")
            XCTAssertTrue(($0 as? GenerationError)?.message.contains("nonexistent-") ?? false)
        }
    }
}
