@testable import FormsmithCore
import Foundation
import XCTest

/// The validator's plain-value plan only decides that values pass; it must never change a
/// verdict. Every questionnaire here is validated twice, with the plan deciding and with the
/// declarative checks alone, and the results must be identical: the sample data, thousands of
/// seeded mutations of it (wrong types, edge values, removed and emptied members, escapes), and
/// the check catalog's examples.
final class PlanEquivalenceTests: XCTestCase {
    static let ruleSets = ["osago-policy", "payment-order", "customer-survey"]

    /// Validates each record, and `mutationsPerRecord` seeded mutations of each JSON object among
    /// them, with and without the plan; returns how many mutations were compared and how many of
    /// them were invalid (so a caller can check the mutations really break rules).
    private func compareRecordsAndMutations(_ records: [String], _ rules: CompiledRuleSet, mutationsPerRecord: Int,
                                            random: inout SeededRandom) throws -> (compared: Int, invalid: Int) {
        let pools = Self.leafValues(records.compactMap(Self.object))
        var compared = 0
        var invalid = 0
        for record in records {
            try assertSameResults(record, rules)
            guard let object = Self.object(record) else { continue }
            for _ in 0..<mutationsPerRecord {
                let mutated = Self.mutate(object, pools: pools, random: &random)
                let text = String(decoding: try JSONSerialization.data(withJSONObject: mutated), as: UTF8.self)
                if try !assertSameResults(text, rules) { invalid += 1 }
                compared += 1
            }
        }
        return (compared, invalid)
    }

    func testSampleDataAndMutationsGetTheSameResultsWithAndWithoutThePlan() throws {
        var random = SeededRandom(seed: 20261122)
        for name in Self.ruleSets {
            let rules = try RulesLoader.load(path: repositoryRoot.appendingPathComponent("Rules/\(name).yaml").path,
                                             today: testToday)
            let (compared, invalid) = try compareRecordsAndMutations(try Self.records(of: name), rules,
                                                                     mutationsPerRecord: 60, random: &random)
            XCTAssertGreaterThan(compared, 1000, name)
            XCTAssertGreaterThan(invalid, compared / 4, "\(name): the mutations should break rules")
        }
    }

    /// The same comparison for CSV input: every row of the CSV sample data, and rows with one
    /// cell replaced by an edge value, another row's cell, or emptied (an absent value).
    func testCSVSampleDataAndMutatedCellsGetTheSameResultsWithAndWithoutThePlan() throws {
        var random = SeededRandom(seed: 20261125)
        for name in Self.ruleSets {
            let rules = try RulesLoader.load(path: repositoryRoot.appendingPathComponent("Rules/\(name).yaml").path,
                                             today: testToday)
            let text = try String(contentsOf: repositoryRoot.appendingPathComponent("SampleData/csv/\(name).csv"),
                                  encoding: .utf8)
            let rows = readExpectedRows(text).map(\.fields)
            let header = rows[0]
            let body = Array(rows.dropFirst())
            let pool = body.flatMap { $0 }.filter { !$0.isEmpty }
            let edges = Self.edgeValues.compactMap { value -> String? in
                switch value {
                case let text as String: return text
                case let number as NSNumber: return number.stringValue
                default: return nil
                }
            }
            var compared = 0
            var invalid = 0
            for row in body {
                try assertSameCSVResults(header: header, row: row, rules)
                for _ in 0..<25 {
                    var mutated = row
                    let column = random.int(in: 0...(row.count - 1))
                    switch random.int(in: 0...9) {
                    case 0...1: mutated[column] = ""
                    case 2...4: mutated[column] = pool[random.int(in: 0...(pool.count - 1))]
                    default: mutated[column] = edges[random.int(in: 0...(edges.count - 1))]
                    }
                    if try !assertSameCSVResults(header: header, row: mutated, rules) { invalid += 1 }
                    compared += 1
                }
            }
            XCTAssertGreaterThan(compared, 900, name)
            XCTAssertGreaterThan(invalid, compared / 4, "\(name): the mutations should break rules")
        }
    }

