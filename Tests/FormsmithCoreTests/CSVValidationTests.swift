import FormsmithCore
import Foundation
import XCTest

/// CSV questionnaires end to end through the batch validator: RFC 4180 details, the header,
/// list items from indexed columns, values read by the field's type, and line numbers.
final class CSVValidationTests: XCTestCase {
    static let rulesText = """
        id: csv-test
        fields:
          id: {type: string}
          active: {type: boolean}
        sections:
          person:
            fields:
              name: {type: string, maxLength: 20}
              age: {type: integer, min: 0, max: 150}
              born: {type: date, optional: true}
              tags: {type: multi-choice, values: [a, b, c], optional: true}
          pets:
            type: list
            optional: true
            maxItems: 2
            fields:
              kind: {type: enum, values: [cat, dog]}
              name: {type: string, optional: true}
        """
    static let header = "id,active,person.name,person.age,person.born,person.tags,pets.0.kind,pets.0.name,pets.1.kind,pets.1.name"

    private var folder: ScratchFolder!
    private var rules: CompiledRuleSet!

    override func setUpWithError() throws {
        folder = try ScratchFolder()
        rules = try compileRules(Self.rulesText)
    }

    private func run(_ text: String, options: ValidationOptions = ValidationOptions(jobs: 1)) throws -> RunRecord {
        try runBatch([folder.write("data.csv", text)], rules: rules, options: options)
    }

    func testValuesAreReadByTheFieldsTypeAndAnEmptyCellIsAbsent() throws {
        let run = try run("""
            \(Self.header)
            Q1,true,Ann,42,2001-02-03,a;c,cat,Tom,,
            Q2,yes,Bob,forty,2001-02-30,a;d;a,,,,
            Q3,false,,7.5,,,,,,
            """)
        XCTAssertEqual([run.summary.records, run.summary.valid, run.summary.invalid], [3, 1, 2])
        XCTAssertEqual(outline(run.results), [
            "3: active type", "3: person.age type", "3: person.born type", "3: person.tags enum", "3: person.tags unique",
            "4: person.name required", "4: person.age type",
        ])
        let messages = run.results[0].violations.map { "\($0.message) \($0.value ?? "-")" }
        XCTAssertEqual(messages[0], "must be true or false, not a string yes")
        XCTAssertEqual(messages[1], "must be a whole number, not a string forty")
        XCTAssertEqual(run.results[0].id, "Q2")
    }

    func testQuotedFieldsDoubledQuotesAndLineBreaksInsideQuotesKeepPhysicalLines() throws {
        let run = try run("""
            \(Self.header)
            "Q1","true","Ann ""the"" Great of York",42,,,,,,
            Q2,true,"Two
            lines, and a comma",200,,,,,,
            Q3,true,Cy,-1,,,,,,
            """)
        XCTAssertEqual(outline(run.results), [
            "2: person.name max-length", "3: person.name max-length", "3: person.age max", "5: person.age min",
        ])
        XCTAssertEqual(run.results[0].violations[0].value, "Ann \"the\" Great of York")
        XCTAssertEqual(run.results[1].violations[0].value, "Two\nlines, and a comma")
    }

    func testAByteOrderMarkAndCRLFLineBreaksAreRead() throws {
        let text = "\u{FEFF}\(Self.header)\r\nQ1,true,Ann,42,,,,,,\r\nQ2,true,Bob,999,,,,,,\r\n"
        let run = try run(text)
        XCTAssertEqual(run.summary.records, 2)
        XCTAssertEqual(outline(run.results), ["3: person.age max"])
    }

    func testRaggedAndMalformedRowsAreUnreadableAndTheFileGoesOn() throws {
        let run = try run("""
            \(Self.header)
            Q1,true,Ann,42,,,,,
            Q2,true,Bo"b,42,,,,,,
            Q3,true,Cy,42,,,,,,,,
            Q4,true,Dan,200,,,,,,
            """)
        XCTAssertEqual([run.summary.records, run.summary.unreadable, run.summary.invalid], [4, 3, 1])
        XCTAssertEqual(run.results.map(\.location.line), [2, 3, 4, 5])
        XCTAssertEqual(run.results[0].unreadable?.hasPrefix("line 2: the row has 9 fields but the header has 10 columns"),
                       true, run.results[0].unreadable ?? "")
        XCTAssertEqual(run.results[1].unreadable?.hasPrefix("line 3, column 3 (person.name): a quote (\") inside an unquoted field"),
                       true, run.results[1].unreadable ?? "")
        XCTAssertEqual(run.results[2].unreadable?.hasPrefix("line 4: the row has 12 fields"), true)
        XCTAssertEqual(outline([run.results[3]]), ["5: person.age max"])
    }

    func testListItemsComeFromIndexedColumnsAndAGapIsAnEmptyItem() throws {
        let run = try run("""
            \(Self.header)
            Q1,true,Ann,42,,,cat,,dog,Rex
            Q2,true,Bob,42,,,,,dog,Rex
            Q3,true,Cy,42,,,,Tom,,
            Q4,true,Dan,42,,,fish,,,
            """)
        XCTAssertEqual(outline(run.results), ["3: pets[0].kind required", "4: pets[0].kind required", "5: pets[0].kind enum"])
    }

