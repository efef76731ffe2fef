import FormsmithValues

/// A compiled check on the value of an integer or decimal field whose kind owns its behaviour:
/// the validator, the generator, the satisfiability analysis and the defect planter reach it
/// only through this protocol, so a new number kind is its file plus its ``CheckKind`` line
/// (compiled as ``ValueCheck/number(_:)``; no `switch` lists it).
///
/// A number kind narrows the number domain (interval × scale × step) through ``step``: valid
/// values are the whole multiples of it, which generation samples, satisfiability finds empty
/// or not, and a labelled defect leaves by one grid point while staying on every other step's
/// grid and inside the range. It has no fast step: the validator runs ``violation(_:)`` on each
/// value of the (few) fields that declare it; the kinds on the hot path (range, digits) keep
/// their plain steps.
protocol NumberCheck: Sendable {
    /// The kind that owns the check.
    static var kind: CheckKind { get }

    /// The rule the check reports (`multiple-of`).
    var rule: String { get }

    /// The step every valid value is a whole multiple of (the number domain's step).
    var step: ExactDecimal { get }

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

    /// The mantissa step, at `scale` digits after the point, of a value on every check's grid
    /// (their least common multiple; 1 without checks); nil when it passes `limit`.
    static func unit(_ checks: [any NumberCheck], scale: Int, limit: Int64) -> Int64? {
        var unit: Int64 = 1
        for check in checks {
            guard let own = check.step.multipleUnit(atScale: scale, limit: limit) else { return nil }
            let (product, overflow) = (unit / gcd(unit, own)).multipliedReportingOverflow(by: own)
            guard !overflow, product <= limit else { return nil }
            unit = product
        }
        return unit
    }

    static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return x
    }

    /// The smallest multiple of `unit` at or above `value` (`unit` > 0).
    static func ceiling(_ value: Int64, _ unit: Int64) -> Int64 {
        let quotient = value / unit
        return value % unit > 0 ? quotient + 1 : quotient
    }

    /// The largest multiple of `unit` at or below `value` (`unit` > 0).
    static func floor(_ value: Int64, _ unit: Int64) -> Int64 {
        let quotient = value / unit
        return value % unit < 0 ? quotient - 1 : quotient
    }

    /// The steps as a phrase: "a multiple of 5", "a multiple of 0.05 and of 3".
    static func phrase(_ checks: [any NumberCheck]) -> String {
        "a multiple of " + checks.map(\.step.description).joined(separator: " and of ")
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

    /// A number of `field` at `scale` within `low...high` (mantissas, either end open) on the
    /// grid of its number checks, or the failure that says why there is none.
    func pickOnGrid(_ field: CompiledField, address: FieldAddress, scale: Int, low: Int64?, high: Int64?,
                    span: Int64) -> Int64? {
        let checks = numberChecks(of: field)
        let limit = Self.generatedLimit
        guard !checks.isEmpty else {
            let (low, high) = window(low, high, span: span)
            return low <= high ? pick(low, high) : nil
        }
        guard let unit = NumberChecks.unit(checks, scale: scale, limit: limit) else {
            _ = fail(address, checks[0].rule, "no value that is \(NumberChecks.phrase(checks)) with \(scale) fraction "
                        + "digits has up to 18 digits, the largest the generator writes")
            return nil
        }
        // Whole multiples k × unit: the range in k, widened like any range when open.
        let lowest = NumberChecks.ceiling(low ?? -limit, unit)
        let highest = NumberChecks.floor(high ?? limit, unit)
        let (first, last) = window(low.map { _ in lowest }, high.map { _ in highest }, span: max(1, span / unit))
        let (from, to) = (max(first, NumberChecks.ceiling(-limit, unit)), min(last, NumberChecks.floor(limit, unit)))
        guard from <= to else {
            _ = fail(address, checks[0].rule, "no number with \(scale) fraction digits within its bounds is "
                        + NumberChecks.phrase(checks))
            return nil
        }
        return pick(from, to) * unit
    }
}

