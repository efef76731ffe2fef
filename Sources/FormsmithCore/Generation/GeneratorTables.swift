import Foundation

/// What the generator precomputes for one field: text specs per combination of `cases`,
/// enum values in every form the writers and expressions need.
struct GeneratorFieldTables: Sendable {
    /// Text specs of a string or text field, indexed by the bit set of the `cases` that hold
    /// (bit i for case i; cases beyond the sixth are confirmed, not planned).
    var textSpecs: [TextSpec] = []
    /// Why no value satisfies a combination of cases (parallel to `textSpecs`), when drawing found none.
    var textProblems: [(rule: String, reason: String)?] = []
    /// Enum values as JSON text (`"passport"`, `12`).
    var enumJSON: [[UInt8]] = []
    /// Enum values as plain text (CSV cells, multi-choice joins).
    var enumText: [[UInt8]] = []
    /// Enum values as expression values.
    var enumValues: [ExpressionValue] = []
    /// The position of the `const` value among the enum values.
    var constantChoice: Int32?
    /// How many choices a multi-choice value has (its choice checks' count), worked out once.
    var choiceCount = ItemBounds()
    /// A boolean field's `const`, worked out once.
    var constantBoolean: Bool?
    /// A per-field offset so that fields cycle through their values out of step.
    var salt = 0
    /// Whether this is the questionnaire's top-level `id` (made unique from the record number).
    var isRecordID = false
    /// How a date field's values are written.
    var dateLayout = DateLayout("yyyy-MM-dd")
    /// The field's `default:` as a fixture value, when `--use-defaults` is on and it has one.
    var initial: FixtureValue?
    /// A non-text field's `--seed-data` pool (text fields take theirs as seeds).
    var pool: [FixtureValue] = []
    /// Whether the pool adds to generated values (half the values) rather than replacing them.
    var poolExtends = false
    /// What an attachment field's values are drawn from.
    var attachment: AttachmentPlan?
    /// Per text spec (parallel to `textSpecs`), the values that make each string predicate on
    /// the field true and pass its own checks (``PredicateWitness``): its seeds that do, else
    /// values built from patterns; half the values come from these.
    var witnesses: [[WitnessSource]] = []
    /// The predicates on the field that no spec of it can make true (said on standard error).
    var uncovered: [String] = []
    /// Per text spec (parallel to `textSpecs`), how its values are made to look real.
    var realism: [TextRealism] = []
    /// Per `cases:` entry of an enum or multi-choice field, what it narrows the field's values
    /// to; empty when no case holds a choice check.
    var caseChoices: [CaseChoices] = []
}

/// Everything generation needs that does not change from record to record, shared by workers.
final class GeneratorTables: Sendable {
    /// Cases planned per field (more are confirmed by the validator).
    static let plannedCases = 6

    let rules: CompiledRuleSet
    let options: GenerationOptions
    let fields: [GeneratorFieldTables]
    /// Prefix of generated record ids (`OP` for osago-policy).
    let idPrefix: [UInt8]
    /// The fixture's pinned values by field, when a fixture is given.
    let pins: FixturePins?
    /// The `--seed-data` pools and records, checked against the rules.
    let seedData: SeedDataTables?
    /// Enum values of every field as expression values, one field after another (read per
    /// value by expressions without copying a field's tables).
    let enumValueTable: [ExpressionValue]
    /// Per field id, the position of its first value in ``enumValueTable``.
    let firstEnumValue: [Int]
    /// Per field id, whether it has a `--seed-data` pool (non-text fields).
    let hasPool: [Bool]
    /// Per field id, the range of a date field worked out once when it depends on nothing
    /// generated (fixed bounds, no `cases`); nil when it must be worked out per value.
    let fixedDateRanges: [(low: Int32?, high: Int32?)?]
    /// Per field id, the filter kinds (`weekdays`, ...) of a date field without `cases`, worked
    /// out once (they were gathered into a new array for every date drawn); nil when the cases
    /// that hold decide them, or for other fields.
    let fixedDateFilters: [[any DateCheck]?]
    /// Per field id, the number domain of an integer or decimal field worked out once when it
    /// depends on nothing generated (fixed bounds, no `cases`); nil when it must be worked out
    /// per value.
    let fixedNumberDomains: [NumberDomain?]
    /// Per field id, the cases that hold by the value of the one enumeration field its
    /// conditions compare with texts (``CaseChoiceMasks``); nil for other fields.
    let caseChoiceMasks: [CaseChoiceMasks?]
    /// Per top-level field id, the top-level fields whose `visibleIf` reads it and nothing filled
    /// after it (see ``QuestionnaireBuilder/steeredChoice(_:address:count:)``); filled only when a
    /// fixture or seed-data records pin values.
    let visibilityReaders: [[Int]]
    /// Defects the rules never let a questionnaire carry alone (empty unless some questionnaires
    /// are to be invalid): not tried, and listed in the summary.
    let unplantable: [UnplantableDefect]

