@testable import FormsmithCore
import XCTest

/// Every value-check kind in `Checks/` is complete: it is documented by examples (which
/// `CheckCatalogTests` runs), its examples declare its own keys, and the rules loader accepts
/// each of its keys.
final class CheckKindTests: XCTestCase {
    func testEveryKindHasExamplesThatDeclareItsKeys() {
        for kind in CheckKind.allCases {
            let definition = kind.definition
            XCTAssertFalse(definition.keys.isEmpty, "\(kind) reads no key")
            XCTAssertFalse(definition.examples.isEmpty, "\(kind) has no examples")
            for example in definition.examples {
                XCTAssertTrue(definition.keys.contains { example.field.contains($0.name + ":") },
                              "\(kind): example \(example.field) declares none of its keys")
                XCTAssertFalse(example.failing.isEmpty, "\(kind): example \(example.field) shows no failing value")
            }
        }
    }

    /// The reader skips a kind when none of its declared keys can be in a mapping: so a kind's
    /// `read` must ask for no key beyond its `keys`. Each kind reads a mapping holding every
    /// constraint key; the keys it asked for are those not left unknown.
    func testEveryKindReadsOnlyTheKeysItDeclares() throws {
        let names = CheckKind.allKeys.map(\.name) + ["messages"]
        let root = try XCTUnwrap(YAMLDocument.compose(names.map { "\($0): x" }.joined(separator: "\n"),
                                                      file: "rules.yaml"))
        for kind in CheckKind.allCases {
            let problems = ProblemCollector()
            var mapping = try XCTUnwrap(YAMLMapping(root, file: "rules.yaml", what: "a field", problems: problems))
            var constraints = Constraints()
            kind.definition.read(&mapping, into: &constraints, for: RuleTreeReader(file: "rules.yaml", problems: problems,
                                                                                   roots: try ReadableRoots.of(ruleFile: "rules.yaml")))
            mapping.reportUnknownKeys(known: [String](), context: "a field")
            let left = Set(problems.problems.compactMap { problem -> String? in
                guard problem.message.hasPrefix("unknown key '") else { return nil }
                return problem.message.split(separator: "'")[1...].first.map(String.init)
            })
            let asked = Set(names).subtracting(left)
            XCTAssertFalse(asked.isEmpty, "\(kind) asked for no key")
            XCTAssertTrue(asked.isSubset(of: kind.definition.keys.map(\.name)),
                          "\(kind) reads \(asked.subtracting(kind.definition.keys.map(\.name))) beyond its keys")
        }
    }

    func testEveryKeyIsAcceptedByTheLoaderAndBelongsToOneKind() {
        let names = CheckKind.allKeys.map(\.name)
        XCTAssertEqual(Set(names).count, names.count, "a key belongs to two kinds: \(names)")
        for name in names {
            XCTAssertTrue(RulesLoader.constraintKeys.contains(name), "the loader does not accept '\(name)'")
            XCTAssertFalse(CheckKind.applicableTypes[name, default: []].isEmpty, "'\(name)' applies to no type")
        }
    }

    func testEveryCheckMapsToItsKindAndTheKindsCompileInOrder() throws {
        let rules = try compileRules("""
            id: kinds
            fields:
              text: {type: string, minLength: 1, regex: '[a-z]+', mask: 'SSS', checksum: luhn, const: abc}
              amount: {type: decimal, min: 0, fractionDigits: 2}
              kind: {type: enum, values: [a, b]}
              channels: {type: multi-choice, values: [a, b], minItems: 1}
            """)
        let kinds = rules.fields.flatMap { $0.checks.map(\.kind) }
        XCTAssertEqual(kinds, [.length, .regex, .mask, .checksum, .constant, .range, .fractionDigits, .values,
                               .values, .itemCount])
        for field in rules.fields {
            let order = field.checks.map { CheckKind.allCases.firstIndex(of: $0.kind)! }
            XCTAssertEqual(order, order.sorted(), "\(field.path): checks out of CheckKind order")
        }
    }

    /// The export asks every kind which rules a case declares (`declaredRules`): each kind must
    /// name one of its own rules for each of its examples, and say how JSON Schema expresses it.
    func testEveryKindDeclaresItsRulesToTheExport() throws {
        for kind in CheckKind.allCases {
            let definition = kind.definition
            let own = Set(definition.rules.map(\.id))
            let expression = definition.jsonSchema
            XCTAssertFalse(expression.keywords.isEmpty && expression.notExpressed == nil,
                           "\(kind) says neither what the export writes nor why it cannot")
            for example in definition.examples {
                let ruleSet = try RulesLoader.read(text: "id: t\nfields:\n  f: \(example.field)\n", file: "t.yaml")
                let field = try XCTUnwrap(ruleSet.field(at: "f"), example.field)
                let declared = definition.declaredRules(in: field.constraints, type: field.type)
                XCTAssertFalse(declared.isEmpty, "\(kind): \(example.field) declares no rule to the export")
                XCTAssertTrue(Set(declared).isSubset(of: own), "\(kind): \(declared) are not its rules")
            }
        }
    }
}
