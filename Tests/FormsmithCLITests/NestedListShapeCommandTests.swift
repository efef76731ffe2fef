import Foundation
import XCTest

/// Lists inside list items whose items have a different number of fields at each level (issue
/// 20): the inner items once read the slots of their enclosing items' layout, so the last inner
/// item read as empty, a wider inner item wrote past its storage (a trap, or a segfault in a
/// release build), and CSV checked parents and cases against another item's cells.
///
/// Each shape's questionnaires go through the binary as JSON Lines, as one `.json` file, as CSV
/// (columns `drivers.0.documents.1.kind`, written here from the same records) and on standard
/// input, with `--jobs 1` and `--jobs 2`; every reading must give the violations worked out by
/// hand below (record, field path, rule) and the exit code.
final class NestedListShapeCommandTests: ScratchFolderTestCase {
    static let fixtures = "Tests/FormsmithCLITests/Fixtures/nested-shapes"

    /// `drivers{name, documents{kind}}`: the issue's `nested-min`.
    func testInnerItemsWithFewerFieldsThanTheirEnclosingItems() throws {
        try check("inner-narrower", [
            [],
            ["drivers[1].documents[1].kind required"],
            ["drivers[0].name required", "drivers[1].documents required"],
        ])
    }

    /// `drivers{documents{number, kind}}`: the inner items are wider than the drivers.
    func testInnerItemsWithMoreFieldsThanTheirEnclosingItems() throws {
        try check("inner-wider", [
            [],
            ["drivers[0].documents[1].kind required", "drivers[1].documents[0].number required"],
            [],
        ])
    }

    /// Three levels (3, 6 and 2 fields an item), with a parent, cases, requiredIf and visibleIf
    /// inside documents and bounds reading the enclosing document and driver from the pages.
    func testThreeLevelsWithReferencesToTheSameAndTheEnclosingItems() throws {
        try check("three-deep", [
            [],
            [
                // A licence with a passport-shaped number, an issuer (passports only) and no category.
                "drivers[0].documents[0].number regex", "drivers[0].documents[0].issuer visibility",
                "drivers[0].documents[0].category required",
                // Issued before drivers[0].birthDate (1990-01-01) + 18y.
                "drivers[0].documents[1].issued min",
                // A page of that passport: no stamp, signed before 2008-01-01; its max reads the
                // invalid `issued`, so it is not checked.
                "drivers[0].documents[1].pages[1].signed min", "drivers[0].documents[1].pages[1].stamp required",
                // A number without a type: its parent is empty (no case applies).
                "drivers[0].documents[2].number parent",
                // Signed after the enclosing document's issued (2010-01-01) + 1y.
                "drivers[1].documents[0].pages[0].signed max",
            ],
            [],
        ])
    }

    /// The issue's exact questionnaires are valid, with exit status 0, in every reading.
    func testTheIssuesQuestionnairesAreValid() throws {
        for shape in ["inner-narrower", "inner-wider"] {
            let first = try String(contentsOfFile: Formsmith.root.appendingPathComponent(Self.fixtures + "/\(shape).jsonl").path,
                                   encoding: .utf8).split(separator: "\n")[0]
            let files = try writeReadings(of: [String(first)], named: shape)
            for jobs in ["1", "2"] {
                let run = try Formsmith.run(["validate", "--rules", Self.fixtures + "/\(shape).yaml", "--jobs", jobs]
                                            + files)
                XCTAssertEqual(run.status, 0, "\(shape) --jobs \(jobs): \(run.stdout)\(run.stderr)")
                XCTAssertTrue(run.stdout.contains("3 questionnaires: 3 valid, 0 invalid, 0 unreadable"), run.stdout)
            }
        }
    }

