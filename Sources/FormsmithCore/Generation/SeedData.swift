import Foundation
import Yams

/// Initial data for `formsmith generate --seed-data FILE`: per-field value pools that replace
/// or extend the rules' `seed:` lists, and a JSON Lines file of partial questionnaires that
/// generated questionnaires cycle through (questionnaire `i` keeps the values of record
/// `i mod n` and gets the rest generated: the renewal case).
///
/// ```yaml
/// fields:
///   insurant.lastName: ../seeds/ru-last-names.txt      # a word list: replaces the rules' seed
///   insurant.firstName: [Анна, Мария, Олег]            # an inline list: replaces it too
///   vehicle.make: {extend: [Lada, УАЗ]}                # added to the rules' seed list
/// records: osago-renewals.jsonl
/// ```
///
/// Paths are relative to the seed-data file. Every value keeps where it was written, so
/// values that break the field's rules are reported with their `file:line` and left out.
public struct SeedData: Sendable {
    /// One field's pool.
    public struct Pool: Sendable {
        /// The field's path as written (`insurant.lastName`, `drivers[].lastName`).
        public var field: Located<String>
        /// Whether the values are added to the rules' `seed:` list rather than replacing it.
        public var extends: Bool
        /// The values, each with where it was written (a word list's line, or the inline list).
        public var values: [Located<String>]
        /// The JSON value each inline value stands for, when YAML reads it as a number or a
        /// boolean (`[42]`, `[true]`), so that one given to a text field can be refused as not
        /// of the field's type; nil for text (and for every word of a word list).
        var typedValues: [FixtureValue?] = []
    }

    /// One partial questionnaire of the records file, with where it was written.
    public struct Record: Sendable {
        /// The partial questionnaire.
        public var fixture: GenerationFixture
        /// Its line in the records file.
        public var location: SourceLocation
        /// The column where each value starts, by its path in the record as the generator
        /// names it (`insurant.lastName`, `drivers[0].birthDate`), so that a value left out is
        /// reported where it is written.
        public var valueColumns: [String: Int] = [:]

        /// Where the value at `path` is written (the record's line, column 1 when unknown).
        public func location(of path: String) -> SourceLocation {
            SourceLocation(file: location.file, line: location.line, column: valueColumns[path] ?? location.column)
        }
    }

    /// The pools, in the order written.
    public var pools: [Pool] = []
    /// The records, in file order.
    public var records: [Record] = []
    /// The files the seed-data file names (its word lists and its records file), as opened,
    /// each once; the command line compares them with its outputs.
    public private(set) var files: [String] = []

    /// Keys of the seed-data file.
    static let topLevelKeys = ["fields", "records"]