    /// Lists inside list items: the nested-lists fixture's questionnaires and their mutations
    /// (inner items' members replaced, removed, emptied) agree in JSON and CSV.
    func testNestedListsGetTheSameResultsWithAndWithoutThePlan() throws {
        var random = SeededRandom(seed: 20261126)
        let rules = try NestedListTests.rules()
        let records = try NestedListTests.lines("valid.jsonl") + NestedListTests.lines("invalid.jsonl")
        let (compared, invalid) = try compareRecordsAndMutations(records, rules, mutationsPerRecord: 300,
                                                                 random: &random)
        XCTAssertGreaterThan(invalid, compared / 4, "the mutations should break rules")
        for file in ["valid.csv", "invalid.csv"] {
            let rows = readExpectedRows(try NestedListTests.lines(file).joined(separator: "\n") + "\n").map(\.fields)
            let body = Array(rows.dropFirst())
            let pool = body.flatMap { $0 }.filter { !$0.isEmpty } + ["", "x", "2030-01-01", "0", "passport"]
            for row in body {
                try assertSameCSVResults(header: rows[0], row: row, rules)
                for _ in 0..<200 {
                    var mutated = row
                    mutated[random.int(in: 0...(row.count - 1))] = pool[random.int(in: 0...(pool.count - 1))]
                    try assertSameCSVResults(header: rows[0], row: mutated, rules)
                }
            }
        }
    }

    /// Lists inside list items whose items have a different number of fields at each level (the
    /// shapes of NestedListShapeCommandTests, up to three deep) and their mutations agree. Agreement
    /// alone cannot show the items are read right (both paths share the binding); the CLI tests
    /// check hand-worked verdicts.
    func testNestedListsOfDifferentItemSizesGetTheSameResultsWithAndWithoutThePlan() throws {
        var random = SeededRandom(seed: 20261127)
        let folder = repositoryRoot.appendingPathComponent("Tests/FormsmithCLITests/Fixtures/nested-shapes")
        for shape in ["inner-narrower", "inner-wider", "three-deep"] {
            let rules = try RulesLoader.load(path: folder.appendingPathComponent("\(shape).yaml").path, today: testToday)
            let records = try String(contentsOf: folder.appendingPathComponent("\(shape).jsonl"), encoding: .utf8)
                .split(separator: "\n").map(String.init)
            let (compared, invalid) = try compareRecordsAndMutations(records, rules, mutationsPerRecord: 200,
                                                                     random: &random)
            XCTAssertGreaterThan(invalid, compared / 4, "\(shape): the mutations should break rules")
        }
    }

    func testCheckCatalogExamplesGetTheSameResultsWithAndWithoutThePlan() throws {
        for check in CheckCatalog.all {
            let rules = try compileRules(check.exampleRules)
            for value in check.passing + check.failing {
                try assertSameResults(check.exampleQuestionnaire(value), rules)
            }
        }
    }

