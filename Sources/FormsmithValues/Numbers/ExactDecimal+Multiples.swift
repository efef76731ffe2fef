/// Whole multiples of a step, exactly and at any scale (`multipleOf: 0.05`, `multipleOf: 1000`).
///
/// A value `a × 10^p` is a multiple of a step `b × 10^q` (both coefficients without trailing
/// zeros) when `(a × 10^p) / (b × 10^q)` is a whole number. Neither is ever divided in binary
/// floating point, and no digits are built for the exponents: `1e-999999` is decided as fast as
/// `0.001`.
extension ExactDecimal {
    /// Whether the value is a whole multiple of `step` (which must not be zero): `0.15` of `0.05`,
    /// `-3000` of `1000`, zero of anything; not `0.151` of `0.05`, nor `1` of `0.3`.
    public func isMultiple(of step: ExactDecimal) -> Bool {
        precondition(!step.isZero, "a step of zero has no multiples but zero")
        if isZero { return true }
        // The coefficient `a` has no trailing zero, so it is never divisible by 10: with p < q the
        // quotient a / (b × 10^(q-p)) cannot be whole.
        guard exponent >= step.exponent else { return false }
        // b divides a × 10^k for every k at least as large as b's powers of 2 and 5 once it does
        // for one of them, so k is capped there (b < 10^digits has fewer than 4 × digits twos).
        let shift = min(exponent - step.exponent, 4 * step.digitCount)
        return Self.remainder(of: digits, shiftedBy: shift, dividedBy: step) == 0
    }

    /// The mantissa step between neighbouring multiples of `self` among the numbers
    /// `mantissa / 10^scale`: 5 for `0.05` at scale 2, 1 for `0.05` at scale 1 (every tenth is a
    /// multiple), 100000 for `1000` at scale 2; nil when it does not fit in `limit`.
    public func multipleUnit(atScale scale: Int, limit: Int64 = .max) -> Int64? {
        precondition(!isZero, "a step of zero has no multiples but zero")
        guard case .small(let coefficient) = coefficient, coefficient <= UInt64(limit) else { return nil }
        let shift = exponent + scale
        if shift >= 0 {
            // mantissa × 10^-scale = k × coefficient × 10^exponent: mantissa = k × coefficient × 10^shift.
            guard shift <= 18, let unit = Self.scaledUp(coefficient, by: shift), unit <= UInt64(limit) else { return nil }
            return Int64(unit)
        }
        // mantissa × 10^(-shift) must be a multiple of the coefficient: drop from it the factors
        // of 2 and 5 that 10^(-shift) supplies.
        var unit = coefficient
        var twos = -shift
        var fives = -shift
        while twos > 0, unit % 2 == 0 {
            unit /= 2
            twos -= 1
        }
        while fives > 0, unit % 5 == 0 {
            unit /= 5
            fives -= 1
        }
        return Int64(unit)
    }

    /// `(digits followed by `shift` zeros) mod step's coefficient`, digit by digit.
    private static func remainder(of digits: [UInt8], shiftedBy shift: Int, dividedBy step: ExactDecimal) -> UInt64 {
        switch step.coefficient {
        case .small(let divisor):
            var rest: UInt64 = 0
            func push(_ digit: UInt8) {
                // rest < divisor, so rest × 10 + digit fits in two words and the quotient in one.
                let wide = rest.multipliedFullWidth(by: 10)
                let (low, carry) = wide.low.addingReportingOverflow(UInt64(digit))
                rest = divisor.dividingFullWidth((wide.high + (carry ? 1 : 0), low)).remainder
            }
            for digit in digits { push(digit) }
            for _ in 0..<shift { push(0) }
            return rest
        case .large(let divisor):
            var rest: [UInt8] = []
            func push(_ digit: UInt8) {
                if !(rest.isEmpty && digit == 0) { rest.append(digit) }
                while compare(rest, divisor) >= 0 { rest = subtract(rest, divisor) }
            }
            for digit in digits { push(digit) }
            for _ in 0..<shift { push(0) }
            return rest.isEmpty ? 0 : 1
        }
    }
}
