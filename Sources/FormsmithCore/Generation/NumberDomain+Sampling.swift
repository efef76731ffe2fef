import FormsmithValues

/// Drawing values from a number domain with a seeded generator, its boundary values, and values
/// that leave it for exactly one rule (for labelled defects).
extension NumberDomain {
    /// Where in the domain a boundary value lies (classes a covering generator can name).
    enum Position: Sendable, CaseIterable {
        case lowest, inside, highest
    }

    /// The values drawn at one scale: `k × grid` for `k` in `first...last` (empty when
    /// `first > last`). An unbounded end is replaced by a window `span` wide next to the other
    /// end (or `0...span` with neither), as the generator always did. When every part fits in
    /// 64 bits (``Small``) the window keeps only those, and drawing from it builds no digits.
    struct Window: Sendable, Equatable {
        /// The window as 64-bit mantissas at its scale.
        let small: Small?
        private let exact: Exact?

        /// The window as 64-bit mantissas at its scale: values `k × unit / 10^scale` for `k` in
        /// `first...last`, every one within ±``NumberDomain/smallLimit``.
        struct Small: Sendable, Equatable {
            var unit: Int64
            var first: Int64
            var last: Int64
            var scale: Int
        }

        private struct Exact: Sendable, Equatable {
            var grid: ExactDecimal
            var first: ExactDecimal
            var last: ExactDecimal
        }

        init(grid: ExactDecimal, first: ExactDecimal, last: ExactDecimal) {
            small = nil
            exact = Exact(grid: grid, first: first, last: last)
        }

        init(_ small: Small) {
            self.small = small
            exact = nil
        }

        /// The spacing of the values.
        var grid: ExactDecimal { small.map { ExactDecimal(mantissa: $0.unit, scale: $0.scale) } ?? exact!.grid }
        /// The index of the lowest value.
        var first: ExactDecimal { small.map { ExactDecimal($0.first) } ?? exact!.first }
        /// The index of the highest value.
        var last: ExactDecimal { small.map { ExactDecimal($0.last) } ?? exact!.last }

        /// Whether it holds no value.
        var isEmpty: Bool { small.map { $0.first > $0.last } ?? (exact!.first > exact!.last) }

        /// The value of index `k`.
        func value(_ k: ExactDecimal) -> ExactDecimal? { k.multiplied(by: grid) }
    }

    /// The largest mantissa magnitude of a ``Window/Small`` window's values (18 digits), so that
    /// a step past an end never overflows 64 bits.
    static let smallLimit: Int64 = 900_000_000_000_000_000

    /// The window of values at `scale` digits after the point (`scale` must not exceed
    /// ``scale``), `span` wide where an end is unbounded; nil when its quotients would need
    /// more than ``ExactDecimal/digitLimit`` digits.
    func window(scale: Int, span: ExactDecimal) -> Window? {
        if let small = smallWindow(scale: scale, span: span) { return Window(small) }
        // At least one step wide, so a coarse step (`multipleOf: 5000`) still leaves a choice.
        guard let grid = grid(scale: scale), let (first, last) = indices(grid: grid),
            let width = span.flooredQuotient(dividingBy: grid).map({ Swift.max($0, ExactDecimal(1)) })
        else { return nil }
        switch (first, last) {
        case let (first?, last?):
            return Window(grid: grid, first: first, last: last)
        case let (first?, nil):
            return first.adding(width).map { Window(grid: grid, first: first, last: $0) }
        case let (nil, last?):
            let start = last.isNegative ? last.subtracting(width) : Swift.min(.zero, last)
            return start.map { Window(grid: grid, first: $0, last: last) }
        case (nil, nil):
            return Window(grid: grid, first: .zero, last: width)
        }
    }