extension SatisfiabilityAnalysis {
    /// Number kinds' steps against fixed bounds at the field's precision: `min: 1, max: 2,
    /// multipleOf: 5` holds no value.
    static func checkNumberSteps(_ field: CompiledField) throws(GenerationError) {
        let checks = NumberChecks.all(in: field.checks)
        guard !checks.isEmpty else { return }
        let digits = min(field.type == .integer ? 0 : 9, FractionDigitsCheck.limit(in: field.checks) ?? 9)
        let limit = QuestionnaireBuilder.generatedLimit
        // A step past the generator's 18 digits is left to the generator, which says so.
        guard let unit = NumberChecks.unit(checks, scale: digits, limit: limit) else { return }
        for case .range(let low?, let high?) in field.checks {
            guard case .number(let lowest) = low.value, case .number(let highest) = high.value,
                  let (low0, lowExact) = lowest.scaledMantissa(scale: digits, roundingUp: true, limit: limit),
                  let (high0, highExact) = highest.scaledMantissa(scale: digits, roundingUp: false, limit: limit)
            else { continue }
            let first = low.exclusive && lowExact ? low0 + 1 : low0
            let last = high.exclusive && highExact ? high0 - 1 : high0
            if first <= last, NumberChecks.ceiling(first, unit) > NumberChecks.floor(last, unit) {
                let what = field.type == .integer ? "whole number" : "number with at most \(Counted.phrase(digits, "fraction digit"))"
                throw GenerationError(field: field.path, rule: checks[0].rule,
                                      message: "no \(what) between \(low.source) and \(high.source) is "
                                          + NumberChecks.phrase(checks))
            }
        }
    }
}

extension DefectPlanter {
    /// A number one grid point off `check`'s step: on the grid of every other number check,
    /// inside the range and at the value's scale, so it breaks exactly `check`; nil when no such
    /// number is next to the value.
    func offStep(_ check: any NumberCheck, _ field: CompiledField, _ value: GeneratedValue,
                 _ address: FieldAddress) -> GeneratedValue? {
        let (mantissa, scale): (Int64, Int)
        switch value {
        case .integer(let integer): (mantissa, scale) = (integer, 0)
        case .decimal(let digits, let places): (mantissa, scale) = (digits, Int(places))
        default: return nil
        }
        let limit = QuestionnaireBuilder.generatedLimit
        let all = inScope(address) { builder.numberChecks(of: field) }
        let others = all.filter { $0.rule != check.rule || !($0.step == check.step) }
        guard let own = check.step.multipleUnit(atScale: scale, limit: limit), own > 1,
              let move = NumberChecks.unit(others, scale: scale, limit: limit), move % own != 0
        else { return nil }
        let range = inScope(address) { builder.numberRange(field, scale: scale) }
        for candidate in [mantissa.addingReportingOverflow(move), mantissa.subtractingReportingOverflow(move)]
        where !candidate.overflow && abs(candidate.partialValue) <= limit {
            let moved = candidate.partialValue
            if let low = range?.low, moved < low { continue }
            if let high = range?.high, moved > high { continue }
            return scale == 0 && field.type == .integer ? .integer(moved) : .decimal(mantissa: moved, scale: Int8(scale))
        }
        return nil
    }

    /// `mantissa` moved `down` (or up) to the nearest value on the grid of every number check
    /// of `field` (itself without one), so an out-of-range defect breaks only the range; nil
    /// when the grid does not fit the generator's 18 digits.
    func nextOnGrid(_ mantissa: Int64, down: Bool, _ field: CompiledField, _ address: FieldAddress,
                    scale: Int) -> Int64? {
        let checks = inScope(address) { builder.numberChecks(of: field) }
        guard !checks.isEmpty else { return mantissa }
        guard let unit = NumberChecks.unit(checks, scale: scale, limit: QuestionnaireBuilder.generatedLimit)
        else { return nil }
        return (down ? NumberChecks.floor(mantissa, unit) : NumberChecks.ceiling(mantissa, unit)) * unit
    }

    /// The number checks a present value of `field` can be made to break, one defect each.
    func numberCheckDefects(_ field: CompiledField, _ address: FieldAddress) -> [any NumberCheck] {
        inScope(address) { builder.numberChecks(of: field) }
    }
}
