/// `minItems` / `maxItems`: how many items a list, or choices a multi-choice field, has.
enum ItemCountCheck: ValueCheckKind {
    /// `minItems`, `maxItems` as written.
    struct Written: WrittenKeys {
        var minItems: Located<Int>?
        var maxItems: Located<Int>?
    }

    /// The compiled check: a choice, attachment or list check by the field's type (one struct
    /// for the three, each reading its own count).
    struct Bounds: ChoiceCheck, AttachmentCheck, ListCheck {
        static let kind = CheckKind.itemCount
        let minimum: Int?
        let maximum: Int?

        func narrow(_ domain: inout ChoiceDomain) { domain.count.narrow(minimum, maximum) }
        func narrow(_ domain: inout FileDomain) { domain.count.narrow(minimum, maximum) }
        func narrow(_ items: inout ItemBounds) { items.narrow(minimum, maximum) }

        func add(to step: inout AttachmentStep) {
            step.minimumCount = minimum ?? .min
            step.maximumCount = maximum ?? .max
        }

        func checkChoices(_ chosen: [String], _ field: CompiledField, _ path: ConcretePath, _ raw: RawValue,
                          in validator: RecordValidator) {
            validator.checkCount(chosen.count, minimum, maximum, field, path, raw, noun: "choice")
        }

        func checkCount(_ count: Int, _ field: CompiledField, _ path: ConcretePath, _ raw: RawValue,
                        in validator: RecordValidator) {
            validator.checkCount(count, minimum, maximum, field, path, raw, noun: "file")
        }

        func checkItems(_ count: Int, _ field: CompiledField, _ path: ConcretePath, in validator: RecordValidator) {
            validator.checkCount(count, minimum, maximum, field, path, .absent, noun: "item")
        }
    }

    static let rules = [
        CheckRule(id: RuleIdentifier.minItems, summary: "A list or multi-choice has fewer items than minItems."),
        CheckRule(id: RuleIdentifier.maxItems, summary: "A list or multi-choice has more items than maxItems."),
    ]

    static let keys = [
        CheckKey("minItems", types: [.list, .multiChoice, .attachment], .count, into: \.minItems,
                 "The fewest items of a list, choices of a multi-choice field or files of a multiple attachment "
                 + "(rule min-items)."),
        CheckKey("maxItems", types: [.list, .multiChoice, .attachment], .count, into: \.maxItems,
                 "The most items of a list, choices of a multi-choice field or files of a multiple attachment "
                 + "(rule max-items)."),
    ]

    static let examples = [
        CheckDescription(
            rule: RuleIdentifier.minItems, summary: "A list or multi-choice has at least `minItems` entries.",
            field: "{type: multi-choice, values: [web, app], minItems: 2, optional: true}",
            passing: ["[\"web\",\"app\"]"], failing: ["[\"web\"]"]),
        CheckDescription(
            rule: RuleIdentifier.maxItems, summary: "A list or multi-choice has at most `maxItems` entries.",
            field: "{type: list, maxItems: 1, fields: {name: {type: string}}}",
            passing: ["[{\"name\":\"a\"}]"], failing: ["[{\"name\":\"a\"},{\"name\":\"b\"}]"]),
        CheckDescription(
            rule: RuleIdentifier.maxItems, summary: "An attachment with `multiple: true` holds at most `maxItems` files.",
            field: "{type: attachment, multiple: true, maxItems: 1}",
            passing: ["[{\"name\":\"a.pdf\",\"mediaType\":\"application/pdf\",\"size\":100}]"],
            failing: ["[{\"name\":\"a.pdf\",\"mediaType\":\"application/pdf\",\"size\":100},"
                      + "{\"name\":\"b.pdf\",\"mediaType\":\"application/pdf\",\"size\":200}]"]),
    ]

    static func compile(_ constraints: Constraints, at site: CheckSite, in state: CompilerState) -> ValueCheck? {
        if site.rule.type == .attachment, !site.rule.isMultiple,
           let written = constraints.minItems?.location ?? constraints.maxItems?.location {
            state.problems.report("'minItems' and 'maxItems' count the files of an attachment with 'multiple: true'; "
                                  + "add 'multiple: true' to '\(site.rule.path)' or remove them", at: written)
            return nil
        }
        guard let (minimum, maximum) = state.countBounds(constraints.minItems, constraints.maxItems,
                                                         ("minItems", "maxItems"), of: site.rule)
        else { return nil }
        let bounds = Bounds(minimum: minimum, maximum: maximum)
        switch site.rule.type {
        case .multiChoice: return .choice(bounds)
        case .attachment: return .attachment(bounds)
        default: return .list(bounds)  // the keys apply to lists, multi-choice and attachment fields only
        }
    }

    /// The item-count bounds of a list, multi-choice or attachment field: the largest
    /// `minItems` and the smallest `maxItems` among its checks (nil where it has none).
    static func bounds(in checks: [ValueCheck]) -> (min: Int?, max: Int?) {
        var bounds = ItemBounds(list: checks)
        bounds.narrow(ChoiceDomain(checks).count)
        bounds.narrow(FileDomain(checks).count)
        return (bounds.min, bounds.max)
    }

    static let jsonSchema: SchemaExpression = .keywords(["minItems", "maxItems"])

