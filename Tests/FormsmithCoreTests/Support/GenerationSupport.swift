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

/// Fails when a questionnaire was rebuilt or a value redrawn (a regex walk drawn again for its
/// length included). Defects dropped (a defect tried on a questionnaire meant to be invalid that
/// broke more or less than its one rule) are counted and said but not failed on here: the
/// planter tries candidates it cannot tell in advance will break exactly one rule.
func assertBuiltValid(_ discards: GenerationDiscards, _ context: String = "", file: StaticString = #filePath,
                      line: UInt = #line) {
    XCTAssertEqual(discards.questionnaires + discards.values, 0, "\(context) discarded: \(discards.lines())",
                   file: file, line: line)
}

/// Fails when a number defect (`min`, `max`, `fraction-digits`, `multiple-of` on an integer or
/// decimal field that declares that rule) was dropped: each leaves the field's number domain
/// for exactly its rule, so the validator reports that rule alone and none is ever given up.
/// (The planter also tries `min` and `max` on a number field without that bound, as it always
/// has; those find nothing to break and are counted as dropped, which this leaves alone. A
/// field with `allow:` is left alone too: the value just past a bound may be an allowed one,
/// `allow: ['0']` with `min: 1`, which the domain does not know of; counted as dropped.)
func assertNoNumberDefectDropped(_ discards: GenerationDiscards, _ rules: CompiledRuleSet,
                                 file: StaticString = #filePath, line: UInt = #line) {
    let dropped = discards.counts.keys.filter { reason in
        guard reason.kind == .defect, let id = rules.fieldIDs[reason.field] else { return false }
        let field = rules.fields[id]
        guard field.type == .integer || field.type == .decimal, field.allowed.isEmpty else { return false }
        let checks = field.checks + field.cases.flatMap(\.checks)
        return checks.contains { check in
            guard case .number(let kind) = check else { return false }
            return kind.narrowings.contains { ($0.ruleIdentifier ?? kind.rule) == reason.rule }
        }
    }
    XCTAssertEqual(dropped, [], "number defects dropped: \(discards.lines())", file: file, line: line)
}

/// Generates in memory. Unless `filtered` (a form whose patterns have lookarounds or back
/// references, or whose fixture breaks its rules), the test fails when a questionnaire was
/// rebuilt or a value redrawn (``assertBuiltValid(_:_:file:line:)``): the generator is valid by
/// construction.
func generate(_ rules: CompiledRuleSet, _ options: GenerationOptions, filtered: Bool = false,
              file: StaticString = #filePath, line: UInt = #line) throws -> GeneratedBatch {
    var bytes: [UInt8] = []
    var labels: [GeneratedLabel] = []
    let summary = try BatchGenerator(rules: rules, options: options).run(write: { bytes += $0 }, label: { labels.append($0) })
    if !filtered {
        assertBuiltValid(summary.discards, file: file, line: line)
        assertNoNumberDefectDropped(summary.discards, rules, file: file, line: line)
    }
    return GeneratedBatch(bytes: bytes, labels: labels, summary: summary)
}

/// Fails unless every discard of `batch` is for one of `reasons` (`"field rule"`, such as
/// `"drivers[].documentCount document-count"`): what a form that must be filtered may discard.
func assertDiscardsOnly(_ batch: GeneratedBatch, _ reasons: Set<String>, file: StaticString = #filePath, line: UInt = #line) {
    // Dropped defects count too: a planted defect breaks exactly its label, or the rules make it
    // unplantable and the summary lists it (`unplantableDefects`).
    let seen = Set(batch.summary.discards.counts.keys.map { "\($0.field) \($0.rule)" })
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

/// The reasons osago-policy may discard for with `--boundaries`: its Cyrillic names drawn again
/// because their length missed the end aimed at (`"insurant.lastName min-length"`, ...).
let cyrillicNameLengths = Set(["insurant", "owner", "drivers[]"].flatMap { person in
    ["lastName", "firstName", "middleName"].flatMap { name in
        ["min-length", "max-length"].map { "\(person).\(name) \($0)" }
    }
})
