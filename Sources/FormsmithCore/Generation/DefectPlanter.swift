/// The kinds of deliberate defect an invalid questionnaire can carry, one rule each, with the
/// order in which the planter offers them (its raw value; seeded output depends on it). A
/// text or number kind's defects are not listed here: the kind declares them
/// (``textCheck``, ``numberCheck``).
enum MutationKind: Int, CaseIterable {
    // The gaps are the places of the text kinds' defects (``TextDefect/order``): 30 to 60 and
    // 130, 140.
    case required = 0, visibility = 10, type = 20, min = 70, max = 80, fractionDigits = 90
    case enumeration = 100, unique = 110, constant = 120, mediaType = 150, fileExtension = 160, minSize = 170
    case maxSize = 180, minItems = 190, maxItems = 200
    case parent = 210, unknownField = 220, incompleteGroup = 230, textForm = 240
    /// A number kind's defect (``NumberCheck``): one grid point off its step; the rule is the
    /// check's own (``MutationCandidate/rule``).
    case numberCheck = 250
    /// A text kind's defect (``TextCheck/defects(in:)``): the candidate carries the
    /// ``TextDefect``, which names its rule and order, and the check that breaks the value.
    case textCheck = 260
    /// A date filter kind's defect (``DateCheck/filterRule``): a day inside the range that the
    /// filter refuses and the field's other filters allow; the candidate carries the check.
    case dateCheck = 270

    /// The rule identifier the validator reports for it; nil for ``numberCheck`` and
    /// ``textCheck``, whose candidate names its rule.
    var rule: String? {
        switch self {
        case .required: RuleIdentifier.required
        case .visibility: RuleIdentifier.visibility
        case .type: RuleIdentifier.type
        case .min: RuleIdentifier.min
        case .max: RuleIdentifier.max
        case .fractionDigits: RuleIdentifier.fractionDigits
        case .enumeration: RuleIdentifier.enumeration
        case .unique: RuleIdentifier.unique
        case .constant: RuleIdentifier.constant
        case .mediaType: RuleIdentifier.mediaType
        case .fileExtension: RuleIdentifier.fileExtension
        case .minSize: RuleIdentifier.minSize
        case .maxSize: RuleIdentifier.maxSize
        case .minItems: RuleIdentifier.minItems
        case .maxItems: RuleIdentifier.maxItems
        case .parent: RuleIdentifier.parent
        case .unknownField: RuleIdentifier.unknownField
        case .incompleteGroup: RuleIdentifier.incompleteGroup
        case .textForm: RuleIdentifier.textForm
        case .numberCheck, .textCheck, .dateCheck: nil
        }
    }
}

/// One possible defect: a kind applied to one field (of one list item).
struct MutationCandidate {
    let kind: MutationKind
    let address: FieldAddress
    /// What a number or text kind's defect carries, boxed: most candidates have none, and the
    /// planter copies candidates often (unboxed, the existentials made each one ~150 bytes).
    private let detail: Detail?

    private indirect enum Detail {
        case number(any NumberCheck, NumberDomain.Rule?)
        case text(TextDefect, any TextCheck)
        case date(any DateCheck)
    }

    init(kind: MutationKind, address: FieldAddress, check: (any NumberCheck)? = nil,
         narrowing: NumberDomain.Rule? = nil, textDefect: TextDefect? = nil, textCheck: (any TextCheck)? = nil,
         dateCheck: (any DateCheck)? = nil) {
        self.kind = kind
        self.address = address
        if let dateCheck {
            detail = .date(dateCheck)
        } else if let check {
            detail = .number(check, narrowing)
        } else if let textDefect, let textCheck {
            detail = .text(textDefect, textCheck)
        } else {
            detail = nil
        }
    }