    /// Every shape the plan evaluates itself (a flag, its negation, text equality either way
    /// round, a date shifted by a duration either way round), with the fields they read absent,
    /// null, valid and invalid.
    func testExpressionShapesGetTheSameResultsWithAndWithoutThePlan() throws {
        let rules = try compileRules("""
            id: shapes
            fields:
              flag: {type: boolean, optional: true}
              kind: {type: enum, values: [a, b], optional: true}
              name: {type: string, optional: true, regex: '[a-z]+'}
              born: {type: date, optional: true, max: today}
              shown: {type: string, optional: true, visibleIf: flag}
              hidden: {type: string, optional: true, visibleIf: "!flag"}
              needed: {type: string, requiredIf: "kind == 'a'"}
              other: {type: string, requiredIf: "'b' != kind"}
              named: {type: string, requiredIf: "name == 'x'"}
              later: {type: date, optional: true, min: born + 18y}
              earlier: {type: date, optional: true, max: 1y + born}
            """)
        let flags = [nil, "true", "false", "\"yes\"", "null"]
        let kinds = [nil, "\"a\"", "\"b\"", "\"c\"", "1"]
        let names = [nil, "\"x\"", "\"y\"", "\"X\"", "\"\""]
        let births = [nil, "\"2000-01-31\"", "\"2000-02-30\"", "\"2030-01-01\""]
        let dependents = ["", ", \"shown\": \"s\", \"hidden\": \"h\", \"needed\": \"n\", \"other\": \"o\", "
                              + "\"named\": \"m\", \"later\": \"2018-01-31\", \"earlier\": \"2001-01-31\""]
        for flag in flags { for kind in kinds { for name in names { for born in births { for rest in dependents {
            var members: [String] = []
            for (key, value) in [("flag", flag), ("kind", kind), ("name", name), ("born", born)] {
                if let value { members.append("\"\(key)\": \(value)") }
            }
            try assertSameResults("{" + members.joined(separator: ", ") + (members.isEmpty ? String(rest.dropFirst(2)) : rest) + "}", rules)
        } } } } }
    }

    /// `field == 'text'` on CSV cells is compared byte for byte where they lie: plain and
    /// escaped cells, the text with a different form (a decomposed `é`), and bytes that are not
    /// UTF-8, which the expression reads as U+FFFD (so `\xFF` equals '\u{FFFD}'). Both ways
    /// must agree on every row; the valid ones are also checked against verdicts worked out by hand.
    func testCSVTextConditionsGetTheSameResultsWithAndWithoutThePlan() throws {
        let rules = try compileRules("""
            id: csvtext
            fields:
              kind: {type: string, optional: true}
              quoted: {type: string, requiredIf: "kind == 'a\\"b'"}
              accented: {type: string, requiredIf: "kind != 'é'"}
              replaced: {type: string, requiredIf: "'\u{FFFD}' == kind"}
            """)
        // 0 empty, 1 a, 2 "a""b", 3 é, 4 "é", 5 e + U+0301, 6 U+FFFD, 7 \xFF, 8 \xC3, 9 a\xFF.
        let kinds: [[UInt8]] = [
            [], Array("a".utf8), Array("\"a\"\"b\"".utf8), Array("é".utf8), Array("\"é\"".utf8),
            Array("e\u{301}".utf8), Array("\u{FFFD}".utf8), [0xFF], [0xC3], [0x61, 0xFF],
        ]
        var outcomes: [String: [String]] = [:]
        for (index, kind) in kinds.enumerated() {
            for dependents in [",,", "q,a,r"] {
                let text = Array("kind,quoted,accented,replaced\n".utf8) + kind + Array(",\(dependents)\n".utf8)
                outcomes["\(index) \(dependents)"] = try assertSameCSVResults(bytes: text, rules)
            }
        }
        // By hand: an empty kind is null (`null != 'é'` is true); `"a""b"` is the text a"b; a
        // decomposed é is not the text é (the bytes differ); a row with its dependents filled is valid.
        XCTAssertEqual(outcomes["0 ,,"], ["accented"])
        XCTAssertEqual(outcomes["1 ,,"], ["accented"])
        XCTAssertEqual(outcomes["2 ,,"], ["quoted", "accented"])
        XCTAssertEqual(outcomes["3 ,,"], [])
        XCTAssertEqual(outcomes["4 ,,"], [])
        XCTAssertEqual(outcomes["5 ,,"], ["accented"])
        XCTAssertEqual(outcomes["6 ,,"], ["accented", "replaced"])
        for index in 0...6 { XCTAssertEqual(outcomes["\(index) q,a,r"], [], "kind \(index)") }
    }

