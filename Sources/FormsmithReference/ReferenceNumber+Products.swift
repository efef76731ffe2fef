/// Products, quotients and remainders as docs/rules.md ("Predicates and expressions") defines
/// them, by schoolbook digit arithmetic written apart from the engine's `ExactDecimal`: the
/// product exact, the quotient exact when it ends within ``quotientDigits`` significant digits
/// and else rounded half to even to that many, the remainder with the dividend's sign.
extension ReferenceNumber {
    /// The significant digits docs/rules.md gives a quotient that does not end.
    static let quotientDigits = 34

    /// The exact product; nil when it would need more than ``digitLimit`` digits.
    func multiplied(by other: ReferenceNumber) -> ReferenceNumber? {
        if isZero || other.isZero { return .zero }
        guard digits.count + other.digits.count <= Self.digitLimit else { return nil }
        // Little-endian columns, each the sum of the digit products that land in it.
        let a = digits.reversed().map(Int.init), b = other.digits.reversed().map(Int.init)
        var columns = [Int](repeating: 0, count: a.count + b.count + 1)
        // A column holds at most 81 × 100,000: no overflow before the one carrying pass.
        for (i, x) in a.enumerated() {
            for (j, y) in b.enumerated() { columns[i + j] += x * y }
        }
        var carry = 0
        for index in columns.indices {
            let total = columns[index] + carry
            columns[index] = total % 10
            carry = total / 10
        }
        return ReferenceNumber(negative: negative != other.negative,
                               digits: columns.reversed().map(UInt8.init), exponent: exponent + other.exponent)
    }

    /// The quotient; nil when dividing by zero (the caller makes that null) or when the work
    /// would need more than ``digitLimit`` digits.
    func divided(by other: ReferenceNumber) -> ReferenceNumber? {
        guard !other.isZero else { return nil }
        if isZero { return .zero }
        let divisor = ReferenceNumber(negative: false, digits: other.digits, exponent: 0)
        // self / other = (D / B) × 10^(exponent - other.exponent), D and B the digit strings.
        var remainder = ReferenceNumber.zero
        var quotient: [UInt8] = []
        var significant = 0
        var taken = 0, appended = 0
        while significant <= Self.quotientDigits {
            let next: UInt8
            if taken < digits.count {
                next = digits[taken]
                taken += 1
            } else {
                if remainder.isZero { break }
                guard appended < Self.digitLimit else { return nil }
                next = 0
                appended += 1
            }
            remainder = remainder.timesTen(plus: next)
            var digit: UInt8 = 0
            while Self.compare(remainder, divisor) >= 0 {
                guard let less = remainder.subtracting(divisor) else { return nil }
                remainder = less
                digit += 1
            }
            quotient.append(digit)
            if significant > 0 || digit != 0 { significant += 1 }
        }
        // The quotient digits stand for quotient × 10^(digits left untaken - zeros appended).
        let rest = digits[taken...].contains { $0 != 0 } || !remainder.isZero
        var power = (digits.count - taken) - appended + exponent - other.exponent
        var kept = Array(quotient.drop { $0 == 0 })
        if kept.count > Self.quotientDigits {
            let dropped = kept.removeLast()
            power += 1
            let lastOdd = (kept.last ?? 0) % 2 == 1
            let up = dropped > 5 || (dropped == 5 && (rest || lastOdd))
            var result = ReferenceNumber(negative: false, digits: kept, exponent: power)
            if up, let larger = result.adding(ReferenceNumber(negative: false, digits: [1], exponent: power)) { result = larger }
            return negative != other.negative ? result.negated : result
        }
        let result = ReferenceNumber(negative: negative != other.negative, digits: kept, exponent: power)
        return result
    }

    /// `self mod other`: what is left after taking away `other` as many whole times as fit in
    /// `self` (towards zero), with `self`'s sign; nil when dividing by zero or past the digit limit.
    func remainder(dividingBy other: ReferenceNumber) -> ReferenceNumber? {
        guard !other.isZero else { return nil }
        if isZero { return .zero }
        // Both as whole numbers of units 10^low.
        let low = min(exponent, other.exponent)
        guard exponent - low < Self.digitLimit, other.exponent - low < Self.digitLimit else { return nil }
        let dividend = digits + [UInt8](repeating: 0, count: exponent - low)
        let divisor = ReferenceNumber(negative: false, digits: other.digits + [UInt8](repeating: 0, count: other.exponent - low), exponent: 0)
        var remainder = ReferenceNumber.zero
        for next in dividend {
            remainder = remainder.timesTen(plus: next)
            while Self.compare(remainder, divisor) >= 0 {
                guard let less = remainder.subtracting(divisor) else { return nil }
                remainder = less
            }
        }
        let result = ReferenceNumber(negative: negative, digits: remainder.digits, exponent: remainder.exponent + low)
        return result
    }

    /// A whole number (exponent at least 0) times ten plus a digit, as a whole number.
    private func timesTen(plus digit: UInt8) -> ReferenceNumber {
        let whole = isZero ? [] : digits + [UInt8](repeating: 0, count: exponent)
        return ReferenceNumber(negative: false, digits: whole + [digit], exponent: 0)
    }
}