    func testHeaderProblemsAreReportedOnceAndCountAsOneUnreadableRecord() throws {
        let header = "id,active,person.name,person.nmae,person.name,pets.0.kind,pets.2.kind,pets,pets.01.kind,person"
        let run = try run("""
            \(header)
            Q1,true,Ann,x,y,cat,dog,,,
            Q2,true,Bob,x,y,cat,,,,
            """)
        let headerResult = try XCTUnwrap(run.results.first)
        XCTAssertEqual(headerResult.location.line, 1)
        XCTAssertNotNil(headerResult.unreadable)
        XCTAssertEqual(headerResult.violations.map { "\($0.field) \($0.rule)" }, [
            "person.nmae unknown-field", "person.name duplicate-field", "pets unknown-field",
            "pets.01.kind unknown-field", "person unknown-field", "pets max-items", "person.age required",
        ])
        let messages = headerResult.violations.map(\.message)
        XCTAssertTrue(messages[0].contains("(did you mean 'person.name'?)"), messages[0])
        XCTAssertTrue(messages[1].contains("column 5 repeats the name of column 3"), messages[1])
        XCTAssertTrue(messages[6].contains("add a column named 'person.age'"), messages[6])
        // The rows are validated with the usable columns: item 2 of pets is bound (max-items).
        XCTAssertEqual(outline(Array(run.results.dropFirst())), [
            "2: person.age required", "2: pets max-items", "2: pets[1].kind required", "3: person.age required",
        ])
        XCTAssertEqual([run.summary.records, run.summary.unreadable, run.summary.invalid], [3, 1, 2])
    }

    func testABrokenHeaderStopsTheFileAndAnEmptyFileIsUnreadable() throws {
        let broken = try run("id,\"active\"x,person.name\nQ1,true,Ann\n")
        XCTAssertEqual(outline(broken.results), [
            "1: unreadable: line 1, column 2: characters after the closing quote of a quoted field; end the field "
                + "right after its closing quote, or double the quote (\"\") if it belongs to the text; this is the "
                + "header row, so the file was not read",
        ])
        let empty = try run("\n\n")
        XCTAssertEqual(outline(empty.results), [
            "1: unreadable: the file is empty: a CSV file starts with a header row naming the columns",
        ])
        let headerOnly = try run(Self.header + "\n")
        XCTAssertEqual(headerOnly.summary.records, 0)
    }

    func testSemicolonAndTabDelimiters() throws {
        for dialect in [CSVDialect.semicolon, .tab] {
            let separator = String(UnicodeScalar(dialect.delimiter))
            let text = Self.header.replacingOccurrences(of: ",", with: separator) + "\n"
                + ["Q1", "true", "Ann, Jr", "420", "", "\"a;b\"", "", "", "", ""].joined(separator: separator) + "\n"
            let run = try run(text, options: ValidationOptions(jobs: 1, csvDialect: dialect))
            XCTAssertEqual(outline(run.results), ["2: person.age max"], separator)
        }
    }

    func testChunksAndJobsDoNotChangeTheResults() throws {
        var text = Self.header + "\n"
        for index in 0..<2000 {
            let name = index % 5 == 0 ? "\"Line\nbreak \(index)\"" : index % 7 == 0 ? "\"A \"\"q\"\"\"" : "N\(index)"
            let age = index % 11 == 0 ? "x" : String(index % 200)
            text += "Q\(index),true,\(name),\(age),,,\(index % 13 == 0 ? "cow" : "cat"),,,\n"
        }
        let whole = try run(text)
        let small = InputLimits(chunkBytes: 512)
        let chunked = try run(text, options: ValidationOptions(jobs: 1, inputLimits: small))
        let parallel = try run(text, options: ValidationOptions(jobs: 4, inputLimits: small))
        XCTAssertEqual(whole.summary.records, 2000)
        XCTAssertGreaterThan(whole.summary.invalid, 100)
        XCTAssertEqual(chunked.results, whole.results)
        XCTAssertEqual(parallel.results, whole.results)
        XCTAssertEqual(parallel.summary, whole.summary)
        // Each row starts one line after the previous row's line breaks.
        XCTAssertEqual(whole.results.first { $0.id == "Q11" }?.location.line, 2 + 11 + 3)
    }

    func testARowLongerThanTheRecordLimitIsSkippedAndLinesStayRight() throws {
        let long = String(repeating: "x", count: 5000)
        let text = """
            \(Self.header)
            Q1,true,Ann,42,,,,,,
            Q2,true,"\(long)
            \(long)",42,,,,,,
            Q3,true,Cy,999,,,,,,
            """
        let limits = InputLimits(maxRecordBytes: 2048, chunkBytes: 1024)
        let run = try run(text, options: ValidationOptions(jobs: 1, inputLimits: limits))
        XCTAssertEqual(outline(run.results), [
            "3: unreadable: line 3: the row is longer than 2048 bytes; it was skipped (an unclosed quote makes "
                + "the rest of the file one row)",
            "5: person.age max",
        ])
        XCTAssertEqual(run.summary.records, 3)
    }
}
