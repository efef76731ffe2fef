@testable import FormsmithCore
import XCTest

/// Objects inside list items (`type: section` among a list's fields): concrete report paths,
/// bounds and conditions that read the enclosing item, CSV columns, generation.
final class NestedObjectTests: XCTestCase {
    static let rulesText = """
        id: nested
        fields:
          id: {type: string}
        sections:
          drivers:
            type: list
            minItems: 1
            maxItems: 3
            fields:
              name: {type: string}
              birthDate: {type: date, max: today-18y}
              hasAddress: {type: boolean}
              address:
                type: section
                visibleIf: drivers[].hasAddress
                fields:
                  city: {type: string}
                  street: {type: string, optional: true}
                  since: {type: date, optional: true, min: "drivers[].birthDate + 14y"}
              alias:
                type: section
                optional: true
                complete: true
                fields:
                  first: {type: string, optional: true}
                  last: {type: string, optional: true}
            assert:
              - {that: "drivers[].address.city != 'Nowhere'", message: no such city, field: "drivers[].address.city"}
        """

    private func check(_ drivers: String, _ expected: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let rules = try compileRules(Self.rulesText)
        let json = #"{"id": "q", "drivers": [\#(drivers)]}"#
        XCTAssertEqual(pairs(validate(json, against: rules)), expected, json, file: file, line: line)
    }

    static let adult = #""name": "A", "birthDate": "1990-01-01""#

    func testAnObjectInAnItemIsCheckedWithConcretePaths() throws {
        try check(#"{\#(Self.adult), "hasAddress": true, "address": {"city": "Kazan", "since": "2004-01-01"}}"#, [])
        try check(#"{\#(Self.adult), "hasAddress": false}, {\#(Self.adult), "hasAddress": true, "address": {}}"#,
                  ["drivers[1].address.city required"])
        try check(#"{\#(Self.adult), "hasAddress": false, "address": {"city": "Kazan"}}"#,
                  ["drivers[0].address.city visibility"])
        try check(#"{\#(Self.adult), "hasAddress": true, "address": "Kazan"}"#, ["drivers[0].address type"])
        try check(#"{\#(Self.adult), "hasAddress": true, "address": {"city": "Kazan", "zip": 1}}"#,
                  ["drivers[0].address.zip unknown-field"])
        try check(#"{\#(Self.adult), "hasAddress": true, "address": {"city": "Nowhere"}}"#,
                  ["drivers[0].address.city assert"])
    }

    func testABoundReadsTheEnclosingItem() throws {
        // since >= birthDate + 14y of the same driver.
        try check(#"{\#(Self.adult), "hasAddress": true, "address": {"city": "K", "since": "2003-12-31"}}"#,
                  ["drivers[0].address.since min"])
        try check(#"{"name": "B", "birthDate": "1970-01-01", "hasAddress": true, "address": {"city": "K", "since": "1990-01-01"}},"#
                  + #"{\#(Self.adult), "hasAddress": true, "address": {"city": "K", "since": "1990-01-01"}}"#,
                  ["drivers[1].address.since min"])
    }

    func testAnAllOrNoneObjectInAnItem() throws {
        let rules = try compileRules(Self.rulesText)
        let result = validate(#"{"id": "q", "drivers": [{\#(Self.adult), "hasAddress": false, "alias": {"first": "X"}}]}"#,
                              against: rules)
        XCTAssertEqual(pairs(result), ["drivers[0].alias.last incomplete-group"])
        XCTAssertEqual(result.violations.first?.message,
                       "must be filled: section 'drivers[0].alias' is all or none (complete: true) and first is "
                       + "filled; fill it or leave the whole section empty")
    }

    func testCSVColumnsNameTheObjectInsideTheItem() throws {
        let folder = try ScratchFolder()
        let rules = try compileRules(Self.rulesText)
        let csv = """
            id,drivers.0.name,drivers.0.birthDate,drivers.0.hasAddress,drivers.0.address.city,drivers.1.name,drivers.1.birthDate,drivers.1.hasAddress,drivers.1.address.city
            q1,A,1990-01-01,true,Kazan,B,1990-01-01,false,
            q2,A,1990-01-01,false,Kazan,B,1990-01-01,true,

            """
        let run = try runBatch([folder.write("nested.csv", csv)], rules: rules)
        XCTAssertEqual(outline(run.results), ["3: drivers[0].address.city visibility", "3: drivers[1].address.city required"])
        let resolver = CSVColumnResolver(rules: rules)
        guard case .unknown(let message) = resolver.resolve("drivers.0.address.town") else {
            return XCTFail("an unknown nested column resolves")
        }
        XCTAssertTrue(message.contains("did you mean 'address.city'"), message)
    }

    func testGeneratedQuestionnairesAreValidAndDefectsAreLabelledInJSONAndCSV() throws {
        let rules = try compileRules(Self.rulesText)
        let valid = try generate(rules, GenerationOptions(count: 200, seed: 3))
        assertMatchesLabels(valid, rules, "valid")
        let drivers = valid.objects.flatMap { ($0["drivers"] as? [[String: Any]]) ?? [] }
        XCTAssertTrue(drivers.contains { ($0["address"] as? [String: Any])?["city"] != nil })
        XCTAssertTrue(drivers.contains { $0["address"] == nil })
        let invalid = try generate(rules, GenerationOptions(count: 300, seed: 4, invalidRate: 1))
        assertMatchesLabels(invalid, rules, "invalid")
        let labelled = Set(invalid.labels.map { ValidationSummary.foldIndices($0.field) + " " + $0.rule })
        for expected in ["drivers[].address.city visibility", "drivers[].address.city required",
                         "drivers[].alias.last incomplete-group", "drivers[].address.since min"] {
            XCTAssertTrue(labelled.contains(expected), "no \(expected) defect in \(labelled.sorted())")
        }
        let folder = try ScratchFolder()
        let csv = try generate(rules, GenerationOptions(count: 200, seed: 5, format: .csv, invalidRate: 0.5))
        XCTAssertTrue(csv.text.hasPrefix("id,drivers.0.name,drivers.0.birthDate,drivers.0.hasAddress,drivers.0.address.city,"))
        let run = try runBatch([folder.write("generated.csv", csv.bytes)], rules: rules)
        XCTAssertEqual(outline(run.results).sorted(), csv.labels.map { "\($0.line): \($0.field) \($0.rule)" }.sorted())
    }

    func testObjectsNestInSectionsWithDottedPathsAndColumns() throws {
        let rules = try compileRules("""
            id: deep
            sections:
              insurant:
                fields:
                  name: {type: string}
                  address:
                    type: section
                    optional: true
                    fields:
                      city: {type: string}
                      flat: {type: integer, optional: true, min: 1}
            """)
        XCTAssertEqual(pairs(validate(#"{"insurant": {"name": "A"}}"#, against: rules)), [])
        XCTAssertEqual(pairs(validate(#"{"insurant": {"name": "A", "address": {"flat": 0}}}"#, against: rules)),
                       ["insurant.address.city required", "insurant.address.flat min"])
        let folder = try ScratchFolder()
        let run = try runBatch([folder.write("deep.csv", "insurant.name,insurant.address.city\nA,\nB,Kazan\n")], rules: rules)
        XCTAssertEqual(outline(run.results), [])
        XCTAssertTrue(CSVColumnResolver(rules: rules).resolve("insurant.address.flat") == .field(rules.fieldIDs["insurant.address.flat"]!))
    }
}
