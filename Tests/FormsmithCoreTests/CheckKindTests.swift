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
}
