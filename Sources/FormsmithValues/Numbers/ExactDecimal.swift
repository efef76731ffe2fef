/// An exact decimal number of any size: a sign, a coefficient of any number of decimal digits
/// and a power of ten, `±coefficient × 10^exponent`. Money, identifiers and bounds are compared
/// with it, never in binary floating point: `1000.0000000000000001` is above `1000`, and
/// `9007199254740993` is not `9007199254740992`.
///
/// Values are kept normalised (no trailing zeros in the coefficient, zero positive with
/// exponent 0), so `==` and hashing compare values: `1.50`, `1.5` and `15e-1` are equal. A
/// coefficient that fits in 64 bits is stored inline, without allocating; longer ones as their
/// digits. Comparing, reading and `fractionDigits` take time in proportion to the digits
/// written, whatever the exponent (`1e-999999999` costs what `1e-9` does); only ``adding(_:)``
/// and ``subtracting(_:)`` build the digits between the two exponents, and they refuse a
/// result of more than ``digitLimit`` digits.
public struct ExactDecimal: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The largest exponent magnitude a number may be written with: 18 digits
    /// (`1e999999999999999999` is refused, as no value needs it and its arithmetic would not fit).
    public static let exponentLimit = 999_999_999_999_999_999
    /// The most significant digits the result of ``adding(_:)`` or ``subtracting(_:)`` may have.
    public static let digitLimit = 100_000

    /// The digits of the coefficient: inline when they fit in 64 bits.
    @usableFromInline
    enum Coefficient: Sendable, Hashable {
        case small(UInt64)
        /// Decimal digits (0...9), most significant first, more than fit in `UInt64`.
        case large([UInt8])
    }

    /// Whether the value is below zero (never true for zero).
    public let isNegative: Bool
    /// The power of ten the coefficient is multiplied by.
    @usableFromInline let exponent: Int
    @usableFromInline let coefficient: Coefficient

    /// Zero.
    public static let zero = ExactDecimal(isNegative: false, coefficient: 0, exponent: 0)

    /// A whole number.
    public init(_ value: Int64) {
        self.init(isNegative: value < 0, coefficient: value.magnitude, exponent: 0)
    }

    /// `mantissa / 10^scale`: `ExactDecimal(mantissa: 1250, scale: 2)` is 12.5.
    public init(mantissa: Int64, scale: Int) {
        self.init(isNegative: mantissa < 0, coefficient: mantissa.magnitude, exponent: -scale)
    }

    /// A normalised value from a 64-bit coefficient.
    @usableFromInline
    init(isNegative: Bool, coefficient: UInt64, exponent: Int) {
        guard coefficient != 0 else {
            self.isNegative = false
            self.exponent = 0
            self.coefficient = .small(0)
            return
        }
        var value = coefficient
        var power = exponent
        while value % 10 == 0 {
            value /= 10
            power += 1
        }
        self.isNegative = isNegative
        self.exponent = power
        self.coefficient = .small(value)
    }

    /// A normalised value from decimal digits (leading and trailing zeros allowed).
    init(isNegative: Bool, digits: some Collection<UInt8>, exponent: Int) {
        var digits = Array(digits.drop { $0 == 0 })
        var power = exponent
        while let last = digits.last, last == 0 {
            digits.removeLast()
            power += 1
        }
        if let small = Self.fitting(digits) {
            self.init(isNegative: isNegative, coefficient: small, exponent: power)
            return
        }
        self.init(unchecked: isNegative, exponent: power, coefficient: .large(digits))
    }

    /// The digits as a 64-bit number, when they fit.
    private static func fitting(_ digits: [UInt8]) -> UInt64? {
        guard digits.count <= 20 else { return nil }
        var value: UInt64 = 0
        for digit in digits {
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
            if overflow1 || overflow2 { return nil }
            value = sum
        }
        return value
    }

    // MARK: - Properties

    /// Whether the value is zero.
    public var isZero: Bool { coefficient == .small(0) }

    /// Whether the value is a whole number.
    public var isInteger: Bool { exponent >= 0 }

    /// Significant digits after the decimal point: trailing zeros do not count (`10.50` has 1,
    /// `1.25e1` has 1, `1e-400` has 400).
    public var fractionDigits: Int { max(0, -exponent) }

    /// The value as a 64-bit integer, when it is a whole number that fits.
    public var int64: Int64? {
        guard exponent >= 0, case .small(let coefficient) = coefficient else { return nil }
        guard let value = exponent == 0 ? coefficient : Self.scaledUp(coefficient, by: exponent) else { return nil }
        if isNegative { return value <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- value) : nil }
        return value <= UInt64(Int64.max) ? Int64(value) : nil
    }

    /// The coefficient's decimal digits, most significant first (`[0]` for zero).
    var digits: [UInt8] {
        switch coefficient {
        case .large(let digits): return digits
        case .small(var value):
            guard value != 0 else { return [0] }
            var digits: [UInt8] = []
            while value != 0 {
                digits.append(UInt8(value % 10))
                value /= 10
            }
            return digits.reversed()
        }
    }

    /// The number of digits of the coefficient.
    var digitCount: Int {
        switch coefficient {
        case .large(let digits): return digits.count
        case .small(var value):
            var count = 1
            while value >= 10 {
                value /= 10
                count += 1
            }
            return count
        }
    }

    /// The same value with the opposite sign.
    public var negated: ExactDecimal {
        guard !isZero else { return self }
        return ExactDecimal(unchecked: !isNegative, exponent: exponent, coefficient: coefficient)
    }

    /// The absolute value.
    public var magnitude: ExactDecimal {
        isNegative ? negated : self
    }

    init(unchecked isNegative: Bool, exponent: Int, coefficient: Coefficient) {
        self.isNegative = isNegative
        self.exponent = exponent
        self.coefficient = coefficient
    }

    // MARK: - Order

    /// -1, 0 or 1 as this value is below, equal to or above `other`, exactly.
    @inlinable
    public func compare(_ other: ExactDecimal) -> Int {
        if isNegative != other.isNegative { return isNegative ? -1 : 1 }
        let order = Self.compareMagnitudes(self, other)
        return isNegative ? -order : order
    }

    /// -1, 0 or 1 comparing |a| with |b|.
    @inlinable
    static func compareMagnitudes(_ a: ExactDecimal, _ b: ExactDecimal) -> Int {
        if case .small(let x) = a.coefficient, case .small(let y) = b.coefficient {
            if a.exponent == b.exponent { return x < y ? -1 : (x == y ? 0 : 1) }
            if x == 0 || y == 0 { return x == y ? 0 : (x == 0 ? -1 : 1) }
            // Scale the one with the larger exponent down to the other's: a product that
            // overflows 64 bits is above any 64-bit coefficient.
            if a.exponent > b.exponent {
                guard let scaled = scaledUp(x, by: a.exponent - b.exponent) else { return 1 }
                return scaled < y ? -1 : (scaled == y ? 0 : 1)
            }
            guard let scaled = scaledUp(y, by: b.exponent - a.exponent) else { return -1 }
            return x < scaled ? -1 : (x == scaled ? 0 : 1)
        }
        return compareDigits(a, b)
    }

    /// `value × 10^power`, nil when it does not fit in 64 bits.
    @inlinable
    static func scaledUp(_ value: UInt64, by power: Int) -> UInt64? {
        guard power < 20 else { return nil }
        var result = value
        var remaining = power
        while remaining > 0 {
            let (times10, overflow) = result.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            result = times10
            remaining -= 1
        }
        return result
    }

    /// The general comparison of magnitudes: by the position of the leading digit, then digit by digit.
    @usableFromInline
    static func compareDigits(_ a: ExactDecimal, _ b: ExactDecimal) -> Int {
        if a.isZero || b.isZero { return a.isZero == b.isZero ? 0 : (a.isZero ? -1 : 1) }
        let aDigits = a.digits, bDigits = b.digits
        // Both are normalised, so the leading digit is non-zero: its position orders them first.
        let aLead = a.exponent + aDigits.count, bLead = b.exponent + bDigits.count
        if aLead != bLead { return aLead < bLead ? -1 : 1 }
        for (x, y) in zip(aDigits, bDigits) where x != y { return x < y ? -1 : 1 }
        // Equal up to the shorter: no trailing zeros, so the longer has a non-zero digit more.
        return aDigits.count == bDigits.count ? 0 : (aDigits.count < bDigits.count ? -1 : 1)
    }

    @inlinable
    public static func < (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
        lhs.compare(rhs) < 0
    }

    // MARK: - Text

    /// The value in plain decimal notation (`1000`, `-0.25`, `9223372036854775807`,
    /// `1000.0000000000000001`), or in scientific notation (`1e400`, `1.5e-10`) when that would
    /// take more than 20 zeros before the digits or 6 after the point.
    public var description: String {
        if isZero { return "0" }
        let digits = self.digits.map { Character(Unicode.Scalar($0 + UInt8(ascii: "0"))) }
        var text = isNegative ? "-" : ""
        let point = digits.count + exponent  // digits before the decimal point
        if exponent >= 0 && exponent <= 20 {
            text += String(digits) + String(repeating: "0", count: exponent)
        } else if exponent < 0 && point > 0 {
            text += String(digits[..<point]) + "." + String(digits[point...])
        } else if exponent < 0 && point >= -6 {
            text += "0." + String(repeating: "0", count: -point) + String(digits)
        } else {
            text += String(digits[0])
            if digits.count > 1 { text += "." + String(digits[1...]) }
            text += "e" + String(point - 1)
        }
        return text
    }
}