    /// The number check a ``MutationKind/numberCheck`` defect breaks.
    var check: (any NumberCheck)? {
        if case .number(let check, _)? = detail { check } else { nil }
    }
    /// The narrowing of the domain (the step) that defect leaves.
    var narrowing: NumberDomain.Rule? {
        if case .number(_, let narrowing)? = detail { narrowing } else { nil }
    }
    /// The defect a ``MutationKind/textCheck`` candidate plants, as its kind declares it.
    var textDefect: TextDefect? {
        if case .text(let defect, _)? = detail { defect } else { nil }
    }
    /// The text check that breaks the value for ``textDefect``.
    var textCheck: (any TextCheck)? {
        if case .text(_, let check)? = detail { check } else { nil }
    }

    /// The date filter a ``MutationKind/dateCheck`` defect breaks.
    var dateCheck: (any DateCheck)? {
        if case .date(let check)? = detail { check } else { nil }
    }

    /// The rule the defect breaks.
    var rule: String { textDefect?.rule ?? check?.rule ?? dateCheck?.filterRule ?? kind.rule ?? "" }

    /// The group the planter picks among: the kind, a text kind's defect apart by its rule (every
    /// number kind's is one group, ``MutationKind/numberCheck``), placed by its order.
    var group: DefectGroup {
        DefectGroup(order: textDefect?.order ?? kind.rawValue, kind: kind,
                    rule: textDefect?.rule ?? dateCheck?.filterRule ?? "")
    }
}

/// A group of candidates the planter picks among (``MutationCandidate/group``), in ascending
/// order.
struct DefectGroup: Hashable, Comparable {
    let order: Int
    let kind: MutationKind
    let rule: String

    static func < (left: DefectGroup, right: DefectGroup) -> Bool {
        (left.order, left.kind.rawValue, left.rule) < (right.order, right.kind.rawValue, right.rule)
    }
}

/// Plants exactly one defect in a valid questionnaire: picks a kind at random among those the
/// questionnaire allows (so many kinds appear), applies it, and keeps it only if the
/// validator then reports exactly that one field and rule; otherwise it tries another. Every
/// defect dropped, and every questionnaire left valid because none fitted, is counted in the
/// builder's ``GenerationDiscards``.
struct DefectPlanter {
    /// Candidates tried before the questionnaire is left valid.
    static let maxTries = 24
    /// The rule a questionnaire left valid is counted under (no defect fitted it).
    static let noDefect = "no-defect"

    let generator: RecordGenerator
    var builder: QuestionnaireBuilder { generator.builder }
    var rules: CompiledRuleSet { generator.plan.rules }
    var isCSV: Bool { generator.plan.options.format == .csv }

    /// Makes the builder's record invalid and returns its label, or nil (record left valid)
    /// when no candidate gives exactly one violation.
    ///
    /// The first defect tried is drawn lazily: a group (``DefectGroup``) uniformly among those
    /// the questionnaire offers, then a candidate uniformly within it, building only that
    /// group's candidates (``DefectGroupTable``). Groups of the form's table are drawn without
    /// replacement until one has a candidate here, which is the same distribution as drawing
    /// among the groups present. When that defect does not fit, the rest of its group follows
    /// in random order, then every other candidate in random order, as before: only then is
    /// the questionnaire's every candidate built.
    func plantDefect(index: Int, random: SeededRandom) -> GeneratedLabel? {
        var random = random
        let table = generator.defectGroups
        var unseen = Array(table.groups.indices)
        var preferred: DefectGroup?
        var pool: [MutationCandidate] = []
        while !unseen.isEmpty {
            let position = random.int(in: 0...(unseen.count - 1))
            unseen.swapAt(position, unseen.count - 1)
            let group = unseen.removeLast()
            pool = candidates(in: table.groups[group], fields: table.fields[group])
            if !pool.isEmpty {
                preferred = table.groups[group]
                break
            }
        }
        guard let preferred else {
            builder.discards.addDefect(field: "", rule: Self.noDefect)
            return nil
        }
        let snapshot = builder.record
        var tries = 0
        if let label = tryInRandomOrder(&pool, tries: &tries, snapshot: snapshot, index: index, random: &random) {
            return label
        }
        if tries < Self.maxTries {
            // The rest are this questionnaire's, not those of the last defect tried on it (a
            // list's items added or removed would name items the questionnaire does not have).
            builder.record = snapshot
            builder.failure = nil
            var rest = candidates().filter { $0.group != preferred }
            if let label = tryInRandomOrder(&rest, tries: &tries, snapshot: snapshot, index: index, random: &random) {
                return label
            }
        }
        builder.discards.addDefect(field: "", rule: Self.noDefect)
        builder.record = snapshot
        _ = generator.verify()
        return nil
    }

