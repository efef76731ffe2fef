import FormsmithValues

/// Number defects that cannot exist: the field's own number rules prove that every value
/// breaking one of them breaks another too, whatever the bounds, so the defect is listed as
/// not plantable alone (``UnplantableDefect``) rather than tried and dropped.
///
/// - `fractionDigits` under a step whose multiples all have at most that many digits
///   (`fractionDigits: 2` with `multipleOf: 0.05`: a value with 3 digits is off the step);
/// - a step that every value with the field's digits is a multiple of (`multipleOf: 0.005`
///   with `fractionDigits: 2`, or `multipleOf: 0.5` on an integer field: a value off the step
///   has more digits than allowed, or is not a whole number).
///
/// Only fields whose `cases` add no number rule are looked at: a case's rules hold in some
/// questionnaires only, and may make the defect possible there (a smaller `fractionDigits`).
extension UnplantableDefect {
    /// The number defects of `field` that no questionnaire can carry alone.
    static func numberDefects(of field: CompiledField) -> [UnplantableDefect] {
        guard field.type == .integer || field.type == .decimal,
              !field.cases.contains(where: { !NumberChecks.all(in: $0.checks).isEmpty })
        else { return [] }
        let checks = NumberChecks.all(in: field.checks)
        var domain = field.type == .integer ? NumberDomain.integers : NumberDomain()
        for check in checks { check.narrow(&domain, bound: { _ in nil }) }
        var result: [UnplantableDefect] = []
        for check in checks {
            for narrowing in check.narrowings {
                switch narrowing {
                case .fractionDigits:
                    if let reason = offStepOnly(domain, stepRule: NumberChecks.stepRule(in: checks)) {
                        result.append(UnplantableDefect(path: field.path, rule: RuleIdentifier.fractionDigits,
                                                        reason: reason, field: field.id, kind: .fractionDigits))
                    }
                case .step(let own):
                    if let reason = alwaysOnStep(own, domain) {
                        result.append(UnplantableDefect(path: field.path, rule: check.rule, reason: reason,
                                                        field: field.id, kind: .numberCheck))
                    }
                case .lower, .upper, .integer:
                    break  // a value past a bound, on every other rule, always exists
                }
            }
        }
        return result
    }

    /// Why no value breaks `fractionDigits` alone: every value on the domain's steps has at most
    /// that many digits (their least common multiple has); nil when one may.
    private static func offStepOnly(_ domain: NumberDomain, stepRule: String?) -> String? {
        guard !domain.isInteger, let digits = domain.fractionDigits, let step = domain.step, let stepRule,
              step.fractionDigits <= digits
        else { return nil }
        let most = step.fractionDigits == 0 ? "is a whole number"
            : "has at most \(Counted.phrase(step.fractionDigits, "digit")) after the decimal point"
        return "every number that is \(NumberChecks.phrase(domain.steps)) \(most), so one with more than "
            + "\(Counted.phrase(digits, "digit")) is off the step and breaks `\(stepRule)` too"
    }

    /// Why no value breaks the step `own` alone: every value with the field's digits (and on
    /// its other steps) is a multiple of it; nil when one may.
    private static func alwaysOnStep(_ own: ExactDecimal, _ domain: NumberDomain) -> String? {
        var others = NumberDomain()
        for step in domain.steps where step != own { others.narrow(step: step) }
        var grid = domain.scale.map { ExactDecimal(mantissa: 1, scale: $0) }
        if let step = others.step { grid = grid.map { NumberDomain.leastCommonMultiple($0, step) } ?? step }
        guard let grid, grid.isMultiple(of: own) else { return nil }
        var what = domain.isInteger ? "whole number"
            : domain.scale.map { "number with at most \(Counted.phrase($0, "digit")) after the decimal point" } ?? "number"
        if !others.steps.isEmpty { what += " that is " + NumberChecks.phrase(others.steps) }
        let consequence = !others.steps.isEmpty ? "breaks another of the field's rules too"
            : domain.isInteger ? "is not a whole number (`\(RuleIdentifier.type)`)"
            : "breaks `\(RuleIdentifier.fractionDigits)` too"
        return "every \(what) is a multiple of \(own), so a value off the step \(consequence)"
    }
}