    /// Fields never there and lists none of whose items can be valid (``NeverShown``).
    let neverShown: NeverShown

    /// One line per optional list always left empty because none of its items can be valid, and
    /// per optional section left empty because a member it requires can never be valid (a list
    /// none of whose items can be, a field whose `parent` is never there): the line names the
    /// section, which is what is left empty, and the member why (``QuestionnaireBuilder/groupHoldsNeverValid``).
    var listsLeftEmpty: [String] {
        var lines: [String] = []
        var sectionsSaid = Set<Int>()
        for field in rules.fields {
            // What the field itself lacks, said after its kind and path.
            let lack: String
            let kind: String
            if let items = neverShown.items[field.id] {
                // A list inside a list left empty for it is said once, by the outer list's line.
                if let holder = field.listID, neverShown.items[holder] != nil { continue }
                // An optional list is left empty itself (and a list never shown is never required).
                guard sectionLeftEmpty(holding: field) != nil, neverShown.fields[field.id] == nil else {
                    lines.append("'\(field.path)' is always left empty: none of its items can be valid (\(items))")
                    continue
                }
                (kind, lack) = ("list", "can have no valid item (\(items))")
            } else if sectionLeftEmpty(holding: field) != nil,
                      let parent = field.parents.first(where: { neverShown.fields[$0] != nil }), let reason = neverShown.fields[parent] {
                (kind, lack) = ("field", "is never there (its parent '\(rules.fields[parent].path)' is never there: \(reason))")
            } else {
                continue
            }
            guard let group = sectionLeftEmpty(holding: field), sectionsSaid.insert(group).inserted else { continue }
            let section = rules.groups[group]
            // Always: the section is optional and the field required and shown whenever it is filled.
            let always = field.visibleIf == nil && field.groupRequiredIf == nil && (section.isComplete || field.requiredIf == nil)
            lines.append(always ? "'\(section.path)' is always left empty: its required \(kind) '\(field.path)' " + lack
                : "'\(section.path)' is left empty whenever its \(kind) '\(field.path)' would be required, as that \(kind) " + lack)
        }
        return lines
    }

    /// The section checked as a whole that holds `field` and is left empty rather than filled
    /// without it: the section may be empty and requires the field while filled (the field is
    /// not optional, or the section is all or none); nil otherwise (an optional list is left
    /// empty itself).
    private func sectionLeftEmpty(holding field: CompiledField) -> Int? {
        guard field.group >= 0 else { return nil }
        let section = rules.groups[field.group]
        guard section.canBeEmpty, section.isComplete || !field.isOptional || field.requiredIf != nil else { return nil }
        return field.group
    }

    /// One line per string predicate that no generated value makes true, because the field's own
    /// checks leave no such value the generator can draw (or a pattern must be filtered).
    var uncoveredPredicateSides: [String] {
        rules.fields.flatMap { field in
            fields[field.id].uncovered.map { "'\(field.path)' is never generated so that \"\($0)\" holds: its own "
                + "checks leave no such value the generator can draw, so that side of the predicate is not covered" }
        }
    }