    /// Tries the candidates of `pool` in random order (each drawn uniformly among those left)
    /// until one gives exactly its violation or ``maxTries`` are spent; each dropped is counted.
    private func tryInRandomOrder(_ pool: inout [MutationCandidate], tries: inout Int, snapshot: GeneratedRecord,
                                  index: Int, random: inout SeededRandom) -> GeneratedLabel? {
        while !pool.isEmpty, tries < Self.maxTries {
            let position = random.int(in: 0...(pool.count - 1))
            pool.swapAt(position, pool.count - 1)
            let candidate = pool.removeLast()
            tries += 1
            builder.record = snapshot
            builder.failure = nil
            if let expected = apply(candidate, random: &random),
               !isCSV || generator.csvWriter.map({ $0.fits(builder.record) }) ?? true {
                let violations = generator.verify()
                if violations.count == 1, violations[0].field == expected, violations[0].rule == candidate.rule {
                    return GeneratedLabel(index: index, line: 0, id: generator.recordID(), field: expected,
                                          rule: candidate.rule)
                }
            }
            let field = candidate.address.field < 0 ? "" : rules.fields[candidate.address.field].path
            builder.discards.addDefect(field: field, rule: candidate.rule)
        }
        return nil
    }

    /// Every defect this questionnaire could carry.
    func candidates() -> [MutationCandidate] {
        var result: [MutationCandidate] = []
        result.reserveCapacity(rules.fields.count * 4)  // growing it was 1% of generating osago with defects
        for field in rules.fields where !generator.plan.fields[field.id].isRecordID {
            appendCandidates(of: field, in: nil, to: &result)
        }
        if !isCSV { result.append(MutationCandidate(kind: .unknownField, address: FieldAddress(field: -1, item: -1))) }
        return result
    }

    /// The defects of one group this questionnaire could carry, looking only at `fields` (the
    /// group's fields in ``DefectGroupTable``).
    func candidates(in group: DefectGroup, fields: [Int]) -> [MutationCandidate] {
        if group.kind == .unknownField {
            return isCSV ? [] : [MutationCandidate(kind: .unknownField, address: FieldAddress(field: -1, item: -1))]
        }
        var result: [MutationCandidate] = []
        for id in fields { appendCandidates(of: rules.fields[id], in: group, to: &result) }
        return result
    }

    /// Appends the defects `field` could carry in this questionnaire (each of its list items),
    /// only those of `group` when one is given.
    private func appendCandidates(of field: CompiledField, in group: DefectGroup?, to result: inout [MutationCandidate]) {
        let record = builder.record
        var addresses = [FieldAddress(field: field.id, item: -1)]
        if let listID = field.listID {
            addresses = record.reachableItems(of: listID).map { FieldAddress(field: field.id, item: $0) }
        }
        let kind = group?.kind
        for address in addresses {
            let value = record.value(at: address, in: rules)
            if value.isPresent {
                if kind != .numberCheck, kind != .dateCheck, kind != .visibility {
                    for candidate in candidates(forPresent: field, value: value, address: address, in: group)
                    where (group == nil || candidate.group == group) && applies(candidate.kind, field, value, address) {
                        result.append(candidate)
                    }
                }
                if kind == nil || kind == .numberCheck, field.type == .integer || field.type == .decimal {
                    for (check, narrowing) in numberCheckDefects(field, address)
                    where !generator.plan.unplantable.contains(where: {
                        $0.field == field.id && $0.kind == .numberCheck && $0.rule == check.rule
                    }) {
                        result.append(MutationCandidate(kind: .numberCheck, address: address, check: check,
                                                        narrowing: narrowing))
                    }
                }
                if kind == nil || kind == .dateCheck, field.type == .date {
                    for filter in inScope(address, { builder.dateFilters(field) })
                    where group == nil || (filter.filterRule ?? "") == group?.rule {
                        result.append(MutationCandidate(kind: .dateCheck, address: address, dateCheck: filter))
                    }
                }
            } else if kind == nil || kind == .visibility, let condition = field.visibleIf,
                      inScope(address, { condition.evaluateCondition(builder.environment) == false }) {
                // Only a hidden field can break `visibility` by being filled: an empty field
                // that is shown (optional, left empty) or whose condition is unknown was
                // offered, tried and dropped.
                result.append(MutationCandidate(kind: .visibility, address: address))
            }
        }
    }

