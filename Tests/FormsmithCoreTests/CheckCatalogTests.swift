import FormsmithCore
import XCTest

/// Runs every check's own documented examples: each passing value passes, each failing value
/// fails with exactly the documented rule (the SwiftLint way: the docs are the tests).
final class CheckCatalogTests: XCTestCase {
    func testEveryCheckExample() throws {
        XCTAssertGreaterThan(CheckCatalog.all.count, 20)
        for check in CheckCatalog.all {
            let yaml = """
                id: example
                fields:
                  \(check.companions.isEmpty ? "" : check.companions + "\n  ")value: \(check.field)
                """
            let rules: CompiledRuleSet
            do {
                rules = try compileRules(yaml)
            } catch {
                XCTFail("\(check.rule) example rules do not compile: \(error)\n\(yaml)")
                continue
            }
            for value in check.passing {
                let result = validate(document(value, check), against: rules)
                XCTAssertEqual(pairs(result), [], "\(check.field) should accept \(value ?? "absent")")
            }
            for value in check.failing {
                let result = validate(document(value, check), against: rules)
                XCTAssertEqual(pairs(result), ["value \(check.rule)"], "\(check.field) should reject \(value ?? "absent")")
            }
        }
    }

    func testEveryRuleIdentifierIsDocumentedByAnExample() {
        let documented = Set(CheckCatalog.all.map(\.rule))
        for rule in RuleIdentifier.messageKeys {
            XCTAssertTrue(documented.contains(rule), "no catalog example for rule '\(rule)'")
        }
    }

    private func document(_ value: String?, _ check: CheckDescription) -> String {
        var members: [String] = []
        if !check.companionValues.isEmpty { members.append(check.companionValues) }
        if let value { members.append("\"value\": \(value)") }
        return "{" + members.joined(separator: ", ") + "}"
    }
}