    init(rules: CompiledRuleSet, options: GenerationOptions) throws(GenerationError) {
        self.rules = rules
        self.options = options
        unplantable = options.invalidRate > 0 ? UnplantableDefect.find(in: rules) : []
        try AssertionEmptiness.check(rules)
        let declared = Dictionary(rules.ruleSet.allFields.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let seedData = try options.seedData.map { data throws(GenerationError) in try SeedDataTables(data, rules: rules) }
        self.seedData = seedData
        var plans: [GeneratorFieldTables] = []
        let witnesses = PredicateWitness.collect(rules)
        let realismContext = RealismContext(rules)
        for field in rules.fields {
            var plan = try GeneratorTables.plan(for: field, rule: declared[field.path], rules: rules,
                                                options: options, pool: seedData?.pools[field.id],
                                                realism: realismContext)
            for witness in witnesses[field.id] where !plan.textSpecs.isEmpty {
                let products = plan.textSpecs.map { witness.source(for: $0) }
                if products.allSatisfy({ $0 == nil }) { plan.uncovered.append(witness.phrase) }
                plan.witnesses = products.enumerated().map { index, product in
                    (index < plan.witnesses.count ? plan.witnesses[index] : []) + (product.map { [$0] } ?? [])
                }
            }
            plans.append(plan)
        }
        fields = plans
        neverShown = NeverShown(rules: rules, plans: plans)
        try neverShown.refuseRequired(rules)
        var table: [ExpressionValue] = []
        var firsts: [Int] = []
        for plan in plans {
            firsts.append(table.count)
            table.append(contentsOf: plan.enumValues)
        }
        hasPool = plans.map { !$0.pool.isEmpty }
        enumValueTable = table
        firstEnumValue = firsts
        fixedDateRanges = rules.fields.map { $0.type == .date ? QuestionnaireBuilder.fixedDateRange(of: $0) : nil }
        fixedDateFilters = rules.fields.map { $0.type == .date && $0.cases.isEmpty ? DateChecks.filters(in: $0.checks) : nil }
        fixedNumberDomains = rules.fields.map(NumberDomain.fixed(of:))
        caseChoiceMasks = rules.fields.map { CaseChoiceMasks($0, rules: rules, enumValues: { plans[$0].enumValues }) }
        let initials = rules.id.split(separator: "-").compactMap(\.first).map { String($0).uppercased() }.joined()
        idPrefix = Array((initials.isEmpty ? "Q" : initials).utf8)
        pins = try options.fixture.map { fixture throws(GenerationError) in try FixturePins(fixture, rules: rules) }
        visibilityReaders = pins != nil || seedData?.records.isEmpty == false
            ? GeneratorTables.visibilityReaders(rules) : Array(repeating: [], count: rules.fields.count)
    }

    /// For each top-level field F, the top-level fields whose `visibleIf` reads F and otherwise
    /// only fields filled before F, so that it can be decided as soon as F has its value.
    private static func visibilityReaders(_ rules: CompiledRuleSet) -> [[Int]] {
        var readers = Array(repeating: [Int](), count: rules.fields.count)
        var position = Array(repeating: Int.max, count: rules.fields.count)
        for (index, id) in rules.rootScope.order.enumerated() { position[id] = index }
        for reader in rules.fields where reader.listID == nil {
            guard let condition = reader.visibleIf else { continue }
            let read = condition.referencedFields
            for field in read where rules.fields[field].listID == nil && position[field] < position[reader.id] {
                if read.allSatisfy({ position[$0] <= position[field] }) { readers[field].append(reader.id) }
            }
        }
        return readers
    }

    private static func plan(for field: CompiledField, rule: FieldRule?, rules: CompiledRuleSet,
                             options: GenerationOptions, pool: SeedDataTables.Pool?,
                             realism: RealismContext) throws(GenerationError) -> GeneratorFieldTables
    {
        var plan = GeneratorFieldTables()
        plan.salt = field.id &* 7 &+ 3
        plan.isRecordID = field.path == "id" && (field.type == .string || field.type == .text)
        if options.useDefaults, let initial = rule?.defaultValue?.value {
            plan.initial = FixtureValue(initial, numeric: field.type == .integer || field.type == .decimal)
        }
        switch field.type {
        case .date:
            plan.dateLayout = DateLayout(field.datePattern.pattern)
        case .attachment:
            plan.attachment = AttachmentPlan(field)
        case .string, .text:
            var seeds: [String] = []
            if let located = rule?.seed {
                // Read only here (and by lint), so checked against the readable roots only here.
                if let problem = rules.ruleSet.roots?.problem(located, what: "seed list") {
                    throw GenerationError(field: field.path, rule: nil, message: "\(problem)")
                }
                seeds = try readSeeds(located.value, ruleFile: located.location.file, field: field.path)
            } else if BuiltInNames.isCyrillicNamePattern(field.checks) {
                // A Cyrillic name pattern without a seed list: the shipped name lists, built in.
                seeds = BuiltInNames.list(forField: field.path)
            }
            let seedScript = TextScript.majority(of: seeds)
            if let pool { seeds = pool.extends ? seeds + pool.values : pool.values }
            let planned = min(field.cases.count, plannedCases)
            for mask in 0..<(1 << planned) {
                var checks = field.checks
                for (index, variant) in field.cases.prefix(planned).enumerated() where mask & (1 << index) != 0 {
                    checks += variant.checks
                }
                let spec: TextSpec
                do {
                    spec = try TextSpec(checks: checks, seedList: seeds,
                                        companionShape: realism.bicFields.contains(field.id)
                                            ? ChecksumAlgorithm.bankAccountCompanionShape : nil)
                } catch {
                    throw GenerationError(field: field.path, rule: error.rule, message: error.message)
                }
                plan.textProblems.append(
                    try SatisfiabilityAnalysis.analyse(spec, field: field.path, strict: mask.nonzeroBitCount <= 1))
                plan.textSpecs.append(spec)
                plan.realism.append(TextRealism.plan(for: field, spec: spec, rules: rules, formScript: realism.formScript,
                                                     seedScript: seedScript, bicFields: realism.bicFields))
            }
        default:
            break
        }
        if let pool, field.type != .string, field.type != .text {
            plan.pool = pool.values.map { SeedDataTables.value($0, for: field) }
            plan.poolExtends = pool.extends
        }
        switch field.type {
        case .enumeration, .multiChoice:
            let domain = ChoiceDomain(field.checks)
            if let strings = domain.strings {
                plan.addValues(strings, domain.integers, integerEnum: field.hasIntegerValues)
            }
            if let constant = domain.constant { try plan.chooseConstant(constant, field: field.path) }
            plan.choiceCount = domain.count
            try plan.planCaseChoices(field)
        case .boolean:
            if case .boolean(let value)? = ChoiceDomain(field.checks).constant { plan.constantBoolean = value }
        default:
            break
        }
        try SatisfiabilityAnalysis.check(field, plan: plan, today: rules.today)
        return plan
    }

    /// Reads a seed list (one value per line; `#` comments and blank lines skipped).
    static func readSeeds(_ path: String, ruleFile: String, field: String) throws(GenerationError) -> [String] {
        let folder = (ruleFile as NSString).deletingLastPathComponent
        let resolved = path.hasPrefix("/") || folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
        guard let data = FileManager.default.contents(atPath: resolved), let text = String(data: data, encoding: .utf8)
        else {
            throw GenerationError(field: field, rule: nil,
                                  message: "cannot read the seed list '\(path)' (looked at \(resolved)); "
                                      + "fix the field's 'seed:' path, relative to the rule file")
        }
        return text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// The position of a field's text spec given the bit set of the cases that hold.
    func textSpecIndex(of field: Int, cases: Int) -> Int {
        let count = fields[field].textSpecs.count
        return cases < count ? cases : cases & (count - 1)
    }

    /// How many enum values field `field` has.
    func enumValueCount(of field: Int) -> Int {
        (field + 1 < firstEnumValue.count ? firstEnumValue[field + 1] : enumValueTable.count) - firstEnumValue[field]
    }

    /// Enum value `index` of field `field` as an expression value.
    func enumValue(of field: Int, at index: Int) -> ExpressionValue {
        enumValueTable[firstEnumValue[field] + index]
    }

    /// The text spec of a field given the cases that hold.
    func textSpec(of field: Int, cases: Int) -> TextSpec {
        fields[field].textSpecs[textSpecIndex(of: field, cases: cases)]
    }
}
