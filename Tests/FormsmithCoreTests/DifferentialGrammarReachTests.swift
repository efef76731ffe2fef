@testable import FormsmithCore
import FormsmithReference
import XCTest

/// How much of the rules language the differential test's random forms reach
/// (`RandomForm`), counted over 1,000 forms: every value-check key the registry declares, every
/// operator and function of the expression language (the rules' own and NSPredicate's), and the
/// shapes issue 34 found no test reaching. What is not reached yet is listed here by name,
/// so the test fails both when the reach shrinks (a shape drops out of the grammar) and when
/// a listed gap is closed (take it off the list).
final class DifferentialGrammarReachTests: XCTestCase {
    static let forms = 1_000

    /// Value-check keys the random forms do not write yet.
    static let keysNotReached: Set<String> = []

    /// The expression language's tokens, by name, with a pattern that finds each in a form's text.
    static let tokens: [(name: String, pattern: String)] = [
        ("||", #"\|\|"#), ("&&", "&&"), ("==", " == "), ("!=", " != "), ("<", " < "), ("<=", " <= "),
        (">", " > "), (">=", " >= "), ("+", #" \+ "#), ("-", " - "), ("unary -", #"[(\s]-[a-z]"#), ("!", #"[\s"(]![a-z(]"#),
        ("in [...]", #" in \["#), ("... in list", #"' in [a-z]"#), ("not in", " not in "), ("today", #"\btoday\b"#),
        ("null", #"\bnull\b"#), ("true", #"== true\b"#), ("false", #"== false\b"#),
        ("empty()", #"empty\("#), ("present()", #"present\("#), ("count()", #"count\("#), ("year()", #"year\("#),
        ("month()", #"month\("#), ("day()", #"day\("#), ("date()", #"\bdate\("#),
        ("AND", " AND "), ("OR", " OR "), ("and", " and "), ("NOT", #"\bNOT "#), ("BEGINSWITH", " BEGINSWITH "),
        ("ENDSWITH", " ENDSWITH "), ("CONTAINS", " CONTAINS '"), ("CONTAINS[c]", #" CONTAINS\[c\] "#),
        ("MATCHES", " MATCHES "), ("LIKE[c]", #" LIKE\[c\] "#), ("LIKE", " LIKE '"), ("BETWEEN", " BETWEEN "),
        ("IN {}", #" IN \{"#), ("NOT IN", " NOT IN "), ("YES", #"\bYES\b"#), ("NO", #"\bNO\b"#), ("TRUE", #"\bTRUE\b"#),
        ("NULL", #"\bNULL\b"#), ("=<", " =< "), ("= (NSPredicate)", #"\$[\w.]+ = "#),
    ]

    /// Tokens of the language the random forms do not write yet.
    static let tokensNotReached: Set<String> = []

    /// The shapes issue 34 named: slips there survived every test.
    static let namedShapes: [(name: String, pattern: String)] = [
        ("plain CONTAINS on a text field", #"\$[\w.\[\]]*\b[sx]\d+ CONTAINS '"#),
        ("an exclusive decimal bound between two grid points", #"fractionDigits: 1, exclusiveMin: 0\.55"#),
        ("plain LIKE on a text field", #"\$[\w.\[\]]*\b[sx]\d+ LIKE '"#),
    ]

    /// The CSV cell shapes README.md's "CSV input" describes, by hand, each with a cell of that
    /// shape: the differential test writes each into generated rows (``PlainCSV/rewrittenCells``).
    static let cellShapes: [(name: String, cell: String)] = [
        ("empty cell", ""), ("integer", "12"), ("negative", "-3"), ("plain decimal", "0.25"), ("boolean", "true"),
        ("date", "2001-02-03"), ("exponent (a type error)", "1e3"), ("capital exponent", "2.5E2"),
        ("multi-choice", "ab;cd"), ("empty choice after", "red;"), ("empty choice before", ";red"),
        ("only an empty choice", ";"), ("a quote inside", "say \"hi\""),
    ]

    func testTheDifferentialCSVRowsHoldEveryCellShape() {
        let written = Set(PlainCSV.rewrittenCells)
        let missing = Self.cellShapes.filter { !written.contains($0.cell) }.map(\.name)
        XCTAssertEqual(missing, [], "cell shapes the differential test never writes into a CSV row")
    }

    func testTheRandomFormsReachTheLanguage() throws {
        var keyCounts: [String: Int] = [:], tokenCounts: [String: Int] = [:], shapeCounts: [String: Int] = [:]
        let keys = CheckKind.allKeys.map(\.name)
        for seed in 0..<UInt64(Self.forms) {
            let text = RandomForm(seed: seed, readsFiles: true).text
            for key in keys where text.range(of: #"[{\s,]"# + key + ":", options: .regularExpression) != nil {
                keyCounts[key, default: 0] += 1
            }
            for token in Self.tokens where text.range(of: token.pattern, options: .regularExpression) != nil {
                tokenCounts[token.name, default: 0] += 1
            }
            for shape in Self.namedShapes where text.range(of: shape.pattern, options: .regularExpression) != nil {
                shapeCounts[shape.name, default: 0] += 1
            }
        }
        let keysMissed = Set(keys).subtracting(keyCounts.keys)
        let tokensMissed = Set(Self.tokens.map(\.name)).subtracting(tokenCounts.keys)
        print("""
            grammar reach over \(Self.forms) forms: \(keyCounts.count) of \(keys.count) value-check keys \
            (not: \(keysMissed.sorted())), \(tokenCounts.count) of \(Self.tokens.count) expression tokens \
            (not: \(tokensMissed.sorted())); named shapes: \(shapeCounts)
            """)
        XCTAssertEqual(keysMissed.sorted(), Self.keysNotReached.sorted(), "value-check keys the random forms do not write")
        XCTAssertEqual(tokensMissed.sorted(), Self.tokensNotReached.sorted(), "expression tokens the random forms do not write")
        for shape in Self.namedShapes {
            XCTAssertGreaterThanOrEqual(shapeCounts[shape.name] ?? 0, 10, "\(shape.name): too rare in \(Self.forms) forms")
        }
    }
}
