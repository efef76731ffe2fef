@testable import FormsmithCore
import XCTest

/// The flat emitter draws values as the syntax-tree walk does, byte for byte and draw for draw
/// (generated files stay the same whichever draws them).
final class RegexFlatEmitterTests: XCTestCase {
    private let patterns: [String] = [
        #"^Q-\d{7}$"#, #"^\d{2} \d{2} \d{6}$"#, #"^[A-HJ-NPR-Z0-9]{17}$"#, #"^\d{12}$"#,
        #"[АВЕКМНОРСТУХ]"#, #"^[А-ЯЁ][а-яё]*(-[А-ЯЁ][а-яё]*)?$"#, #"^((МС|КВ|ПЛ|ГД)\.\d{2}\.\d{4}|\d{8}|0)$"#,
        #"^(0|\d{20}|\d{25})$"#, #"^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$"#, #"((ab|cd)(ef)?){2,3}"#,
        #"\p{L}{2}\p{N}\p{Cyrillic}\p{Latin}\p{Greek}"#, #"^.{1,50}$"#, #"[^\x00-\x1F\x20-\x{FFFF}]"#,
        #"(?i)ё+Ж\d{2}\.\d{2}\.\d{4}"#, #"x{2}y{1,}z{0,2}q{,3}"#, #"a{0}b|c(?:)"#, #"(?<=a)b(?!c)\d+"#,
        #"[\x{1F600}-\x{1F64F}]\x{1F680}"#, #"\S+\s\S+\h\N\R?"#, #"(?i)[^a-zа-яё0-9]{5}"#, #"[^\W\d]+[\s\S]{3}"#,
    ]

    func testFlatValuesEqualWalkedValuesForTheCorpus() throws {
        for pattern in patterns {
            let generator = try RegexGenerator(pattern: pattern)
            XCTAssertTrue(generator.drawsFlat, pattern)
            try assertAgreement(generator, records: 100)
        }
    }

    func testPatternsWithBackReferencesOrWordBoundariesAreWalked() throws {
        for pattern in [#"(a|b)c\1"#, #"\bfoo\b"#, #"x\B\w"#] {
            XCTAssertFalse(try RegexGenerator(pattern: pattern).drawsFlat, pattern)
        }
    }

    /// Random patterns from literals, sets, groups, alternations and counted or open repeats.
    func testFlatValuesEqualWalkedValuesForRandomPatterns() throws {
        let atoms = [#"\d"#, "[a-c]", "[А-Я]", "x", "Ж", ".", #"\w"#, #"\p{Lu}"#, "[^a]", "ab", #"\s"#, "^", "$"]
        let quantifiers = ["", "", "?", "*", "+", "{2}", "{0,3}", "{1,}", "{3,5}"]
        var random = SeededRandom(seed: 13)
        var tried = 0
        while tried < 200 {
            let pattern = Self.randomPattern(atoms: atoms, quantifiers: quantifiers, depth: 0, random: &random)
            guard let generator = try? RegexGenerator(pattern: pattern, unboundedCap: random.int(in: 0...6)),
                  generator.drawsFlat else { continue }
            tried += 1
            try assertAgreement(generator, records: 20)
        }
    }

    private static func randomPattern(atoms: [String], quantifiers: [String], depth: Int,
                                      random: inout SeededRandom) -> String {
        var pattern = ""
        for _ in 0..<random.int(in: 1...4) {
            if depth < 2, random.chance(0.3) {
                let branches = (0..<random.int(in: 1...3)).map { _ in
                    randomPattern(atoms: atoms, quantifiers: quantifiers, depth: depth + 1, random: &random)
                }
                pattern += (random.chance(0.5) ? "(" : "(?:") + branches.joined(separator: "|") + ")"
            } else {
                pattern += random.pick(atoms)
            }
            pattern += random.pick(quantifiers)
        }
        return pattern
    }

    /// Values with no length hint, with hints inside, around and outside the pattern's lengths.
    private func assertAgreement(_ generator: RegexGenerator, records: Int, file: StaticString = #filePath,
                                 line: UInt = #line) throws {
        let bounds = generator.lengthBounds
        let hints: [ClosedRange<Int>?] = [nil, bounds.lowerBound...bounds.lowerBound, 0...3, 5...9]
        let root = SeededRandom(seed: 2026)
        for record in 0..<records {
            for hint in hints {
                var flatRandom = root.derived(UInt64(record))
                var walkRandom = flatRandom
                var flat: [UInt8] = [0x2D]
                var walked: [UInt8] = [0x2D]
                generator.append(to: &flat, using: &flatRandom, lengthWithin: hint)
                generator.appendByWalk(to: &walked, using: &walkRandom, lengthWithin: hint)
                XCTAssertEqual(flat, walked, "\(generator.pattern) hint \(String(describing: hint))", file: file, line: line)
                XCTAssertEqual(flatRandom.next(), walkRandom.next(), "draws of \(generator.pattern)", file: file, line: line)
            }
        }
    }
}
