/// A number whose coefficient fits in 64 bits, as plain values: the validator's fast path reads
/// and compares these without building an ``ExactDecimal`` (whose enum payload costs copies and
/// releases on every value). Normalised like ``ExactDecimal``: no trailing zeros, zero positive.
public struct DecimalParts: Sendable, Equatable {
    /// Whether the value is below zero.
    public var isNegative: Bool
    /// The digits, without trailing zeros.
    public var coefficient: UInt64
    /// The power of ten the coefficient is multiplied by.
    public var exponent: Int
    /// Whether the text had neither a fraction part nor an exponent.
    public var isIntegerLiteral: Bool
    /// Whether the text had an exponent.
    public var hasExponent: Bool

    /// Significant digits after the decimal point (as ``ExactDecimal/fractionDigits``).
    @inlinable
    public var fractionDigits: Int { exponent < 0 ? -exponent : 0 }

    /// The same value as an ``ExactDecimal``.
    @inlinable
    public var exact: ExactDecimal {
        ExactDecimal(isNegative: isNegative, coefficient: coefficient, exponent: exponent)
    }

    /// -1, 0 or 1 as this value is below, equal to or above `other`, exactly.
    @inlinable
    public func compare(_ other: ExactDecimal) -> Int {
        guard case .small(let y) = other.coefficient else { return exact.compare(other) }
        let x = coefficient
        if x == 0 || y == 0 {
            if x == 0 && y == 0 { return 0 }
            return x == 0 ? (other.isNegative ? 1 : -1) : (isNegative ? -1 : 1)
        }
        if isNegative != other.isNegative { return isNegative ? -1 : 1 }
        let order: Int
        if exponent == other.exponent {
            order = x < y ? -1 : (x == y ? 0 : 1)
        } else if exponent > other.exponent {
            if let scaled = ExactDecimal.scaledUp(x, by: exponent - other.exponent) {
                order = scaled < y ? -1 : (scaled == y ? 0 : 1)
            } else {
                order = 1
            }
        } else if let scaled = ExactDecimal.scaledUp(y, by: other.exponent - exponent) {
            order = x < scaled ? -1 : (x == scaled ? 0 : 1)
        } else {
            order = -1
        }
        return isNegative ? -order : order
    }

    /// Reads number text as ``ExactDecimal/read(_:)`` does; nil when it is not a number, or
    /// when it has more than 19 significant digits or an exponent of more than 9 digits (the
    /// caller then reads it with ``ExactDecimal/read(_:)``).
    @inlinable
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> DecimalParts? {
        var index = 0
        let count = bytes.count
        var negative = false
        if index < count, bytes[index] == UInt8(ascii: "-") { negative = true; index += 1 }
        var coefficient: UInt64 = 0
        var significant = 0
        let integerStart = index
        while index < count, bytes[index] &- UInt8(ascii: "0") < 10 {
            let digit = bytes[index] &- UInt8(ascii: "0")
            if significant > 0 || digit != 0 {
                significant += 1
                coefficient = coefficient &* 10 &+ UInt64(digit)
            }
            index += 1
        }
        guard index > integerStart else { return nil }
        var scale = 0
        var isIntegerLiteral = true
        if index < count, bytes[index] == UInt8(ascii: ".") {
            isIntegerLiteral = false
            index += 1
            let fractionStart = index
            while index < count, bytes[index] &- UInt8(ascii: "0") < 10 {
                let digit = bytes[index] &- UInt8(ascii: "0")
                if significant > 0 || digit != 0 {
                    significant += 1
                    coefficient = coefficient &* 10 &+ UInt64(digit)
                }
                index += 1
            }
            scale = index - fractionStart
            guard scale > 0 else { return nil }
        }
        guard significant <= 19 else { return nil }
        var exponent = 0
        var hasExponent = false
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            isIntegerLiteral = false
            hasExponent = true
            index += 1
            var exponentNegative = false
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let exponentStart = index
            while index < count, bytes[index] &- UInt8(ascii: "0") < 10 {
                exponent = exponent &* 10 &+ Int(bytes[index] &- UInt8(ascii: "0"))
                guard exponent < 1_000_000_000 else { return nil }
                index += 1
            }
            guard index > exponentStart else { return nil }
            if exponentNegative { exponent = -exponent }
        }
        guard index == count else { return nil }
        var power = exponent - scale
        if coefficient == 0 {
            negative = false
            power = 0
        } else {
            while coefficient % 10 == 0 {
                coefficient /= 10
                power += 1
            }
        }
        return DecimalParts(isNegative: negative, coefficient: coefficient, exponent: power,
                            isIntegerLiteral: isIntegerLiteral, hasExponent: hasExponent)
    }

    /// The parts, from its fields.
    @inlinable
    public init(isNegative: Bool, coefficient: UInt64, exponent: Int, isIntegerLiteral: Bool, hasExponent: Bool) {
        self.isNegative = isNegative
        self.coefficient = coefficient
        self.exponent = exponent
        self.isIntegerLiteral = isIntegerLiteral
        self.hasExponent = hasExponent
    }
}
