import Foundation
import XCTest

/// Number notation through the binary: a CSV cell `1e3` is not a number, a JSON `1e3` is.
final class NumberNotationCommandTests: XCTestCase {
    func testExponentIsATypeErrorInCSVButANumberInJSON() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formsmith-notation")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let rules = folder.appendingPathComponent("rules.yaml")
        try "id: notation\nfields:\n  power: {type: decimal, min: 1, max: 1500}\n".write(to: rules, atomically: true, encoding: .utf8)
        let csv = folder.appendingPathComponent("power.csv")
        try "power\n1e3\n1000\n".write(to: csv, atomically: true, encoding: .utf8)
        let jsonl = folder.appendingPathComponent("power.jsonl")
        try "{\"power\": 1e3}\n{\"power\": 1000}\n".write(to: jsonl, atomically: true, encoding: .utf8)

        let table = try Formsmith.run(["validate", "--rules", rules.path, csv.path])
        XCTAssertEqual(table.status, 1)
        XCTAssertTrue(table.stdout.contains("""
            :2
              power: must be a number written in plain decimal notation (such as 1500 or 0.25), not with an exponent [type] (value "1e3")
            """), table.stdout)
        XCTAssertTrue(table.stdout.contains("2 questionnaires: 1 valid, 1 invalid, 0 unreadable"), table.stdout)

        let json = try Formsmith.run(["validate", "--rules", rules.path, jsonl.path])
        XCTAssertEqual(json.status, 0, json.stdout)
        XCTAssertTrue(json.stdout.contains("2 questionnaires: 2 valid, 0 invalid, 0 unreadable"), json.stdout)
    }
}
