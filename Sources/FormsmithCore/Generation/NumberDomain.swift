import FormsmithValues

/// The values a number field may take: an interval whose ends are open or closed, a scale (at
/// most so many digits after the point; 0 for integers), a step (whole multiples of it) and a
/// constant (the one value `const` allows). Each number rule narrows it; "unsatisfiable" means
/// it is empty (`min: 1, max: 2` with step 5; `exclusiveMin: 0, exclusiveMax: 1` on an integer;
/// `fractionDigits: 0` with `min: 0.5, max: 0.7`; `const: 3` with `max: 2`). Generation samples it, and a labelled defect leaves it for exactly one rule
/// (``outside(breaking:near:scale:)``). Everything is exact: no `Double` from bound to value.
struct NumberDomain: Sendable, Equatable {
    /// One end of the interval.
    struct End: Sendable, Equatable {
        var value: ExactDecimal
        var exclusive: Bool
    }

    /// The rules a number may break, one per narrowing.
    enum Rule: Sendable, Hashable {
        /// `min` / `exclusiveMin`.
        case lower
        /// `max` / `exclusiveMax`.
        case upper
        /// `fractionDigits`.
        case fractionDigits
        /// One step (`multipleOf: 5`): the number is a whole multiple of it.
        case step(ExactDecimal)
        /// The `integer` type: no digits after the point.
        case integer
        /// `const`: the one value allowed. A dimension of its own rather than the interval
        /// `[v, v]`, so that a value below `min` is still told apart from one that is only not
        /// the constant.
        case constant
    }

    /// The lower end; nil: unbounded.
    private(set) var lower: End?
    /// The upper end; nil: unbounded.
    private(set) var upper: End?
    /// The most digits after the point `fractionDigits` allows; nil: any.
    private(set) var fractionDigits: Int?
    /// Whether values are whole numbers (an `integer` field).
    private(set) var isInteger = false
    /// Values are whole multiples of it (positive; the least common multiple of ``steps``); nil: any.
    private(set) var step: ExactDecimal?
    /// Each step narrowed by, once (positive), in the order given: a defect can break one and
    /// keep to the others.
    private(set) var steps: [ExactDecimal] = []
    /// The values `const` allows, each once, in the order given: none, any value; one, only it;
    /// more (a case's `const` other than the field's), none at all.
    private(set) var constants: [ExactDecimal] = []

    /// Every number (of a `decimal` field with no rules).
    init() {}

    /// Every whole number (of an `integer` field with no rules).
    static var integers: NumberDomain {
        var domain = NumberDomain()
        domain.isInteger = true
        return domain
    }

    // MARK: - Narrowing

    /// Narrows by `min` (inclusive) or `exclusiveMin`: the tighter end wins.
    mutating func narrow(lower value: ExactDecimal, exclusive: Bool) {
        if let lower, lower.value > value || (lower.value == value && (lower.exclusive || !exclusive)) { return }
        lower = End(value: value, exclusive: exclusive)
    }

    /// Narrows by `max` (inclusive) or `exclusiveMax`: the tighter end wins.
    mutating func narrow(upper value: ExactDecimal, exclusive: Bool) {
        if let upper, upper.value < value || (upper.value == value && (upper.exclusive || !exclusive)) { return }
        upper = End(value: value, exclusive: exclusive)
    }

    /// Narrows by `fractionDigits` (a negative count allows none).
    mutating func narrow(fractionDigits digits: Int) {
        fractionDigits = Swift.max(0, Swift.min(fractionDigits ?? digits, digits))
    }

    /// Narrows to whole numbers.
    mutating func narrowToIntegers() {
        isInteger = true
    }

    /// Narrows to whole multiples of `step` (its magnitude; zero narrows nothing): two steps
    /// give their least common multiple. Returns false (the domain unchanged) when that multiple
    /// would need more than ``ExactDecimal/digitLimit`` digits.
    @discardableResult
    mutating func narrow(step newStep: ExactDecimal) -> Bool {
        guard !newStep.isZero else { return true }
        let magnitude = newStep.magnitude
        if steps.contains(magnitude) { return true }
        guard let step else {
            step = magnitude
            steps.append(magnitude)
            return true
        }
        guard let multiple = Self.leastCommonMultiple(step, magnitude) else { return false }
        self.step = multiple
        steps.append(magnitude)
        return true
    }

    /// Narrows to the one value `value` (`const: 3`); a second, different constant leaves no value.
    mutating func narrow(constant value: ExactDecimal) {
        if !constants.contains(value) { constants.append(value) }
    }

    /// The one value the domain's constant allows, nil when there is none (or two that disagree).
    var constant: ExactDecimal? { constants.count == 1 ? constants[0] : nil }

    /// Whether a `const` narrows the domain (to one value, or none when two disagree).
    var isConstant: Bool { !constants.isEmpty }

    /// The domain without its constant: the part every other rule allows.
    var withoutConstant: NumberDomain {
        var domain = self
        domain.constants = []
        return domain
    }

    // MARK: - Membership

    /// The most digits after the point values may have: 0 for integers, else `fractionDigits`.
    var scale: Int? { isInteger ? 0 : fractionDigits }

    /// The rules the domain holds (its narrowings), in ``Rule`` order.
    var rules: [Rule] {
        var rules: [Rule] = []
        if lower != nil { rules.append(.lower) }
        if upper != nil { rules.append(.upper) }
        if !isInteger, fractionDigits != nil { rules.append(.fractionDigits) }
        rules += steps.map(Rule.step)
        if isInteger { rules.append(.integer) }
        if !constants.isEmpty { rules.append(.constant) }
        return rules
    }

