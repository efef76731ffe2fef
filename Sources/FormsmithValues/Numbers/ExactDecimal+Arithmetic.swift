/// Exact sums, differences, and whole numbers at a scale (for generating and stepping values).
extension ExactDecimal {
    /// `self + other`, exactly; nil when the result would need more than ``digitLimit``
    /// significant digits (`1e-999999999 + 100` would need a billion).
    public func adding(_ other: ExactDecimal) -> ExactDecimal? {
        if other.isZero { return self }
        if isZero { return other }
        if case .small(let x) = coefficient, case .small(let y) = other.coefficient, exponent == other.exponent,
            x < UInt64.max / 2, y < UInt64.max / 2
        {
            // The common case: the same scale and 64-bit coefficients.
            if isNegative == other.isNegative { return ExactDecimal(isNegative: isNegative, coefficient: x + y, exponent: exponent) }
            return x >= y ? ExactDecimal(isNegative: isNegative, coefficient: x - y, exponent: exponent)
                : ExactDecimal(isNegative: other.isNegative, coefficient: y - x, exponent: exponent)
        }
        let low = Swift.min(exponent, other.exponent)
        let high = Swift.max(exponent + digitCount, other.exponent + other.digitCount)
        guard high - low + 1 <= Self.digitLimit else { return nil }
        // Both coefficients as digit arrays aligned at exponent `low`, least significant first.
        let width = high - low + 1
        let a = Self.aligned(self, low: low, width: width)
        let b = Self.aligned(other, low: low, width: width)
        if isNegative == other.isNegative {
            var sum = [UInt8](repeating: 0, count: width)
            var carry: UInt8 = 0
            for index in 0..<width {
                let total = a[index] + b[index] + carry
                sum[index] = total % 10
                carry = total / 10
            }
            return ExactDecimal(isNegative: isNegative, digits: sum.reversed(), exponent: low)
        }
        let order = Self.compareMagnitudes(self, other)
        if order == 0 { return .zero }
        let (larger, smaller, negative) = order > 0 ? (a, b, isNegative) : (b, a, other.isNegative)
        var difference = [UInt8](repeating: 0, count: width)
        var borrow: UInt8 = 0
        for index in 0..<width {
            let subtrahend = smaller[index] + borrow
            if larger[index] >= subtrahend {
                difference[index] = larger[index] - subtrahend
                borrow = 0
            } else {
                difference[index] = larger[index] + 10 - subtrahend
                borrow = 1
            }
        }
        return ExactDecimal(isNegative: negative, digits: difference.reversed(), exponent: low)
    }

    /// `self - other`, exactly; nil as for ``adding(_:)``.
    public func subtracting(_ other: ExactDecimal) -> ExactDecimal? {
        adding(other.negated)
    }

    /// The coefficient's digits, least significant first, placed at exponent `low` in `width` digits.
    private static func aligned(_ value: ExactDecimal, low: Int, width: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: width)
        let shift = value.exponent - low
        for (offset, digit) in value.digits.reversed().enumerated() { result[shift + offset] = digit }
        return result
    }

    /// The value times `10^scale`, rounded up (towards +∞) or down (towards -∞) to a whole
    /// number, and whether it was whole already; nil when that whole number lies outside
    /// `-limit...limit` (so callers can add a step to it without overflow).
    public func scaledMantissa(scale: Int, roundingUp: Bool, limit: Int64) -> (mantissa: Int64, exact: Bool)? {
        if isZero { return (0, true) }
        let shift = exponent + scale
        let digits = self.digits
        var magnitude: UInt64 = 0
        var exact = true
        if shift >= 0 {
            guard digits.count + shift <= 19 else { return nil }
            for digit in digits { magnitude = magnitude * 10 + UInt64(digit) }
            for _ in 0..<shift { magnitude *= 10 }
        } else {
            // Digits after the point are dropped; the coefficient has no trailing zeros, so
            // dropping any makes the value inexact.
            exact = false
            let whole = digits.count + shift
            if whole > 0 {
                guard whole <= 19 else { return nil }
                for digit in digits[..<whole] { magnitude = magnitude * 10 + UInt64(digit) }
            }
        }
        // Away from zero when rounding up a positive or down a negative inexact value.
        if !exact && (roundingUp != isNegative) { magnitude += 1 }
        guard magnitude <= UInt64(limit) else { return nil }
        let signed = Int64(magnitude)
        return (isNegative ? -signed : signed, exact)
    }
}
