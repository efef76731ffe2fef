@testable import FormsmithCore
import FormsmithValues
import XCTest

/// Checks are grouped by the value type they apply to: every compiled string and text field
/// (and each of its cases) holds only ``ValueCheck/text(_:)`` checks, whatever the rule set (the
/// shipped ones, lists inside lists, cases), so the text code never sees another type's check;
/// and `const`, which several types declare, compiles to a text check only on text fields.
final class TextCheckGroupingTests: XCTestCase {
    /// String and text fields with every text key, in cases, inside lists inside lists, beside
    /// fields of other types that declare `const`.
    private static let inline = """
        id: text-grouping
        fields:
          bic: {type: string, regex: '\\d{9}'}
          account: {type: string, minLength: 20, maxLength: 20, checksum: {name: bank-account, with: bic}}
          phone: {type: string, mask: '+7 (000) 000-00-00'}
          email: {type: string, format: email, maxLength: 80}
          consent: {type: boolean, const: true}
          seats: {type: integer, const: 5}
          kind: {type: enum, values: [car, truck], const: car}
          born: {type: date, format: dd.MM.yyyy}
          note:
            type: text
            maxLength: 500
            cases:
              - when: "kind == 'truck'"
                minLength: 3
                regex: '[^<>]*'
              - when: "kind == 'car'"
                const: none
        sections:
          drivers:
            type: list
            fields:
              inn: {type: string, checksum: inn}
              trips:
                type: list
                fields:
                  code:
                    type: string
                    mask: 'SS-000'
                    cases:
                      - when: "drivers[].trips[].site == 'x'"
                        format: uuid
                        checksum: luhn
                  site: {type: string, const: x, normalize: nfc}
        """

    func testTextFieldsHoldOnlyTextChecks() throws {
        var sets: [(String, CompiledRuleSet)] = [("inline", try compileRules(Self.inline))]
        for name in ["osago-policy", "payment-order", "customer-survey"] {
            let path = repositoryRoot.appendingPathComponent("Rules/\(name).yaml").path
            sets.append((name, try RulesLoader.load(path: path, today: testToday)))
        }
        let fixtures = repositoryRoot.appendingPathComponent("Tests/FormsmithCLITests/Fixtures")
        for path in ["nested-lists/rules.yaml", "nested-shapes/three-deep.yaml", "rules-schema/valid/every-key.yaml",
                     "export/conditions.yaml"] {
            sets.append((path, try RulesLoader.load(path: fixtures.appendingPathComponent(path).path, today: testToday)))
        }
        var textChecks = 0
        var caseChecks = 0
        for (name, set) in sets {
            for field in set.fields where field.type == .string || field.type == .text {
                for (index, checks) in ([field.checks] + field.cases.map(\.checks)).enumerated() {
                    for check in checks {
                        guard case .text = check else {
                            XCTFail("\(name): \(field.path)\(index == 0 ? "" : " case \(index)") (\(field.type)) "
                                    + "holds a \(check.kind) check, not a text check")
                            continue
                        }
                        textChecks += 1
                        if index > 0 { caseChecks += 1 }
                    }
                }
            }
            // The other way round: no field of another type holds a text check.
            for field in set.fields where field.type != .string && field.type != .text {
                for checks in [field.checks] + field.cases.map(\.checks) {
                    for case .text(let check) in checks {
                        XCTFail("\(name): \(field.path) (\(field.type)) holds the text check \(type(of: check).kind)")
                    }
                }
            }
        }
        // Counted by hand for the inline set (bic 1, account 2, phone 1, email 2, note 1 + 2 + 1,
        // inn 1, code 1 + 2, site 1 = 15, 5 of them in cases); the shipped sets and fixtures add more.
        XCTAssertGreaterThan(textChecks, 15)
        XCTAssertGreaterThanOrEqual(caseChecks, 5)
    }

    /// The inline set compiles each text key to its own kind, in the order kinds are run, and
    /// `const` to a text check only on the text fields.
    func testKindsOfTheInlineSet() throws {
        let rules = try compileRules(Self.inline)
        func kinds(_ path: String, case index: Int? = nil) -> [CheckKind] {
            guard let field = rules.fields.first(where: { $0.path == path }) else {
                XCTFail("no field \(path)")
                return []
            }
            return (index.map { field.cases[$0].checks } ?? field.checks).map(\.kind)
        }
        XCTAssertEqual(kinds("account"), [.length, .checksum])
        XCTAssertEqual(kinds("email"), [.length, .format])
        XCTAssertEqual(kinds("note", case: 0), [.length, .regex])
        XCTAssertEqual(kinds("note", case: 1), [.constant])
        XCTAssertEqual(kinds("drivers[].trips[].code", case: 0), [.format, .checksum])
        XCTAssertEqual(kinds("drivers[].trips[].site"), [.constant])
        XCTAssertEqual(kinds("born"), [])  // on a date field `format` is the layout, no check
        let consent = try XCTUnwrap(rules.fields.first { $0.path == "consent" })
        guard case .choice(let check as ConstantCheck.Choice)? = consent.checks.first, check.value == .boolean(true) else {
            return XCTFail("const on a boolean field is not a text check: \(consent.checks.map(\.kind))")
        }
    }

