@testable import FormsmithCore
import FormsmithReference
import Foundation
import XCTest

/// Coverage reports of the differential test's random forms (`RandomForm`), recounted from the
/// written questionnaires alone by code written apart from `--cover` (a Swift port of
/// `scripts/cover_recount.py`, reading both the report and the questionnaires with the
/// reference's own JSON reader, ``PlainJSON``): each questionnaire's factor values are worked
/// out from its JSON (field paths, enum values, boundary classes, list sizes, options, sections;
/// condition factors are taken from the report's rows, as the script does: no expression
/// evaluator here) and must equal the report's row; the tuples required and covered are
/// recounted; every tuple the report calls covered is held by the questionnaire it names; no
/// tuple it calls impossible or not found is held by any; covered + impossible + not found =
/// required.
final class CoverRecountTests: XCTestCase {
    /// Random forms covered, by seed: 2 by default, `FORMSMITH_COVER_RECOUNT_FORMS` more (a
    /// covering set of a random form takes from under a second to 40 seconds and more in a
    /// debug build: form 1 took 22 s, form 2 38 s, each strength `each`).
    static let seeds: Range<UInt64> = 0..<UInt64(ProcessInfo.processInfo.environment["FORMSMITH_COVER_RECOUNT_FORMS"]
        .flatMap(Int.init) ?? 2)

    func testCoverageReportsOfRandomFormsAgreeWithARecount() throws {
        var recounted = 0, unloadable = 0, notGenerated: [UInt64] = [], tuples = 0, unread: [String] = []
        var problems: [String] = []
        for seed in Self.seeds {
            let form = RandomForm(seed: seed, readsFiles: true)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cover-recount-\(seed)-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let generator: QuestionnaireGenerator
            do {
                try FileManager.default.createDirectory(at: folder.appendingPathComponent("lib"), withIntermediateDirectories: true)
                for (path, text) in form.files {
                    try text.write(to: folder.appendingPathComponent(path), atomically: true, encoding: .utf8)
                }
                let file = folder.appendingPathComponent("form.yaml")
                try form.yaml.write(to: file, atomically: true, encoding: .utf8)
                generator = try QuestionnaireGenerator(rulesAt: file, today: .fixed(testToday))
            } catch {
                unloadable += 1
                continue
            }
            let strength: CoverStrength = seed % 2 == 0 ? .pairs : .each
            let set: CoveringSet
            do {
                set = try generator.covering(strength, seed: seed)
            } catch {
                notGenerated.append(seed)
                continue
            }
            let found = Self.recount(report: set.report.json, questionnaires: set.questionnaires.map(\.json))
            problems += found.problems.prefix(5).map { "form \(seed) (\(strength)): \($0)" }
            if found.problems.isEmpty { recounted += 1 }
            tuples += found.required
            unread += found.unread.sorted().map { "form \(seed): \($0)" }
        }
        print("cover recount: \(recounted) of \(Self.seeds.count) random forms agree (\(tuples) tuples); "
              + "\(unloadable) do not load, not generated: \(notGenerated); factors taken from the report, "
              + "not read: \(unread)")
        XCTAssertEqual(problems, [], "coverage reports that disagree with the recount")
        // Most random forms load and can be covered; a form whose rules no questionnaire
        // satisfies is refused by `--cover` as by `generate` (counted, not recounted).
        XCTAssertGreaterThanOrEqual(recounted, Self.seeds.count * 3 / 4,
                                    "too few forms recounted: \(unloadable) unloadable, not generated: \(notGenerated)")
        XCTAssertGreaterThan(tuples, 0)
    }

