import Foundation
import FormsmithCore
import FormsmithReference
import XCTest

/// `formsmith generate` on the differential test's random forms (``RandomForm``) without
/// assertions (and without lookarounds or back references, which the grammar never writes):
/// such forms are valid by construction, so the summary must say "nothing discarded", and every
/// questionnaire written must be valid to the reference validator (written apart from the
/// engine), as in the differential test.
///
/// Size: `FORMSMITH_RANDOM_GENERATE_FORMS` seeds (default 40, about 13 s in a debug build) from
/// `FORMSMITH_RANDOM_GENERATE_SEED` (default 0),
/// 200 questionnaires each. `FORMSMITH_RANDOM_GENERATE_KEEP=<folder>` keeps each form's files
/// there (`form-<seed>/form.yaml`), to run `formsmith generate` on one form by hand. Any rebuild,
/// redraw or refusal of a form not proven unsatisfiable fails the test, naming the form.
///
/// `FORMSMITH_RANDOM_GENERATE_ASSERTIONS=1` also generates the forms with assertions (issue 30
/// item 2, a measurement): their questionnaires must be valid to the reference too, and how
/// many were clean, rebuilt or redrawn (each cause counted by field kind and rule) or refused
/// (each message with the form's names folded) is printed; rebuilds and refusals of these
/// forms do not fail the test.
final class RandomFormGenerateCommandTests: ScratchFolderTestCase {
    static let forms = ProcessInfo.processInfo.environment["FORMSMITH_RANDOM_GENERATE_FORMS"].flatMap(Int.init) ?? 40
    static let firstSeed = ProcessInfo.processInfo.environment["FORMSMITH_RANDOM_GENERATE_SEED"].flatMap(UInt64.init) ?? 0
    static let today = CivilDate(year: 2026, month: 11, day: 22)!
    static let includeAssertions = ProcessInfo.processInfo.environment["FORMSMITH_RANDOM_GENERATE_ASSERTIONS"] == "1"

    func testAssertionFreeRandomFormsGenerateWithNothingDiscarded() throws {
        var clean = 0, withAssertions = 0, refused: [String] = [], unsatisfiable = 0, checked = 0
        var problems: [String] = []
        var assertionOutcomes = AssertionFormOutcomes()
        for seed in Self.firstSeed..<Self.firstSeed + UInt64(Self.forms) {
            let form = RandomForm(seed: seed, readsFiles: true)
            let directory = folder.appendingPathComponent("form-\(seed)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for (path, text) in form.files {
                let file = directory.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: file, atomically: true, encoding: .utf8)
            }
            let rulesFile = directory.appendingPathComponent("form.yaml")
            try form.yaml.write(to: rulesFile, atomically: true, encoding: .utf8)
            if let keep = ProcessInfo.processInfo.environment["FORMSMITH_RANDOM_GENERATE_KEEP"] {
                let kept = URL(fileURLWithPath: keep).appendingPathComponent("form-\(seed)")
                try? FileManager.default.removeItem(at: kept)
                try FileManager.default.createDirectory(at: kept.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: directory, to: kept)
            }
            let rules = try RulesLoader.load(path: rulesFile.path, today: Self.today)
            let ruleSet = rules.ruleSet
            guard ruleSet.assertions.isEmpty, ruleSet.allFields.allSatisfy({ $0.assertions.isEmpty }) else {
                withAssertions += 1
                if Self.includeAssertions {
                    problems += try assertionOutcomes.measure(rulesFile: rulesFile.path, rules: rules, seed: seed,
                                                              output: directory.appendingPathComponent("out.jsonl").path,
                                                              formText: form.text)
                }
                continue
            }
            let output = directory.appendingPathComponent("out.jsonl").path
            let run = try Formsmith.run(["generate", "--rules", rulesFile.path, "--count", "200", "--seed", String(seed),
                                         "--today", "2026-11-22", "--output", output])
            guard run.status == 0 else {
                // The refusal, after any warnings (a condition side no value covers, form 666).
                let lines = run.stderr.split(separator: "\n").map(String.init)
                let message = lines.first { $0.hasPrefix("formsmith: cannot generate: ") } ?? lines.first ?? ""
                if ReferenceSatisfiability.unsatisfiable(rules) != nil {
                    unsatisfiable += 1
                } else {
                    refused.append("form \(seed): \(message)\n\(form.text)")
                }
                continue
            }
            let closing = run.stderr.split(separator: "\n").last.map(String.init) ?? ""
            if closing.hasSuffix("; nothing discarded") {
                clean += 1
            } else {
                // "  lst8[].b10 [required]: 53 questionnaires rebuilt"
                let reasons = run.stderr.split(separator: "\n").filter { $0.hasPrefix("  ") && ($0.hasSuffix(" rebuilt") || $0.hasSuffix(" redrawn")) }
                problems.append("form \(seed): \(reasons.isEmpty ? closing : reasons.joined(separator: "; "))\n\(form.text)")
            }
            // Every questionnaire written is valid to the reference validator.
            let reference = ReferenceValidator(rules: rules)
            for (line, text) in try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").enumerated() {
                let verdict = reference.verdict(json: String(text))
                checked += 1
                if verdict.unreadable || !verdict.findings.isEmpty {
                    problems.append("form \(seed), line \(line + 1): the reference finds \(verdict)\n\(text)\n\(form.text)")
                    break
                }
            }
        }
        print("random forms generated: \(Self.forms) seeds, \(withAssertions) with assertions left out; of the rest "
              + "\(clean) with nothing discarded, \(unsatisfiable) proven unsatisfiable, refused for another \(refused.count); "
              + "\(checked) questionnaires checked by the reference")
        if Self.includeAssertions { print(assertionOutcomes.summary) }
        XCTAssertEqual(problems, [], "rebuilds or redraws, or questionnaires the reference refuses")
        XCTAssertEqual(refused, [], "assertion-free forms refused though not proven unsatisfiable")
        // Every assertion-free form not proven unsatisfiable discards nothing (all 207 of seeds 0-399).
        XCTAssertEqual(clean + unsatisfiable, Self.forms - withAssertions, "assertion-free forms not clean")
    }
}