    /// `const` on string and text fields, now a text check, still decides and words values as
    /// before: by the exact bytes, in a case only while it holds, and a value failing only by a
    /// trailing space gets the `text-form` review (messages worked out by hand from docs/rules.md).
    func testConstantOnTextFieldsValidatesThroughTheTextCheck() throws {
        let rules = try compileRules("""
            id: text-const
            fields:
              kind: {type: enum, values: [a, b]}
              answer: {type: string, const: 'да'}
              note:
                type: text
                cases:
                  - when: "kind == 'a'"
                    const: none
            """)
        func found(_ json: String) -> [String] {
            validate(json, against: rules).violations.map { "\($0.field) \($0.rule): \($0.message)" }
        }
        XCTAssertEqual(found(#"{"kind": "a", "answer": "да", "note": "none"}"#), [])
        XCTAssertEqual(found(#"{"kind": "a", "answer": "нет", "note": "nonE"}"#),
                       ["answer const: must be 'да'", "note const: must be 'none'"])
        XCTAssertEqual(found(#"{"kind": "b", "answer": "да ", "note": "other"}"#),
                       ["answer text-form: looks right but fails only because of how it is written: "
                        + "spaces before or after the text: trim them"])
    }

    /// A form where every text kind can carry its defect, two of them only in a case.
    private static let defects = """
        id: text-defects
        fields:
          kind: {type: enum, values: [a, b]}
          name: {type: string, minLength: 3, maxLength: 10, regex: '[a-z]+'}
          short: {type: string, minLength: 1, maxLength: 6000, regex: '[a-z]{1,8}'}
          phone: {type: string, mask: '+7 000 000-00-00'}
          inn: {type: string, checksum: inn}
          mail: {type: string, format: email}
          answer: {type: string, const: 'да'}
          code:
            type: string
            regex: '[A-Z0-9]{3,9}'
            cases:
              - when: "kind == 'a'"
                maxLength: 5
                regex: '[A-Z]{3,9}'
        """

    /// Each text kind offers its defects through ``TextCheck/defects(in:)``, given everything in
    /// force: no `min-length` defect when one character short is empty, no `max-length` one past
    /// 5000 characters; `const` offers none of its own (its defect is the planter's `constant`,
    /// one rule across types). Lists worked out by hand from the rules above, with the order
    /// each kind declares in its file (the planter offers them sorted by it).
    func testEachTextKindOffersItsDefects() throws {
        let rules = try compileRules(Self.defects)
        func offered(_ path: String, case index: Int? = nil) throws -> [String] {
            let field = try XCTUnwrap(rules.fields.first { $0.path == path })
            let checks = field.checks + (index.map { field.cases[$0].checks } ?? [])
            return try TextSpec(checks: checks, seedList: []).defects.map { "\($0.defect.rule)@\($0.defect.order)" }
        }
        XCTAssertEqual(try offered("name"), ["min-length@50", "max-length@60", "regex@30"])
        XCTAssertEqual(try offered("short"), ["regex@30"])
        XCTAssertEqual(try offered("phone"), ["mask@40"])
        XCTAssertEqual(try offered("inn"), ["checksum@130"])
        XCTAssertEqual(try offered("mail"), ["format@140"])
        XCTAssertEqual(try offered("answer"), [])
        XCTAssertEqual(try offered("code"), ["regex@30"])
        XCTAssertEqual(try offered("code", case: 0), ["regex@30", "max-length@60"])
    }

    /// Generated with every questionnaire invalid, each labelled defect breaks exactly its field
    /// and rule, and every text kind's rule is planted (the case's `max-length` included).
    func testTextDefectsBreakExactlyTheirLabel() throws {
        let rules = try compileRules(Self.defects)
        let batch = try generate(rules, GenerationOptions(count: 400, seed: 11, invalidRate: 1, jobs: 2))
        assertMatchesLabels(batch, rules, "text-defects")
        let planted = Set(batch.labels.map { "\($0.field) \($0.rule)" })
        for expected in ["name min-length", "name max-length", "name regex", "short regex", "phone mask", "inn checksum",
                         "mail format", "answer const", "code regex", "code max-length", "name text-form"] {
            XCTAssertTrue(planted.contains(expected), "no \(expected) defect among \(planted.sorted())")
        }
        XCTAssertFalse(planted.contains("short min-length"), "a one-character minimum has no defect")
    }
}
