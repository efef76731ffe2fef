import FormsmithCore
import XCTest

/// Runs every check's own documented examples: each passing value passes, each failing value
/// fails with exactly the documented rule (the SwiftLint way: the docs are the tests).
final class CheckCatalogTests: XCTestCase {
    func testEveryCheckExample() throws {
        XCTAssertGreaterThan(CheckCatalog.all.count, 20)
        for check in CheckCatalog.all {
            let yaml = check.exampleRules
            let rules: CompiledRuleSet
            do {
                rules = try compileRules(yaml)
            } catch {
                XCTFail("\(check.rule) example rules do not compile: \(error)\n\(yaml)")
                continue
            }
            for value in check.passing {
                let result = validate(check.exampleQuestionnaire(value), against: rules)
                XCTAssertEqual(pairs(result), [], "\(check.field) should accept \(value ?? "absent")")
            }
            for value in check.failing {
                let result = validate(check.exampleQuestionnaire(value), against: rules)
                XCTAssertEqual(pairs(result), ["\(check.examplePath) \(check.rule)"], "\(check.field) should reject \(value ?? "absent")")
            }
        }
    }

    func testEveryRuleIdentifierIsDocumentedByAnExample() {
        let documented = Set(CheckCatalog.all.map(\.rule))
        for rule in RuleIdentifier.messageKeys {
            XCTAssertTrue(documented.contains(rule), "no catalog example for rule '\(rule)'")
        }
    }
}
