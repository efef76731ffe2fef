import FormsmithValues

/// Number defects that cannot exist: the field's number rules prove that every value breaking
/// one of them breaks another too, whatever the bounds, so the defect is listed as not
/// plantable alone (``UnplantableDefect``) rather than tried and dropped.
///
/// - `fractionDigits` under a step whose multiples all have at most that many digits
///   (`fractionDigits: 2` with `multipleOf: 0.05`: a value with 3 digits is off the step);
/// - a step that every value with the field's digits is a multiple of (`multipleOf: 0.005`
///   with `fractionDigits: 2`, or `multipleOf: 0.5` on an integer field: a value off the step
///   has more digits than allowed, or is not a whole number);
/// - any defect but `const`'s on a field with `const` (a value past `min` is not the constant);
/// - `const`'s own when the field's fixed bounds and steps allow the constant alone
///   (`const: 3` with `min: 3, max: 3`).
///
/// A field whose `cases` add number rules is decided for every combination of those cases
/// (all of them, a superset of the combinations that can hold): a defect is listed only when
/// it is impossible in each combination where it is offered. Past ``combinedCases`` such
/// cases it is not decided, and what fails is tried and counted as dropped.
extension UnplantableDefect {
    /// The most cases adding number rules whose combinations are decided (64 combinations).
    static let combinedCases = 6

    /// One defect a number field is offered: its kind, and the rule a ``MutationKind/numberCheck``
    /// one breaks.
    private struct Offered: Hashable {
        let kind: MutationKind
        let rule: String
    }

    /// The number defects of `field` that no questionnaire can carry alone.
    static func numberDefects(of field: CompiledField) -> [UnplantableDefect] {
        guard field.type == .integer || field.type == .decimal else { return [] }
        let own = NumberChecks.all(in: field.checks)
        let cases = field.cases.map { NumberChecks.all(in: $0.checks) }.filter { !$0.isEmpty }
        guard cases.count <= combinedCases else { return [] }
        var order: [Offered] = []
        var reasons: [Offered: String] = [:]
        var possible: Set<Offered> = []
        for mask in 0..<(1 << cases.count) {
            var checks = own
            for (index, added) in cases.enumerated() where mask & (1 << index) != 0 { checks += added }
            for (offered, reason) in impossibility(of: checks, own: own, type: field.type) {
                if !order.contains(offered) { order.append(offered) }
                guard let reason else {
                    possible.insert(offered)
                    continue
                }
                if reasons[offered] == nil { reasons[offered] = reason }
            }
        }
        let qualifier = cases.isEmpty ? "" : ", whichever of its cases hold"
        return order.compactMap { offered in
            guard !possible.contains(offered), let reason = reasons[offered] else { return nil }
            return UnplantableDefect(path: field.path, rule: offered.rule, reason: reason + qualifier, field: field.id,
                                     kind: offered.kind)
        }
    }

    /// The number defects offered when `checks` are in force (`own`, the field's, decide which
    /// of `min`, `max` and `fractionDigits` are offered at all), each with why it cannot exist
    /// then, nil when it may.
    private static func impossibility(of checks: [any NumberCheck], own: [any NumberCheck], type: FieldType)
        -> [(Offered, String?)]
    {
        // Bounds aside (the reasons hold whatever they are), and with the bounds fixed per run
        // (whether they leave the constant alone).
        var domain = type == .integer ? NumberDomain.integers : NumberDomain()
        var bounded = domain
        for check in checks {
            check.narrow(&domain, bound: { _ in nil })
            check.narrow(&bounded) { bound in
                if case .dynamic = bound.value { return nil }
                return bound.value
            }
        }
        let ownNarrowings = Set(own.flatMap(\.narrowings))
        var result: [(Offered, String?)] = []
        for check in checks {
            for narrowing in check.narrowings {
                let offered: Offered
                switch narrowing {
                case .lower, .upper, .fractionDigits:
                    guard ownNarrowings.contains(narrowing) else { continue }  // only a field's own are offered
                    let kind: MutationKind = narrowing == .lower ? .min : narrowing == .upper ? .max : .fractionDigits
                    offered = Offered(kind: kind, rule: narrowing.ruleIdentifier ?? check.rule)
                case .step, .bound:
                    offered = Offered(kind: .numberCheck, rule: check.rule)
                case .constant:
                    offered = Offered(kind: .constant, rule: RuleIdentifier.constant)
                case .integer:
                    continue
                }
                let reason = narrowing == .constant ? onlyConstant(bounded)
                    : reason(narrowing, offered.rule, domain, checks) ?? shadowed(narrowing, bounded)
                result.append((offered, reason))
            }
        }
        return result
    }

