import FormsmithValues

/// A compiled check on the value of an integer or decimal field whose kind owns its behaviour:
/// the validator, the generator, the satisfiability analysis, the defect planter and the
/// covering model reach it only through this protocol, so a new number kind is its file plus
/// its ``CheckKind`` line (compiled as ``ValueCheck/number(_:)``; no `switch` lists it). The
/// range (``RangeCheck/Numbers``), `fractionDigits` (``FractionDigitsCheck/Digits``), `const`
/// on integer fields (``ConstantCheck/Number``) and `multipleOf` (``MultipleOfCheck/Step``)
/// are number kinds.
///
/// A number kind narrows the field's ``NumberDomain`` (interval × scale × step), as the range
/// narrows its interval and `fractionDigits` its scale: generation samples the domain,
/// "unsatisfiable" means it is empty, and the kind's labelled defect is a value that leaves the
/// domain by one of its ``narrowings`` alone, staying inside every other rule's part of it. Its
/// fast step (``CompiledCheck/fastStep(in:)``) is optional: without one, the validator runs
/// ``validate(_:_:_:_:in:)`` on each value of the (few) fields that declare it.
protocol NumberCheck: CompiledCheck {
    /// The rule the check reports (`multiple-of`, `greater-than`); a range reports `min` for its
    /// lower bound and `max` for its upper one (see ``NumberDomain/Rule/ruleIdentifier``) and
    /// names `min` here. A kind whose narrowing is a step or a ``NumberDomain/Rule/bound(_:)``
    /// is planted as its own labelled defect under this rule.
    var rule: String { get }

    /// Narrows `domain` to the values the check allows by what is known without a record
    /// (`multipleOf: 5`: the multiples of 5; a range: its bounds fixed per run).
    func narrow(_ domain: inout NumberDomain)

    /// Narrows `domain` with `bound` giving each bound's value (nil while unknown: that bound
    /// narrows nothing). By default ``narrow(_:)``: only a check with bounds computed per
    /// record (the range) needs its own.
    func narrow(_ domain: inout NumberDomain, bound: (RangeBound) -> BoundValue?)

    /// The narrowings of the domain this check is, each a labelled defect that leaves it (and no
    /// other): `[.step(5)]` for `multipleOf: 5`, `[.lower, .upper]` for `min` and `max`,
    /// `[.constant]` for `const`, `[.bound("greater-than")]` for `greaterThan` (a bound kind
    /// with a rule of its own narrows with ``NumberDomain/narrow(bound:exclusive:upper:rule:)``).
    var narrowings: [NumberDomain.Rule] { get }

    /// The bounds of the interval as written, for the covering model and the analysis that
    /// names them; nil for every kind but the range.
    var bounds: (lower: RangeBound?, upper: RangeBound?) { get }

    /// What the check says of a value that breaks it, nil when `value` passes: the declarative
    /// check, the only place the kind's message is worded (a check whose wording needs the
    /// record, the range, words it in ``validate(_:_:_:_:in:)`` and returns nil here).
    func violation(_ value: ExactDecimal) -> String?

    /// Runs the declarative check on `value` of `field`, reporting to `validator` what it
    /// breaks. By default reports ``violation(_:)`` under ``rule``; the range resolves its
    /// bounds for the record here. Runs only when the plan's steps fail or cannot decide.
    func validate(_ value: ExactDecimal, _ field: CompiledField, _ path: ConcretePath, _ raw: RawValue,
                  in validator: RecordValidator)
}

extension NumberCheck {
    /// Only fixed narrowings.
    func narrow(_ domain: inout NumberDomain, bound: (RangeBound) -> BoundValue?) { narrow(&domain) }

    /// No interval bounds.
    var bounds: (lower: RangeBound?, upper: RangeBound?) { (nil, nil) }

    /// Reports ``violation(_:)`` under ``rule``.
    func validate(_ value: ExactDecimal, _ field: CompiledField, _ path: ConcretePath, _ raw: RawValue,
                  in validator: RecordValidator) {
        if let message = violation(value) { validator.report(field, path, rule, message, raw) }
    }
}