    /// `format: email` decided by the plan's one-pass reading: addresses it accepts, and ones it
    /// refuses that the declarative check words, as JSON members and CSV cells (escaped too).
    func testEmailAddressesGetTheSameResultsWithAndWithoutThePlan() throws {
        let rules = try compileRules("""
            id: mail
            fields:
              email: {type: string, format: email}
            """)
        let valid = ["anna.petrova@mail.ru", "o.grigoriev+osago@volga-insure.ru", "a@b.co", "x_1!#$%&'*/=?^`{|}~@a-b.c9"]
        let invalid = ["c737kb.@u.ru", ".6+Os@f8g.com", "anna..petrova@mail.ru", "oleg@example", "anna schmidt@example.de",
                       "a@b@c.ru", "@mail.ru", "a@", "a\"b@mail.ru", "a@mail.123", "a@-mail.ru", "a@mail..ru",
                       String(repeating: "a", count: 65) + "@mail.ru", "аня@mail.ru"]
        for (addresses, expected) in [(valid, true), (invalid, false)] {
            for address in addresses {
                let member = String(decoding: try JSONSerialization.data(withJSONObject: [address]), as: UTF8.self)
                let json = "{\"email\": " + member.dropFirst().dropLast() + "}"
                XCTAssertEqual(try assertSameResults(json, rules), expected, address)
                XCTAssertEqual(try assertSameCSVResults(header: ["email"], row: [address], rules), expected, address)
            }
        }
    }

    /// Date ranges: constant bounds compared as `yyyymmdd`, and `date + years/months` bounds
    /// shifted without day numbers (the day clamped to the month's end), next to the general way
    /// (a subtraction, a duration in days, one past 20,000 years). Both ways must agree on every combination;
    /// the month ends and leap days are also checked against verdicts worked out by hand.
    func testDateBoundsGetTheSameResultsWithAndWithoutThePlan() throws {
        let rules = try compileRules("""
            id: dates
            fields:
              born: {type: date, optional: true, min: 1900-03-01, max: today}
              adult: {type: date, optional: true, min: born + 18y, max: today}
              month: {type: date, optional: true, max: born + 1m}
              back: {type: date, optional: true, min: born - 13m}
              days: {type: date, optional: true, min: born + 60d}
              far: {type: date, optional: true, max: born + 20001y}
            """)
        let births = [nil, "2000-02-29", "2024-01-31", "2023-02-29", "1900-03-01", "1900-02-28", "2026-11-22",
                      "2026-11-23", "0001-01-01", "9999-12-31", "x"]
        let others = [nil, "2018-02-28", "2018-02-27", "2024-02-29", "2024-03-01", "2000-04-29", "2000-04-28",
                      "1999-01-29", "1999-01-28", "2022-12-31", "2023-02-29", "9999-12-31", "0001-01-01"]
        var outcomes: [String: [String]] = [:]
        for born in births {
            for other in others {
                var members: [String] = []
                if let born { members.append("\"born\": \"\(born)\"") }
                if let other {
                    for key in ["adult", "month", "back", "days", "far"] { members.append("\"\(key)\": \"\(other)\"") }
                }
                let json = "{" + members.joined(separator: ", ") + "}"
                try assertSameResults(json, rules)
                let header = ["born", "adult", "month", "back", "days", "far"]
                let row = [born ?? ""] + Array(repeating: other ?? "", count: 5)
                try assertSameCSVResults(header: header, row: row, rules)
                let planned = RecordValidator(rules: rules)
                let result = Array(json.utf8).withUnsafeBufferPointer {
                    planned.validate(json: $0, location: RecordLocation(file: "dates.jsonl", line: 1))
                }
                outcomes["\(born ?? "-") \(other ?? "-")"] = result.violations.map(\.field)
            }
        }
        // By hand: 2000-02-29 + 18y is 2018-02-28; 2024-01-31 + 1m is 2024-02-29; 2000-02-29 - 13m
        // is 1999-01-29; 2000-02-29 + 60d is 2000-04-29 and 2024-01-31 + 60d 2024-03-31; 2023-02-29
        // is no date, so it is wrong itself and no bound read from it applies.
        XCTAssertEqual(outcomes["2000-02-29 2018-02-28"], ["month"])
        XCTAssertEqual(outcomes["2000-02-29 2018-02-27"], ["adult", "month"])
        XCTAssertEqual(outcomes["2024-01-31 2024-02-29"], ["adult", "days"])
        XCTAssertEqual(outcomes["2024-01-31 2024-03-01"], ["adult", "month", "days"])
        XCTAssertEqual(outcomes["2000-02-29 1999-01-29"], ["adult", "days"])
        XCTAssertEqual(outcomes["2000-02-29 1999-01-28"], ["adult", "back", "days"])
        XCTAssertEqual(outcomes["2000-02-29 2000-04-29"], ["adult", "month"])
        XCTAssertEqual(outcomes["2000-02-29 2000-04-28"], ["adult", "month", "days"])
        XCTAssertEqual(outcomes["2023-02-29 2018-02-28"], ["born"])
        XCTAssertEqual(outcomes["1900-02-28 -"], ["born"])
        XCTAssertEqual(outcomes["2026-11-23 -"], ["born"])
        XCTAssertEqual(outcomes["9999-12-31 9999-12-31"], ["born", "adult"])
    }

