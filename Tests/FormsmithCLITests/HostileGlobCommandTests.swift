import Foundation
import XCTest

/// Issue 21, item 13: project globs match in linear time and anchor at both ends of a name;
/// the routing member is a field name only at the top of a record.
final class HostileGlobCommandTests: XCTestCase {
    /// The form each reported file was routed to, from a JSON Lines report.
    private func formsByFile(_ report: String) throws -> [String: String] {
        var forms: [String: String] = [:]
        for line in report.split(separator: "\n") where !line.hasPrefix(#"{"summary""#) {
            let result = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
            forms[result["file"] as? String ?? "?"] = result["form"] as? String ?? "?"
        }
        return forms
    }

    func testGlobsThatStopAnchoringOrBacktrackDoNeither() throws {
        let folder = try ProjectFolder()
        try folder.write("rules/a.yaml", "id: a\nfields:\n  x: {type: string, maxLength: 1}\n")
        let record = "{\"x\": \"12\"}\n"  // invalid under form a; a record naming no form elsewhere
        let dashes = String(repeating: "-", count: 200)
        let letters = String(repeating: "a", count: 60)
        let files = ["in/a.json", "in/a.jsonl", "in/d1/x.jsonl", "in/dir/x.jsonl", "in/data.jsonl",
                     "in/data.jsonl.jsonl", "data/a-b-c-d-e.csv", "data/\(dashes).jsonl", "deep/aaaaaaaa.jsonl",
                     "deep/\(letters).json"]
        for file in files {
            try folder.write(file, file.hasSuffix(".csv") ? "x\n12\n" : record)
        }
        try folder.write("formsmith.yaml", """
            forms: {a: rules/a.yaml}
            inputs:
              in/*.json: a
              in/d?/*.jsonl: a
              in/data.jsonl: a
              data/*-*-*-*-*.csv: a
              deep/*a*a*a*a*a*a*a*a.jsonl: a
            """)
        let run = try Formsmith.run(["validate", "--report", "jsonl", "in", "data", "deep"], directory: folder.url)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.stderr, "")
        // Worked out by hand: a glob matches whole names and whole components, nothing more.
        XCTAssertEqual(try formsByFile(run.stdout), [
            "in/a.json": "a", "in/a.jsonl": "(unrouted)",
            "in/d1/x.jsonl": "a", "in/dir/x.jsonl": "(unrouted)",
            "in/data.jsonl": "a", "in/data.jsonl.jsonl": "(unrouted)",
            "data/a-b-c-d-e.csv": "a", "data/\(dashes).jsonl": "(unrouted)",
            "deep/aaaaaaaa.jsonl": "a", "deep/\(letters).json": "(unrouted)",
        ])
    }

    func testTheRoutingMemberInsideAnItemOrSectionIsAnUnknownField() throws {
        let folder = try ProjectFolder()
        try folder.write("rules/a.yaml", """
            id: a
            fields:
              x: {type: string}
            sections:
              s:
                fields:
                  y: {type: string}
              items:
                type: list
                fields:
                  z: {type: string}
                  inner:
                    type: section
                    fields:
                      w: {type: string}
            """)
        try folder.write("formsmith.yaml", "forms: {a: rules/a.yaml}\n")
        try folder.write("mixed.jsonl", """
            {"form": "a", "x": "1", "s": {"form": "a", "y": "2"}, "items": [{"z": "3", "inner": {"w": "4"}}, {"form": "a", "z": "3", "inner": {"form": "a", "w": "4"}}]}

            """)
        let run = try Formsmith.run(["validate", "--report", "json", "mixed.jsonl"], directory: folder.url)
        XCTAssertEqual(run.status, 1, run.stderr)
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let errors = (report?["results"] as? [[String: Any]])?.first?["errors"] as? [[String: Any]] ?? []
        XCTAssertEqual(errors.map { "\($0["field"]!) \($0["rule"]!)" }.sorted(), [
            "items[1].form unknown-field", "items[1].inner.form unknown-field", "s.form unknown-field",
        ], run.stdout)
    }
}
