@testable import FormsmithCore
import XCTest

/// The exported questionnaire schema: PCRE2 patterns rewritten for JSON Schema, conditions
/// written with if/then, and every check it leaves out listed.
final class QuestionnaireSchemaTests: XCTestCase {
    private func pattern(_ source: String, flags: String = "") -> String? {
        try? ECMAPattern.fromPCRE2(source, flags: flags).get()
    }

    func testPatternsKeepFormsmithMeaning() {
        XCTAssertEqual(pattern(#"^Q-\d{7}$"#), #"^(?:^Q-\p{Nd}{7}$)$"#)
        XCTAssertEqual(pattern(#"[\w.]+"#), #"^(?:[\p{L}\p{N}_.]+)$"#)
        XCTAssertEqual(pattern(#"\A\x{41}\z"#), #"^(?:^\u{41}$)$"#)
        XCTAssertEqual(pattern(##"a\-b\#c"##), "^(?:a-b#c)$", "identity escapes ECMA's Unicode mode refuses")
        XCTAssertEqual(pattern(#"(?:a|b)+?(?=c)(?<name>d)"#), #"^(?:(?:a|b)+?(?=c)(?<name>d))$"#)
        XCTAssertEqual(pattern(#"\p{Lu}"#), #"^(?:\p{Lu})$"#)
    }

    func testPCRE2OnlyConstructsAreRefused() {
        for source in [#"a++"#, #"(?>a)"#, #"(?i)a"#, #"[[:alpha:]]"#, #"\bword"#, #"\p{Cyrillic}"#, #"\h"#, #"a{2}+"#] {
            XCTAssertNil(pattern(source), source)
        }
        XCTAssertNil(pattern("a", flags: "i"))
        XCTAssertNotNil(pattern("a", flags: "u"))
    }

    func testDotAllFlagAndLiterals() {
        XCTAssertEqual(pattern("a.[.]", flags: "s"), #"^(?:a[\s\S][.])$"#)
        XCTAssertEqual(ECMAPattern.literal("a.b-c(1)"), #"a\.b-c\(1\)"#)
    }

    func testStringTestsOfTheNSPredicateDialect() throws {
        let predicates = PredicateSchema(prefix: "")
        XCTAssertEqual(predicates.condition("name BEGINSWITH 'Ac.'")?["properties"]?["name"]?["pattern"],
                       .string(#"^Ac\.[\s\S]*$"#))
        XCTAssertEqual(predicates.condition("name LIKE '*ltd'")?["properties"]?["name"]?["pattern"],
                       .string(#"^(?:[\s\S]*ltd)$"#))
        XCTAssertNotNil(predicates.condition("level BETWEEN {4, 6}"))
        XCTAssertNil(predicates.condition("name ==[c] 'acme'"), "ignoring case has no JSON Schema form")
    }

    func testMasksBecomeAnchoredPatterns() throws {
        let mask = try InputMask("+7 (000) 000-00-00")
        XCTAssertEqual(try ECMAPattern.fromMask(mask).get(), #"^(?:\+7 \([0-9]{3}\) [0-9]{3}-[0-9]{2}-[0-9]{2})$"#)
    }

    func testConditionsAndGaps() throws {
        let rules = try compileRules("""
            id: x
            fields:
              kind: {type: enum, values: [person, company]}
              inn: {type: string, requiredIf: kind == 'company', optional: true, checksum: inn}
              age: {type: integer, optional: true}
              note: {type: string, visibleIf: age >= 18 && !empty(kind)}
              later: {type: date, optional: true, visibleIf: year(today) > 2000}
            """)
        let schema = QuestionnaireSchemaExporter.export(rules)
        XCTAssertEqual(schema.document["required"], ["kind"])
        guard case .array(let rules)? = schema.document["allOf"] else { return XCTFail("no conditional rules") }
        XCTAssertEqual(rules.count, 2, "requiredIf of inn, visibleIf of note")
        XCTAssertEqual(rules[0]["if"], .object([("properties", .object([("kind", .object([("const", "company")]))])),
                                                 ("required", ["kind"])]))
        XCTAssertEqual(schema.gaps.map(\.description), [
            "inn: checksum: the inn check digits",
            "later: visibility: hidden unless `year(today) > 2000`",
            "*: duplicate-field: a JSON parser keeps one member of each name",
        ])
    }
}
