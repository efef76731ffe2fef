import Foundation

/// Validates a mixed input, one whose records belong to several forms: each record is sent to
/// the form it names in its routing member (`"form": "osago-policy"`). A record that names no
/// form, or a form the project does not have, is reported with its own rule
/// (``RecordRouter/formMissing``, ``RecordRouter/formUnknown``) and counted; the rest go on.
///
/// Mixed inputs are JSON Lines files, JSON documents (one questionnaire or an array of them)
/// and CSV files with a routing column, read one after another on the calling thread. Inputs routed to one form by a glob go
/// through ``BatchValidator`` instead, with all its parallelism.
final class RecordRouter {
    /// Rule id of a record without its routing member.
    static let formMissing = "form-missing"
    /// Rule id of a record naming a form the project does not have.
    static let formUnknown = "form-unknown"

    /// The one-line description of a rule id, the routing rules' own included.
    static func summary(of rule: String) -> String {
        switch rule {
        case formMissing: return "A record of a mixed input does not name its form in the routing member."
        case formUnknown: return "A record of a mixed input names a form the project does not have."
        default: return RuleIdentifier.summary(of: rule)
        }
    }

    private let member: [UInt8]
    private let memberName: String
    /// The CSV column naming a row's form.
    let columnName: String
    let validators: [String: RecordValidator]
    /// The forms' names, in the project's order.
    let names: [String]
    let dialect: CSVDialect
    private let limits: JSONLimits
    private var tape = JSONTape()
    private var scratch: [UInt8] = []

    init(routing: RecordRouting, rules: [(name: String, rules: CompiledRuleSet)], options: ValidationOptions) {
        member = Array(routing.member.utf8)
        memberName = routing.member
        columnName = routing.column
        dialect = options.csvDialect
        names = rules.map(\.name)
        var validators: [String: RecordValidator] = [:]
        for entry in rules {
            let validator = RecordValidator(rules: entry.rules, regexLimits: options.regexLimits,
                                            redactsValues: options.redact)
            validator.routingMember = Array(routing.member.utf8)
            validators[entry.name] = validator
        }
        self.validators = validators
        limits = options.jsonLimits
    }

    /// Validates every record of `source`, calling `body` with each result and its form (nil
    /// when the record could not be routed).
    /// With `raw`, a JSON Lines record's text goes to it too, after its result.
    func run(_ source: InputSource, raw: ((UnsafeBufferPointer<UInt8>, RecordResult, String?) -> Void)? = nil,
             _ body: (RecordResult, String?) -> Void) {
        if source.format == .jsonLines { return lines(source, raw: raw, body) }
        let bytes: [UInt8]
        if source.isStandardInput {
            bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
        } else if let data = FileManager.default.contents(atPath: source.path) {
            bytes = Array(data)
        } else {
            body(RecordResult(location: RecordLocation(file: source.path, line: 1),
                              unreadable: "cannot read the file; check that it exists and is readable"), nil)
            return
        }
        switch source.format {
        case .jsonLines:
            break
        case .json:
            document(bytes, file: source.path, body)
        case .csv:
            csv(bytes, file: source.path, body)
        }
    }

    /// A JSON Lines input, read in chunks of whole lines (memory stays flat however long it is).
    private func lines(_ source: InputSource, raw: ((UnsafeBufferPointer<UInt8>, RecordResult, String?) -> Void)?,
                       _ body: (RecordResult, String?) -> Void) {
        guard let handle = source.isStandardInput ? FileHandle.standardInput
                : FileHandle(forReadingAtPath: source.path) else {
            body(RecordResult(location: RecordLocation(file: source.path, line: 1),
                              unreadable: "cannot read the file; check that it exists and is readable"), nil)
            return
        }
        var pending: [UInt8] = []
        var line = 1
        while true {
            let data = handle.readData(ofLength: 4 << 20)
            let atEnd = data.isEmpty
            pending.append(contentsOf: data)
            let cut = atEnd ? pending.count : (pending.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0)
            if cut > 0 {
                let chunk = Array(pending[0..<cut])
                JSONLinesReader.forEachRecord(in: chunk, firstLine: line) { record, number in
                    let routed = route(record, location: RecordLocation(file: source.path, line: number))
                    body(routed.result, routed.form)
                    raw?(record, routed.result, routed.form)
                }
                line += chunk.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
                pending.removeFirst(cut)
            }
            if atEnd { break }
        }
        if !source.isStandardInput { try? handle.close() }
    }