    /// Reads a seed-data file (YAML or JSON), its word lists and its records file; every problem
    /// is reported at once with its `file:line:column`.
    public init(path: String) throws(GenerationError) {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw GenerationError(field: nil, rule: nil, message: "cannot read the seed-data file \(path)")
        }
        let root: Node
        do {
            guard let node = try YAMLDocument.compose(text, file: path) else {
                throw GenerationError(field: nil, rule: nil, message: "\(path):1:1: the seed-data file is empty; "
                                      + "give 'fields' (value pools) and/or 'records' (a JSON Lines file)")
            }
            root = node
        } catch let error as GenerationError {
            throw error
        } catch let error as RulesError {
            throw GenerationError(field: nil, rule: nil, message: error.problems.map(\.description).joined(separator: "\n"))
        } catch let error as YamlError {
            let problem = RulesLoader.yamlProblem(error, file: path)
            throw GenerationError(field: nil, rule: nil, message: "\(problem.location): \(problem.message)")
        } catch {
            throw GenerationError(field: nil, rule: nil, message: "\(path): cannot parse the seed-data file: \(error)")
        }
        let problems = ProblemCollector()
        read(root, file: path, problems: problems)
        if !problems.isEmpty {
            throw GenerationError(field: nil, rule: nil, message: problems.problems
                .map { "\($0.location): \($0.message)" }.joined(separator: "\n"))
        }
    }

    private mutating func read(_ root: Node, file: String, problems: ProblemCollector) {
        guard var top = YAMLMapping(root, file: file, what: "a seed-data file", problems: problems) else { return }
        if let node = top.node("fields"), let fields = YAMLMapping(node, file: file, what: "'fields'", problems: problems) {
            for pair in fields.pairs {
                let field = Located(pair.key, at: fields.location(of: pair.keyNode))
                var value = pair.value
                var extends = false
                if pair.value.mapping != nil,
                   var mode = YAMLMapping(pair.value, file: file, what: "the pool of '\(pair.key)'", problems: problems) {
                    let replace = mode.node("replace"), extend = mode.node("extend")
                    mode.reportUnknownKeys(known: ["replace", "extend"], context: "the pool of '\(pair.key)'")
                    guard (replace == nil) != (extend == nil), let chosen = replace ?? extend else {
                        problems.report("the pool of '\(pair.key)' needs one of 'replace' or 'extend' (a word list's "
                                        + "path or a list of values)", at: field.location)
                        continue
                    }
                    value = chosen
                    extends = extend != nil
                }
                guard let values = poolValues(value, field: pair.key, file: file, problems: problems) else { continue }
                var pool = Pool(field: field, extends: extends, values: values)
                pool.typedValues = value.sequence.map { $0.filter { $0.scalar != nil }.map(Self.typedValue) } ?? []
                pools.append(pool)
            }
        }
        if let recordsPath = top.string("records") {
            readRecords(recordsPath, file: file, problems: problems)
        }
        top.reportUnknownKeys(known: Self.topLevelKeys, context: "the seed-data file")
        if pools.isEmpty, records.isEmpty, problems.isEmpty {
            problems.report("the seed-data file gives no values: add 'fields' (value pools) and/or 'records' "
                            + "(a JSON Lines file of partial questionnaires)", at: top.location)
        }
    }

    /// The JSON value a YAML scalar stands for when YAML reads it as a number or a boolean.
    private static func typedValue(_ node: Node) -> FixtureValue? {
        guard let scalar = node.scalar, scalar.style == .plain else { return nil }
        switch Resolver.default.resolveTag(of: node) {
        case .int, .float: return .number(scalar.string)
        case .bool: return .boolean(Bool(scalar.string.lowercased()) ?? false)
        default: return nil
        }
    }

    /// An inline list's values, or a word list's lines (blank lines and `#` comments skipped).
    private mutating func poolValues(_ node: Node, field: String, file: String, problems: ProblemCollector) -> [Located<String>]? {
        if let sequence = node.sequence {
            var values: [Located<String>] = []
            for element in sequence {
                guard let scalar = element.scalar else {
                    problems.report("a pool value must be a single value", at: YAMLMapping.location(of: element, file: file))
                    continue
                }
                values.append(Located(scalar.string, at: YAMLMapping.location(of: element, file: file)))
            }
            return values
        }
        guard let scalar = node.scalar else {
            problems.report("the pool of '\(field)' must be a word list's path or a list of values",
                            at: YAMLMapping.location(of: node, file: file))
            return nil
        }
        let written = YAMLMapping.location(of: node, file: file)
        let path = Self.resolve(scalar.string, from: file)
        if !files.contains(path) { files.append(path) }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            problems.report("cannot read the word list '\(scalar.string)' (looked at \(path)); give a path relative to "
                            + "the seed-data file", at: written)
            return nil
        }
        var values: [Located<String>] = []
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let word = line.trimmingCharacters(in: .whitespaces)
            guard !word.isEmpty, !word.hasPrefix("#") else { continue }
            let indent = line.prefix { $0.isWhitespace }.unicodeScalars.count
            values.append(Located(word, at: SourceLocation(file: path, line: index + 1, column: indent + 1)))
        }
        return values
    }

    private mutating func readRecords(_ written: Located<String>, file: String, problems: ProblemCollector) {
        let path = Self.resolve(written.value, from: file)
        if !files.contains(path) { files.append(path) }
        guard let data = FileManager.default.contents(atPath: path) else {
            problems.report("cannot read the records file '\(written.value)' (looked at \(path)); give a path "
                            + "relative to the seed-data file", at: written.location)
            return
        }
        var line = 0
        for bytes in Array(data).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            line += 1
            guard let first = bytes.firstIndex(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") && $0 != 9 })
            else { continue }
            let text = Array(bytes)
            let location = SourceLocation(file: path, line: line, column: Self.column(of: first - bytes.startIndex, in: text))
            var tape = JSONTape()
            do {
                try text.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try JSONParser.parse(buffer, into: &tape) }
            } catch {
                problems.report("the record is not valid JSON: \(error.message); each line of a records file is one "
                                + "JSON object", at: SourceLocation(file: path, line: line, column: Self.column(of: error.offset, in: text)))
                continue
            }
            do {
                var record = Record(fixture: try GenerationFixture(json: text, name: "the record"), location: location)
                Self.collectColumns(tape, node: 0, prefix: "", in: text, into: &record.valueColumns)
                records.append(record)
            } catch {
                problems.report(error.message + "; each line of a records file is one JSON object", at: location)
            }
        }
        if records.isEmpty, problems.isEmpty {
            problems.report("the records file '\(written.value)' holds no questionnaire", at: written.location)
        }
    }

    /// The 1-based column (in characters) of byte `offset` of a line.
    static func column(of offset: Int, in line: [UInt8]) -> Int {
        line[..<min(max(offset, 0), line.count)].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }

    /// The column of every member value of the object at `node`, by path: `a.b` inside
    /// objects, `a[0].b` inside arrays, as the generator names the values it pins.
    private static func collectColumns(_ tape: JSONTape, node: Int, prefix: String, in line: [UInt8],
                                       into columns: inout [String: Int]) {
        let children = Array(tape.children(of: node))
        for index in stride(from: 0, to: children.count - 1, by: 2) {
            let keyNode = tape.nodes[children[index]]
            var key = Array(line[keyNode.start..<keyNode.end])
            if keyNode.hasEscapes {
                var decoded: [UInt8] = []
                key.withUnsafeBufferPointer { JSONStrings.unescape($0, into: &decoded) }
                key = decoded
            }
            let path = prefix + String(decoding: key, as: UTF8.self)
            let valueIndex = children[index + 1]
            let value = tape.nodes[valueIndex]
            columns[path] = column(of: value.kind == .string ? value.start - 1 : value.start, in: line)
            switch value.kind {
            case .object:
                collectColumns(tape, node: valueIndex, prefix: path + ".", in: line, into: &columns)
            case .array:
                for (item, element) in tape.children(of: valueIndex).enumerated() where tape.nodes[element].kind == .object {
                    collectColumns(tape, node: element, prefix: path + "[\(item)].", in: line, into: &columns)
                }
            default:
                break
            }
        }
    }

    static func resolve(_ path: String, from file: String) -> String {
        let folder = (file as NSString).deletingLastPathComponent
        return path.hasPrefix("/") || folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
    }
}
