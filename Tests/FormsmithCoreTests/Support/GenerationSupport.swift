@testable import FormsmithCore
import Foundation
import XCTest

/// The output of one generation run in memory.
struct GeneratedBatch {
    let bytes: [UInt8]
    let labels: [GeneratedLabel]
    let summary: GenerationSummary

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The lines of a JSON Lines output.
    var lines: [String] { text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }

    /// The JSON Lines records parsed with Foundation (for assertions on values).
    var objects: [[String: Any]] {
        lines.map { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? [:] }
    }
}

/// Compiles a shipped rule set (`osago-policy`) for the test date.
func shippedRules(_ name: String) throws -> CompiledRuleSet {
    try RulesLoader.load(path: repositoryRoot.appendingPathComponent("Rules/\(name).yaml").path, today: testToday)
}

/// The shipped rule sets' names.
let shippedRuleSets = ["osago-policy", "payment-order", "customer-survey"]

/// Generates in memory. Unless `filtered` (a form whose patterns have lookarounds or back
/// references, or whose fixture breaks its rules), the test fails when anything was discarded:
/// the generator is valid by construction.
func generate(_ rules: CompiledRuleSet, _ options: GenerationOptions, filtered: Bool = false,
              file: StaticString = #filePath, line: UInt = #line) throws -> GeneratedBatch {
    var bytes: [UInt8] = []
    var labels: [GeneratedLabel] = []
    let summary = try BatchGenerator(rules: rules, options: options).run(write: { bytes += $0 }, label: { labels.append($0) })
    if !filtered {
        XCTAssertEqual(summary.discards.withoutDefects, GenerationDiscards(), "discarded: \(summary.discards.lines())",
                       file: file, line: line)
        // Number defects leave the domain for exactly their rule: none is ever given up.
        let numberDefects = summary.discards.counts.keys.filter {
            $0.kind == .defect && [RuleIdentifier.min, RuleIdentifier.max, RuleIdentifier.fractionDigits].contains($0.rule)
                && !$0.field.isEmpty && rules.fieldIDs[$0.field].map { rules.fields[$0].type != .date } ?? true
        }
        XCTAssertEqual(numberDefects, [], "number defects given up: \(summary.discards.lines())", file: file, line: line)
    }
    return GeneratedBatch(bytes: bytes, labels: labels, summary: summary)
}

/// Fails unless every discard of `batch` is for one of `reasons` (`"field rule"`, such as
/// `"drivers[].documentCount document-count"`): what a form that must be filtered may discard.
func assertDiscardsOnly(_ batch: GeneratedBatch, _ reasons: Set<String>, file: StaticString = #filePath, line: UInt = #line) {
    // Defects given up are said, not discarded output: ``generate`` checks number defects.
    let seen = Set(batch.summary.discards.counts.keys.filter { $0.kind != .defect }.map { "\($0.field) \($0.rule)" })
    XCTAssertTrue(seen.isSubset(of: reasons), "discarded: \(batch.summary.discards.lines())", file: file, line: line)
}

/// Validates every JSON Lines record of `batch` with a fresh validator and checks that the
/// unlabelled ones are valid and each labelled one breaks exactly its labelled field and rule.
func assertMatchesLabels(_ batch: GeneratedBatch, _ rules: CompiledRuleSet, _ context: String,
                         file: StaticString = #filePath, line: UInt = #line) {
    let validator = RecordValidator(rules: rules)
    let labels = Dictionary(uniqueKeysWithValues: batch.labels.map { ($0.index, $0) })
    for (index, record) in batch.lines.enumerated() {
        let result = Array(record.utf8).withUnsafeBufferPointer {
            validator.validate(json: $0, location: RecordLocation(file: "generated", line: index + 1))
        }
        if let label = labels[index] {
            XCTAssertEqual(label.line, index + 1, "\(context) record \(index)", file: file, line: line)
            XCTAssertEqual(pairs(result), ["\(label.field) \(label.rule)"], "\(context) record \(index): \(record)",
                           file: file, line: line)
            XCTAssertEqual(result.id, label.id, "\(context) record \(index)", file: file, line: line)
        } else {
            XCTAssertEqual(pairs(result), [], "\(context) record \(index): \(record)", file: file, line: line)
        }
    }
}

/// The value at a dotted path of a parsed record (`insurant.birthDate`), or nil.
func value(_ object: [String: Any], _ path: String) -> Any? {
    var current: Any? = object
    for part in path.split(separator: ".") { current = (current as? [String: Any])?[String(part)] }
    return current
}

extension GenerationDiscards {
    /// The questionnaires rebuilt and values redrawn alone: defects given up (counted since
    /// they are said, not dropped) take nothing away from the output's validity.
    var withoutDefects: GenerationDiscards {
        var copy = GenerationDiscards()
        for (reason, count) in counts where reason.kind != .defect {
            if reason.kind == .questionnaire { copy.counts[reason] = count } else { copy.addValues(field: reason.field, rule: reason.rule, count: count) }
        }
        copy.questionnaires = questionnaires
        return copy
    }
}
