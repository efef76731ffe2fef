@testable import FormsmithCore
import Foundation
import XCTest

/// The key table of `docs/rules.md` is generated from the keys' declarations (``RuleKeyTable``),
/// shipped as generated, and has a documented row for every key the loader accepts.
final class RuleKeyTableTests: XCTestCase {
    private var document: URL { repositoryRoot.appendingPathComponent(RuleKeyTable.documentPath) }

    /// FORMSMITH_UPDATE_GOLDEN=1 rewrites the table instead.
    func testDocsTableIsTheGeneratedOne() throws {
        let text = try String(contentsOf: document, encoding: .utf8)
        let updated = try XCTUnwrap(RuleKeyTable.updating(text), "docs/rules.md lacks the table's marker comments")
        if ProcessInfo.processInfo.environment["FORMSMITH_UPDATE_GOLDEN"] == "1", updated != text {
            try updated.write(to: document, atomically: true, encoding: .utf8)
            return
        }
        XCTAssertEqual(try table(in: text), RuleKeyTable.markdown(), "docs/rules.md's key table is stale: run "
                       + "FORMSMITH_UPDATE_GOLDEN=1 swift test --filter RuleKeyTableTests")
    }

    /// The rows as they stand in the file: a key added to the loader without a declared,
    /// documented key has no row here, and fails.
    func testEveryValueKeyTheLoaderAcceptsHasADocumentedRow() throws {
        let rows = try tableRows()
        let keys = rows.map { String($0[0].dropFirst().dropLast()) }
        XCTAssertEqual(keys.count, Set(keys).count, "a key has two rows: \(keys)")
        XCTAssertEqual(Set(keys), Set(RulesLoader.constraintKeys).subtracting(["messages"]))
        for row in rows {
            XCTAssertEqual(row.count, 4, "\(row)")
            XCTAssertFalse(row[1].isEmpty, "\(row[0]) applies to no type")
            XCTAssertGreaterThan(row[3].count, 20, "\(row[0]) has no meaning worth the name")
        }
    }

    /// Rows written out by hand from the declarations in `LengthCheck.swift`, `RangeCheck.swift`
    /// and `ValuesCheck.swift`.
    func testRowsSayTypesShapeAndMeaning() throws {
        let rows = try tableRows().map { "| " + $0.joined(separator: " | ") + " |" }
        XCTAssertTrue(rows.contains("| `minLength` | string, text | a whole number, 0 or more | The fewest characters "
                                    + "(Unicode scalars) of a string or text (rule min-length). |"), "\(rows)")
        XCTAssertTrue(rows.contains("| `exclusiveMin` | integer, decimal, date | a number, a date or an expression | "
                                    + "The exclusive lower bound (rule min): exclusiveMin: 0 means greater than 0. |"))
        XCTAssertTrue(rows.contains("| `values` | enum, multi-choice | a list of values | The allowed values of an "
                                    + "enum or multi-choice field (rule enum): [a, b] or [3, 6, 12]. |"))
    }

    /// The schema's description of a key is the table's meaning (one declaration for both).
    func testSchemaAndTableSayTheSame() throws {
        let rows = try tableRows()
        let properties = try XCTUnwrap(RulesSchema.document()["$defs"]?["definition"]?["properties"])
        for row in rows {
            let key = String(row[0].dropFirst().dropLast())
            guard case .string(let description)? = properties[key]?["description"] else {
                XCTFail("no schema description of \(key)")
                continue
            }
            XCTAssertTrue(description.hasPrefix(row[3].replacingOccurrences(of: "\\|", with: "|")), key)
        }
    }

    /// The lines between the table's marker comments in `text`.
    private func table(in text: String) throws -> String {
        let start = try XCTUnwrap(text.range(of: RuleKeyTable.begin + "\n"), "no table start marker")
        let stop = try XCTUnwrap(text.range(of: RuleKeyTable.end, range: start.upperBound..<text.endIndex),
                                 "no table end marker")
        return String(text[start.upperBound..<stop.lowerBound])
    }

    /// The cells of each row of the table in the file, header and rule lines left out.
    private func tableRows() throws -> [[String]] {
        let text = try String(contentsOf: document, encoding: .utf8)
        return try table(in: text).split(separator: "\n").dropFirst(2).map { line in
            line.dropFirst(2).dropLast(2).components(separatedBy: " | ")
        }
    }
}
