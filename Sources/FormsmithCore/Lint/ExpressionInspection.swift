/// What an expression written in a rule file reads, for lint and `formsmith explain`.
extension RuleExpression {
    /// The paths of the fields the expression reads, in source order, without repeats.
    public var referencedPaths: [String] {
        var paths: [String] = []
        visit { node in
            if case let .field(reference, _) = node, !paths.contains(reference.path) { paths.append(reference.path) }
        }
        return paths
    }

    /// Whether the expression reads `today`.
    public var readsToday: Bool {
        var found = false
        visit { node in
            if case .today = node { found = true }
        }
        return found
    }

    /// Calls `body` on this node and every node below it.
    private func visit(_ body: (RuleExpression) -> Void) {
        body(self)
        switch self {
        case .literal, .today, .field:
            break
        case let .list(elements, _), let .call(_, elements, _):
            for element in elements { element.visit(body) }
        case let .unary(_, operand, _):
            operand.visit(body)
        case let .binary(_, left, right, _):
            left.visit(body)
            right.visit(body)
        }
    }
}

/// A bound (`min: today-18y`, `max: 1500`) that reads no field, evaluated for any `today`.
struct TodayBound {
    /// The bound as written.
    let text: String
    /// Whether its value changes with `today`.
    let readsToday: Bool
    private let expression: CompiledExpression?
    private let number: ExactDecimal?

    /// The bound, or nil when it reads other fields (it is then computed per questionnaire)
    /// or does not parse (the compiler reports that).
    init?(_ bound: Bound) {
        text = bound.text
        switch bound {
        case .number(let value):
            number = value
            expression = nil
            readsToday = false
        case .expression(let source):
            guard let parsed = try? ExpressionParser.parse(source), parsed.referencedPaths.isEmpty,
                let compiled = try? CompiledExpression(parsed, resolve: { _ in throw TodayBoundError() })
            else { return nil }
            number = nil
            expression = compiled
            readsToday = parsed.readsToday
        }
    }

    /// The bound's value when the reference date is `today`: a date or a number; nil when it
    /// has none (a date out of range).
    func value(today: CivilDate) -> BoundPoint? {
        if let number { return .number(number) }
        switch expression?.evaluate(TodayOnlyEnvironment(today: today)) {
        case .date(let date)?: return .date(date)
        case .integer(let value)?: return .number(ExactDecimal(value))
        case .decimal(let value)?: return .number(value)
        default: return nil
        }
    }
}

/// The value of a bound for one `today`.
enum BoundPoint: Equatable, CustomStringConvertible {
    case date(CivilDate)
    case number(ExactDecimal)

    /// -1, 0 or 1; nil when a date is compared with a number.
    func compare(_ other: BoundPoint) -> Int? {
        switch (self, other) {
        case let (.date(a), .date(b)): return a < b ? -1 : (a == b ? 0 : 1)
        case let (.number(a), .number(b)): return a.compare(b)
        default: return nil
        }
    }

    var description: String {
        switch self {
        case .date(let date): return date.description
        case .number(let number): return number.description
        }
    }
}

private struct TodayBoundError: Error {}

/// An environment with a reference date and no fields (every field is unknown).
struct TodayOnlyEnvironment: ExpressionEnvironment {
    let today: CivilDate

    func lookup(_ field: Int) -> FieldLookup { .invalid }
}
