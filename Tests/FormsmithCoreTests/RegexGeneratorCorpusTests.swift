@testable import FormsmithCore
import XCTest

/// Realistic field patterns: every generated value must match the whole pattern per PCRE2.
final class RegexGeneratorCorpusTests: XCTestCase {
    /// Patterns the walker honours by construction (no filtering needed).
    private let exactPatterns: [(pattern: String, caseless: Bool)] = [
        (#"^Q-\d{7}$"#, false),
        (#"^[A-HJ-NPR-Z0-9]{17}$"#, false),
        (#"^[А-ЯЁ][а-яё]*(-[А-ЯЁ][а-яё]*)?$"#, false),
        (#"^\d{4}[\dA-Z]{2}\d{3}$"#, false),
        (#"^((МС|КВ|ПЛ|ГД)\.\d{2}\.\d{4}|\d{8}|0)$"#, false),
        (#"^(0|\d{20}|\d{25})$"#, false),
        (#"^(0[1-9]|1\d|2[0-8])$"#, false),
        (#"^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$"#, false),
        (#"(?i)^[a-z]{3}-\d+$"#, false),
        (#"^[a-z]{3}-\d+$"#, true),
        (#"^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$"#, false),
        (#"^[АВЕКМНОРСТУХ]\d{3}[АВЕКМНОРСТУХ]{2}\d{2,3}$"#, false),
        (#"a+?b"#, false),
        (#"\d++x"#, false),
        (#"\d*+[a-z]"#, false),
        (#"((ab|cd)(ef)?){2,3}"#, false),
        (#"\p{Lu}\p{Ll}+"#, false),
        (#"\p{L}{2}\p{N}\p{Cyrillic}\p{Latin}\p{Greek}"#, false),
        (#"\P{L}\PL\p{^N}"#, false),
        (#"[[:alpha:]]{2,5}[[:digit:]]"#, false),
        (#"[[:upper:]][[:lower:]]+[[:alnum:]][[:punct:]][[:xdigit:]]{4}[[:^digit:]]"#, false),
        (#"[^,;"]{1,10}"#, false),
        (#"[^\d\s]{3}[^а-яА-ЯЁё]"#, false),
        (#"(?i:да|нет)-[ёа-я]{2}"#, false),
        (#"\x41\x{0411}\t?\101\o{102}\cA?"#, false),
        (#"[\101-\103\x44]{2}\0101\x4[\7]\18"#, false),  // octal and hex digits of every length, in and out of sets
        (#"\QA.B*\E+\.\\\-"#, false),
        (#"(?<year>\d{4})-(?<month>0[1-9]|1[0-2])"#, false),
        (#"(?x) \d{3}  # area code"# + "\n" + ##" - \d{4} [ ] \#"##, false),
        (#"(a|b)c\1"#, false),
        (#"(?<q>['"])\w*\k<q>\g{q}\g{-1}\g1"#, false),
        (#"^.{1,50}$"#, false),
        (#"\S+\s\S+\h\N\R?"#, false),
        (#"[\p{L}\-' ]{1,30}"#, false),
        (#"\A(?:\+?7|8)\d{10}\z"#, false),
        (#"[\x{400}-\x{4FF}]{3}[\x{4E00}-\x{4E05}]"#, false),
        (#"(?s).{2}(?m)^?"#.replacingOccurrences(of: "^?", with: ""), false),
        (#"x{2}y{1,}z{0,2}q{,3}"#, false),
        (#"[]a]+[^]a]"#, false),
        (#"(?|(a)|(b))c"#, false),
        (#"(*UTF)(*UCP)[\w.-]+"#, false),
        (#"(?n)(a|b)(?#comment)+"#, false),
        (#"a{0}b|c(?:)"#, false),
        (#"a\Q\E+b(?#note)*"#, false),
        (#"(?i)[^a-zа-яё0-9]{5}"#, false),
        (#"[^\W\d]+[\s\S]{3}"#, false),
        (#"(?i)ё+Ж\d{2}\.\d{2}\.\d{4}"#, false),
        (#"(?xx)[a b]{3}"#, false),
        (#"(?i)(?-i:A)b(?i:c)"#, false),
        (#"[\x{1F600}-\x{1F64F}]\x{1F680}"#, false),
        (#"[^\x00-\x1F\x20-\x{FFFF}]"#, false),
    ]

    func testEveryValueMatchesThePatternWithPCRE2() throws {
        for (pattern, caseless) in exactPatterns {
            let generator = try RegexGenerator(pattern: pattern, caseInsensitive: caseless)
            guard let matcher = PCRE2TestMatcher(pattern, caseless: caseless) else { continue }
            let root = SeededRandom(seed: 2026)
            for record in 0..<200 {
                var random = root.derived(UInt64(record))
                let value = generator.generate(using: &random)
                XCTAssertTrue(matcher.matchesWhole(value), "\(pattern) generated non-matching value \(value.debugDescription)")
            }
        }
    }

    func testPatternsHonouredByConstructionNeedNoFiltering() throws {
        let filtered: Set<String> = [#"(?|(a)|(b))c"#]  // branch reset renumbers groups
        for (pattern, caseless) in exactPatterns {
            let generator = try RegexGenerator(pattern: pattern, caseInsensitive: caseless)
            XCTAssertEqual(generator.needsFiltering, filtered.contains(pattern), pattern)
        }
    }

    func testValuesVaryAcrossRecords() throws {
        for (pattern, expectedMinimumDistinct) in [(#"^Q-\d{7}$"#, 190), (#"^[А-ЯЁ][а-яё]*(-[А-ЯЁ][а-яё]*)?$"#, 150),
                                                   (#"^(0|\d{20}|\d{25})$"#, 100), (#"(?i)^[a-z]{3}-\d+$"#, 190)] {
            let generator = try RegexGenerator(pattern: pattern)
            let root = SeededRandom(seed: 7)
            var values = Set<String>()
            for record in 0..<200 {
                var random = root.derived(UInt64(record))
                values.insert(generator.generate(using: &random))
            }
            XCTAssertGreaterThanOrEqual(values.count, expectedMinimumDistinct, pattern)
        }
    }

    func testCaseInsensitiveFlipsCaseOfLatinAndCyrillicLetters() throws {
        let generator = try RegexGenerator(pattern: "(?i)[a-z]{40}[ж-я]{40}")
        var random = SeededRandom(seed: 1)
        let value = generator.generate(using: &random)
        XCTAssertTrue(value.unicodeScalars.contains { ("A"..."Z").contains($0) })
        XCTAssertTrue(value.unicodeScalars.contains { ("a"..."z").contains($0) })
        XCTAssertTrue(value.unicodeScalars.contains { ("Ж"..."Я").contains($0) })
        XCTAssertTrue(value.unicodeScalars.contains { ("ж"..."я").contains($0) })
    }

    func testDigitAndWordEscapesProduceAsciiOrRussianCharacters() throws {
        let generator = try RegexGenerator(pattern: #"\d{50}\w{50}"#)
        var random = SeededRandom(seed: 3)
        let value = Array(generator.generate(using: &random).unicodeScalars)
        XCTAssertTrue(value.prefix(50).allSatisfy { ("0"..."9").contains($0) })
        XCTAssertTrue(value.suffix(50).allSatisfy { $0.isASCII || RegexAlphabets.universe.contains($0.value) })
    }
}
