import FormsmithCore
import Foundation
import XCTest

/// The same questionnaire as JSON and as CSV gets the same verdict and the same violations.
/// The sample data is converted to CSV (`JSONToCSV`) and both forms are validated; records
/// are compared violation by violation (field, rule, message and value). The only accepted
/// differences are listed below, each where CSV cannot express what the JSON says.
final class CSVParityTests: XCTestCase {
    /// A record whose CSV form cannot say what its JSON form says: `json` and `csv` are its
    /// `field rule` pairs in each form.
    struct Difference {
        let json: [String]
        let csv: [String]
        let reason: String
    }

    /// Accepted differences by rule set, file and 1-based record number.
    static let differences: [String: [Int: Difference]] = [
        "osago-policy/invalid.jsonl": [
            16: Difference(json: ["vehicle.year type"], csv: [],
                           reason: "\"year\": \"2021\" is a string in JSON; a CSV cell 2021 is a valid integer"),
            25: Difference(json: ["vehicle.color unknown-field", "agentCode unknown-field"], csv: [],
                           reason: "an unknown CSV column is one header problem of the file, not a row violation"),
            32: Difference(json: ["policy.unlimitedDrivers type"], csv: [],
                           reason: "\"unlimitedDrivers\": \"true\" is a string in JSON; a CSV cell true is a boolean"),
            33: Difference(json: ["drivers visibility"], csv: ["drivers visibility"],
                           reason: "same violation; the value of a list is its JSON array, or in CSV its first filled cell"),
        ],
        "customer-survey/invalid.jsonl": [
            9: Difference(json: ["answers.recommend type"], csv: [],
                          reason: "\"recommend\": \"8\" is a string in JSON; a CSV cell 8 is an integer"),
            20: Difference(json: ["answers.channels type"], csv: [],
                           reason: "\"channels\": \"store\" is not an array in JSON; a CSV cell store is one choice"),
            30: Difference(json: ["answers.rating unknown-field", "source unknown-field"], csv: [],
                           reason: "an unknown CSV column is one header problem of the file, not a row violation"),
            32: Difference(json: ["answers.channels[1] type"], csv: ["answers.channels enum"],
                           reason: "[\"other\", 5] holds a number in JSON; in CSV '5' is just an unknown choice"),
        ],
        "payment-order/invalid.jsonl": [
            13: Difference(json: ["payment.type type"], csv: [],
                           reason: "\"type\": \"1\" is a string in JSON; a CSV cell 1 is an integer"),
            18: Difference(json: ["payment.amount type"], csv: [],
                           reason: "\"amount\": \"1500.50\" is a string in JSON; a CSV cell 1500.50 is a decimal"),
            38: Difference(json: ["payer.name unknown-field", "payment.currency unknown-field"], csv: [],
                           reason: "an unknown CSV column is one header problem of the file, not a row violation"),
            40: Difference(json: ["tax.docDate type"], csv: [],
                           reason: "\"docDate\": 0 is a number in JSON; a CSV cell 0 is the allowed text '0'"),
        ],
    ]

    /// The header problems (`field rule`) of each converted file.
    static let headerProblems: [String: [String]] = [
        "osago-policy/invalid.jsonl": ["vehicle.color unknown-field", "agentCode unknown-field", "drivers max-items"],
        "customer-survey/invalid.jsonl": ["answers.rating unknown-field", "source unknown-field"],
        "payment-order/invalid.jsonl": ["payer.name unknown-field", "payment.currency unknown-field"],
    ]

