/// A deliberate defect of one generated questionnaire, for the labels sidecar.
public struct GeneratedLabel: Sendable, Hashable, Codable {
    /// The questionnaire's 0-based position in the output.
    public var index: Int
    /// The line where it starts in the output file.
    public var line: Int
    /// Its `id` field, when it has one.
    public var id: String?
    /// The concrete field path, as `formsmith validate` reports it (`drivers[1].birthDate`).
    public var field: String
    /// The rule identifier the defect breaks.
    public var rule: String
}

/// Generates questionnaires one at a time for one worker: builds each one, verifies it with
/// a ``RecordValidator`` (rebuilding it with fresh random streams when it fails, each rebuild
/// counted in ``GenerationDiscards``), plants the defect of invalid ones, and writes it in the
/// output format.
final class RecordGenerator {
    let plan: GeneratorTables
    let builder: QuestionnaireBuilder
    let validator: RecordValidator
    let jsonWriter: RecordJSONWriter
    let csvWriter: RecordCSVWriter?
    private let root: SeededRandom
    private let invalidRoot: SeededRandom
    /// The current questionnaire as JSON, with its parsed form.
    @exclusivity(unchecked) var json = JSONOutput()
    @exclusivity(unchecked) private var cellBuffer: [UInt8] = []
    /// The defect groups the form can offer, with their fields, for drawing a defect lazily
    /// (worked out on the first invalid questionnaire).
    lazy var defectGroups = DefectGroupTable(plan: plan)

    init(plan: GeneratorTables, csvWriter: RecordCSVWriter?) {
        self.plan = plan
        builder = QuestionnaireBuilder(plan: plan)
        validator = RecordValidator(rules: plan.rules)
        jsonWriter = RecordJSONWriter(plan: plan)
        self.csvWriter = csvWriter
        root = SeededRandom(seed: plan.options.seed)
        invalidRoot = SeededRandom(seed: plan.options.seed ^ 0x5EED_BAD0_DEFE_C7ED)
    }

    /// Generates questionnaire `index` and appends it to `output` in the output format (with
    /// its separator or line break). Returns its label when it was made invalid.
    func generate(index: Int, into output: inout [UInt8]) throws(GenerationError) -> GeneratedLabel? {
        try buildValid(index: index)
        var label: GeneratedLabel?
        if plan.options.invalidRate > 0 {
            var decision = invalidRoot.derived(UInt64(index))
            if decision.chance(plan.options.invalidRate) {
                label = DefectPlanter(generator: self).plantDefect(index: index, random: decision.derived(1))
            }
        }
        switch plan.options.format {
        case .jsonl:
            output.append(contentsOf: json.bytes)
            output.append(UInt8(ascii: "\n"))
        case .json:
            if index > 0 { output.append(contentsOf: ",\n".utf8) }
            output.append(contentsOf: json.bytes)
        case .csv:
            csvWriter?.write(builder.record, to: &output, scratch: &cellBuffer)
        }
        return label
    }

    /// Builds questionnaire `index` and leaves it valid in `builder.record` and `json`.
    private func buildValid(index: Int) throws(GenerationError) {
        let base = root.derived(UInt64(index))
        var lastFailure: GenerationFailure?
        var lastViolations: [Violation] = []
        var lastEmptyItemList: String?
        for attempt in 0..<plan.options.maxAttempts {
            let random = attempt == 0 ? base : base.derived(UInt64(attempt))
            guard builder.build(index: index, attempt: attempt, random: random) else {
                lastFailure = builder.failure
                lastEmptyItemList = nil
                if let failure = builder.failure {
                    builder.discards.addQuestionnaire(reasons: [(plan.rules.fields[failure.address.field].path, failure.rule)])
                }
                continue
            }
            let violations = verify()
            if violations.isEmpty {
                switch csvWriter?.misfit(builder.record) {
                case nil: return
                case .tooLong?:
                    throw GenerationError(field: nil, rule: nil, message: "the fixture gives a list more items than "
                                          + "the CSV columns hold; use --format json or jsonl")
                case .emptyLastItem(let list)?:
                    // Valid, but not writable as a CSV row: drawn again, and counted.
                    lastEmptyItemList = list
                    lastFailure = nil
                    lastViolations = []
                    builder.discards.addQuestionnaire(reasons: [(list, Self.csvEmptyItem)])
                    continue
                }
            }
            lastViolations = violations
            lastFailure = nil
            lastEmptyItemList = nil
            builder.discards.addQuestionnaire(reasons: violations.map { (ValidationSummary.foldIndices($0.field), $0.rule) })
        }
        if let list = lastEmptyItemList {
            throw GenerationError(
                field: list, rule: nil,
                message: "cannot be written as CSV: in \(Counted.phrase(plan.options.maxAttempts, "attempt")) the last item of "
                    + "this list had no filled cell (questionnaire \(index + 1)); a CSV row holds as many items as 1 + the "
                    + "highest index with a filled cell, so an item whose fields are all empty (optional or hidden) cannot be "
                    + "written; use --format json or jsonl, or require a field of its items")
        }
        throw unsatisfiable(index: index, failure: lastFailure, violations: lastViolations)
    }

