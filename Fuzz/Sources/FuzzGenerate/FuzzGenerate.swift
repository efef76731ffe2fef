@testable import FormsmithCore  // the readers and parsers it drives are package-internal
import FuzzSupport

/// End-to-end fuzz target: generation from a fuzzed rule file. The input is a rule file (YAML or
/// JSON; invalid UTF-8 is replaced). When it compiles, three questionnaires are generated from a
/// seed taken from the input (which also picks the optional-field rate and whether values sit on
/// their bounds), half of them (on average) with a labelled defect, and each is
/// validated again with a fresh validator. Invariants: nothing traps or hangs; generation either
/// gives up with a message or writes three JSON Lines records; a record without a label has no
/// violation, and a labelled one breaks exactly its labelled field and rule.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGenerate(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzSupport.buffer(data, size)
    let text = String(decoding: input, as: UTF8.self)
    let file = "/nonexistent/fuzz/rules.yaml"
    guard let ruleSet = try? RulesLoader.read(text: text, file: file),
          let compiled = try? RuleCompiler.compile(ruleSet, today: FuzzSupport.today) else { return 0 }
    var seed: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a of the input: the same input, the same run
    for byte in input { seed = (seed ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    // The seed's low bits also pick how optional fields are filled and whether values sit on
    // their bounds, so every generator path is reached.
    let options = GenerationOptions(count: 3, seed: seed, optionalRate: [0, 0.5, 0.7, 1][Int(seed & 3)],
                                    boundaries: seed & 4 != 0, invalidRate: 0.5, jobs: 1, maxAttempts: 20)
    var bytes: [UInt8] = []
    var labels: [GeneratedLabel] = []
    do {
        _ = try BatchGenerator(rules: compiled, options: options).run(write: { bytes += $0 },
                                                                      label: { labels.append($0) })
    } catch {
        FuzzSupport.require(!"\(error)".isEmpty, "generation gave up without a message")
        return 0
    }
    let records = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
    FuzzSupport.require(records.count == 3, "3 questionnaires asked for, \(records.count) written")
    let validator = RecordValidator(rules: compiled)
    for (index, record) in records.enumerated() {
        let result = Array(record).withUnsafeBufferPointer {
            validator.validate(json: $0, location: RecordLocation(file: "generated.jsonl", line: index + 1))
        }
        let found = result.violations.map { "\($0.field) \($0.rule)" }
        let expected = labels.first { $0.index == index }.map { ["\($0.field) \($0.rule)"] } ?? []
        FuzzSupport.require(result.unreadable == nil && found == expected,
                            "questionnaire \(index) breaks \(found), its label says \(expected): "
                            + String(decoding: record, as: UTF8.self))
    }
    return 0
}