    /// ``window(scale:span:)`` in 64-bit mantissas (the same indices), when the bounds, the
    /// step's grid, the span and every value fit within ±``smallLimit`` at `scale` (at most 18
    /// digits after the point); nil otherwise (the exact window then).
    func smallWindow(scale: Int, span: ExactDecimal) -> Window.Small? {
        guard scale <= 18, let spanMantissa = span.mantissa(atScale: scale) else { return nil }
        let limit = Self.smallLimit
        let unit: Int64
        if let step {
            guard let own = step.multipleUnit(atScale: scale, limit: limit) else { return nil }
            unit = own
        } else {
            unit = 1
        }
        var first: Int64?
        var last: Int64?
        if let lower {
            guard let (mantissa, exact) = Self.mantissa(lower.value, scale: scale, roundingUp: true) else { return nil }
            first = Self.ceiling(lower.exclusive && exact ? mantissa + 1 : mantissa, unit)
        }
        if let upper {
            guard let (mantissa, exact) = Self.mantissa(upper.value, scale: scale, roundingUp: false) else { return nil }
            last = Self.floor(upper.exclusive && exact ? mantissa - 1 : mantissa, unit)
        }
        let width = Swift.max(1, spanMantissa / unit)
        let window: Window.Small
        switch (first, last) {
        case let (first?, last?): window = Window.Small(unit: unit, first: first, last: last, scale: scale)
        case let (first?, nil): window = Window.Small(unit: unit, first: first, last: first + width, scale: scale)
        case let (nil, last?):
            window = Window.Small(unit: unit, first: last < 0 ? last - width : Swift.min(0, last), last: last, scale: scale)
        case (nil, nil): window = Window.Small(unit: unit, first: 0, last: width, scale: scale)
        }
        // Every value k × unit (and one step past either end) within the limit.
        let most = limit / unit
        guard window.first > window.last || (window.first >= -most && window.last <= most) else { return nil }
        return window
    }

    /// `value × 10^scale` as a whole number within ±``smallLimit``, rounded up or down, and
    /// whether it was whole already; without building digits when it is.
    private static func mantissa(_ value: ExactDecimal, scale: Int, roundingUp: Bool) -> (Int64, exact: Bool)? {
        if let mantissa = value.mantissa(atScale: scale) {
            return mantissa >= -smallLimit && mantissa <= smallLimit ? (mantissa, true) : nil
        }
        return value.scaledMantissa(scale: scale, roundingUp: roundingUp, limit: smallLimit)
    }

    /// The smallest `k` with `k × unit` at or above `value` (`unit` > 0).
    private static func ceiling(_ value: Int64, _ unit: Int64) -> Int64 {
        let quotient = value / unit
        return value % unit > 0 ? quotient + 1 : quotient
    }

    /// The largest `k` with `k × unit` at or below `value` (`unit` > 0).
    private static func floor(_ value: Int64, _ unit: Int64) -> Int64 {
        let quotient = value / unit
        return value % unit < 0 ? quotient - 1 : quotient
    }

    /// The value at a boundary position of the window (`inside`: the middle, rounded down).
    func value(at position: Position, scale: Int, span: ExactDecimal) -> ExactDecimal? {
        guard let window = window(scale: scale, span: span), !window.isEmpty else { return nil }
        switch position {
        case .lowest: return window.value(window.first)
        case .highest: return window.value(window.last)
        case .inside:
            guard let sum = window.first.adding(window.last),
                let middle = sum.flooredQuotient(dividingBy: ExactDecimal(2))
            else { return nil }
            return window.value(middle)
        }
    }

    /// The mantissa (at the window's scale) of a value of a ``Window/Small`` window drawn as
    /// ``draw(_:edge:random:)`` draws it, with the same random draws.
    static func draw(_ window: Window.Small, edge: BoundaryEdge?, random: inout SeededRandom) -> Int64 {
        switch edge {
        case .lowest?: return window.first * window.unit
        case .highest?: return window.last * window.unit
        case nil: return (window.first + Int64(random.int(in: 0...Int(window.last - window.first)))) * window.unit
        }
    }

    /// A value of the window drawn uniformly (or at an end, when `edge` says so).
    static func draw(_ window: Window, edge: BoundaryEdge?, random: inout SeededRandom) -> ExactDecimal? {
        switch edge {
        case .lowest?: return window.value(window.first)
        case .highest?: return window.value(window.last)
        case nil:
            guard let count = window.last.subtracting(window.first),
                let offset = uniform(upTo: count, random: &random),
                let k = window.first.adding(offset)
            else { return nil }
            return window.value(k)
        }
    }

    /// A whole number uniformly drawn from `0...bound` (`bound` a whole number ≥ 0). Spans that
    /// fit in `Int` take one draw (the draws the generator always made); longer ones are drawn
    /// 18 digits at a time with as many digits as `bound + 1` and redrawn when past it (less
    /// than 9 in 10 times; after 1,000 redraws, which happens with odds below 10^-45, the last
    /// draw is reduced modulo `bound + 1`).
    static func uniform(upTo bound: ExactDecimal, random: inout SeededRandom) -> ExactDecimal? {
        if let small = bound.int64, small < Int64.max { return ExactDecimal(Int64(random.int(in: 0...Int(small)))) }
        guard let count = bound.adding(ExactDecimal(1)) else { return nil }
        let digits = count.plainText(scale: 0).count
        let chunk = ExactDecimal(1).scaled(byPowerOfTen: 18)
        var drawn = ExactDecimal.zero
        for _ in 0..<1000 {
            drawn = .zero
            var remaining = digits
            while remaining > 0 {
                let take = Swift.min(18, remaining)
                var top = 1
                for _ in 0..<take { top *= 10 }
                let part = ExactDecimal(Int64(random.int(in: 0...(top - 1))))
                guard let shifted = drawn.multiplied(by: take == 18 ? chunk : ExactDecimal(Int64(top))),
                    let next = shifted.adding(part)
                else { return nil }
                drawn = next
                remaining -= take
            }
            if drawn < count { return drawn }
        }
        return drawn.quotientAndRemainder(dividingBy: count)?.remainder
    }

