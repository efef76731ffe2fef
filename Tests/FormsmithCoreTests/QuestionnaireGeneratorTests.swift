import FormsmithCore
import Foundation
import XCTest

/// The in-process generation API as a Swift test suite uses it (no @testable import):
/// deterministic per seed, labelled defects the validator reports, typed errors.
final class QuestionnaireGeneratorTests: XCTestCase {
    private let payment = repositoryRoot.appendingPathComponent("Rules/payment-order.yaml")

    func testTheSameSeedGivesTheSameQuestionnairesAndAnotherSeedOthers() throws {
        let generator = try QuestionnaireGenerator(rulesAt: payment, today: .fixed(testToday))
        let first = try generator.valid(count: 30, seed: 9)
        let again = try QuestionnaireGenerator(rulesAt: payment, today: .fixed(testToday)).valid(count: 30, seed: 9)
        let other = try generator.valid(count: 30, seed: 10)
        XCTAssertEqual(first.map(\.json), again.map(\.json))
        XCTAssertEqual(first.map(\.index), Array(0..<30))
        XCTAssertTrue(first.allSatisfy { $0.isValid && $0.defect == nil })
        XCTAssertNotEqual(first.map(\.json), other.map(\.json))
        // One worker or many: the same questionnaires.
        let oneWorker = try generator.valid(count: 30, seed: 9, settings: .init(jobs: 1))
        XCTAssertEqual(first.map(\.json), oneWorker.map(\.json))
    }

    func testValuesCanBeReadAsObjectsAndThroughAModel() throws {
        struct Order: Decodable {
            struct Payee: Decodable { let bic: String; let account: String }
            let id: String
            let payee: Payee
        }
        let questionnaires = try QuestionnaireGenerator(rulesAt: payment, today: .fixed(testToday)).valid(count: 2, seed: 1)
        XCTAssertEqual(questionnaires.count, 2)
        for questionnaire in questionnaires {
            let order = try questionnaire.decode(Order.self)
            let payee = questionnaire.object["payee"] as? [String: Any]
            XCTAssertEqual(payee?["bic"] as? String, order.payee.bic)
            XCTAssertEqual(order.payee.bic.count, 9)
            XCTAssertEqual(order.payee.account.count, 20)
            XCTAssertEqual(questionnaire.data, Data(questionnaire.json.utf8))
        }
        XCTAssertEqual(questionnaires.map { $0.object["id"] as? String }, ["PO-0000001", "PO-0000002"])
    }

    func testAMixHasDefectsOnlyWhereLabelledAndTheValidatorFindsExactlyThem() throws {
        let generator = try QuestionnaireGenerator(rulesAt: payment, today: .fixed(testToday))
        let validator = try QuestionnaireValidator(rulesAt: payment, today: .fixed(testToday))
        let mix = try generator.generate(count: 200, seed: 5, invalidRate: 0.3)
        XCTAssertEqual(mix.count, 200)
        let invalid = mix.filter { !$0.isValid }
        XCTAssertGreaterThan(invalid.count, 30)
        XCTAssertLessThan(invalid.count, 100)
        for questionnaire in mix {
            let found = validator.validate(questionnaire.data).violations.map { "\($0.field) \($0.rule)" }
            XCTAssertEqual(found, questionnaire.defect.map { ["\($0.field) \($0.rule)"] } ?? [], questionnaire.json)
        }
    }

    func testAStartIndexContinuesTheRun() throws {
        let generator = try QuestionnaireGenerator(rulesAt: payment, today: .fixed(testToday))
        let whole = try generator.valid(count: 10, seed: 4)
        let tail = try generator.valid(count: 4, seed: 4, settings: .init(start: 6))
        XCTAssertEqual(tail.map(\.index), [6, 7, 8, 9])
        XCTAssertEqual(tail.map(\.json), whole.suffix(4).map(\.json))
    }

    func testAMissingRuleFileIsARulesError() {
        let missing = repositoryRoot.appendingPathComponent("Rules/no-such-form.yaml")
        XCTAssertThrowsError(try QuestionnaireGenerator(rulesAt: missing, today: .fixed(testToday))) { error in
            XCTAssertTrue(error is RulesError, "\(type(of: error))")
            XCTAssertTrue("\(error)".contains("no-such-form.yaml"), "\(error)")
        }
    }

    func testRulesNoValueSatisfiesAreAGenerationErrorNamingTheField() throws {
        let rules = try RulesLoader.load(text: """
            id: impossible
            fields:
              code: {type: string, regex: '^\\d{3}$', maxLength: 2}
            """, file: "impossible.yaml", today: testToday)
        let generator = QuestionnaireGenerator(rules: rules)
        do {
            _ = try generator.valid(count: 1, seed: 1)
            XCTFail("no error")
        } catch {
            XCTAssertEqual(error.field, "code")
            XCTAssertEqual(error.rule, "regex")
            XCTAssertTrue(error.description.hasPrefix("code: [regex] the regex"), error.description)
        }
    }
}

/// Covering sets through the public API, recounted here from the questionnaires themselves.
final class QuestionnaireGeneratorCoveringTests: XCTestCase {
    /// Three enums of 2, 3 and 3 values. Worked out by hand: pairs of factors (a,b), (a,c),
    /// (b,c) give 2×3 + 2×3 + 3×3 = 21 pairs, none impossible; at least 9 questionnaires
    /// (b × c alone has 9 pairs, one per questionnaire).
    private let rules = """
        id: cover-api
        fields:
          a: {type: enum, values: [x, y]}
          b: {type: enum, values: [p, q, r]}
          c: {type: enum, values: [k, l, m]}
        """

    func testPairsCoverEveryPairOfValuesAndEveryQuestionnaireIsValid() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cover-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("rules.yaml")
        try rules.write(to: file, atomically: true, encoding: .utf8)
        let generator = try QuestionnaireGenerator(rulesAt: file, today: .fixed(testToday))
        let set = try generator.covering(.pairs, seed: 5)
        XCTAssertEqual(set.report.required, 21)
        XCTAssertEqual(set.report.covered.count, 21)
        XCTAssertTrue(set.report.impossible.isEmpty && set.report.notFound.isEmpty)
        XCTAssertGreaterThanOrEqual(set.questionnaires.count, 9)
        XCTAssertLessThanOrEqual(set.questionnaires.count, 12)
        // The recount: every pair of values of every two fields appears in some questionnaire.
        let values = set.questionnaires.map { questionnaire in
            ["a", "b", "c"].map { questionnaire.object[$0] as? String ?? "-" }
        }
        let domains = [["x", "y"], ["p", "q", "r"], ["k", "l", "m"]]
        for (first, second) in [(0, 1), (0, 2), (1, 2)] {
            for one in domains[first] {
                for other in domains[second] {
                    XCTAssertTrue(values.contains { $0[first] == one && $0[second] == other }, "\(one) \(other)")
                }
            }
        }
        let validator = try QuestionnaireValidator(rulesAt: file, today: .fixed(testToday))
        for questionnaire in set.questionnaires {
            XCTAssertTrue(questionnaire.isValid)
            XCTAssertEqual(validator.validate(questionnaire.data).violations.count, 0, questionnaire.json)
        }
        // Deterministic for a seed.
        XCTAssertEqual(try generator.covering(.pairs, seed: 5).questionnaires.map(\.json), set.questionnaires.map(\.json))
    }
}
