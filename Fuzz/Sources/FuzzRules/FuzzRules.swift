@testable import FormsmithCore  // the readers and parsers it drives are package-internal
import FuzzSupport

/// Fuzz target: the rules loader and compiler. The input is a rule file (YAML or JSON; invalid
/// UTF-8 is replaced, as the loader only takes text). Invariants: nothing traps, every problem
/// has a 1-based line and column, and a rule set that compiles validates a questionnaire.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRules(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzSupport.buffer(data, size)
    let text = String(decoding: input, as: UTF8.self)
    let file = "/nonexistent/fuzz/rules.yaml"  // `valuesFrom` paths resolve under a folder that does not exist
    do {
        let ruleSet = try RulesLoader.read(text: text, file: file)
        let compiled = try RuleCompiler.compile(ruleSet, today: FuzzSupport.today)
        let validator = RecordValidator(rules: compiled)
        for record in ["{}", #"{"id": "Q-0000001", "a": [1, {"b": null}], "s": {"x": "2026-11-22"}}"#] {
            let bytes = Array(record.utf8)
            let result = bytes.withUnsafeBufferPointer {
                validator.validate(json: $0, location: RecordLocation(file: "fuzz.json", line: 1))
            }
            FuzzSupport.require(result.unreadable == nil, "a valid JSON record was unreadable")
        }
    } catch {
        FuzzSupport.require(!error.problems.isEmpty, "a rules error without problems")
        for problem in error.problems {
            FuzzSupport.require(problem.location.line >= 1 && problem.location.column >= 1,
                                "problem without a place: \(problem)")
            FuzzSupport.require(problem.location.file == file, "problem in another file: \(problem)")
        }
    }
    return 0
}