    // MARK: - Leaving the domain for one rule

    /// A value that breaks `rule` and every other rule of the domain holds, at `scale` digits
    /// after the point where the rule allows (the generated value's scale), as close to `value`
    /// as the rule lets it be: one grid step below the lowest value for `.lower`, above the
    /// highest for `.upper`, one digit more than `fractionDigits` next to `value`, one unit of
    /// the other steps' grid next to `value` for `.step` (finer when the scale has no value off
    /// the step), half a unit for `.integer`, one unit of the other rules' grid next to the
    /// constant for `.constant` (or the lowest or highest value they allow). Nil when no such value exists (a `.step` defect
    /// where every number of the scale is a multiple) or the domain has no such rule. The value
    /// may have more digits after the point than `scale` (`.fractionDigits`, a fine `.step`).
    func outside(breaking rule: Rule, near value: ExactDecimal, scale: Int) -> ExactDecimal? {
        var candidates: [ExactDecimal?] = []
        let towards: ExactDecimal = value.isNegative ? ExactDecimal(-1) : ExactDecimal(1)
        switch rule {
        case .lower, .upper, .bound:
            // One grid step past the rule's own end (not the tightest: `min: 5` with
            // `greaterThan: 7` leaves `min` at 4); a value past another bound too is refused below.
            let isUpper: Bool
            let end: End?
            switch rule {
            case .lower: (isUpper, end) = (false, rangeLower)
            case .upper: (isUpper, end) = (true, rangeUpper)
            case .bound(let name):
                guard let bound = namedBound(name) else { return nil }
                (isUpper, end) = (bound.isUpper, bound.end)
            default: return nil
            }
            guard let end else { return nil }
            let own = bounded(by: end, upper: isUpper)
            guard let grid = own.grid(scale: Swift.min(scale, self.scale ?? scale)), let (first, last) = own.indices(grid: grid)
            else { return nil }
            let index = isUpper ? last?.adding(ExactDecimal(1)) : first?.adding(ExactDecimal(-1))
            candidates.append(index.flatMap { $0.multiplied(by: grid) })
        case .fractionDigits:
            guard let digits = fractionDigits, !isInteger, let grid = grid(scale: digits + 1) else { return nil }
            candidates += [grid.multiplied(by: towards).flatMap(value.adding), grid.multiplied(by: towards).flatMap(value.subtracting)]
        case .step(let own):
            guard steps.contains(own) else { return nil }
            // One point of the other steps' grid away: still on theirs, off this one's unless
            // that grid is a multiple of it. At the value's scale, else (a decimal whose digits
            // allow it) with as many digits as the step has, or one more (10 -> 10.01 off 0.05,
            // 10.001 off 0.01).
            var others = NumberDomain()
            for other in steps where other != own { others.narrow(step: other) }
            var scales = [Swift.min(scale, self.scale ?? scale)]
            for finer in [own.fractionDigits, own.fractionDigits + 1]
            where !isInteger && finer > scales[scales.count - 1] && finer <= self.scale ?? .max {
                scales.append(finer)
            }
            for scale in scales {
                guard let grid = grid(scale: scale, step: others.step) else { continue }
                candidates += [value.adding(grid), value.subtracting(grid)]
            }
        case .constant:
            // One point of the other rules' grid either side of the constant, else the lowest or
            // the highest value they allow: some other value exists exactly when one of these is one.
            guard let constant else { return nil }
            let rest = withoutConstant
            guard let grid = rest.grid(scale: Swift.min(scale, rest.scale ?? scale)) else { return nil }
            candidates += [constant.adding(grid), constant.subtracting(grid)]
            if let (first, last) = rest.indices(grid: grid) {
                candidates += [first.flatMap { $0.multiplied(by: grid) }, last.flatMap { $0.multiplied(by: grid) }]
            }
        case .integer:
            guard isInteger else { return nil }
            let half = ExactDecimal(mantissa: 5, scale: 1)
            candidates += [value.adding(half), value.subtracting(half)]
        }
        return candidates.lazy.compactMap { $0 }.first { broken(by: $0) == [rule] }
    }
}