extension NumberDomain.Rule {
    /// The rule a value off this narrowing breaks (`min`, `max`, `fraction-digits`, `type`);
    /// nil for a step, whose check names its rule (``NumberCheck/rule``).
    var ruleIdentifier: String? {
        switch self {
        case .lower: RuleIdentifier.min
        case .upper: RuleIdentifier.max
        case .fractionDigits: RuleIdentifier.fractionDigits
        case .integer: RuleIdentifier.type
        case .constant: RuleIdentifier.constant
        case .bound(let rule): rule
        case .step: nil
        }
    }

    /// Whether it is a step's narrowing.
    var isStep: Bool {
        if case .step = self { return true }
        return false
    }

    /// Whether its labelled defect is the kind's own (``MutationKind/numberCheck``, under the
    /// check's ``NumberCheck/rule``): a step's, or a bound's with a rule of its own. The range,
    /// `fractionDigits` and `const` have the planter's kinds (`min`, `max`, ...).
    var isKindsOwnDefect: Bool {
        switch self {
        case .step, .bound: true
        default: false
        }
    }
}

/// The number kinds of a field, for generation and analysis.
enum NumberChecks {
    /// The number checks among `checks`.
    static func all(in checks: [ValueCheck]) -> [any NumberCheck] {
        var result: [any NumberCheck] = []
        for case .number(let check) in checks { result.append(check) }
        return result
    }

    /// Narrows `domain` by every number check among `checks`, `bound` giving each bound's value.
    static func narrow(_ domain: inout NumberDomain, by checks: [ValueCheck], bound: (RangeBound) -> BoundValue?) {
        for case .number(let check) in checks { check.narrow(&domain, bound: bound) }
    }

    /// The rule of the first check among `checks` that narrows a step (what an empty domain with
    /// steps is reported under), nil when none does.
    static func stepRule(in checks: [any NumberCheck]) -> String? {
        checks.first { $0.narrowings.contains(where: \.isStep) }?.rule
    }

    /// Whether a check among `checks` narrows the domain by `narrowing` (a range with a lower
    /// bound: `.lower`).
    static func narrows(_ checks: [ValueCheck], by narrowing: NumberDomain.Rule) -> Bool {
        for case .number(let check) in checks where check.narrowings.contains(narrowing) { return true }
        return false
    }

    /// The steps of a domain as a phrase: "a multiple of 5", "a multiple of 0.05 and of 3".
    static func phrase(_ steps: [ExactDecimal]) -> String {
        "a multiple of " + steps.map(\.description).joined(separator: " and of ")
    }
}

extension QuestionnaireBuilder {
    /// The number checks in force for `field`: its own and those of the cases that hold.
    func numberChecks(of field: CompiledField) -> [any NumberCheck] {
        var checks = NumberChecks.all(in: field.checks)
        guard !field.cases.isEmpty else { return checks }
        let mask = activeCases(of: field)
        for (index, variant) in field.cases.enumerated() where mask & (1 << min(index, 62)) != 0 {
            checks += NumberChecks.all(in: variant.checks)
        }
        return checks
    }
}

extension DefectPlanter {
    /// The number checks a present value of `field` can be made to break with a defect of their
    /// own (``MutationKind/numberCheck``), with the step each leaves: one defect each (a value
    /// off the check's step and inside the rest of the domain: ``numberDefect(_:_:_:_:)``).
    /// The range and `fractionDigits` have kinds of their own (`min`, `max`, `fractionDigits`).
    /// None while a `const` is in force: every value off a step is not the constant either.
    func numberCheckDefects(_ field: CompiledField, _ address: FieldAddress)
        -> [(check: any NumberCheck, narrowing: NumberDomain.Rule)]
    {
        inScope(address) {
            guard !builder.numberDomain(field).isConstant else { return [] }
            return builder.numberChecks(of: field).flatMap { check in
                check.narrowings.filter(\.isKindsOwnDefect).map { (check, $0) }
            }
        }
    }
}
