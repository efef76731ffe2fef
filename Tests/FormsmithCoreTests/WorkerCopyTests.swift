import XCTest
@testable import FormsmithCore

/// Parallel runs give each worker its own compiled copy of the rules (shared objects' reference
/// counts would bounce between cores); work bound on the calling thread (CSV column maps) is
/// applied to the copies by field id, so the copies must be equal in every respect that is
/// numbered, and must be distinct objects.
final class WorkerCopyTests: XCTestCase {
    func testAWorkerCopyNumbersFieldsAndSlotsAsTheOriginal() throws {
        for ruleSet in SampleDataTests.ruleSets {
            let rules = try RulesLoader.load(path: repositoryRoot.appendingPathComponent("Rules/\(ruleSet).yaml").path,
                                             today: testToday)
            let copy = rules.compiledForWorker()
            XCTAssertFalse(copy === rules, "\(ruleSet): the worker shares the original")
            XCTAssertEqual(copy.today, rules.today)
            XCTAssertEqual(copy.fieldIDs, rules.fieldIDs, ruleSet)
            XCTAssertEqual(copy.fields.map(\.path), rules.fields.map(\.path), ruleSet)
            XCTAssertEqual(copy.fields.map(\.slot), rules.fields.map(\.slot), ruleSet)
            XCTAssertEqual(copy.fields.map(\.id), rules.fields.map(\.id), ruleSet)
            XCTAssertEqual(copy.plan.steps.count, rules.plan.steps.count, ruleSet)
            XCTAssertTrue(zip(copy.fields, rules.fields).allSatisfy { $0 !== $1 }, "\(ruleSet): fields are shared")
        }
    }
}