    func testSampleDataHasTheSameVerdictsAndViolationsAsJSONAndAsCSV() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("formsmith-parity-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for ruleSet in SampleDataTests.ruleSets {
            let rules = try RulesLoader.load(path: repositoryRoot.appendingPathComponent("Rules/\(ruleSet).yaml").path,
                                             today: testToday)
            for file in ["valid.jsonl", "valid.json", "invalid.jsonl"] {
                let key = "\(ruleSet)/\(file)"
                let jsonPath = repositoryRoot.appendingPathComponent("SampleData/\(key)").path
                let text = try String(contentsOfFile: jsonPath, encoding: .utf8)
                let records = file.hasSuffix(".json") ? JSONToCSV.records(jsonDocument: text)
                    : JSONToCSV.records(jsonLines: text)
                let attachments = Set(rules.ruleSet.allFields.filter { $0.type == .attachment }.map(\.path))
                let (csv, lines) = JSONToCSV.convert(records, attachments: attachments)
                let csvPath = directory.appendingPathComponent("\(ruleSet)-\(file).csv").path
                try csv.write(toFile: csvPath, atomically: true, encoding: .utf8)

                let jsonResults = try results(of: jsonPath, rules: rules)
                let csvResults = try results(of: csvPath, rules: rules)
                let header = csvResults.first { $0.location.line == 1 }
                XCTAssertEqual(header.map(pairs) ?? [], Self.headerProblems[key] ?? [], "\(key) as CSV: header")
                for (ordinal, csvLine) in lines.enumerated() {
                    let json = jsonResults.first { ($0.location.index ?? ($0.location.line - 1)) == ordinal }
                    let row = csvResults.first { $0.location.line == csvLine }
                    XCTAssertNil(json?.unreadable, "\(key) record \(ordinal + 1)")
                    XCTAssertNil(row?.unreadable, "\(key) record \(ordinal + 1) as CSV")
                    if let difference = Self.differences[key]?[ordinal + 1] {
                        XCTAssertEqual(json.map(pairs) ?? [], difference.json, "\(key) record \(ordinal + 1)")
                        XCTAssertEqual(row.map(pairs) ?? [], difference.csv, "\(key) record \(ordinal + 1): \(difference.reason)")
                    } else {
                        XCTAssertEqual(row.map(details) ?? [], json.map(details) ?? [], "\(key) record \(ordinal + 1)")
                        XCTAssertEqual(row?.id, json?.id, "\(key) record \(ordinal + 1)")
                    }
                }
            }
        }
    }

    private func results(of path: String, rules: CompiledRuleSet) throws -> [RecordResult] {
        let collector = CollectingReporter()
        BatchValidator(rules: rules, options: ValidationOptions(jobs: 1))
            .run(try InputDiscovery.sources(for: [path]), reporter: collector)
        return collector.results
    }

    /// Every detail of the violations, with a JSON array of strings shown as a CSV cell
    /// (`["web","app"]` as `web;app`): each form shows the value as written.
    private func details(_ result: RecordResult) -> [String] {
        result.violations.map { violation in
            var value = violation.value ?? "-"
            if value.hasPrefix("["), let data = value.data(using: .utf8),
               let strings = try? JSONSerialization.jsonObject(with: data) as? [String] {
                value = strings.joined(separator: ";")
            }
            return "\(violation.field) \(violation.rule) \(violation.message) \(value)"
        }
    }
}

/// The CSV samples shipped in SampleData/csv are the JSON Lines samples (valid, then
/// invalid) converted, so they cannot drift from them (an attachment's JSON in one cell).
/// FORMSMITH_UPDATE_GOLDEN=1 rewrites them.
final class CSVSampleFileTests: XCTestCase {
    func testTheShippedCSVSamplesAreTheJSONLinesSamplesConverted() throws {
        for ruleSet in SampleDataTests.ruleSets {
            var records: [JSONToCSV.Value] = []
            for file in ["valid.jsonl", "invalid.jsonl"] {
                let text = try String(contentsOf: repositoryRoot.appendingPathComponent("SampleData/\(ruleSet)/\(file)"),
                                      encoding: .utf8)
                records += JSONToCSV.records(jsonLines: text)
            }
            let rules = try RulesLoader.load(path: repositoryRoot.appendingPathComponent("Rules/\(ruleSet).yaml").path,
                                             today: testToday)
            let attachments = Set(rules.ruleSet.allFields.filter { $0.type == .attachment }.map(\.path))
            let expected = JSONToCSV.convert(records, attachments: attachments).text
            let url = repositoryRoot.appendingPathComponent("SampleData/csv/\(ruleSet).csv")
            if ProcessInfo.processInfo.environment["FORMSMITH_UPDATE_GOLDEN"] == "1" {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try expected.write(to: url, atomically: true, encoding: .utf8)
            }
            XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), expected,
                           "SampleData/csv/\(ruleSet).csv is stale: run the tests with FORMSMITH_UPDATE_GOLDEN=1")
        }
    }
}
