import Foundation
import XCTest

/// Plain generation with an item assertion (issue 30), through the binary: the motor-insurance
/// renewal shape, where throwing questionnaires away favoured the side of a switch that hides
/// the list (82% true in the issue). Each item's asserted plain fields are drawn again at the
/// item instead, so the switch stays at its free share.
final class SolverGenerationCommandTests: ScratchFolderTestCase {
    /// A free switch; while it is false, 1-4 drivers, each with 1-3 documents and an optional
    /// documentCount that must equal the number of documents when given.
    private static let renewal = """
        id: osago-renewal
        fields:
          unlimitedDrivers: {type: boolean}
        sections:
          drivers:
            type: list
            minItems: 1
            maxItems: 4
            visibleIf: "!unlimitedDrivers"
            fields:
              name: {type: string, maxLength: 40}
              documents:
                type: list
                minItems: 1
                maxItems: 3
                fields:
                  number: {type: string, regex: '^[0-9]{10}$'}
              documentCount: {type: integer, optional: true, min: 1, max: 3}
            assert:
              - that: "empty(drivers[].documentCount) || count(drivers[].documents) == drivers[].documentCount"
                message: documentCount must equal the number of documents
                field: drivers[].documentCount
                rule: document-count
        """

    /// 5,000 questionnaires: the switch is free, so each side lands within 50 ± 5 %; none is
    /// rebuilt (the redraws of documentCount are counted and said, at the item); all pass.
    func testTheSwitchStaysFiftyFiftyWithNoQuestionnaireRebuilt() throws {
        let rules = try write("renewal.yaml", Self.renewal)
        let output = path("renewal.jsonl")
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", "5000", "--seed", "1", "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(run.stderr.contains("rebuilt"), run.stderr)
        XCTAssertTrue(run.stderr.contains("drivers[] [document-count]: "), run.stderr)
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 5000)
        var unlimited = 0
        var documentCounts = 0
        for line in lines {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if object["unlimitedDrivers"] as? Bool == true { unlimited += 1 }
            for driver in object["drivers"] as? [[String: Any]] ?? [] {
                // Hand check of the assertion on every item, apart from the validator.
                if let count = driver["documentCount"] as? Int {
                    XCTAssertEqual(count, (driver["documents"] as? [Any])?.count)
                    documentCounts += 1
                }
            }
        }
        XCTAssertTrue((2250...2750).contains(unlimited), "\(unlimited) of 5000 with unlimitedDrivers true")
        XCTAssertGreaterThan(documentCounts, 0, "documentCount is still given where it fits")
        let validate = try Formsmith.run(["validate", "--rules", rules, output])
        XCTAssertEqual(validate.status, 0, validate.stdout)
        XCTAssertTrue(validate.stdout.contains("5000 questionnaires: 5000 valid, 0 invalid"), validate.stdout)
    }
}
