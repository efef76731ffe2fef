import FormsmithValues

/// A compiled check on the value of an integer or decimal field whose kind owns its behaviour:
/// the validator, the generator, the satisfiability analysis and the defect planter reach it
/// only through this protocol, so a new number kind is its file plus its ``CheckKind`` line
/// (compiled as ``ValueCheck/number(_:)``; no `switch` lists it).
///
/// A number kind narrows the field's ``NumberDomain`` (interval × scale × step), as the range
/// narrows its interval and `fractionDigits` its scale: generation samples the domain,
/// "unsatisfiable" means it is empty, and the kind's labelled defect is a value that leaves the
/// domain by ``narrowing`` alone, staying inside every other rule's part of it. Its fast step
/// (``CompiledCheck/fastStep(in:)``) is optional: without one, the validator runs
/// ``violation(_:)`` on each value of the (few) fields that declare it.
protocol NumberCheck: CompiledCheck {
    /// The rule the check reports (`multiple-of`).
    var rule: String { get }

    /// Narrows `domain` to the values the check allows (`multipleOf: 5`: the multiples of 5).
    func narrow(_ domain: inout NumberDomain)

    /// The narrowing of the domain this check is, which its labelled defect leaves (and no
    /// other): `.step(5)` for `multipleOf: 5`.
    var narrowing: NumberDomain.Rule { get }

    /// What the check says of a value that breaks it, nil when `value` passes: the declarative
    /// check, the only place the kind's message is worded.
    func violation(_ value: ExactDecimal) -> String?
}

extension RecordValidator {
    /// Runs a number kind's declarative check on `value`.
    func checkNumber(_ check: any NumberCheck, _ value: ExactDecimal, _ field: CompiledField, _ path: ConcretePath,
                     _ raw: RawValue) {
        if let message = check.violation(value) { report(field, path, check.rule, message, raw) }
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

    /// The steps of a domain as a phrase: "a multiple of 5", "a multiple of 0.05 and of 3".
    static func phrase(_ steps: [ExactDecimal]) -> String {
        "a multiple of " + steps.map(\.description).joined(separator: " and of ")
    }
}

extension ValueCheck {
    /// Narrows `domain` by this check when it is a number rule: a range its interval (with
    /// `bound` giving each bound's value, nil while unknown), `fractionDigits` the scale of a
    /// decimal, a number kind (``NumberCheck``) as it says; any other check narrows nothing.
    func narrow(_ domain: inout NumberDomain, decimal: Bool, bound: (RangeBound) -> BoundValue?) {
        switch self {
        case .range(let minimum, let maximum):
            if let minimum, case .number(let value)? = bound(minimum) {
                domain.narrow(lower: value, exclusive: minimum.exclusive)
            }
            if let maximum, case .number(let value)? = bound(maximum) {
                domain.narrow(upper: value, exclusive: maximum.exclusive)
            }
        case .fractionDigits(let digits) where decimal:
            domain.narrow(fractionDigits: digits)
        case .number(let check):
            check.narrow(&domain)
        default:
            break
        }
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
    /// The number checks a present value of `field` can be made to break, one defect each (a
    /// value off the check's part of the domain and inside the rest: ``numberDefect(_:_:_:_:)``).
    func numberCheckDefects(_ field: CompiledField, _ address: FieldAddress) -> [any NumberCheck] {
        inScope(address) { builder.numberChecks(of: field) }
    }
}
