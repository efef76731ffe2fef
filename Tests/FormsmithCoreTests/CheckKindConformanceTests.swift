@testable import FormsmithCore
import XCTest

/// One generic test over the registry of check kinds (the SwiftLint way: a rule's description
/// carries its examples, and one test runs every registered rule against them). For every
/// ``CheckKind``, on each of its own examples (`examples`, declared in the kind's file):
///
/// 1. the example's rules compile, its passing values pass and its failing values fail with
///    exactly its rule;
/// 2. valid questionnaires generated on the example's form are built valid: none rebuilt, no
///    value redrawn (``GenerationDiscards``), and each passes the validator;
/// 3. questionnaires generated with a defect each carry exactly their label, no defect of the
///    kind's rules is dropped, and over the kind's examples every rule the kind reports is
///    planted as a labelled defect, unless the kind says why it has none
///    (`rulesWithoutDefect`);
/// 4. the JSON Schema export writes one of the kind's keywords (`jsonSchema`) for the example
///    or lists the example's rule as not expressed.
///
/// A kind added by docs/adding-a-check-kind.md and nothing else either passes all four or fails
/// here with the kind, the example and the member that is missing.
final class CheckKindConformanceTests: XCTestCase {
    /// Questionnaires generated per example, valid and with defects.
    static let count = 60

    func testEveryRegisteredKindConformsOnItsOwnExamples() throws {
        var planted: [CheckKind: Set<String>] = [:], examples = 0
        for kind in CheckKind.allCases {
            let definition = kind.definition
            XCTAssertFalse(definition.examples.isEmpty, "\(kind): no examples (declare `examples` in its file)")
            for (number, example) in definition.examples.enumerated() {
                let context = "\(kind) example \(number + 1) (\(example.rule): value: \(example.field))"
                examples += 1
                guard let rules = compile(example, context) else { continue }
                checkValues(example, rules, context)
                checkValidGeneration(example, rules, context)
                planted[kind, default: []].formUnion(checkDefects(kind, example, rules, context))
                checkExport(kind, example, rules, context)
            }
            let reported = Set(definition.rules.map(\.id))
            let exempt = definition.rulesWithoutDefect
            XCTAssertEqual(Set(exempt.keys).subtracting(reported), [],
                           "\(kind): rulesWithoutDefect names rules the kind does not report")
            let missing = reported.subtracting(exempt.keys).subtracting(planted[kind] ?? [])
            XCTAssertEqual(missing.sorted(), [], """
                \(kind): no labelled defect was planted for these rules on any of the kind's examples. \
                Declare the defect (text: defects(in:) and broken; number: narrowings; date, choice, list, \
                attachment: a MutationKind, see docs/adding-a-check-kind.md step 4), or give an example \
                whose field lets it be planted, or say in rulesWithoutDefect why there is none.
                """)
            let plantedAnyway = Set(exempt.keys).intersection(planted[kind] ?? [])
            XCTAssertEqual(plantedAnyway.sorted(), [], "\(kind): rulesWithoutDefect lists rules that are planted")
        }
        XCTAssertGreaterThan(examples, 30)
    }

    private func compile(_ example: CheckDescription, _ context: String) -> CompiledRuleSet? {
        do {
            return try compileRules(example.exampleRules)
        } catch {
            XCTFail("\(context): the example's rules do not compile: \(error)\n\(example.exampleRules)")
            return nil
        }
    }

    private func checkValues(_ example: CheckDescription, _ rules: CompiledRuleSet, _ context: String) {
        for value in example.passing {
            XCTAssertEqual(pairs(validate(example.exampleQuestionnaire(value), against: rules)), [],
                           "\(context): should accept \(value ?? "absent")")
        }
        XCTAssertFalse(example.failing.isEmpty, "\(context): no failing value")
        for value in example.failing {
            XCTAssertEqual(pairs(validate(example.exampleQuestionnaire(value), against: rules)),
                           ["\(example.examplePath) \(example.rule)"], "\(context): should reject \(value ?? "absent")")
        }
    }

    private func checkValidGeneration(_ example: CheckDescription, _ rules: CompiledRuleSet, _ context: String) {
        let batch: GeneratedBatch
        do {
            batch = try generate(rules, GenerationOptions(count: Self.count, seed: 11, optionalRate: 1, jobs: 1),
                                 filtered: true)
        } catch {
            XCTFail("\(context): no valid questionnaire could be generated: \(error)")
            return
        }
        XCTAssertEqual(batch.summary.discards.questionnaires, 0, "\(context): questionnaires rebuilt: \(batch.summary.discards.lines())")
        XCTAssertEqual(batch.summary.discards.values, 0, "\(context): values redrawn: \(batch.summary.discards.lines())")
        XCTAssertEqual(batch.labels.count, 0)
        assertMatchesLabels(batch, rules, "\(context) valid")
    }

    /// The rules of the kind planted as labelled defects on the example's field.
    private func checkDefects(_ kind: CheckKind, _ example: CheckDescription, _ rules: CompiledRuleSet,
                              _ context: String) -> Set<String> {
        let batch: GeneratedBatch
        do {
            batch = try generate(rules, GenerationOptions(count: Self.count, seed: 12, optionalRate: 1, invalidRate: 1, jobs: 1),
                                 filtered: true)
        } catch {
            XCTFail("\(context): no questionnaire with a defect could be generated: \(error)")
            return []
        }
        assertMatchesLabels(batch, rules, "\(context) defects")
        let own = Set(kind.definition.rules.map(\.id))
        let field = example.examplePath
        let dropped = batch.summary.discards.counts.filter { reason, _ in
            reason.kind == .defect && reason.field == field && own.contains(reason.rule)
        }
        XCTAssertEqual(dropped.count, 0, "\(context): defects of the kind dropped: \(batch.summary.discards.lines())")
        return Set(batch.labels.filter { $0.field == field && own.contains($0.rule) }.map(\.rule))
    }

    /// Kinds whose violations are another check's, renamed: the schema expresses them with that
    /// check's keywords. `text-form` reviews a value that failed the field's mask, regex or
    /// values and reports it under its own rule; the schema rejects it by that `pattern` or `enum`.
    static let expressedThroughOtherChecks: [CheckKind: [String]] = [.textForm: ["pattern", "enum"]]

    private func checkExport(_ kind: CheckKind, _ example: CheckDescription, _ rules: CompiledRuleSet, _ context: String) {
        let expression = kind.definition.jsonSchema
        let schema = QuestionnaireSchemaExporter.export(rules)
        let keywords = expression.keywords + (Self.expressedThroughOtherChecks[kind] ?? [])
        let written = keywords.contains { schema.text.contains("\"\($0)\"") }
        let listed = schema.gaps.contains { $0.field == example.examplePath && $0.rule == example.rule }
        XCTAssertTrue(written || listed, """
            \(context): the JSON Schema export neither writes a keyword the kind names \
            (\(expression.keywords)) nor lists \(example.rule) on \(example.examplePath) as not expressed; \
            gaps: \(schema.gaps.map(\.description))
            """)
    }
}
