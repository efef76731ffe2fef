import Foundation
import XCTest

/// Initial data for generation as users give it: `default:` on fields (`generate
/// --use-defaults`, `explain`, `lint`).
final class InitialDataCommandTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("formsmith-initial-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func objects(_ jsonl: String) throws -> [[String: Any]] {
        try jsonl.split(separator: "\n").map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    // MARK: - default:

    func testUseDefaultsFillsEveryVisibleFieldWithItsDefault() throws {
        for format in ["jsonl", "csv"] {
            let run = try Formsmith.run(["generate", "--rules", "Rules/osago-policy.yaml", "--count", "40", "--seed", "5",
                                         "--today", "2026-11-22", "--use-defaults", "--format", format])
            XCTAssertEqual(run.status, 0, run.stderr)
            let validate = try Formsmith.run(["validate", "--rules", "Rules/osago-policy.yaml", "--today", "2026-11-22",
                                              "--input-format", format, "-"], input: run.stdout)
            XCTAssertEqual(validate.status, 0, validate.stdout)
            if format == "jsonl" {
                for object in try objects(run.stdout) {
                    let policy = try XCTUnwrap(object["policy"] as? [String: Any])
                    let vehicle = try XCTUnwrap(object["vehicle"] as? [String: Any])
                    XCTAssertEqual(policy["periodMonths"] as? Int, 12)
                    XCTAssertEqual(vehicle["purpose"] as? String, "personal")
                    XCTAssertEqual(vehicle["hasPlate"] as? Bool, true)
                }
            }
        }
    }

    func testWithoutTheFlagDefaultsDoNotPinValues() throws {
        let run = try Formsmith.run(["generate", "--rules", "Rules/osago-policy.yaml", "--count", "60", "--seed", "5",
                                     "--today", "2026-11-22"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let periods = Set(try objects(run.stdout).compactMap { ($0["policy"] as? [String: Any])?["periodMonths"] as? Int })
        XCTAssertEqual(periods, [3, 6, 12])
    }

    func testTheFixtureWinsOverADefaultAndAHiddenFieldKeepsNone() throws {
        let rules = try write("rules.yaml", """
            id: defaults
            fields:
              kind: {type: enum, values: [car, bike], default: car}
              plate: {type: string, mask: '000', default: '123', visibleIf: "kind == 'car'"}
              note: {type: string, optional: true, default: hello}
            """)
        let fixture = try write("fixture.json", #"{"kind": "bike"}"#)
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "5", "--seed", "1", "--use-defaults",
                                     "--fixture", fixture])
        XCTAssertEqual(run.status, 0, run.stderr)
        for object in try objects(run.stdout) {
            XCTAssertEqual(object["kind"] as? String, "bike")
            XCTAssertNil(object["plate"])
            XCTAssertEqual(object["note"] as? String, "hello")
        }
    }

    func testExplainShowsTheDefault() throws {
        let run = try Formsmith.run(["explain", "--rules", "Rules/osago-policy.yaml", "--today", "2026-11-22",
                                     "vehicle.purpose"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains(#"  default    "personal": a new questionnaire starts with it"#), run.stdout)
    }

    func testLintRejectsADefaultThatBreaksTheFieldsRules() throws {
        let rules = try write("bad.yaml", """
            id: bad-defaults
            fields:
              power: {type: integer, min: 10, max: 500, default: 5}
              term: {type: enum, values: [3, 6, 12], default: 12}
            """)
        let run = try Formsmith.run(["lint", rules])
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("bad.yaml:3:54: error[default-value]: the default '5' of 'power' fails its checks (min:"),
                      run.stdout)
        XCTAssertFalse(run.stdout.contains("'term'"), run.stdout)
    }
}
