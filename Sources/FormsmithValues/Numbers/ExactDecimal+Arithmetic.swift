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

/// Exact products, whole quotients with their remainders, rounding to a scale, and 64-bit
/// conversions: what number domains need to count and step through the values of a range.
extension ExactDecimal {
    /// `self × other`, exactly; nil when the product would need more than ``digitLimit`` digits.
    public func multiplied(by other: ExactDecimal) -> ExactDecimal? {
        if isZero || other.isZero { return .zero }
        let negative = isNegative != other.isNegative
        let (power, overflow) = exponent.addingReportingOverflow(other.exponent)
        guard !overflow, abs(power) <= Self.exponentLimit * 2 else { return nil }
        if case .small(let x) = coefficient, case .small(let y) = other.coefficient {
            let (high, low) = x.multipliedFullWidth(by: y)
            if high == 0 { return ExactDecimal(isNegative: negative, coefficient: low, exponent: power) }
        }
        guard digitCount + other.digitCount <= Self.digitLimit else { return nil }
        return ExactDecimal(isNegative: negative, digits: Self.product(digits, other.digits), exponent: power)
    }

    /// The whole quotient of `self ÷ divisor`, truncated towards zero, and the remainder
    /// `self - quotient × divisor` (zero or of the dividend's sign, smaller than the divisor in
    /// magnitude), both exact at any scale: `7.5 ÷ 2` is 3 remainder 1.5, `-7 ÷ 2` is -3
    /// remainder -1. Nil when the divisor is zero or the quotient would need more than
    /// ``digitLimit`` digits (`1e200000 ÷ 3`).
    public func quotientAndRemainder(dividingBy divisor: ExactDecimal)
        -> (quotient: ExactDecimal, remainder: ExactDecimal)?
    {
        guard !divisor.isZero else { return nil }
        if isZero { return (.zero, .zero) }
        if Self.compareMagnitudes(self, divisor) < 0 { return (.zero, self) }
        // Both as whole numbers at the smaller exponent: |self| = a × 10^low, |divisor| = b × 10^low.
        let low = Swift.min(exponent, divisor.exponent)
        let aShift = exponent - low, bShift = divisor.exponent - low
        let negative = isNegative != divisor.isNegative
        if case .small(let x) = coefficient, case .small(let y) = divisor.coefficient,
            let a = Self.scaledUp(x, by: aShift), let b = Self.scaledUp(y, by: bShift)
        {
            let (q, r) = a.quotientAndRemainder(dividingBy: b)
            return (ExactDecimal(isNegative: negative, coefficient: q, exponent: 0),
                    ExactDecimal(isNegative: isNegative, coefficient: r, exponent: low))
        }
        guard digitCount + aShift <= Self.digitLimit, divisor.digitCount + bShift <= Self.digitLimit else { return nil }
        let a = digits + [UInt8](repeating: 0, count: aShift)
        let b = divisor.digits + [UInt8](repeating: 0, count: bShift)
        let (q, r) = Self.longDivision(a, b)
        return (ExactDecimal(isNegative: negative, digits: q, exponent: 0),
                ExactDecimal(isNegative: isNegative, digits: r, exponent: low))
    }

    /// `self ÷ divisor`: exact when the quotient ends within `significantDigits` significant
    /// digits (`1 ÷ 8` is 0.125), else rounded half to even to that many (`2 ÷ 3` to 5 digits
    /// is 0.66667). Nil when the divisor is zero or the work would need more than
    /// ``digitLimit`` digits.
    public func divided(by divisor: ExactDecimal, significantDigits: Int) -> ExactDecimal? {
        guard !divisor.isZero, significantDigits > 0 else { return nil }
        if isZero { return .zero }
        // |self| < 10^(exponent + digitCount), ≥ 10^(exponent + digitCount - 1), and so for the
        // divisor: the quotient lies between 10^(lead - 1) and 10^(lead + 1).
        let lead = (exponent + digitCount) - (divisor.exponent + divisor.digitCount)
        // Scaled by 10^shift the whole quotient is at least 10^significantDigits: it has every
        // digit kept and at least one more to round on.
        let shift = significantDigits + 1 - lead
        guard let (quotient, remainder) = scaled(byPowerOfTen: shift).quotientAndRemainder(dividingBy: divisor)
        else { return nil }
        var value = quotient.scaled(byPowerOfTen: -shift)
        if remainder.isZero {
            if value.digitCount <= significantDigits { return value }
        } else {
            // The remainder is more below the last digit: a 1 appended there keeps half to even
            // from taking an inexact ...5 for a tie.
            guard let sticky = quotient.scaled(byPowerOfTen: 1).adding(ExactDecimal(quotient.isNegative ? -1 : 1))
            else { return nil }
            value = sticky.scaled(byPowerOfTen: -(shift + 1))
        }
        return value.rounded(scale: significantDigits - (value.exponent + value.digitCount), .toNearestOrEven)
    }