    /// The rule a CSV attempt is counted under when a list's last item has no filled cell.
    static let csvEmptyItem = "csv-empty-item"

    /// The attempts and values thrown away since the last call, and forgets them.
    func takeDiscards() -> GenerationDiscards {
        defer { builder.discards = GenerationDiscards() }
        return builder.discards
    }

    /// Writes the builder's record as JSON into `json` and returns its violations. The
    /// validator reads the parsed form the writer built, or parses the bytes when verbatim
    /// text went in.
    func verify() -> [Violation] {
        jsonWriter.write(&builder.record, to: &json)
        let location = RecordLocation(file: "generated", line: 1)
        let validator = self.validator
        guard json.isParsed else {
            return validator.validate(json: json.bytes, location: location).violations
        }
        validator.tape.nodes.removeAll(keepingCapacity: true)
        validator.tape.nodes.append(contentsOf: json.nodes.elements)
        return validator.validateParsedTape(json.bytes, location: location).violations
    }

    /// The error after the last attempt: the field and rule that could not be satisfied.
    private func unsatisfiable(index: Int, failure: GenerationFailure?, violations: [Violation]) -> GenerationError {
        let attempts = plan.options.maxAttempts
        var fixtureNote = plan.pins == nil ? ""
            : "; the fixture pins some fields: check that its values pass the rules and fit together"
        if let records = plan.seedData?.recordLocations, !records.isEmpty {
            fixtureNote += "; it keeps the seed-data record at \(records[index % records.count]): check that its "
                + "values fit together"
        }
        if let failure {
            return GenerationError(
                field: builder.record.concretePath(failure.address, in: plan.rules), rule: failure.rule,
                message: "cannot be generated: \(failure.reason) (questionnaire \(index + 1), \(Counted.phrase(attempts, "attempt")))"
                    + fixtureNote)
        }
        guard let first = violations.first else {
            return GenerationError(field: nil, rule: nil, message: "no valid questionnaire found" + fixtureNote)
        }
        let pinned = plan.pins != nil && isPinned(first.field)
        let value = first.value.map { " (value \"\($0)\")" } ?? ""
        var lead = pinned ? "the fixture's value breaks the rules: " : "no valid value found in \(Counted.phrase(attempts, "attempt")): "
        let assertionRules = Set((plan.rules.ruleSet.assertions + plan.rules.ruleSet.allFields.flatMap(\.assertions)).map(\.rule))
        if !pinned, assertionRules.contains(first.rule) {
            // Assertions are checked, not aimed at: say so, rather than blame a value.
            lead = "no questionnaire drawn in \(Counted.phrase(attempts, "attempt")) met this assertion (generate draws "
                + "each field from its own checks and then checks the assertions, so an assertion that few "
                + "questionnaires meet, or none, stops it: check that it can hold): "
        }
        return GenerationError(field: first.field, rule: first.rule,
                               message: lead + first.message + value + (pinned ? "" : fixtureNote))
    }

    /// Whether the fixture pins the field named by a reported path (`drivers[0].birthDate`).
    private func isPinned(_ path: String) -> Bool {
        let rules = plan.rules
        guard let id = rules.fieldIDs[ValidationSummary.foldIndices(path)] else { return false }
        var indices: [Int] = []
        var rest = path[...]
        while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") {
            indices.append(Int(rest[rest.index(after: open)..<close]) ?? -1)
            rest = rest[rest.index(after: close)...]
        }
        return plan.pins?.value(of: id, indices: indices, rules: rules) != nil
    }

    /// The record's `id` as written, when it has one.
    func recordID() -> String? {
        guard let id = plan.rules.fieldIDs["id"], plan.rules.fields[id].listID == nil else { return nil }
        let value = builder.record.root[plan.rules.fields[id].slot]
        guard case .text = value else { return nil }
        return String(decoding: builder.record.bytes(of: value), as: UTF8.self)
    }
}
