import Foundation
import XCTest

/// Initial data for generation as users give it: `default:` on fields (`generate
/// --use-defaults`, `explain`, `lint`) and `generate --seed-data` (value pools, records).
final class InitialDataCommandTests: ScratchFolderTestCase {
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

    // MARK: - --seed-data

    private let sample = "SampleData/seed-data/osago-policy.yaml"

    func testSampleSeedDataCyclesTheRecordsAndValidatesBack() throws {
        let arguments = ["generate", "--rules", "Rules/osago-policy.yaml", "--seed-data", sample, "--count", "600",
                         "--seed", "4", "--today", "2026-11-22"]
        let run = try Formsmith.run(arguments + ["--jobs", "1"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        let names = ["Жуков", "Сорокина", "Смирнова"]
        let objects = try objects(run.stdout)
        XCTAssertEqual(objects.count, 600)
        for (index, object) in objects.enumerated() {
            let insurant = try XCTUnwrap(object["insurant"] as? [String: Any])
            XCTAssertEqual(insurant["lastName"] as? String, names[index % 3], "questionnaire \(index)")
            XCTAssertEqual(((object["vehicle"] as? [String: Any])?["hasPlate"] as? Bool), index % 3 != 2)
            let period = try XCTUnwrap((object["policy"] as? [String: Any])?["periodMonths"] as? Int)
            XCTAssertTrue([6, 12].contains(period), "the pool replaces the rules' values: \(period)")
        }
        let driverNames = Set(objects.flatMap { ($0["drivers"] as? [[String: Any]] ?? []).compactMap { $0["lastName"] as? String } })
        XCTAssertTrue(driverNames.contains("Хайруллина"), "the extending word list is drawn from")
        XCTAssertTrue(driverNames.contains("Иванов") || driverNames.count > 40, "the rules' seed list stays in use")
        let validate = try Formsmith.run(["validate", "--rules", "Rules/osago-policy.yaml", "--today", "2026-11-22", "-"],
                                         input: run.stdout)
        XCTAssertEqual(validate.status, 0, validate.stdout)
        for jobs in ["2", "3"] {
            let parallel = try Formsmith.run(arguments + ["--jobs", jobs])
            XCTAssertEqual(parallel.stdout, run.stdout, "--jobs \(jobs) gives other bytes")
        }
        let csv = try Formsmith.run(arguments + ["--format", "csv"])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        let validateCSV = try Formsmith.run(["validate", "--rules", "Rules/osago-policy.yaml", "--today", "2026-11-22",
                                             "--input-format", "csv", "-"], input: csv.stdout)
        XCTAssertEqual(validateCSV.status, 0, validateCSV.stdout)
    }

    func testValuesThatBreakARuleAreReportedWithTheirLineAndNotUsed() throws {
        let rules = try write("rules.yaml", """
            id: pools
            fields:
              code: {type: string, mask: 'SS00'}
              size: {type: integer, min: 1, max: 10}
              kind: {type: enum, values: [a, b]}
              note: {type: string, optional: true}
            """)
        _ = try write("codes.txt", "# codes\nAB12\nA1\nCD34\n")
        _ = try write("records.jsonl", """
            {"kind": "b", "size": 99}
            {"kind": "c"}

            {"size": "7", "note": "kept"}
            """)
        let seedData = try write("seed.yaml", """
            fields:
              code: codes.txt
              size: {extend: [3, 30]}
            records: records.jsonl
            """)
        let run = try Formsmith.run(["generate", "--rules", rules, "--seed-data", seedData, "--count", "30", "--seed", "2"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let folder = self.folder.path
        let expected = [
            "\(folder)/codes.txt:3:1: warning: 'A1' breaks the rule mask of 'code' (does not fit the mask 'SS00'); not used",
            "\(folder)/seed.yaml:3:22: warning: '30' breaks the rule max of 'size' (must be at most 10); not used",
            "\(folder)/records.jsonl:1:23: warning: 99 breaks the rule max of 'size' (must be at most 10); not used",
            "\(folder)/records.jsonl:2:10: warning: \"c\" breaks the rule enum of 'kind' (must be one of a, b); not used",
            "\(folder)/records.jsonl:4:10: warning: the value \"7\" of 'size' is not of the field's type (integer); not used",
        ]
        XCTAssertEqual(run.stderr.split(separator: "\n").map(String.init), expected)
        let objects = try objects(run.stdout)
        XCTAssertEqual(Set(objects.compactMap { $0["code"] as? String }), ["AB12", "CD34"])
        for (index, object) in objects.enumerated() {
            let size = try XCTUnwrap(object["size"] as? Int)
            XCTAssertTrue((1...10).contains(size))
            if index % 3 == 0 { XCTAssertEqual(object["kind"] as? String, "b") }
            if index % 3 == 2 { XCTAssertEqual(object["note"] as? String, "kept") }
        }
    }


    /// A pool value YAML reads as a number or a boolean is refused for a text field, as a record's
    /// `42` is (README: "or is not of the field's JSON type"); quoted, the same text is used.
    func testAnInlinePoolValueOfAnotherTypeIsReportedAndNotUsed() throws {
        let rules = try write("rules.yaml", """
            id: pools
            fields:
              plate: {type: string}
              months: {type: enum, values: [6, 12]}
              on: {type: boolean}
            """)
        let seedData = try write("seed.yaml", """
            fields:
              plate: [42, '43', true, A1]
              months: [6, 12]
              on: [true]
            """)
        let run = try Formsmith.run(["generate", "--rules", rules, "--seed-data", seedData, "--count", "20", "--seed", "3"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let folder = self.folder.path
        XCTAssertEqual(run.stderr.split(separator: "\n").map(String.init), [
            "\(folder)/seed.yaml:2:11: warning: the value 42 of 'plate' is not of the field's type (string); "
                + "quote it ('42') to use it as text; not used",
            "\(folder)/seed.yaml:2:21: warning: the value true of 'plate' is not of the field's type (string); "
                + "quote it ('true') to use it as text; not used",
        ])
        let objects = try objects(run.stdout)
        XCTAssertEqual(Set(objects.compactMap { $0["plate"] as? String }), ["43", "A1"])
        XCTAssertEqual(Set(objects.compactMap { $0["months"] as? Int }), [6, 12])
        XCTAssertEqual(Set(objects.compactMap { $0["on"] as? Bool }), [true])
    }
    func testABrokenSeedDataFileIsAnErrorWithItsPlace() throws {
        let rules = try write("rules.yaml", "id: pools\nfields:\n  code: {type: string, mask: 'SS00'}\n")
        let unknown = try write("unknown.yaml", "fields:\n  cod: [AB12]\n")
        var run = try Formsmith.run(["generate", "--rules", rules, "--seed-data", unknown, "--count", "1", "--seed", "1"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("unknown.yaml:2:3: the seed data names a field 'cod' the rules do not declare "
                                          + "(did you mean 'code'?)"), run.stderr)
        let badRecord = try write("bad.jsonl", "{\"code\": \"AB12\"}\n{\"code\": \n")
        let shape = try write("shape.yaml", "fields:\n  code: {replace: [AB12], extend: [CD34]}\nrecords: bad.jsonl\npools: 1\n")
        run = try Formsmith.run(["generate", "--rules", rules, "--seed-data", shape, "--count", "1", "--seed", "1"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("shape.yaml:2:3: the pool of 'code' needs one of 'replace' or 'extend'"), run.stderr)
        XCTAssertTrue(run.stderr.contains("bad.jsonl:2:10: the record is not valid JSON: unexpected end of input"), run.stderr)
        XCTAssertTrue(run.stderr.contains("shape.yaml:4:1: unknown key 'pools'"), run.stderr)
    }
}
