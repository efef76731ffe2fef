@testable import FormsmithCore
import Foundation
import XCTest

/// Lists inside list items (`drivers[].documents[]`): concrete report paths with every index,
/// bounds and conditions that read the enclosing items, `count` of an inner list, CSV columns
/// with one index per list, and the rule-file errors for references and depth.
final class NestedListTests: XCTestCase {
    /// What generating the nested-lists fixture form may discard: its assertion (documentCount
    /// equals the number of documents) is checked, not constructed: documentCount is drawn again
    /// at its driver (the item holds a list, so the item cannot be), and the questionnaire is
    /// rebuilt only if 20 draws all failed.
    static let assertionDiscards: Set<String> = ["drivers[] document-count", "drivers[].documentCount document-count"]
    /// And with defects: an extra driver drawn for a `max-items` defect is not aimed at the
    /// assertion either, so some break it too and that defect is dropped (counted).
    static let defectDiscards = assertionDiscards.union(["drivers max-items"])

    /// The fixture rule set the CLI tests use too.
    static let fixture = repositoryRoot.appendingPathComponent("Tests/FormsmithCLITests/Fixtures/nested-lists")

    static func rules() throws -> CompiledRuleSet {
        try RulesLoader.load(path: fixture.appendingPathComponent("rules.yaml").path, today: testToday)
    }

    static func lines(_ file: String) throws -> [String] {
        try String(contentsOf: fixture.appendingPathComponent(file), encoding: .utf8)
            .split(separator: "\n").map(String.init)
    }

    static let ivanov = #""name": "Ivanov", "birthDate": "1990-05-01""#

    private func check(_ drivers: String, _ expected: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let json = #"{"id": "q", "drivers": [\#(drivers)]}"#
        XCTAssertEqual(pairs(validate(json, against: try Self.rules())), expected, json, file: file, line: line)
    }

    func testTheFixtureQuestionnairesGetTheirViolationsAtConcretePaths() throws {
        let rules = try Self.rules()
        for record in try Self.lines("valid.jsonl") { XCTAssertEqual(pairs(validate(record, against: rules)), [], record) }
        let invalid = try Self.lines("invalid.jsonl").map { pairs(validate($0, against: rules)) }
        XCTAssertEqual(invalid, [
            ["drivers[1].documents[0].number regex", "drivers[1].documents[0].issued min",
             "drivers[1].documents[0].issuer required", "drivers[1].documents[1].issuer visibility",
             "drivers[1].documents[1].series unknown-field"],
            ["drivers[0].documents required", "drivers[1].documents[1] type"],
            ["drivers[0].documents type", "drivers[1].documentCount document-count"],
        ])
    }

    func testABoundReadsTheEnclosingItemOfItsOwnDriver() throws {
        // issued >= drivers[].birthDate + 14y: the same date is valid for the older driver only.
        let document = #"{"type": "license", "number": "77AB 123456", "issued": "2000-01-01"}"#
        try check(#"{"name": "Old", "birthDate": "1980-01-01", "documents": [\#(document)]},"#
                  + #"{\#(Self.ivanov), "documents": [\#(document), \#(document)]}"#,
                  ["drivers[1].documents[0].issued min", "drivers[1].documents[1].issued min"])
    }

    func testAConditionOnTheInnerItemPicksTheChecksAndTheVisibility() throws {
        try check(#"{\#(Self.ivanov), "documents": [{"type": "license", "number": "4509 123456", "issued": "2010-01-01"},"#
                  + #"{"type": "passport", "number": "4509 123456", "issued": "2010-01-01"}]}"#,
                  ["drivers[0].documents[0].number regex", "drivers[0].documents[1].issuer required"])
    }

    func testCountOfAnInnerListIsReadInTheEnclosingItem() throws {
        let document = #"{"type": "license", "number": "77AB 123456", "issued": "2010-01-01"}"#
        try check(#"{\#(Self.ivanov), "documents": [\#(document)], "documentCount": 1},"#
                  + #"{\#(Self.ivanov), "documents": [\#(document), \#(document)], "documentCount": 1},"#
                  + #"{\#(Self.ivanov), "documents": [\#(document)], "documentCount": 1}"#,
                  ["drivers[1].documentCount document-count"])
        try check(#"{\#(Self.ivanov), "documents": [\#(document), \#(document), \#(document)]}"#,
                  ["drivers[0].documents max-items"])
    }

    func testAnInnerListAbsentFromAnItemIsReportedThereWhateverTheItemBeforeHeld() throws {
        let document = #"{"type": "license", "number": "77AB 123456", "issued": "2010-01-01"}"#
        try check(#"{\#(Self.ivanov), "documents": [\#(document), \#(document)]},"#
                  + #"{\#(Self.ivanov), "documentCount": 1}"#,
                  ["drivers[1].documents required"])
    }