    /// The whole quotient of `self ÷ divisor` rounded towards -∞ (`-7 ÷ 2` is -4), exactly; nil
    /// as for ``quotientAndRemainder(dividingBy:)``.
    public func flooredQuotient(dividingBy divisor: ExactDecimal) -> ExactDecimal? {
        guard let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor) else { return nil }
        guard !remainder.isZero, remainder.isNegative != divisor.isNegative else { return quotient }
        return quotient.adding(ExactDecimal(-1))
    }

    /// The whole quotient of `self ÷ divisor` rounded towards +∞ (`7 ÷ 2` is 4), exactly; nil
    /// as for ``quotientAndRemainder(dividingBy:)``.
    public func ceilingQuotient(dividingBy divisor: ExactDecimal) -> ExactDecimal? {
        guard let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor) else { return nil }
        guard !remainder.isZero, remainder.isNegative == divisor.isNegative else { return quotient }
        return quotient.adding(ExactDecimal(1))
    }

    /// The value rounded to at most `scale` digits after the point (a negative scale rounds to
    /// tens, hundreds...) by `rule`: `2.345` to scale 2 is 2.35 `.toNearestOrAwayFromZero`,
    /// 2.34 `.down`, and `-2.345` `.down` is -2.35. The work is in proportion to the digits,
    /// whatever the exponent.
    public func rounded(scale: Int, _ rule: FloatingPointRoundingRule) -> ExactDecimal {
        guard exponent < -scale, !isZero else { return self }
        let digits = self.digits
        let dropped = -scale - exponent  // digits after the new last place, at least 1
        let kept = digits.count > dropped ? Array(digits[..<(digits.count - dropped)]) : []
        // The first dropped digit, and whether any digit after it is non-zero.
        let first: UInt8 = dropped <= digits.count ? digits[digits.count - dropped] : 0
        let rest = dropped <= digits.count ? digits[(digits.count - dropped + 1)...].contains { $0 != 0 } : true
        let lastKept = kept.last ?? 0
        let away: Bool
        switch rule {
        case .towardZero: away = false
        case .awayFromZero: away = true
        case .down: away = isNegative
        case .up: away = !isNegative
        case .toNearestOrAwayFromZero: away = first >= 5
        case .toNearestOrEven: away = first > 5 || (first == 5 && (rest || lastKept % 2 == 1))
        @unknown default: away = first >= 5
        }
        var result = ExactDecimal(isNegative: isNegative, digits: kept.isEmpty ? [0] : kept, exponent: -scale)
        if away {
            result = ExactDecimal(isNegative: isNegative, digits: Self.incremented(kept), exponent: -scale)
        }
        return result
    }

    /// The value times `10^power` (`1.25` by 2 is 125): exact, only the exponent changes.
    public func scaled(byPowerOfTen power: Int) -> ExactDecimal {
        guard !isZero else { return self }
        return ExactDecimal(unchecked: isNegative, exponent: exponent + power, coefficient: coefficient)
    }

    /// The whole number `self × 10^scale` as 64 bits, when the value has at most `scale` digits
    /// after the point and that number fits: `12.5` at scale 2 is 1250; nil for `12.345` or
    /// `1e19`.
    public func mantissa(atScale scale: Int) -> Int64? {
        guard fractionDigits <= scale else { return nil }
        return scaled(byPowerOfTen: scale).int64
    }

    /// A whole number from 64 bits without a sign (`18446744073709551615`).
    public init(unsigned value: UInt64) {
        self.init(isNegative: false, coefficient: value, exponent: 0)
    }

    // MARK: - Digit arithmetic (most significant first)

    /// The product of two digit strings.
    private static func product(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        var sums = [Int](repeating: 0, count: a.count + b.count)
        for (i, x) in a.reversed().enumerated() where x != 0 {
            for (j, y) in b.reversed().enumerated() { sums[i + j] += Int(x) * Int(y) }
            // Carry now and then so no sum outgrows Int whatever the lengths.
            if i % 1_000_000 == 999_999 { carry(&sums) }
        }
        carry(&sums)
        return sums.reversed().map { UInt8($0) }
    }

    /// Propagates carries so that every entry (least significant first) is one digit.
    private static func carry(_ sums: inout [Int]) {
        var carry = 0
        for index in sums.indices {
            let total = sums[index] + carry
            sums[index] = total % 10
            carry = total / 10
        }
    }

    /// The whole quotient and remainder of two digit strings (the divisor not zero), by long
    /// division: each quotient digit is found by at most nine subtractions.
    private static func longDivision(_ a: [UInt8], _ b: [UInt8]) -> (quotient: [UInt8], remainder: [UInt8]) {
        let divisor = Array(b.drop { $0 == 0 })
        var quotient: [UInt8] = []
        quotient.reserveCapacity(a.count)
        var remainder: [UInt8] = []
        for digit in a {
            if !(remainder.isEmpty && digit == 0) { remainder.append(digit) }
            var count: UInt8 = 0
            while compare(remainder, divisor) >= 0 {
                remainder = subtract(remainder, divisor)
                count += 1
            }
            quotient.append(count)
        }
        return (quotient, remainder.isEmpty ? [0] : remainder)
    }

    /// Compares two digit strings without leading zeros (also `+Multiples`' long division).
    static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
        return 0
    }

    /// `a - b` for digit strings without leading zeros, `a ≥ b`; the result has none either.
    static func subtract(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        var result = a
        var borrow: UInt8 = 0
        var bIndex = b.count - 1
        for index in stride(from: a.count - 1, through: 0, by: -1) {
            let subtrahend = (bIndex >= 0 ? b[bIndex] : 0) + borrow
            bIndex -= 1
            if result[index] >= subtrahend {
                result[index] -= subtrahend
                borrow = 0
            } else {
                result[index] = result[index] + 10 - subtrahend
                borrow = 1
            }
        }
        return Array(result.drop { $0 == 0 })
    }

    /// A digit string plus one.
    private static func incremented(_ digits: [UInt8]) -> [UInt8] {
        var result = digits
        var index = result.count - 1
        while index >= 0 {
            if result[index] < 9 {
                result[index] += 1
                return result
            }
            result[index] = 0
            index -= 1
        }
        return [1] + result
    }
}

/// Plain notation at a fixed scale, for writing generated values.
extension ExactDecimal {
    /// The value in plain notation with exactly `scale` digits after the point (none when
    /// `scale` is 0 or less), rounded towards zero when it has more: `12.5` at scale 2 is
    /// `12.50`, `-0.05` is `-0.05`, `1e30` at scale 0 is `1000000000000000000000000000000`.
    public func plainText(scale: Int) -> String {
        let places = Swift.max(0, scale)
        let value = rounded(scale: places, .towardZero)
        if value.isZero { return places == 0 ? "0" : "0." + String(repeating: "0", count: places) }
        // The whole number |value| × 10^places, as digits.
        var digits = value.digits.map { Character(Unicode.Scalar($0 + UInt8(ascii: "0"))) }
        digits += repeatElement("0", count: value.exponent + places)
        if digits.count <= places { digits = Array(repeating: "0", count: places + 1 - digits.count) + digits }
        let text = places == 0 ? String(digits)
            : String(digits[..<(digits.count - places)]) + "." + String(digits[(digits.count - places)...])
        return (value.isNegative ? "-" : "") + text
    }
}