    /// The rules `value` breaks (empty when it lies in the domain), in ``Rule`` order (each
    /// step it is not a multiple of, in the order they were narrowed by).
    func broken(by value: ExactDecimal) -> [Rule] {
        var rules: [Rule] = []
        if let lower, value < lower.value || (value == lower.value && lower.exclusive) { rules.append(.lower) }
        if let upper, value > upper.value || (value == upper.value && upper.exclusive) { rules.append(.upper) }
        if !isInteger, let fractionDigits, value.fractionDigits > fractionDigits { rules.append(.fractionDigits) }
        for step in steps where !value.isMultiple(of: step) { rules.append(.step(step)) }
        if isInteger, !value.isInteger { rules.append(.integer) }
        if constants.contains(where: { $0 != value }) { rules.append(.constant) }
        return rules
    }

    /// Whether `value` lies in the domain.
    func contains(_ value: ExactDecimal) -> Bool { broken(by: value).isEmpty }

    /// Whether no number lies in the domain. Nil when that cannot be decided within
    /// ``ExactDecimal/digitLimit`` digits (bounds a billion digits apart in scale).
    var isEmpty: Bool? {
        if !constants.isEmpty { return constant.map { !contains($0) } ?? true }
        guard let lower, let upper else { return false }
        if lower.value > upper.value { return true }
        if scale == nil && step == nil {
            return lower.value == upper.value && (lower.exclusive || upper.exclusive)
        }
        guard let grid = grid(scale: scale), let indices = indices(grid: grid) else { return nil }
        return indices.first.flatMap { first in indices.last.map { first > $0 } } ?? false
    }

    // MARK: - Grids

    /// The spacing of the values with at most `scale` digits after the point (any, when nil)
    /// that are whole multiples of the step: the least common multiple of `10^-scale` and the
    /// step. Nil when there is neither (every number) or it would need too many digits.
    func grid(scale: Int?) -> ExactDecimal? {
        grid(scale: scale, step: step)
    }

    /// ``grid(scale:)`` with `step` (or none) in place of the domain's own.
    func grid(scale: Int?, step: ExactDecimal?) -> ExactDecimal? {
        let unit = scale.map { ExactDecimal(1).scaled(byPowerOfTen: -$0) }
        switch (unit, step) {
        case (nil, nil): return nil
        case (let unit?, nil): return unit
        case (nil, let step?): return step
        case (let unit?, let step?): return Self.leastCommonMultiple(unit, step)
        }
    }

    /// The first and last `k` with `k × grid` in the interval (nil for an unbounded end); nil
    /// when a quotient would need too many digits.
    func indices(grid: ExactDecimal) -> (first: ExactDecimal?, last: ExactDecimal?)? {
        var first: ExactDecimal?
        var last: ExactDecimal?
        if let lower {
            let index = lower.exclusive
                ? lower.value.flooredQuotient(dividingBy: grid)?.adding(ExactDecimal(1))
                : lower.value.ceilingQuotient(dividingBy: grid)
            guard let index else { return nil }
            first = index
        }
        if let upper {
            let index = upper.exclusive
                ? upper.value.ceilingQuotient(dividingBy: grid)?.adding(ExactDecimal(-1))
                : upper.value.flooredQuotient(dividingBy: grid)
            guard let index else { return nil }
            last = index
        }
        return (first, last)
    }

    /// The smallest scale at least `preferred` at which the domain holds a value, when it has no
    /// `fractionDigits` of its own: `(0, 0.001)` holds none at scale 2, some at scale 4.
    func samplingScale(preferring preferred: Int) -> Int {
        if let scale { return scale }
        guard let lower, let upper else { return preferred }
        if let small = smallWindow(scale: preferred, span: ExactDecimal(1)), small.first <= small.last { return preferred }
        var tried = self
        tried.fractionDigits = preferred
        if let grid = tried.grid(scale: preferred), let indices = tried.indices(grid: grid),
            let first = indices.first, let last = indices.last, first <= last
        {
            return preferred
        }
        // Past the digits of both ends and the step, an interval that is not empty holds a value.
        return Swift.max(preferred, lower.value.fractionDigits, upper.value.fractionDigits, step?.fractionDigits ?? 0) + 1
    }

    // MARK: - Arithmetic helpers

    /// The least common multiple of two positive numbers: both as whole numbers at the finer
    /// scale, `a × b / gcd(a, b)`.
    static func leastCommonMultiple(_ a: ExactDecimal, _ b: ExactDecimal) -> ExactDecimal? {
        let scale = Swift.max(a.fractionDigits, b.fractionDigits)
        let x = a.scaled(byPowerOfTen: scale), y = b.scaled(byPowerOfTen: scale)
        guard let divisor = greatestCommonDivisor(x, y),
            let product = x.multiplied(by: y),
            let multiple = product.quotientAndRemainder(dividingBy: divisor)?.quotient
        else { return nil }
        return multiple.scaled(byPowerOfTen: -scale)
    }

    /// Euclid's algorithm on whole numbers.
    static func greatestCommonDivisor(_ a: ExactDecimal, _ b: ExactDecimal) -> ExactDecimal? {
        var (x, y) = (a.magnitude, b.magnitude)
        while !y.isZero {
            guard let remainder = x.quotientAndRemainder(dividingBy: y)?.remainder else { return nil }
            (x, y) = (y, remainder)
        }
        return x
    }
}