    /// Three levels of lists, with an object between the first two.
    static let deepRules = """
        id: deep
        sections:
          drivers:
            type: list
            maxItems: 2
            fields:
              birthDate: {type: date, min: 1950-01-01, max: 2000-01-01}
              papers:
                type: section
                fields:
                  documents:
                    type: list
                    maxItems: 2
                    fields:
                      issued: {type: date, min: "drivers[].birthDate", max: 2020-01-01}
                      pages:
                        type: list
                        optional: true
                        minItems: 2
                        maxItems: 3
                        fields:
                          number: {type: integer, min: 1, max: 9}
                          stamped: {type: date, optional: true, min: "drivers[].papers.documents[].issued", max: 2021-01-01}
        """

    func testListsNestThreeDeepWithObjectsBetweenThem() throws {
        let rules = try compileRules(Self.deepRules)
        let json = #"{"drivers": [{"birthDate": "2000-01-01", "papers": {"documents": [{"issued": "2010-01-01"}]}},"#
            + #"{"birthDate": "2000-01-01", "papers": {"documents": [{"issued": "2001-01-01", "pages": [{"number": 0},"#
            + #"{"number": 2, "stamped": "2000-12-31"}]}, {"issued": "1999-01-01", "pages": [{"number": 1, "x": 1}]}]}}]}"#
        XCTAssertEqual(pairs(validate(json, against: rules)), [
            "drivers[1].papers.documents[1].issued min", "drivers[1].papers.documents[1].pages min-items",
            "drivers[1].papers.documents[0].pages[0].number min",
            "drivers[1].papers.documents[0].pages[1].stamped min", "drivers[1].papers.documents[1].pages[0].x unknown-field",
        ])
    }

    func testAReferenceThroughAListThatDoesNotEncloseTheFieldIsARuleFileError() throws {
        let problems = ruleProblems(try String(contentsOf: Self.fixture.appendingPathComponent("non-enclosing-reference.yaml"),
                                               encoding: .utf8))
        XCTAssertEqual(problems.count, 1, "\(problems)")
        XCTAssertTrue(problems.first?.hasPrefix("rules.yaml:6:") ?? false, "\(problems)")
        XCTAssertTrue(problems.first?.contains("'drivers[].documents[].type' means a field of the current item of "
                                               + "'drivers[].documents'") ?? false, "\(problems)")
    }

    func testListsNestedFourDeepAreRefusedWithTheLimit() {
        let problems = ruleProblems("""
            id: deep
            sections:
              a:
                type: list
                fields:
                  b:
                    type: list
                    fields:
                      c:
                        type: list
                        fields:
                          d:
                            type: list
                            fields:
                              x: {type: string}
            """)
        XCTAssertEqual(problems.count, 1, "\(problems)")
        XCTAssertTrue(problems.first?.contains("rules.yaml:12:15: lists are nested more than 3 deep at 'a[].b[].c[].d'")
                      ?? false, "\(problems)")
    }

    func testCSVColumnsGiveOneIndexPerList() throws {
        let rules = try Self.rules()
        let folder = try ScratchFolder()
        let valid = try runBatch([fixturePath("valid.csv")], rules: rules)
        XCTAssertEqual(outline(valid.results), [])
        let run = try runBatch([fixturePath("invalid.csv")], rules: rules)
        XCTAssertEqual(outline(run.results), [
            "1: unreadable: the CSV header row has 3 problems; the rows were still validated, without the ignored columns",
            "1: drivers[].documents max-items", "1: drivers.1.documents.2.type required",
            "1: drivers.1.documents.2.issued required",
            "3: drivers[1].documents[0].number regex", "3: drivers[1].documents[0].issued min",
            "3: drivers[1].documents[0].issuer required",
            "4: drivers[1].documents max-items", "4: drivers[1].documents[0].type required",
            "4: drivers[1].documents[1].type required", "4: drivers[1].documents[2].type required",
            "4: drivers[1].documents[0].number required", "4: drivers[1].documents[1].number required",
            "4: drivers[1].documents[0].issued required", "4: drivers[1].documents[1].issued required",
            "4: drivers[1].documents[2].issued required", "4: drivers[0].documents[0].issuer visibility",
        ])
        let resolver = CSVColumnResolver(rules: rules)
        XCTAssertTrue(resolver.resolve("drivers.1.documents.0.number") == .nested(
            rules.fieldIDs["drivers[].documents[].number"]!, lists: [rules.fieldIDs["drivers"]!,
                                                                     rules.fieldIDs["drivers[].documents"]!], items: [1, 0]))
        for (name, expected) in [("drivers.0.documents.0.numbr", "items of drivers[].documents have no field 'numbr'"),
                                 ("drivers.0.documents.01.number", "write 'drivers.0.documents.1.number'"),
                                 ("drivers.0.documents.5000.type", "CSV item indices go up to 999"),
                                 ("drivers.0.documents", "names a whole list"),
                                 ("drivers.0.documents.0", "names a whole item")] {
            guard case .unknown(let message) = resolver.resolve(name) else { return XCTFail("\(name) resolves") }
            XCTAssertTrue(message.contains(expected), "\(name): \(message)")
        }
        let bare = try runBatch([folder.write("bare.csv", "id,drivers.0.name,drivers.0.birthDate\nq,A,1990-01-01\n")],
                                rules: rules)
        XCTAssertEqual(outline(bare.results).dropFirst().first, "1: drivers.0.documents.0.type required")
        XCTAssertEqual(bare.results.first?.violations.first?.message,
                       "item 0 of drivers has columns but not this required field, so every row that fills item 0 lacks "
                       + "it; add a column named 'drivers.0.documents.0.type'")
    }