/// What `generate` did on the random forms with assertions (``RandomFormGenerateCommandTests``
/// with `FORMSMITH_RANDOM_GENERATE_ASSERTIONS=1`): forms clean, rebuilt or redrawn, refused, and
/// per cause how many forms; names of the random form (`t12`, `lst3`) are folded to `t#`, `lst#`.
struct AssertionFormOutcomes {
    var forms = 0, clean = 0, rebuilt = 0, refused = 0, unsatisfiable = 0, checked = 0
    /// Questionnaires rebuilt, over all forms, and per form that rebuilt any (by seed).
    var rebuiltQuestionnaires = 0
    var rebuiltBySeed: [UInt64: Int] = [:]
    var rebuildCauses: [String: Int] = [:]
    var refusalCauses: [String: Int] = [:]
    /// Per refusal cause, the first seeds (to look at the forms).
    var refusalSeeds: [String: [UInt64]] = [:]

    static func fold(_ text: String) -> String {
        text.replacingOccurrences(of: "\\[[0-9]+\\]", with: "[]", options: .regularExpression)
            .replacingOccurrences(of: "\\b([a-z]+)[0-9]+\\b", with: "$1#", options: .regularExpression)
            .replacingOccurrences(of: "\\b[0-9]+ (questionnaires|values)", with: "N $1", options: .regularExpression)
    }

    /// Generates 200 questionnaires of one form with assertions and counts what happened; the
    /// problems returned are questionnaires the reference validator refuses.
    mutating func measure(rulesFile: String, rules: CompiledRuleSet, seed: UInt64, output: String, formText: String) throws -> [String] {
        forms += 1
        let run = try Formsmith.run(["generate", "--rules", rulesFile, "--count", "200", "--seed", String(seed),
                                     "--today", "2026-11-22", "--output", output])
        guard run.status == 0 else {
            if ReferenceSatisfiability.unsatisfiable(rules) != nil {
                unsatisfiable += 1
            } else {
                refused += 1
                let lines = run.stderr.split(separator: "\n").map(String.init)
                let message = lines.first { $0.hasPrefix("formsmith: cannot generate: ") } ?? lines.first ?? ""
                refusalCauses[Self.fold(message), default: 0] += 1
                if refusalSeeds[Self.fold(message), default: []].count < 8 { refusalSeeds[Self.fold(message), default: []].append(seed) }
            }
            return []
        }
        let closing = run.stderr.split(separator: "\n").last.map(String.init) ?? ""
        if closing.hasSuffix("; nothing discarded") {
            clean += 1
        } else {
            rebuilt += 1
            // The closing line: `wrote 200 questionnaires to …; 37 questionnaires rebuilt`.
            if let range = closing.range(of: "[0-9]+ questionnaires rebuilt", options: .regularExpression),
               let count = Int(closing[range].prefix { $0.isNumber }) {
                rebuiltQuestionnaires += count
                rebuiltBySeed[seed] = count
            }
            let reasons = run.stderr.split(separator: "\n").filter { $0.hasPrefix("  ") && ($0.hasSuffix(" rebuilt") || $0.hasSuffix(" redrawn")) }
            for reason in Set(reasons.map { Self.fold(String($0)) }) { rebuildCauses[reason, default: 0] += 1 }
        }
        let reference = ReferenceValidator(rules: rules)
        for (line, text) in try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").enumerated() {
            let verdict = reference.verdict(json: String(text))
            checked += 1
            if verdict.unreadable || !verdict.findings.isEmpty {
                return ["form \(seed) (with assertions), line \(line + 1): the reference finds \(verdict)\n\(text)\n\(formText)"]
            }
        }
        return []
    }

    var summary: String {
        var lines = ["random forms with assertions: \(forms); \(clean) with nothing discarded, \(rebuilt) rebuilt or redrawn, "
                     + "\(refused) refused, \(unsatisfiable) proven unsatisfiable; \(checked) questionnaires checked by the reference",
                     "  questionnaires rebuilt: \(rebuiltQuestionnaires) (by form: "
                     + rebuiltBySeed.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + ")"]
        lines += refusalCauses.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map {
            "  refused (\($0.value) forms, seeds \(refusalSeeds[$0.key, default: []].map(String.init).joined(separator: " "))): \($0.key)"
        }
        lines += rebuildCauses.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "  rebuilt (\($0.value) forms): \($0.key)" }
        return lines.joined(separator: "\n")
    }
}
