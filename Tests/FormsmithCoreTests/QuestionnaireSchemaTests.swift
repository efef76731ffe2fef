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
        XCTAssertEqual(pattern(#"\A\x{41}\z"#), #"^(?:^\u{41}$)$"#)
        XCTAssertEqual(pattern(##"a\-b\#c"##), "^(?:a-b#c)$", "identity escapes ECMA's Unicode mode refuses")
        XCTAssertEqual(pattern(#"(?:a|b)+?(?=c)(?<name>d)"#), #"^(?:(?:a|b)+?(?=c)(?<name>d))$"#)
    }

    /// `\w`, `\s`, `.` and Unicode properties are written out as code points (ECMA-262's `\w` is
    /// ASCII, Python's re has no `\p{..}`); the expected sets are worked out from the Unicode
    /// categories: PCRE2's `\s` is Z plus the horizontal and vertical spaces.
    func testUnicodeClassesAreWrittenAsCodePoints() throws {
        XCTAssertEqual(pattern(#"a\sb"#), #"^(?:a[\u0009-\u000D\u0020\u0085\u00A0\u1680\u180E\u2000-\u200A\u2028\u2029"#
                       + #"\u202F\u205F\u3000]b)$"#)
        XCTAssertEqual(pattern("a.b"), #"^(?:a[^\n]b)$"#, "ECMA-262's dot leaves out CR, U+2028, U+2029")
        let word = try XCTUnwrap(pattern(#"[\w.]+"#))
        XCTAssertTrue(word.hasPrefix(#"^(?:[0-9A-Z\u005Fa-z\u00AA\u00B2\u00B3\u00B5"#), word)
        XCTAssertTrue(word.hasSuffix(#".]+)$"#), "the '.' stays in the class: \(word.suffix(40))")
        XCTAssertTrue(word.contains(#"\u03F7-\u0481"#), "Greek and Cyrillic letters up to U+0481")
        XCTAssertTrue(word.contains(#"\u0660-\u0669"#), "Arabic-Indic digits are N")
        XCTAssertFalse(word.contains(#"\p{"#))
        let upper = try XCTUnwrap(pattern(#"\p{Lu}"#))
        XCTAssertTrue(upper.hasPrefix(#"^(?:[A-Z\u00C0-\u00D6\u00D8-\u00DE\u0100\u0102"#), upper)
        XCTAssertTrue(upper.contains(#"\u03FD-\u042F"#), "Ͻ, Ͼ, Ͽ and Ѐ-Я")
        XCTAssertTrue(upper.contains("\u{1D400}-\u{1D419}"), "mathematical bold capitals, beyond the BMP, as themselves")
        XCTAssertEqual(pattern(#"\W"#), try XCTUnwrap(pattern(#"\w"#)).replacingOccurrences(of: "(?:[", with: "(?:[^"))
        XCTAssertEqual(pattern("[[:alpha:]]"), pattern(#"\p{L}"#), "[[:alpha:]] is \\p{L} with Unicode properties")
    }

    func testPCRE2OnlyConstructsAreRefused() {
        for source in [#"a++"#, #"(?>a)"#, #"(?i)a"#, #"[[:^alpha:]]"#, #"[[.a.]]"#, #"\bword"#, #"\p{Cyrillic}"#,
                       #"\h"#, #"a{2}+"#, #"[\W]"#, #"[\S_]"#, #"[\D]"#, #"[a\P{L}]"#, #"[[:nothing:]]"#] {
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
            // Issue 31: the pattern holds a date's layout, not its calendar.
            "later: type: a real calendar date written yyyy-MM-dd (the pattern holds the layout, not the calendar: "
                + "2000-02-30 matches it; JSON Schema's format date is an annotation)",
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
