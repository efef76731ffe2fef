/// Number and date bounds: literals, expressions of `today` (computed once per run), and
/// expressions of other fields (computed per record).
extension CompilerState {
    func compileRange(_ constraints: Constraints, of rule: FieldRule, id: Int, scope: Int?) -> ValueCheck? {
        let lower = pickBound(inclusive: constraints.min, exclusive: constraints.exclusiveMin,
                              names: ("min", "exclusiveMin"), rule: rule)
        let upper = pickBound(inclusive: constraints.max, exclusive: constraints.exclusiveMax,
                              names: ("max", "exclusiveMax"), rule: rule)
        guard lower != nil || upper != nil else { return nil }
        let minimum = lower.flatMap { bound in
            compileBound(bound.bound, of: rule, id: id, scope: scope).map {
                RangeBound(value: $0, exclusive: bound.exclusive, source: bound.bound.value.text)
            }
        }
        let maximum = upper.flatMap { bound in
            compileBound(bound.bound, of: rule, id: id, scope: scope).map {
                RangeBound(value: $0, exclusive: bound.exclusive, source: bound.bound.value.text)
            }
        }
        if let minimum, let maximum, let lower,
            isEmptyRange(minimum.value, minimum.exclusive, maximum.value, maximum.exclusive)
        {
            problems.report("the range of '\(rule.path)' is empty: its lower bound is above its upper bound",
                            at: lower.bound.location)
        }
        return .range(min: minimum, max: maximum)
    }

    private func pickBound(
        inclusive: Located<Bound>?, exclusive: Located<Bound>?, names: (String, String), rule: FieldRule
    ) -> (bound: Located<Bound>, exclusive: Bool)? {
        let hasInclusive = applies(names.0, inclusive?.location, to: rule)
        let hasExclusive = applies(names.1, exclusive?.location, to: rule)
        if hasInclusive, hasExclusive, let exclusive {
            problems.report("give either '\(names.0)' or '\(names.1)', not both", at: exclusive.location)
        }
        if hasInclusive, let inclusive { return (inclusive, false) }
        if hasExclusive, let exclusive { return (exclusive, true) }
        return nil
    }

    private func compileBound(_ bound: Located<Bound>, of rule: FieldRule, id: Int, scope: Int?) -> BoundValue? {
        let isDate = rule.type == .date
        switch bound.value {
        case .number(let number):
            if isDate {
                problems.report("a date bound must be a date such as 2000-01-01, or an expression such as "
                                + "today-18y", at: bound.location)
                return nil
            }
            return .number(number)
        case .expression(let text):
            let expected: [ExpressionType] = isDate ? [.date] : [.integer, .decimal]
            guard let expression = compileExpression(Located(text, at: bound.location), listID: scope, fieldID: id,
                                                     expected: expected, what: "bound of '\(rule.path)'")
            else { return nil }
            guard expression.isConstant else { return .dynamic(expression, source: text) }
            switch expression.constantValue {
            case .date(let date): return .date(date)
            case .integer(let number): return .number(Double(number))
            case .decimal(let number): return .number(number)
            default:
                problems.report("the bound '\(text)' has no value for \(today)", at: bound.location)
                return nil
            }
        }
    }

    private func isEmptyRange(_ lower: BoundValue, _ lowerExclusive: Bool, _ upper: BoundValue,
                              _ upperExclusive: Bool) -> Bool {
        switch (lower, upper) {
        case (.number(let low), .number(let high)):
            return low > high || (low == high && (lowerExclusive || upperExclusive))
        case (.date(let low), .date(let high)):
            return low > high || (low == high && (lowerExclusive || upperExclusive))
        default:
            return false
        }
    }
}

extension Bound {
    /// The bound as written.
    var text: String {
        switch self {
        case .number(let number):
            return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .expression(let text): return text
        }
    }
}