    /// A JSON document: one questionnaire, or an array of them (each routed on its own).
    private func document(_ bytes: [UInt8], file: String, _ body: (RecordResult, String?) -> Void) {
        bytes.withUnsafeBufferPointer { buffer in
            var whole = JSONTape()
            do {
                try JSONParser.parse(buffer, into: &whole, limits: JSONLimits(maxDepth: limits.maxDepth,
                                                                            maxNodes: Int.max))
            } catch {
                let routed = route(buffer, location: RecordLocation(file: file, line: 1))
                body(routed.result, routed.form)
                return
            }
            guard whole.nodes[0].kind == .array else {
                let routed = route(buffer, location: RecordLocation(file: file, line: 1))
                body(routed.result, routed.form)
                return
            }
            var line = 1
            var counted = 0
            for (index, child) in whole.children(of: 0).enumerated() {
                let node = whole.nodes[child]
                let start = node.kind == .string ? node.start - 1 : node.start
                let end = node.kind == .string ? node.end + 1 : node.end
                for offset in counted..<start where buffer[offset] == UInt8(ascii: "\n") { line += 1 }
                counted = start
                let routed = route(UnsafeBufferPointer(rebasing: buffer[start..<end]),
                                   location: RecordLocation(file: file, line: line, index: index))
                body(routed.result, routed.form)
            }
        }
    }

    /// Finds the record's form and validates it by that form's rules.
    private func route(_ record: UnsafeBufferPointer<UInt8>, location: RecordLocation)
        -> (result: RecordResult, form: String?)
    {
        do {
            try JSONParser.parse(record, into: &tape, limits: limits)
        } catch {
            // Unreadable whatever its form: any form's validator words the syntax error.
            return (validators[names[0]]!.validate(json: record, location: location, limits: limits), nil)
        }
        guard tape.nodes[0].kind == .object else {
            return (validators[names[0]]!.validate(json: record, location: location, limits: limits), nil)
        }
        var value: JSONNode?
        var key = true
        var candidate = false
        for child in tape.children(of: 0) {
            defer { key.toggle() }
            if key {
                candidate = isMember(tape.nodes[child], in: record)
            } else if candidate {
                value = tape.nodes[child]
            }
        }
        guard let value, value.kind == .string, value.start != value.end else {
            return (unrouted(nil, field: memberName, location: location), nil)
        }
        let name = String(decoding: text(of: value, in: record), as: UTF8.self)
        guard let validator = validators[name] else {
            return (unrouted(name, field: memberName, location: location), nil)
        }
        // The record is parsed once: its tape goes to the form's validator.
        swap(&validator.tape, &tape)
        defer { swap(&validator.tape, &tape) }
        return (validator.validateParsedTape(record, location: location), name)
    }

    /// The result of a record that names no form (`name` nil) or an unknown one.
    func unrouted(_ name: String?, field: String, location: RecordLocation) -> RecordResult {
        guard let name else {
            return RecordResult(location: location, violations: [Violation(
                field: field, rule: Self.formMissing,
                message: "the record does not name its form: give '\(field)' one of " + names.joined(separator: ", "))])
        }
        return RecordResult(location: location, violations: [Violation(
            field: field, rule: Self.formUnknown,
            message: "no form '\(name)' in the project" + Suggestion.didYouMean(name, in: names)
                + "; name one of " + names.joined(separator: ", "), value: name)])
    }

    /// Whether a key node is the routing member.
    private func isMember(_ node: JSONNode, in record: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !node.hasEscapes else { return text(of: node, in: record) == member }
        guard node.end - node.start == member.count else { return false }
        // In bounds: `node` is a key node parsed from `record`, so `start..<end` lies inside it.
        return member.withUnsafeBufferPointer { $0.elementsEqual(UnsafeBufferPointer(rebasing: record[node.start..<node.end])) }
    }

    /// A string node's text, unescaped.
    private func text(of node: JSONNode, in record: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        guard node.kind == .string else { return [] }
        let raw = UnsafeBufferPointer(rebasing: record[node.start..<node.end])
        guard node.hasEscapes else { return Array(raw) }
        var output: [UInt8] = []
        JSONStrings.unescape(raw, into: &output)
        return output
    }
}

extension RecordValidator {
    /// Whether the key at tape node `keyIndex` is the routing member (checked only for keys
    /// the rules do not know, so the hot path does not pay for it).
    func isRoutingMember(_ keyIndex: Int) -> Bool {
        guard !routingMember.isEmpty else { return false }
        let key = tape.nodes[keyIndex]
        guard !key.hasEscapes, key.end - key.start == routingMember.count else { return false }
        // In bounds: `key` is a node of the tape parsed from `bytes`, so `start..<end` lies inside them.
        return routingMember.withUnsafeBufferPointer { member in
            member.elementsEqual(UnsafeBufferPointer(rebasing: bytes[key.start..<key.end]))
        }
    }
}