    /// The recount must fail when the report claims what the questionnaires do not hold: a
    /// report of `a: {type: enum, values: [x, y]}` × `b: {..., [p, q]}` (4 pairs) whose
    /// covered pair `a=x, b=p` names a questionnaire holding `a=y, b=q`, worked out by hand.
    func testTheRecountRefusesATupleItsQuestionnaireDoesNotHold() {
        let report = """
            {"strength": "pairs", "questionnaires": 2, "invalid": 0, "required": 4, "covered": 2, "impossible": 0, \
            "notFound": 2, "factors": [{"name": "a", "kind": "value", "values": ["x", "y"], "path": "a"}, \
            {"name": "b", "kind": "value", "values": ["p", "q"], "path": "b"}], "rows": [["x", "p"], ["y", "q"]], \
            "coveredTuples": [{"tuple": [{"factor": "a", "value": "x"}, {"factor": "b", "value": "p"}], "questionnaire": 1}, \
            {"tuple": [{"factor": "a", "value": "y"}, {"factor": "b", "value": "q"}], "questionnaire": 1}], \
            "impossibleTuples": [], "notFoundTuples": [{"tuple": [{"factor": "a", "value": "x"}, {"factor": "b", "value": "q"}]}, \
            {"tuple": [{"factor": "a", "value": "y"}, {"factor": "b", "value": "p"}]}]}
            """
        let questionnaires = [#"{"a": "x", "b": "p"}"#, #"{"a": "y", "b": "q"}"#]
        XCTAssertEqual(Self.recount(report: report, questionnaires: questionnaires).problems,
                       [#"covered tuple a=x, b=p is not held by questionnaire 1"#])
        // The same report with the right questionnaire agrees.
        let right = report.replacingOccurrences(of: #""value": "p"}], "questionnaire": 1"#,
                                                with: #""value": "p"}], "questionnaire": 0"#)
        XCTAssertEqual(Self.recount(report: right, questionnaires: questionnaires).problems, [])
    }

    // MARK: - The recount

    /// The disagreements between a coverage report (its JSON) and the questionnaires it
    /// describes (valid ones first, as written), and the tuples it requires.
    static func recount(report text: String, questionnaires texts: [String])
        -> (problems: [String], required: Int, unread: Set<String>)
    {
        guard let report = PlainJSON.parse(text) else { return (["the report is not JSON"], 0, []) }
        let count = integer(report.member("questionnaires")), invalid = integer(report.member("invalid"))
        guard texts.count == count + invalid else {
            return (["\(texts.count) questionnaires, the report counts \(count) valid and \(invalid) invalid"], 0, [])
        }
        let documents = texts.prefix(count).map { PlainJSON.parse($0) ?? .null }
        let factors = array(report.member("factors"))
        let names = factors.map { string($0.member("name")) ?? "" }
        let reportedRows = array(report.member("rows")).map { array($0).map(string) }
        var problems: [String] = []
        guard reportedRows.count == documents.count else {
            return (["the report has \(reportedRows.count) rows for \(documents.count) questionnaires"], 0, [])
        }
        var rows: [[String?]] = []
        var unread: Set<String> = []
        for (number, (document, reported)) in zip(documents, reportedRows).enumerated() {
            var row: [String?] = []
            for (position, factor) in factors.enumerated() {
                let claimed = position < reported.count ? reported[position] : nil
                // A condition, or a path with a list index left open (`lst2[].sec5.lst10[].e12`, a
                // field of a list inside a list's items: which item it reads is the cover engine's
                // choice, not written in the report), is taken from the report's row, and counted.
                if string(factor.member("kind")) == "condition" || (string(factor.member("path"))?.contains("[]") ?? false) {
                    if string(factor.member("kind")) != "condition" { unread.insert(names[position]) }
                    row.append(claimed)
                    continue
                }
                var value = read(factor, document)
                if let read = value, !array(factor.member("values")).compactMap(string).contains(read) { value = nil }
                if value != claimed {
                    problems.append("questionnaire \(number + 1), factor \(names[position]): read \(value ?? "nothing"), "
                                    + "the report says \(claimed ?? "nothing")")
                }
                row.append(value)
            }
            rows.append(row)
        }
        let strength = ["each": 1, "pairs": 2, "triples": 3][string(report.member("strength")) ?? ""] ?? 0
        var required = 0
        var held: [String: Int] = [:]
        for combination in combinations(factors.count, strength) {
            required += combination.reduce(1) { $0 * array(factors[$1].member("values")).count }
            for (number, row) in rows.enumerated() {
                let values = combination.map { row[$0] }
                guard !values.contains(where: { $0 == nil }) else { continue }
                let key = zip(combination, values).map { "\(names[$0])=\($1!)" }.joined(separator: ", ")
                if held[key] == nil { held[key] = number }
            }
        }
        if required != integer(report.member("required")) {
            problems.append("required: recounted \(required), the report says \(integer(report.member("required")))")
        }
        if held.count != integer(report.member("covered")) {
            problems.append("covered: recounted \(held.count), the report says \(integer(report.member("covered")))")
        }
        func key(_ tuple: PlainJSON?) -> (text: String, positions: [(Int, String)]) {
            let entries = array(tuple).map { (string($0.member("factor")) ?? "", string($0.member("value")) ?? "") }
            let positions = entries.map { (names.firstIndex(of: $0.0) ?? -1, $0.1) }
            return (entries.map { "\($0.0)=\($0.1)" }.joined(separator: ", "), positions)
        }
        for entry in array(report.member("coveredTuples")) {
            let (text, positions) = key(entry.member("tuple"))
            let questionnaire = integer(entry.member("questionnaire"))
            let holds = questionnaire >= 0 && questionnaire < rows.count
                && positions.allSatisfy { $0.0 >= 0 && rows[questionnaire][$0.0] == $0.1 }
            if !holds { problems.append("covered tuple \(text) is not held by questionnaire \(questionnaire)") }
        }
        for section in ["impossibleTuples", "notFoundTuples"] {
            for entry in array(report.member(section)) {
                let (text, _) = key(entry.member("tuple"))
                if let number = held[text] { problems.append("\(section) lists \(text), but questionnaire \(number) holds it") }
            }
        }
        let total = integer(report.member("covered")) + integer(report.member("impossible")) + integer(report.member("notFound"))
        if total != required { problems.append("covered + impossible + not found = \(total), required \(required)") }
        return (problems, required, unread)
    }

    /// The factor's value in `document`, nil where it has none (a list item that is not there).
    private static func read(_ factor: PlainJSON, _ document: PlainJSON) -> String? {
        let kind = string(factor.member("kind")) ?? ""
        if kind == "section" {
            let values = array(factor.member("members")).compactMap(string).map { walk(document, $0) }
            guard values.contains(where: { $0 != nil }) else { return nil }
            return values.contains { value in value.map { !isEmpty($0) } ?? false } ? "filled" : "empty"
        }
        guard let value = walk(document, string(factor.member("path")) ?? "") else { return nil }
        if kind == "option" {
            guard case .array(let items) = value else { return "no" }
            return items.map(text).contains(string(factor.member("option")) ?? "") ? "yes" : "no"
        }
        if isEmpty(value) { return "absent" }
        switch kind {
        case "presence": return "filled"
        case "value": return text(value)
        case "range":
            if let low = string(factor.member("min")), sameNumber(text(value), low) { return "min" }
            if let high = string(factor.member("max")), sameNumber(text(value), high) { return "max" }
            return "inside"
        case "size":
            guard case .array(let items) = value else { return nil }
            if items.count == integer(factor.member("minItems")) { return "min" }
            if items.count == integer(factor.member("maxItems")) { return "max" }
            return "mid"
        default:
            return "unknown factor kind \(kind)"
        }
    }

    /// The value at `drivers[0].documents[0].number`: nil when a list on the way has no such
    /// item (also when what holds the list is missing: an absent section has no list items),
    /// `.null` when a member is missing.
    private static func walk(_ document: PlainJSON, _ path: String) -> PlainJSON? {
        var value = document
        let parts = path.split(separator: ".")
        for (position, part) in parts.enumerated() {
            let name = part.prefix { $0 != "[" }
            let indices = part.dropFirst(name.count).split(separator: "]").compactMap { Int($0.dropFirst()) }
            guard case .object = value else {
                return parts[position...].contains(where: { $0.contains("[") }) ? nil : .null
            }
            value = value.member(String(name)) ?? .null
            for index in indices {
                guard case .array(let items) = value, index < items.count else { return nil }
                value = items[index]
            }
        }
        return value
    }

    private static func isEmpty(_ value: PlainJSON) -> Bool {
        switch value {
        case .null: return true
        case .string(let text): return text.isEmpty
        case .array(let items): return items.isEmpty
        case .object(let members): return members.isEmpty
        default: return false
        }
    }

    private static func text(_ value: PlainJSON) -> String {
        switch value {
        case .string(let text), .number(let text): return text
        case .boolean(let flag): return flag ? "true" : "false"
        default: return value.text
        }
    }

    /// Equal as decimal numbers when both are written as numbers, else as text (dates).
    private static func sameNumber(_ left: String, _ right: String) -> Bool {
        let number = #"^-?\d+(\.\d+)?([eE][-+]?\d+)?$"#
        guard left.range(of: number, options: .regularExpression) != nil,
              right.range(of: number, options: .regularExpression) != nil,
              let a = Decimal(string: left), let b = Decimal(string: right)
        else { return left == right }
        return a == b
    }

    /// Every `size`-element combination of `0..<count`, in ascending order.
    private static func combinations(_ count: Int, _ size: Int) -> [[Int]] {
        guard size > 0 else { return [[]] }
        guard size <= count else { return [] }
        var result: [[Int]] = []
        func extend(_ prefix: [Int], from start: Int) {
            if prefix.count == size { result.append(prefix); return }
            for next in start..<count { extend(prefix + [next], from: next + 1) }
        }
        extend([], from: 0)
        return result
    }

    private static func array(_ value: PlainJSON?) -> [PlainJSON] {
        if case .array(let items)? = value { return items }
        return []
    }

    private static func string(_ value: PlainJSON?) -> String? {
        if case .string(let text)? = value { return text }
        return nil
    }

    private static func integer(_ value: PlainJSON?) -> Int {
        if case .number(let text)? = value { return Int(text) ?? -1 }
        return 0
    }
}
