@testable import FormsmithCore
import FuzzSupport

// libFuzzer calls the target from one thread, so per-thread validators can be globals.
nonisolated(unsafe) private let validators = FuzzSupport.shippedRules.map { RecordValidator(rules: $0) }
private let batches = FuzzSupport.shippedRules.map { BatchValidator(rules: $0, options: ValidationOptions(jobs: 1)) }

/// Fuzz target: the JSON reader and full validation. The input is read three ways (one record,
/// a JSON Lines chunk, a `.json` document) and each record is validated against every shipped
/// rule set. Invariants: nothing traps, every record gets exactly one verdict, an unreadable
/// verdict always says where (line and column), and results stay in input order.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzSupport.buffer(data, size)
    let bytes = Array(input)
    var tape = JSONTape()
    let parsed: Bool
    do throws(JSONSyntaxError) {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try JSONParser.parse(buffer, into: &tape) }
        parsed = true
        FuzzSupport.require(!tape.nodes.isEmpty, "a parsed value has no nodes")
        FuzzSupport.require(Int(tape.nodes[0].next) == tape.nodes.count, "the root does not span the tape")
    } catch {
        parsed = false
        FuzzSupport.require(error.offset >= 0 && error.offset <= size, "error offset \(error.offset) outside the input")
    }
    for (validator, batch) in zip(validators, batches) {
        let single = bytes.withUnsafeBufferPointer {
            validator.validate(json: $0, location: RecordLocation(file: "fuzz.json", line: 1))
        }
        FuzzSupport.require((single.unreadable == nil) == parsed, "validate(json:) disagrees with the parser")
        if let reason = single.unreadable { FuzzSupport.require(reason.hasPrefix("line "), "no place in '\(reason)'") }

        for kind in [WorkItem.Kind.lines, .document] {
            let item = WorkItem(sourceIndex: 0, source: InputSource(path: "fuzz", format: .json), kind: kind, bytes: bytes,
                                firstLine: 1)
            let outcome = batch.validate(item, with: validator, splits: false)
            let summary = outcome.summary
            FuzzSupport.require(summary.records == summary.valid + summary.invalid + summary.unreadable,
                                "records != valid + invalid + unreadable")
            FuzzSupport.require(outcome.results.count == summary.invalid + summary.unreadable, "a result was lost")
            let lines = outcome.results.map(\.location.line)
            FuzzSupport.require(lines == lines.sorted(), "results out of input order")
            for result in outcome.results where result.unreadable != nil {
                FuzzSupport.require(result.location.line >= 1, "unreadable record without a line")
            }
        }
    }
    return 0
}