    /// Why no value leaves `domain` by `narrowing` (reported as `rule`) alone, nil when one may.
    private static func reason(_ narrowing: NumberDomain.Rule, _ rule: String, _ domain: NumberDomain,
                               _ checks: [any NumberCheck]) -> String? {
        if let constant = domain.constant {
            return "`\(RuleIdentifier.constant)` allows only \(constant), so a value that breaks `\(rule)` is not "
                + "\(constant) and breaks `\(RuleIdentifier.constant)` too"
        }
        switch narrowing {
        case .fractionDigits: return offStepOnly(domain, stepRule: NumberChecks.stepRule(in: checks))
        case .step(let own): return alwaysOnStep(own, domain)
        default: return nil  // a value past a bound, on every other rule, always exists
        }
    }

    /// Why no value breaks the bound `narrowing` (`min`, `max` or a named bound) alone: another
    /// bound of its side, fixed per run, is as tight or tighter (`min: 5` with `greaterThan: 3`:
    /// a value at most 3 is below 5 too; `min: 5` with `greaterThan: 7`: 4 is not above 7);
    /// nil when one may.
    private static func shadowed(_ narrowing: NumberDomain.Rule, _ domain: NumberDomain) -> String? {
        let ends: [(rule: String, isUpper: Bool, end: NumberDomain.End)] =
            (domain.rangeLower.map { [(RuleIdentifier.min, false, $0)] } ?? [])
            + (domain.rangeUpper.map { [(RuleIdentifier.max, true, $0)] } ?? [])
            + domain.namedBounds.map { ($0.rule, $0.isUpper, $0.end) }
        let name: String
        switch narrowing {
        case .lower: name = RuleIdentifier.min
        case .upper: name = RuleIdentifier.max
        case .bound(let rule): name = rule
        default: return nil
        }
        guard let own = ends.first(where: { $0.rule == name }) else { return nil }
        // Every value past `own` is past another end of its side that is the tighter (or the same).
        guard let other = ends.first(where: {
            $0.rule != name && $0.isUpper == own.isUpper
                && NumberDomain.tighter($0.end, own.end, upper: own.isUpper) == $0.end
        }) else { return nil }
        return "`\(other.rule)` is as tight as `\(name)` or tighter, so a value that breaks `\(name)` breaks "
            + "`\(other.rule)` too"
    }

    /// Why no value other than the constant keeps to the field's other rules: their fixed
    /// bounds (and digits, steps) allow the constant alone; nil when another value may exist
    /// (a bound read from another field narrows nothing here).
    private static func onlyConstant(_ domain: NumberDomain) -> String? {
        guard let constant = domain.constant else { return nil }
        let rest = domain.withoutConstant
        guard rest.contains(constant), let lower = rest.lower, let upper = rest.upper else { return nil }
        if rest.scale != nil || rest.step != nil {
            guard let grid = rest.grid(scale: rest.scale), let (first, last) = rest.indices(grid: grid),
                  let first, let last, first == last
            else { return nil }
        } else if lower.value != upper.value {
            return nil
        }
        return "its other number rules allow no value but \(constant), its `\(RuleIdentifier.constant)`, so any other "
            + "value breaks one of them too"
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
