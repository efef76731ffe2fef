import Foundation
import XCTest

/// Choice, attachment and list checks through the binary, in the shapes users write: a `cases:`
/// entry narrowing a multi-choice field, an attachment (one file and several) and a list; a
/// boolean `const`; choices counted inside a list inside list items. The verdicts are worked
/// out by hand from the rules.
final class ChoiceAttachmentListCommandTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("formsmith-choice-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
            id: cases
            fields:
              kind: {type: enum, values: [private, business]}
              consent: {type: boolean, const: true}
              channels:
                type: multi-choice
                values: [web, app, phone]
                maxItems: 2
                cases:
                  - when: "kind == 'business'"
                    values: [web, app]
                    maxItems: 1
              scan:
                type: attachment
                mediaTypes: [application/pdf, image/*]
                cases:
                  - when: "kind == 'business'"
                    mediaTypes: [application/pdf]
                    maxSize: 1MB
              documents:
                type: attachment
                multiple: true
                maxItems: 3
                cases:
                  - when: "kind == 'business'"
                    maxItems: 1
            sections:
              vehicles:
                type: list
                maxItems: 3
                cases:
                  - when: "kind == 'business'"
                    maxItems: 1
                fields:
                  plate: {type: string}
              drivers:
                type: list
                fields:
                  name: {type: string}
                  licences:
                    type: list
                    optional: true
                    maxItems: 1
                    fields:
                      category: {type: multi-choice, values: [A, B], minItems: 1, maxItems: 1}

            """.write(to: folder.appendingPathComponent("rules.yaml"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The same questionnaire passes for a private customer and breaks each case's narrower
    /// check for a business one; the inner lists are checked in each list item (reported field
    /// by field: every item's `licences`, then every item's `category`).
    func testCasesNarrowChoicesFilesAndListsAndInnerListsAreCountedPerItem() throws {
        let documents = #"[{"name": "a.pdf", "mediaType": "application/pdf", "size": 10}, "#
            + #"{"name": "b.pdf", "mediaType": "application/pdf", "size": 10}]"#
        let body = #""channels": ["web", "phone"], "scan": {"name": "a.png", "mediaType": "image/png", "size": 2000000}, "#
            + #""documents": \#(documents), "vehicles": [{"plate": "A1"}, {"plate": "B2"}], "#
        let valid = #"{"kind": "private", "consent": true, "# + body
            + #""drivers": [{"name": "A"}, {"name": "B", "licences": [{"category": ["A"]}]}]}"#
        let invalid = #"{"kind": "business", "consent": false, "# + body
            + #""drivers": [{"name": "A", "licences": [{"category": ["A", "B"]}]}, "#
            + #"{"name": "B", "licences": [{"category": ["B"]}, {"category": []}]}]}"#
        let input = folder.appendingPathComponent("answers.jsonl")
        try (valid + "\n" + invalid + "\n").write(to: input, atomically: true, encoding: .utf8)

        let run = try Formsmith.run(["validate", "--rules", folder.appendingPathComponent("rules.yaml").path,
                                     "--today", "2026-11-22", input.path])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("2 questionnaires: 1 valid, 1 invalid, 0 unreadable"), run.stdout)
        let lines = run.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .map { $0.replacingOccurrences(of: #" \(value .*\)$"#, with: "", options: .regularExpression) }
        XCTAssertEqual(lines, [
            "  consent: must be true [const]",
            "  channels: 'phone' should be one of web, app [enum]",
            "  channels: must have at most 1 choice (it has 2) [max-items]",
            "  scan: has media type image/png; allowed: application/pdf [media-type]",
            "  scan: is 2 MB (2000000 bytes); it must be at most 1 MB (1000000 bytes) [max-size]",
            "  documents: must have at most 1 file (it has 2) [max-items]",
            "  vehicles: must have at most 1 item (it has 2) [max-items]",
            "  drivers[1].licences: must have at most 1 item (it has 2) [max-items]",
            "  drivers[0].licences[0].category: must have at most 1 choice (it has 2) [max-items]",
            "  drivers[1].licences[1].category: is required [required]",
        ], run.stdout)
    }

    /// A `cases:` entry on a list adds its count check and nothing else: the items are checked
    /// once (they were checked again for each case that held, each item violation reported
    /// twice), in JSON Lines and in CSV alike.
    func testAListsCaseChecksTheCountWithoutCheckingTheItemsAgain() throws {
        let rules = folder.appendingPathComponent("vehicles.yaml")
        try """
            id: vehicles
            fields:
              kind: {type: enum, values: [private, business]}
            sections:
              vehicles:
                type: list
                maxItems: 3
                cases:
                  - when: "kind == 'business'"
                    maxItems: 1
                fields:
                  plate: {type: string, maxLength: 3}

            """.write(to: rules, atomically: true, encoding: .utf8)
        let jsonLines = folder.appendingPathComponent("vehicles.jsonl")
        try """
            {"kind": "business", "vehicles": [{"plate": "ABCD"}, {"plate": "XY"}]}
            {"kind": "private", "vehicles": [{"plate": "ABCD"}, {"plate": "XY"}]}

            """.write(to: jsonLines, atomically: true, encoding: .utf8)
        let csv = folder.appendingPathComponent("vehicles.csv")
        try "kind,vehicles.0.plate,vehicles.1.plate\nbusiness,ABCD,XY\nprivate,ABCD,XY\n"
            .write(to: csv, atomically: true, encoding: .utf8)
        for (input, name) in [(jsonLines, "vehicles.jsonl"), (csv, "vehicles.csv")] {
            let run = try Formsmith.run(["validate", "--rules", rules.path, "--today", "2026-11-22", input.path])
            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertTrue(run.stdout.contains("2 questionnaires: 0 valid, 2 invalid, 0 unreadable"), run.stdout)
            let lines = run.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            XCTAssertEqual(lines, [
                "  vehicles: must have at most 1 item (it has 2) [max-items]",
                "  vehicles[0].plate: must be at most 3 characters long (it has 4) [max-length] (value \"ABCD\")",
                "  vehicles[0].plate: must be at most 3 characters long (it has 4) [max-length] (value \"ABCD\")",
            ], "\(name): one line per violation\n\(run.stdout)")
            XCTAssertTrue(run.stdout.contains("2  max-length"), run.stdout)
        }
    }
}
