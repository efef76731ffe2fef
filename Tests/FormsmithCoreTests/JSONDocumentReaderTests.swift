@testable import FormsmithCore
import XCTest

/// The `.json` document reader hands on records with their positions and knows nothing of
/// validation: what it yields depends on the bytes alone.
final class JSONDocumentReaderTests: XCTestCase {
    /// Each record as "line:index kind" (a parsed record: the kind of its root on the tape).
    private func read(_ text: String) -> [String] {
        var tape = JSONTape()
        var seen: [String] = []
        JSONDocumentReader.forEachRecord(in: Array(text.utf8), file: "f.json", limits: JSONLimits(), tape: &tape) {
            record, tape in
            switch record {
            case .parsed(let bytes, let location):
                let key = tape.nodes[0].kind == .object ? "object" : "other"
                XCTAssertFalse(bytes.isEmpty)
                seen.append("\(location.line):\(location.index.map(String.init) ?? "-") \(key)")
            case .unreadable(let reason, let location):
                seen.append("\(location.line):\(location.index.map(String.init) ?? "-") unreadable: \(reason)")
            }
        }
        return seen
    }

    func testAnArrayYieldsEachQuestionnaireWithItsLineAndIndex() {
        XCTAssertEqual(read("[\n{\"a\": 1},\n{\"b\": 2}\n]\n"), ["2:0 object", "3:1 object"])
    }

    func testASingleObjectIsOneRecord() {
        XCTAssertEqual(read("\n\n{\"a\": 1}"), ["3:- object"])
    }

    func testABrokenElementEndsTheArrayWithItsLineAndColumn() {
        let records = read("[{\"a\": 1},\n {\"b\": }]")
        XCTAssertEqual(records.count, 2)
        XCTAssertEqual(records.first, "1:0 object")
        XCTAssertTrue(records.last?.hasPrefix("2:1 unreadable: line 2, column 8: ") == true, records.last ?? "")
        XCTAssertTrue(records.last?.hasSuffix("; the rest of the array could not be read") == true, records.last ?? "")
    }

    func testAnEmptyFileIsUnreadable() {
        XCTAssertEqual(read("  \n"), ["1:- unreadable: the file is empty: expected a questionnaire object or an array"])
    }
}
