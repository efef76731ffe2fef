import FormsmithCore
import Foundation
import XCTest

/// The example test of the DocC article "Generating fixtures in-process"
/// (FormsmithCore.docc/GeneratingFixtures.md), as written there, so that it runs: only the rule
/// file's URL is found from the repository root instead of the working directory.
final class PolicyFixtureTests: XCTestCase {
    struct Policy: Decodable {
        struct Insurant: Decodable { let lastName: String; let phone: String }
        let id: String
        let insurant: Insurant
    }

    func testTheValidatorAgreesWithEveryGeneratedFixture() throws {
        let rules = repositoryRoot.appendingPathComponent("Rules/osago-policy.yaml")
        let today = try ReferenceDate.fixed(year: 2026, month: 11, day: 22)
        let generator = try QuestionnaireGenerator(rulesAt: rules, today: today)
        let validator = try QuestionnaireValidator(rulesAt: rules, today: today)

        for fixture in try generator.valid(count: 50, seed: 42) {
            XCTAssertTrue(validator.validate(fixture.data).isValid, fixture.json)
            let policy = try fixture.decode(Policy.self)
            XCTAssertTrue(policy.insurant.phone.hasPrefix("+7 (9"))
        }
        for fixture in try generator.invalid(count: 50, seed: 42) {
            let defect = try XCTUnwrap(fixture.defect)
            let found = validator.validate(fixture.data).violations.map { "\($0.field) \($0.rule)" }
            XCTAssertEqual(found, ["\(defect.field) \(defect.rule)"])
        }
    }
}