    /// Attachment references, valid and broken member by member (escapes, capitals, nulls,
    /// duplicates, unknown members, wrong kinds, sizes at the bounds), single and multiple, as
    /// JSON members and as CSV cells holding the same JSON: the plan's attachment step only
    /// ever says "passes" where the declarative checks report nothing.
    func testAttachmentsGetTheSameResultsWithAndWithoutThePlan() throws {
        let rules = try compileRules("""
            id: files
            fields:
              scan: {type: attachment, optional: true, mediaTypes: [application/pdf, 'image/*'], minSize: 1KB, maxSize: 10MB}
              docs: {type: attachment, multiple: true, optional: true, extensions: [pdf, jpg, jpeg, raw], minItems: 1, maxItems: 3}
              plain: {type: attachment, optional: true}
              kind: {type: enum, values: [a, b], optional: true}
              cased:
                type: attachment
                optional: true
                cases:
                  - when: kind == 'a'
                    mediaTypes: [application/pdf]
                    maxSize: 2MB
            """)
        let names = [#""scan.pdf""#, #""IMG_4821.JPG""#, #""a.jpeg""#, #""noext""#, #""x.raw""#, #"".""#, #""..""#,
                     #""a/b.pdf""#, #""scan.png""#, #""""#, #""d\u00e9j\u00e0.pdf""#, #""scan.""#, "12", "null",
                     #""photo.heic""#, #""a\\b.pdf""#]
        let types = [#""application/pdf""#, #""image/jpeg""#, #""IMAGE/PNG""#, #""image/png""#, #""text/plain""#,
                     #""application/octet-stream""#, #""bad""#, #""image/""#, #""image/j peg""#, #""application/pdf; q=1""#,
                     #""image/\u006aPEG""#, "null", "7", #""image/heic""#, #""/pdf""#]
        let sizes = ["0", "1000", "999", "482133", "10000000", "10000001", "2000000", "2000001", "-1", "1.5", #""12""#,
                     "1e3", "null", "12.0", "99999999999999999999"]
        let urls = [nil, nil, nil, #""https://files.example.org/a.pdf""#, #""not a url""#, "null", "5",
                    #""https:\/\/files.example.org\/a.pdf""#]
        let digests = [nil, nil, nil, "\"" + String(repeating: "a1", count: 32) + "\"", "\"" + String(repeating: "A", count: 64) + "\"",
                       "\"" + String(repeating: "a", count: 63) + "\"", "\"" + String(repeating: "z", count: 64) + "\"", "null"]
        var random = SeededRandom(seed: 20261125)
        // Plausible files (name and media type agreeing, sizes inside the ranges), of which one
        // in three gets one member replaced, dropped, repeated or joined by an unknown one.
        let plausible = [(#""scan.pdf""#, #""application/pdf""#), (#""IMG_4821.JPG""#, #""image/jpeg""#),
                         (#""a.jpeg""#, #""image/jpeg""#), (#""x.raw""#, #""image/png""#), (#""photo.heic""#, #""image/heic""#)]
        let plausibleSizes = ["1000", "482133", "2000000"]
        func file() -> String {
            if random.int(in: 0...40) == 0 { return random.pick(["[]", "\"scan.pdf\"", "null", "{}", "5"]) }
            let (name, type) = random.pick(plausible)
            var members = [("name", name), ("mediaType", type), ("size", random.pick(plausibleSizes))]
            if random.chance(0.3) { members.append(("url", urls[3]!)) }
            if random.chance(0.3) { members.append(("sha256", digests[3]!)) }
            let pools = ["name": names, "mediaType": types, "size": sizes, "url": urls.compactMap { $0 },
                         "sha256": digests.compactMap { $0 }]
            if random.int(in: 0...2) == 0 {
                let position = random.int(in: 0...(members.count - 1))
                switch random.int(in: 0...9) {
                case 0: members.remove(at: position)
                case 1: members.append(random.pick([("thumbnail", #""t.png""#), ("size", "2000"), ("n\\u0061me", #""scan.pdf""#)]))
                default: members[position].1 = random.pick(pools[members[position].0]!)
                }
            }
            if random.chance(0.3) { members.shuffle(using: &random) }
            return "{" + members.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
        }
        func files() -> String {
            if random.int(in: 0...20) == 0 { return file() }
            let count = random.int(in: 0...9) == 0 ? random.pick([0, 4]) : random.int(in: 1...3)
            return "[" + (0..<count).map { _ in file() }.joined(separator: ", ") + "]"
        }
        var compared = 0
        var valid = 0
        for _ in 0..<3000 {
            var cells: [String] = []
            for (key, value) in [("scan", file()), ("docs", files()), ("plain", file()), ("kind", random.pick(["\"a\"", "\"b\""])),
                                 ("cased", file())] {
                cells.append(random.int(in: 0...5) == 0 ? "" : value)
                _ = key
            }
            let keys = ["scan", "docs", "plain", "kind", "cased"]
            let members = zip(keys, cells).filter { !$0.1.isEmpty }.map { "\"\($0.0)\": \($0.1)" }
            if try assertSameResults("{" + members.joined(separator: ", ") + "}", rules) { valid += 1 }
            // In CSV a cell holds the attachment's JSON text; the enum is a plain cell.
            let row = zip(keys, cells).map { key, cell in key == "kind" ? cell.replacingOccurrences(of: "\"", with: "") : cell }
            try assertSameCSVResults(header: keys, row: row, rules)
            compared += 1
        }
        XCTAssertGreaterThan(valid, compared / 10, "too few valid records to exercise the plan's passing answers")
        XCTAssertLessThan(valid, compared * 9 / 10, "too few broken records")
    }

    func testScalarCountCountsTheBytesThatStartACharacter() {
        var random = SeededRandom(seed: 3)
        for _ in 0..<2000 {
            let bytes = (0..<random.int(in: 0...40)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let expected = bytes.filter { $0 & 0xC0 != 0x80 }.count
            XCTAssertEqual(bytes.withUnsafeBufferPointer(RecordValidator.scalarCount), expected, "\(bytes)")
        }
    }

    func testPatternMemoAnswersOnlyForTheExactBytesThatMatched() {
        let memo = PatternMemo(stepCount: 2)
        func bytes(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
            Array(text.utf8).withUnsafeBufferPointer(body)
        }
        XCTAssertFalse(bytes("Иванов") { memo.knownMatch(0, $0) })
        _ = bytes("Иванов") { memo.rememberMatch(0, $0); return true }
        XCTAssertTrue(bytes("Иванов") { memo.knownMatch(0, $0) })
        XCTAssertFalse(bytes("Иванов") { memo.knownMatch(1, $0) }, "another step")
        XCTAssertFalse(bytes("Иванова") { memo.knownMatch(0, $0) })
        XCTAssertFalse(bytes("Иваноа") { memo.knownMatch(0, $0) })
        let long = String(repeating: "x", count: 25)
        _ = bytes(long) { memo.rememberMatch(0, $0); return true }
        XCTAssertFalse(bytes(long) { memo.knownMatch(0, $0) }, "values over 24 bytes are not kept")
        for number in 0..<1024 {  // values that never repeat switch the memo off for their step
            _ = bytes("Q-\(number)") { memo.knownMatch(1, $0) }
        }
        _ = bytes("Q-1") { memo.rememberMatch(1, $0); return true }
        XCTAssertFalse(bytes("Q-1") { memo.knownMatch(1, $0) })
        XCTAssertTrue(bytes("Иванов") { memo.knownMatch(0, $0) })
    }

    /// Validates `json` both ways; returns whether it is valid.
    @discardableResult
    private func assertSameResults(_ json: String, _ rules: CompiledRuleSet) throws -> Bool {
        let planned = RecordValidator(rules: rules)
        let declarative = RecordValidator(rules: rules, regexLimits: .default, redactsValues: false, decidesWithPlan: false)
        let bytes = Array(json.utf8)
        let location = RecordLocation(file: "mutation.jsonl", line: 1)
        let (fast, reference) = bytes.withUnsafeBufferPointer {
            (planned.validate(json: $0, location: location), declarative.validate(json: $0, location: location))
        }
        XCTAssertEqual(fast, reference, json)
        return reference.isValid
    }

    /// Validates one CSV row (with its header) both ways; returns whether it is valid.
    @discardableResult
    private func assertSameCSVResults(header: [String], row: [String], _ rules: CompiledRuleSet) throws -> Bool {
        let text = [header, row].map { $0.map(Self.csvField).joined(separator: ",") }.joined(separator: "\n") + "\n"
        let (fast, reference) = csvResults(Array(text.utf8), rules, file: "mutation.csv")
        XCTAssertNotNil(reference, text)
        XCTAssertEqual(fast, reference, text)
        return reference?.isValid ?? true
    }

    /// Validates a CSV file of a header and one row, given as bytes (which need not be UTF-8),
    /// both ways; returns the fields of the violations, in order.
    private func assertSameCSVResults(bytes text: [UInt8], _ rules: CompiledRuleSet) throws -> [String] {
        let (fast, reference) = csvResults(text, rules, file: "row.csv")
        let shown = String(decoding: text, as: UTF8.self)
        let result = try XCTUnwrap(reference, shown)
        XCTAssertEqual(fast, reference, shown)
        return result.violations.map(\.field)
    }

    /// The results of the row after the header in `bytes`, with the plan and with the
    /// declarative checks; nil for both when the file has no readable row.
    private func csvResults(_ bytes: [UInt8], _ rules: CompiledRuleSet, file: String) -> (RecordResult?, RecordResult?) {
        let planned = RecordValidator(rules: rules)
        let declarative = RecordValidator(rules: rules, regexLimits: .default, redactsValues: false, decidesWithPlan: false)
        let location = RecordLocation(file: file, line: 2)
        return bytes.withUnsafeBufferPointer { buffer -> (RecordResult?, RecordResult?) in
            var reader = CSVReader(bytes: buffer, dialect: .comma, firstLine: 1)
            var headerRow = CSVRow()
            guard reader.next(into: &headerRow) else { return (nil, nil) }
            let map = CSVColumnMap(header: CSVHeader(row: headerRow, in: buffer), rules: rules)
            var record = CSVRow()
            guard reader.next(into: &record), record.error == nil else { return (nil, nil) }
            return (planned.validate(csvRow: record, in: buffer, columns: map, location: location),
                    declarative.validate(csvRow: record, in: buffer, columns: map, location: location))
        }
    }

    /// A CSV field, quoted when it holds a separator, a quote or a line break.
    private static func csvField(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    // MARK: - Corpus

    private static func records(of name: String) throws -> [String] {
        try ["valid.jsonl", "invalid.jsonl", "broken.jsonl"].flatMap { file in
            try String(contentsOf: repositoryRoot.appendingPathComponent("SampleData/\(name)/\(file)"), encoding: .utf8)
                .split(separator: "\n").map(String.init)
        }
    }

    private static func object(_ text: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    /// Every string and number found in the records, to swap between fields.
    private static func leafValues(_ objects: [[String: Any]]) -> [Any] {
        var values: [Any] = []
        func visit(_ value: Any) {
            switch value {
            case let object as [String: Any]: object.values.forEach(visit)
            case let array as [Any]: array.forEach(visit)
            default: values.append(value)
            }
        }
        objects.forEach(visit)
        return values
    }

    private static var edgeValues: [Any] {
        [
            "", " ", "x", "Ё", "ё", "Иванов-", "-Петров", "A", "0", "2026-11-22", "2026-11-23", "2008-11-22", "2008-11-23",
            "1926-11-22", "1926-11-21", "2027-01-21", "2027-01-22", "2026-02-30", "26-11-22", "22.11.2026",
            "Q-1234567", "Q-12345678", "771412345602", "771412345603", "\\u0041", "a\"b", "line\nbreak", "€",
            String(repeating: "Я", count: 51), NSNull(), true, false, 0, -1, 1, 1.5, 1950, 1949, 2026, 2027, 1500, 1500.01,
            12, 7, 1e3, 100.125, [Any](), [String: Any](), ["passport"], [1, 2],
        ]
    }

    /// A copy of `object` with one member changed, removed, or given a value from another field.
    private static func mutate(_ object: [String: Any], pools: [Any], random: inout SeededRandom) -> [String: Any] {
        var paths: [[Any]] = []
        func collect(_ value: Any, _ path: [Any]) {
            if !path.isEmpty { paths.append(path) }
            if let object = value as? [String: Any] {
                for key in object.keys.sorted() { collect(object[key]!, path + [key]) }
            } else if let array = value as? [Any] {
                for index in array.indices { collect(array[index], path + [index]) }
            }
        }
        collect(object, [])
        let path = paths[random.int(in: 0...(paths.count - 1))]
        let replacement: Any?
        switch random.int(in: 0...9) {
        case 0: replacement = nil
        case 1...3: replacement = pools[random.int(in: 0...(pools.count - 1))]
        case 4...7: replacement = edgeValues[random.int(in: 0...(edgeValues.count - 1))]
        default:
            let current = value(at: path, in: object)
            if let text = current as? String, !text.isEmpty {
                var scalars = Array(text.unicodeScalars)
                scalars.remove(at: random.int(in: 0...(scalars.count - 1)))
                replacement = String(String.UnicodeScalarView(scalars))
            } else if let number = current as? Double {
                replacement = number + 1
            } else {
                replacement = NSNull()
            }
        }
        return replacing(path[...], in: object, with: replacement) as? [String: Any] ?? object
    }

    private static func value(at path: [Any], in root: Any) -> Any? {
        var current: Any? = root
        for step in path {
            if let key = step as? String { current = (current as? [String: Any])?[key] }
            if let index = step as? Int { current = (current as? [Any]).flatMap { index < $0.count ? $0[index] : nil } }
        }
        return current
    }

    private static func replacing(_ path: ArraySlice<Any>, in value: Any, with replacement: Any?) -> Any? {
        guard let step = path.first else { return replacement }
        if var object = value as? [String: Any], let key = step as? String {
            object[key] = object[key].flatMap { replacing(path.dropFirst(), in: $0, with: replacement) }
            return object
        }
        if var array = value as? [Any], let index = step as? Int, index < array.count {
            if let changed = replacing(path.dropFirst(), in: array[index], with: replacement) {
                array[index] = changed
            } else {
                array.remove(at: index)
            }
            return array
        }
        return value
    }
}
