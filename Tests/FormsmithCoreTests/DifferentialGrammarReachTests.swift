@testable import FormsmithCore
import FormsmithReference
import XCTest

/// How much of the rules language the differential test's random forms reach
/// (`RandomForm`), counted over 1,000 forms: every value-check key the registry declares, every
/// structural key of the rules schema (sections, lists, conditions, cases, assertions ...), every
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
        (">", " > "), (">=", " >= "), ("+", #" \+ "#), ("-", " - "), ("*", #" \* "#), ("/", " / "), ("mod", " mod "), ("unary -", #"[(\s]-[a-z]"#), ("!", #"[\s"(]![a-z(]"#),
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

    /// The keys of the rules schema that are not value-check keys, and its field types: the
    /// structure (`sections`,
    /// `visibleIf`, `cases`, `assert`, ...), read from the shipped schema
    /// (`schemas/formsmith-rules.schema.json`: the top level and its `definition`, `section`,
    /// `case` and `assertion` objects; `SchemaCommandTests` keeps it equal to `formsmith schema
    /// rules`).
    static func structuralKeys() throws -> [String] {
        let url = repositoryRoot.appendingPathComponent("schemas/formsmith-rules.schema.json")
        let schema = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let definitions = try XCTUnwrap(schema["$defs"] as? [String: Any])
        var keys: [String] = []
        let objects = [schema] + ["definition", "section", "case", "assertion"].compactMap { definitions[$0] as? [String: Any] }
        for object in objects {
            for key in ((object["properties"] as? [String: Any]) ?? [:]).keys.sorted() where !keys.contains(key) {
                keys.append(key)
            }
        }
        let valueCheckKeys = Set(CheckKind.allKeys.map(\.name))
        let types = try XCTUnwrap((definitions["fieldType"] as? [String: Any])?["enum"] as? [String])
        // Each field type as `type: X` (a section's sections are written under `sections:`).
        return keys.filter { !valueCheckKeys.contains($0) } + types.map { "type: \($0)" }
    }

    /// Structural keys (and field types, `type: X`) of the rules schema the random forms do not
    /// write yet, each with why.
    static let structuralKeysNotReached: [String: String] = [:]

    func testTheRandomFormsReachTheStructuralKeys() throws {
        let keys = try Self.structuralKeys()
        XCTAssertGreaterThan(keys.count, 20, "the schema's structural keys were not found: \(keys)")
        var counts: [String: Int] = [:]
        let patterns = keys.map { key in
            (key, try! NSRegularExpression(pattern: #"(^|[{\s,])"# + NSRegularExpression.escapedPattern(for: key)
                                               + (key.hasPrefix("type: ") ? #"[,}\s]"# : ":"),
                                           options: .anchorsMatchLines))
        }
        for seed in 0..<UInt64(Self.forms) {
            let text = RandomForm(seed: seed, readsFiles: true).text
            let range = NSRange(text.startIndex..., in: text)
            for (key, pattern) in patterns where pattern.firstMatch(in: text, range: range) != nil {
                counts[key, default: 0] += 1
            }
        }
        let missed = Set(keys).subtracting(counts.keys)
        print("structural reach over \(Self.forms) forms: \(counts.count) of \(keys.count) keys; counts: "
              + counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
              + "; not reached: \(missed.sorted())")
        XCTAssertEqual(missed.sorted(), Self.structuralKeysNotReached.keys.sorted(),
                       "structural keys of the rules schema the random forms do not write (or a listed gap now closed)")
    }

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