    /// The defects of a present value; with `group`, a text value's own defects
    /// (``textDefects(_:_:)``, which need its text spec) only when the group can be one of them.
    private func candidates(forPresent field: CompiledField, value: GeneratedValue, address: FieldAddress,
                            in group: DefectGroup? = nil) -> [MutationCandidate]
    {
        var kinds: [MutationKind] = [.required]
        if !field.parents.isEmpty { kinds.append(.parent) }
        if field.group >= 0, rules.groups[field.group].isComplete { kinds.append(.incompleteGroup) }
        let textual = field.type == .string || field.type == .text || field.type == .multiChoice || field.type == .list
            || (field.type == .enumeration && !field.hasIntegerValues)
        if !isCSV || !textual { kinds.append(.type) }
        switch field.type {
        case .string, .text:
            guard case .text = value else { break }
            let own = kinds.map { MutationCandidate(kind: $0, address: address) }
            if let group, group.kind != .textCheck, group.kind != .constant, group.kind != .textForm { return own }
            return own + textDefects(textSpec(field, address), address)
        case .integer, .decimal, .date:
            // `const` on an integer field, its own or a case's that holds: another value every
            // other rule allows (``otherConstant(_:_:_:)``) is its one number defect, as every
            // value past a bound or off a step is not the constant either.
            if field.type != .date, inScope(address, { builder.numberDomain(field).isConstant }) {
                kinds.append(.constant)
                break
            }
            kinds += [.min, .max]
            if field.type == .decimal, NumberChecks.narrows(field.checks, by: .fractionDigits) {
                kinds.append(.fractionDigits)
            }
        case .enumeration:
            kinds.append(.enumeration)
            if !field.hasIntegerValues { kinds.append(.textForm) }
            if generator.plan.fields[field.id].constantChoice != nil { kinds.append(.constant) }
        case .boolean:
            if ChoiceDomain(field.checks).constant != nil { kinds.append(.constant) }
        case .multiChoice:
            kinds += [.enumeration, .unique, .minItems, .maxItems, .textForm]
        case .list:
            kinds.append(.minItems)
            // A CSV row has no column for an item past `maxItems`: the validator reports a header
            // with such columns as a problem of the header row, so no `max-items` defect in CSV.
            if !isCSV { kinds.append(.maxItems) }
        case .attachment:
            kinds.append(.fileExtension)
            if MediaTypeCheck.patterns(in: field.checks) != nil { kinds.append(.mediaType) }
            let size = SizeCheck.bounds(in: field.checks)
            if size.min > 0 { kinds.append(.minSize) }
            if size.max != nil { kinds.append(.maxSize) }
            if field.isMultiple { kinds += [.minItems, .maxItems] }
        case .section:
            break
        }
        return kinds.map { MutationCandidate(kind: $0, address: address) }
    }

    /// Runs `body` with the builder's scope set to the address's list item.
    func inScope<Result>(_ address: FieldAddress, _ body: () -> Result) -> Result {
        let field = rules.fields[address.field]
        builder.currentList = field.listID ?? -1
        builder.currentItem = field.listID == nil ? -1 : address.item
        defer {
            builder.currentList = -1
            builder.currentItem = -1
        }
        return body()
    }

    /// The text spec in force for a field of the current record.
    func textSpec(_ field: CompiledField, _ address: FieldAddress) -> TextSpec {
        inScope(address) {
            generator.plan.textSpec(of: field.id, cases: field.cases.isEmpty ? 0 : builder.activeCases(of: field))
        }
    }
}
