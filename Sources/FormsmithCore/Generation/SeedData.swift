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
    }

    /// One partial questionnaire of the records file, with where it was written.
    public struct Record: Sendable {
        /// The partial questionnaire.
        public var fixture: GenerationFixture
        /// Its line in the records file.
        public var location: SourceLocation
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
            guard let node = try YAMLDocument.compose(text) else {
                throw GenerationError(field: nil, rule: nil, message: "\(path):1:1: the seed-data file is empty; "
                                      + "give 'fields' (value pools) and/or 'records' (a JSON Lines file)")
            }
            root = node
        } catch let error as GenerationError {
            throw error
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
                pools.append(Pool(field: field, extends: extends, values: values))
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
            values.append(Located(word, at: SourceLocation(file: path, line: index + 1, column: 1)))
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
            let location = SourceLocation(file: path, line: line, column: 1)
            guard bytes.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") && $0 != 9 }) else { continue }
            do {
                records.append(Record(fixture: try GenerationFixture(json: Array(bytes), name: "the record"),
                                      location: location))
            } catch {
                problems.report(error.message + "; each line of a records file is one JSON object", at: location)
            }
        }
        if records.isEmpty, problems.isEmpty {
            problems.report("the records file '\(written.value)' holds no questionnaire", at: written.location)
        }
    }

    static func resolve(_ path: String, from file: String) -> String {
        let folder = (file as NSString).deletingLastPathComponent
        return path.hasPrefix("/") || folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
    }
}