    /// docs/rules.md, "Lists inside list items": its rule snippet (drivers 3 fields, documents 4)
    /// gives its two questionnaires the verdicts the text states, and `generate` fills it (JSON
    /// and CSV) with questionnaires that validate back, some driver with two documents.
    func testTheDocsExampleGetsTheVerdictsTheDocsState() throws {
        let docs = try String(contentsOf: Formsmith.root.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        let section = try XCTUnwrap(docs.range(of: "### Lists inside list items").map { docs[$0.upperBound...] })
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        let text = String(section[..<end])
        let yamlStart = try XCTUnwrap(text.range(of: "```yaml\n"))
        let yamlEnd = try XCTUnwrap(text.range(of: "```", range: yamlStart.upperBound..<text.endIndex))
        let rules = try write("docs.yaml", "id: docs-nested\n" + text[yamlStart.upperBound..<yamlEnd.lowerBound])
        // The questionnaires are the backticked objects after the snippet (each may wrap a line).
        let questionnaires = text[yamlEnd.upperBound...].components(separatedBy: "`").filter { $0.hasPrefix("{\"drivers\"") }
            .map { $0.replacingOccurrences(of: "\n", with: " ") }
        XCTAssertEqual(questionnaires.count, 2, text)
        // The docs: the first is valid; the second gets number regex, issued min (on or after
        // 1999-02-03) and issuer required, and no assertion while its documents are invalid.
        // Once they are valid, documentCount 2 with one document is reported at drivers[0].
        let fixed = #"{"drivers": [{"birthDate": "1985-02-03", "documents": [{"type": "passport", "number": "7700 123456", "#
            + #""issued": "1999-02-03", "issuer": "OVD"}], "documentCount": 2}]}"#
        let input = try write("docs.jsonl", (questionnaires + [fixed]).joined(separator: "\n") + "\n")
        for jobs in ["1", "2"] {
            let run = try Formsmith.run(["validate", "--rules", rules, "--today", "2026-11-22", "--report", "json",
                                         "--jobs", jobs, input])
            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertEqual(try violations(in: run.stdout, records: 3)[input], [
                [],
                ["drivers[0].documents[0].issued min", "drivers[0].documents[0].issuer required",
                 "drivers[0].documents[0].number regex"],
                ["drivers[0] assert"],
            ])
            XCTAssertTrue(run.stdout.contains("must be on or after 1999-02-03"), run.stdout)
        }
        for format in ["jsonl", "csv"] {
            let output = path("generated.\(format)")
            let generate = try Formsmith.run(["generate", "--rules", rules, "--today", "2026-11-22", "--count", "200",
                                              "--seed", "20", "--format", format, "--output", output])
            XCTAssertEqual(generate.status, 0, generate.stderr)
            let check = try Formsmith.run(["validate", "--rules", rules, "--today", "2026-11-22", output])
            XCTAssertEqual(check.status, 0, check.stdout)
            XCTAssertTrue(check.stdout.contains("200 questionnaires: 200 valid"), check.stdout)
            guard format == "jsonl" else { continue }
            let documentCounts = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").flatMap { line in
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                return (object?["drivers"] as? [[String: Any]] ?? []).map { ($0["documents"] as? [Any])?.count ?? 0 }
            }
            XCTAssertEqual(Set(documentCounts), [1, 2], "drivers hold 1 or 2 documents (minItems 1, maxItems 2)")
        }
    }

    // MARK: - Running every reading