    static func declaredRules(in constraints: Constraints, type: FieldType) -> [String] {
        var rules: [String] = []
        if constraints.minItems != nil { rules.append(RuleIdentifier.minItems) }
        if constraints.maxItems != nil { rules.append(RuleIdentifier.maxItems) }
        return rules
    }

    static func explain(_ constraints: Constraints, for writer: ExplanationWriter) -> [ExplainedCheck] {
        guard let items = CheckPhrases.count(constraints.minItems?.value, constraints.maxItems?.value) else { return [] }
        let noun = CheckPhrases.noun(writer.field.type == .multiChoice ? "choice"
                                         : writer.field.type == .attachment ? "file" : "item", items.text)
        return [ExplainedCheck(label: "items", body: items.text + noun,
                               rules: items.ends.map { $0 == "min" ? RuleIdentifier.minItems : RuleIdentifier.maxItems })]
    }
}

/// How many items (list items, choices, files) a field's checks allow: nil ends are open.
struct ItemBounds {
    var min: Int?
    var max: Int?

    /// Keeps the larger least and the smaller most.
    mutating func narrow(_ minimum: Int?, _ maximum: Int?) {
        if let minimum { min = Swift.max(min ?? minimum, minimum) }
        if let maximum { max = Swift.min(max ?? maximum, maximum) }
    }

    /// Narrows by `other`'s ends.
    mutating func narrow(_ other: ItemBounds) { narrow(other.min, other.max) }
}

extension RuleIdentifier {
    /// A list or multi-choice has fewer items than `minItems`.
    public static let minItems = "min-items"
    /// A list or multi-choice has more items than `maxItems`.
    public static let maxItems = "max-items"
}

extension Constraints {
    /// Minimum number of list items or chosen values.
    public var minItems: Located<Int>? {
        get { self[ItemCountCheck.self].minItems }
        set { self[ItemCountCheck.self].minItems = newValue }
    }

    /// Maximum number of list items or chosen values.
    public var maxItems: Located<Int>? {
        get { self[ItemCountCheck.self].maxItems }
        set { self[ItemCountCheck.self].maxItems = newValue }
    }
}

extension RecordValidator {
    /// Words a count of items (or choices, per `noun`) outside `minimum...maximum`.
    func checkCount(_ count: Int, _ minimum: Int?, _ maximum: Int?, _ field: CompiledField, _ path: ConcretePath,
                    _ raw: RawValue, noun: String) {
        if let minimum, count < minimum {
            report(field, path, RuleIdentifier.minItems,
                   "must have at least \(minimum) \(noun)\(minimum == 1 ? "" : "s") (it has \(count))", raw)
        }
        if let maximum, count > maximum {
            report(field, path, RuleIdentifier.maxItems,
                   "must have at most \(maximum) \(noun)\(maximum == 1 ? "" : "s") (it has \(count))", raw)
        }
    }
}

extension DefectPlanter {
    /// One item or choice fewer than `minItems`, or one more than `maxItems`. Extra list items
    /// are copies of the last item for a top-level list of scalar items; otherwise (a list inside
    /// list items, or one whose items hold lists) they are new items built validly, inner lists
    /// included.
    func itemCountEdit(_ above: Bool, _ field: CompiledField, _ value: GeneratedValue, _ address: FieldAddress)
        -> GeneratedValue?
    {
        let (minimum, maximum) = ItemCountCheck.bounds(in: field.checks)
        switch value {
        case .items(let count):
            if !above {
                guard let minimum, minimum >= 2 else { return nil }
                return .items(Int32(minimum - 1))
            }
            guard let maximum, let scope = field.items?.scope, Int(count) <= maximum else { return nil }
            let holdsLists = rules.fields.contains { $0.listID == field.id && $0.type == .list }
            guard field.listID == nil, !holdsLists else {
                let added = builder.appendFilledItems(to: field, enclosing: address.item, count: Int(count),
                                                      extra: maximum + 1 - Int(count))
                return added ? .items(Int32(maximum + 1)) : nil
            }
            let slots = scope.slotCount
            let last = Array(builder.record.items[field.id][(Int(count) - 1) * slots..<Int(count) * slots])
            for _ in Int(count)...maximum { builder.record.items[field.id].append(contentsOf: last) }
            return .items(Int32(maximum + 1))
        case .choices(let start, let count):
            if !above {
                guard let minimum, minimum >= 2 else { return nil }
                return .choices(start: start, count: Int32(minimum - 1))
            }
            let total = generator.plan.fields[field.id].enumValues.count
            guard let maximum, maximum < total else { return nil }
            let chosen = Set(builder.record.choiceIndexes[Int(start)..<Int(start + count)])
            let unused = (0..<Int32(total)).filter { !chosen.contains($0) }
            return appendChoices(value, extra: Array(unused.prefix(maximum + 1 - Int(count))))
        default:
            return nil
        }
    }
}

extension SatisfiabilityAnalysis {
    /// A multi-choice field's `minItems` must not ask for more different choices than it lists.
    static func checkChoiceCount(_ field: CompiledField, values: Int) throws(GenerationError) {
        if let minimum = ChoiceDomain(field.checks).count.min, minimum > values {
            throw GenerationError(field: field.path, rule: RuleIdentifier.minItems,
                                  message: "needs at least \(Counted.phrase(minimum, "different choice")) but lists only \(Counted.phrase(values, "value"))")
        }
    }
}
