@testable import FormsmithCore
import XCTest

/// The exported questionnaire schema: PCRE2 patterns rewritten for JSON Schema, conditions
/// written with if/then, and every check it leaves out listed.
final class QuestionnaireSchemaTests: XCTestCase {
    private func pattern(_ source: String, flags: String = "") -> String? {
        try? ECMAPattern.fromPCRE2(source, flags: flags).get()
    }

    func testPatternsKeepFormsmithMeaning() {
        XCTAssertEqual(pattern(#"^Q-\d{7}$"#), #"^(?:^Q-[0-9]{7}$)$"#)
        XCTAssertEqual(pattern(#"[\d-]\D[^\d]"#), #"^(?:[0-9-][^0-9][^0-9])$"#)
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

    /// `normalize: nfc`: Formsmith accepts a text whose NFC form passes, which the schema cannot
    /// compute; it accepts text holding a mark that makes Formsmith look, and lists the gap.
    func testNormalizeNFCWidensTextChecksAndIsListed() throws {
        let rules = try compileRules("""
            id: nfc
            normalize: nfc
            fields:
              lastName: {type: string, regex: '^[А-ЯЁ][а-яё]+$', maxLength: 8}
              title: {type: enum, values: [Семёнов, Иванов]}
              tags: {type: multi-choice, values: [стёкла, угон]}
              level: {type: enum, values: [1, 2]}
              note: {type: string}
              code: {type: string, regex: '^[0-9]+$', normalize: none}
            """)
        let schema = QuestionnaireSchemaExporter.export(rules)
        let loose: JSONValue = .object([("type", "string"), ("pattern", .string(SchemaBuilder.decomposedMarks))])
        let properties = schema.document["properties"]
        XCTAssertEqual(element(properties?["lastName"]?["anyOf"], 1), loose)
        XCTAssertEqual(element(properties?["lastName"]?["anyOf"], 0)?["maxLength"], .integer(8))
        XCTAssertEqual(element(properties?["title"]?["anyOf"], 1), loose)
        XCTAssertEqual(element(properties?["tags"]?["items"]?["anyOf"], 1), loose)
        XCTAssertNil(properties?["level"]?["anyOf"], "integer values are numbers")
        XCTAssertNil(properties?["note"]?["anyOf"], "nothing to widen")
        XCTAssertNil(properties?["code"]?["anyOf"], "normalize: none")
        XCTAssertEqual(schema.gaps.filter { $0.rule == "text-form" }.map(\.field), ["lastName", "title", "tags"])
    }

    /// The marks in the schema's class are exactly the characters (outside the invisible and
    /// space-like ones) whose bytes make Formsmith review how a text is written: each scalar up
    /// to U+FFFF is asked of both, the byte scan and the class as a regular expression.
    func testTheDecomposedMarksAreWhatFormsmithReviews() throws {
        let pattern = SchemaBuilder.decomposedMarks.replacingOccurrences(of: "\\u", with: "\\x{")
            .replacingOccurrences(of: #"(x\{[0-9A-F]{4})"#, with: "$1}", options: .regularExpression)
        let regex = try NSRegularExpression(pattern: pattern)
        var disagreements: [String] = []
        for value in 0x80...0xFFFF {
            guard let scalar = Unicode.Scalar(value), TextFormReview.invisible[scalar] == nil,
                TextFormReview.spaceLike[scalar] == nil
            else { continue }
            let text = String(scalar)
            let scanned = Array(text.utf8).withUnsafeBufferPointer { TextFormReview.hasSuspectBytes($0) }
            let matched = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            if scanned != matched { disagreements.append(String(format: "U+%04X", value)) }
        }
        XCTAssertEqual(disagreements, [])
    }

    private func element(_ array: JSONValue?, _ index: Int) -> JSONValue? {
        guard case .array(let elements)? = array, index < elements.count else { return nil }
        return elements[index]
    }
}
