@testable import FormsmithCore
import XCTest

/// The summaries of the pieces of a run, written as reports and read back, merge into the
/// summary of the whole run, wherever the run is cut.
final class SummaryMergeTests: XCTestCase {
    private struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state ^ (state >> 29)
        }
    }

    private func results(count: Int, random: inout Generator) -> [RecordResult] {
        let rules = ["regex", "max", "required", "checksum", "a \"quoted\" rule"]
        let fields = ["insurant.lastName", "drivers[0].birthDate", "drivers[3].birthDate", "", "émoji 🙂"]
        return (0..<count).map { index in
            let location = RecordLocation(file: "data.jsonl", line: index + 1)
            let id = Int.random(in: 0..<4, using: &random) == 0 ? nil : "Q-\(index % 7)"
            switch Int.random(in: 0..<10, using: &random) {
            case 0: return RecordResult(location: location, unreadable: "line \(index + 1): broken")
            case 1...5: return RecordResult(location: location, id: id)
            default:
                let violations = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                    Violation(field: fields.randomElement(using: &random)!, rule: rules.randomElement(using: &random)!,
                              message: "m")
                }
                return RecordResult(location: location, id: id, violations: violations)
            }
        }
    }

    func testPiecesReadBackFromTheirReportsMergeIntoTheWholeRun() throws {
        var random = Generator(state: 42)
        for round in 0..<200 {
            let all = results(count: Int.random(in: 0..<120, using: &random), random: &random)
            var whole = ValidationSummary()
            for result in all { whole.add(result) }
            var cuts = (0..<Int.random(in: 0...4, using: &random)).map { _ in Int.random(in: 0...all.count, using: &random) }
            cuts = ([0] + cuts.sorted() + [all.count])
            var merged = ValidationSummary()
            for (start, end) in zip(cuts, cuts.dropFirst()) {
                var piece = ValidationSummary()
                for result in all[start..<end] { piece.add(result) }
                let line = round % 2 == 0 ? "\"summary\":" + JSONReporter.encode(piece) + "}"
                    : JSONText.object([("summary", JSONReporter.encode(piece))])
                merged.merge(try SummaryReader.parse(line, file: "piece.json", line: 1))
            }
            XCTAssertEqual(merged, whole, "round \(round), cuts \(cuts)")
            XCTAssertEqual(merged.byRule.map(\.examples), whole.byRule.map(\.examples), "round \(round)")
            XCTAssertEqual(JSONReporter.encode(merged), JSONReporter.encode(whole), "round \(round)")
        }
    }

    func testWhatIsNotASummaryIsRefusedWithItsPlace() {
        for text in ["", "{}", "{\"summary\":{\"records\":1}}", "\"results\":[]",
                     "{\"summary\":{\"records\":2,\"valid\":1,\"invalid\":0,\"unreadable\":0,\"violations\":0,"
                        + "\"byRule\":[],\"byField\":[]}}"] {
            XCTAssertThrowsError(try SummaryReader.parse(text, file: "r.json", line: 7), text) { error in
                XCTAssertTrue((error as? InputError)?.message.hasPrefix("r.json:7: ") ?? false, "\(error)")
            }
        }
    }
}