    /// Validates the shape's records in every reading and job count; `expected[n]` lists record
    /// n's violations as `path rule`.
    private func check(_ shape: String, _ expected: [[String]], file: StaticString = #filePath, line: UInt = #line) throws {
        let records = try String(contentsOfFile: Formsmith.root.appendingPathComponent(Self.fixtures + "/\(shape).jsonl").path,
                                 encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(records.count, expected.count, file: file, line: line)
        let files = try writeReadings(of: records, named: shape)
        let status: Int32 = expected.allSatisfy(\.isEmpty) ? 0 : 1
        for jobs in ["1", "2"] {
            let run = try Formsmith.run(["validate", "--rules", Self.fixtures + "/\(shape).yaml", "--today", "2026-11-22",
                                         "--report", "json", "--jobs", jobs] + files)
            XCTAssertEqual(run.status, status, run.stderr, file: file, line: line)
            let found = try violations(in: run.stdout, records: records.count)
            for (reading, path) in zip(["JSON Lines", "JSON", "CSV"], files) {
                XCTAssertEqual(found[path] ?? Array(repeating: [], count: records.count), expected.map { $0.sorted() }, "\(shape) as \(reading), --jobs \(jobs)",
                               file: file, line: line)
            }
            let stdin = try Formsmith.run(["validate", "--rules", Self.fixtures + "/\(shape).yaml", "--today", "2026-11-22",
                                           "--report", "json", "--jobs", jobs, "-"],
                                          input: records.joined(separator: "\n") + "\n")
            XCTAssertEqual(stdin.status, status, stdin.stderr, file: file, line: line)
            XCTAssertEqual(try violations(in: stdin.stdout, records: records.count)["-"] ?? Array(repeating: [], count: records.count),
                           expected.map { $0.sorted() },
                           "\(shape) on standard input, --jobs \(jobs)", file: file, line: line)
        }
    }

    /// Writes the records as `NAME.jsonl`, `NAME.json` (an array, one record a line) and
    /// `NAME.csv`; returns the three paths.
    private func writeReadings(of records: [String], named name: String) throws -> [String] {
        let jsonl = try write("\(name).jsonl", records.joined(separator: "\n") + "\n")
        let json = try write("\(name).json", "[\n" + records.joined(separator: ",\n") + "\n]\n")
        let csv = try write("\(name).csv", try Self.csv(of: records))
        return [jsonl, json, csv]
    }

    /// The records as CSV: one column per leaf value, named by its dotted path with one index
    /// per list (`drivers.1.documents.0.number`); the header is every record's columns, sorted.
    static func csv(of records: [String]) throws -> String {
        var rows: [[String: String]] = []
        for record in records {
            var row: [String: String] = [:]
            flatten(try JSONSerialization.jsonObject(with: Data(record.utf8)), prefix: "", into: &row)
            rows.append(row)
        }
        let columns = Set(rows.flatMap(\.keys)).sorted()
        let quoted = { (cell: String) in
            cell.contains(where: { ",\"\n".contains($0) }) ? "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : cell
        }
        return ([columns.joined(separator: ",")] + rows.map { row in columns.map { quoted(row[$0] ?? "") }.joined(separator: ",") })
            .joined(separator: "\n") + "\n"
    }

    private static func flatten(_ value: Any, prefix: String, into row: inout [String: String]) {
        if let object = value as? [String: Any] {
            for (key, member) in object { flatten(member, prefix: prefix + key + ".", into: &row) }
        } else if let array = value as? [Any] {
            for (index, item) in array.enumerated() { flatten(item, prefix: prefix + "\(index).", into: &row) }
        } else {
            row[String(prefix.dropLast())] = "\(value)"
        }
    }

    /// The violations of a JSON report by file, then by record (0-based: the line of a JSON
    /// Lines record or of standard input, the index in a `.json` array, the row after a CSV header).
    private func violations(in report: String, records: Int) throws -> [String: [[String]]] {
        let object = try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any]
        var found: [String: [[String]]] = [:]
        for result in object?["results"] as? [[String: Any]] ?? [] {
            let file = result["file"] as? String ?? ""
            let line = result["line"] as? Int ?? 0
            let record = file.hasSuffix(".json") ? result["index"] as? Int ?? -1 : file.hasSuffix(".csv") ? line - 2 : line - 1
            var perRecord = found[file] ?? Array(repeating: [], count: records)
            guard perRecord.indices.contains(record) else {
                XCTFail("unexpected result \(result)")
                continue
            }
            for error in result["errors"] as? [[String: Any]] ?? [] {
                perRecord[record].append("\(error["field"] ?? "") \(error["rule"] ?? "")")
            }
            perRecord[record].sort()
            found[file] = perRecord
        }
        return found
    }
}