    func testGeneratedQuestionnairesAreValidAndDefectsInsideInnerItemsAreLabelled() throws {
        let rules = try Self.rules()
        let valid = try generate(rules, GenerationOptions(count: 200, seed: 3), filtered: true)
        assertDiscardsOnly(valid, Self.assertionDiscards)
        assertMatchesLabels(valid, rules, "valid")
        let documents = valid.objects.flatMap { ($0["drivers"] as? [[String: Any]]) ?? [] }
            .flatMap { ($0["documents"] as? [[String: Any]]) ?? [] }
        XCTAssertTrue(documents.contains { $0["type"] as? String == "passport" && $0["issuer"] != nil })
        XCTAssertTrue(documents.contains { $0["type"] as? String == "license" && $0["issuer"] == nil })
        let invalid = try generate(rules, GenerationOptions(count: 400, seed: 4, invalidRate: 1), filtered: true)
        assertDiscardsOnly(invalid, Self.defectDiscards)
        assertMatchesLabels(invalid, rules, "invalid")
        let labelled = Set(invalid.labels.map { ValidationSummary.foldIndices($0.field) + " " + $0.rule })
        for expected in ["drivers[].documents[].number regex", "drivers[].documents[].issued min",
                         "drivers[].documents[].issuer visibility", "drivers[].documents[].type required",
                         "drivers[].documents type"] {
            XCTAssertTrue(labelled.contains(expected), "no \(expected) defect in \(labelled.sorted())")
        }
        XCTAssertTrue(invalid.labels.contains { $0.field.hasPrefix("drivers[1].documents[") }, "\(invalid.labels)")
        let folder = try ScratchFolder()
        let csv = try generate(rules, GenerationOptions(count: 200, seed: 5, format: .csv, invalidRate: 0.5), filtered: true)
        assertDiscardsOnly(csv, Self.assertionDiscards)
        XCTAssertTrue(csv.text.hasPrefix("id,drivers.0.name,drivers.0.birthDate,drivers.0.documents.0.type,"
                                         + "drivers.0.documents.0.number,"), String(csv.text.prefix(300)))
        let run = try runBatch([folder.write("generated.csv", csv.bytes)], rules: rules)
        XCTAssertEqual(outline(run.results).sorted(), csv.labels.map { "\($0.line): \($0.field) \($0.rule)" }.sorted())
    }

    func testThreeLevelsAreGeneratedValidAndLabelledInvalidInJSONAndCSV() throws {
        let rules = try compileRules(Self.deepRules)
        let json = try generate(rules, GenerationOptions(count: 150, seed: 6, invalidRate: 0.6))
        assertMatchesLabels(json, rules, "deep")
        XCTAssertTrue(json.labels.contains { $0.field.contains("].pages[") }, "\(json.labels)")
        let folder = try ScratchFolder()
        let csv = try generate(rules, GenerationOptions(count: 150, seed: 7, format: .csv, invalidRate: 0.6))
        XCTAssertTrue(csv.text.contains(",drivers.1.papers.documents.1.pages.2.stamped"), String(csv.text.prefix(200)))
        let run = try runBatch([folder.write("deep.csv", csv.bytes)], rules: rules)
        XCTAssertEqual(outline(run.results).sorted(), csv.labels.map { "\($0.line): \($0.field) \($0.rule)" }.sorted())
    }

    func testFillsCountInnerItemsOverEveryEnclosingItem() throws {
        var options = ValidationOptions(jobs: 1)
        options.countsFills = true
        let run = try runBatch([fixturePath("valid.jsonl")], rules: try Self.rules(), options: options)
        let entries = Dictionary(uniqueKeysWithValues: (run.summary.fills?.entries ?? []).map { ($0.field, $0) })
        // v1: one driver with 2 documents (1 passport); v2: two drivers with 1 document each (1 passport).
        XCTAssertEqual(entries["drivers[].documents"]?.filled, 3)
        XCTAssertEqual(entries["drivers[].documents[].number"].map { [$0.filled, $0.places] }, [4, 4])
        XCTAssertEqual(entries["drivers[].documents[].issuer"].map { [$0.filled, $0.places] }, [2, 4])
    }

    private func fixturePath(_ file: String) -> String { Self.fixture.appendingPathComponent(file).path }
}
