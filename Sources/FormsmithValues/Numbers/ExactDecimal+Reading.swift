/// Reading numbers from text, exactly.
extension ExactDecimal {
    /// A number as written: its value and whether it was written as a whole number.
    public struct Reading: Sendable, Equatable {
        /// The value; nil when the exponent is beyond ``ExactDecimal/exponentLimit``.
        public var value: ExactDecimal?
        /// Whether the text has neither a fraction part nor an exponent (`12`, `-3`; not `12.0` or `1e3`).
        public var isIntegerLiteral: Bool
        /// Whether the text has an exponent (`1e3`, `2.5E-1`).
        public var hasExponent: Bool
    }

    /// Reads number text of the JSON grammar (an optional `-`, digits, an optional fraction
    /// `.digits`, an optional exponent `e±digits`; leading zeros are tolerated); nil when the
    /// text is not a number. The value is exact, whatever the number of digits; the work is in
    /// proportion to the length of the text.
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Reading? {
        var index = 0
        let count = bytes.count
        var negative = false
        if index < count, bytes[index] == UInt8(ascii: "-") { negative = true; index += 1 }
        // Up to 19 significant digits accumulate in `small`; past that, into `digits`.
        var small: UInt64 = 0
        var significant = 0
        var digits: [UInt8] = []
        var scale = 0  // digits read after the point
        let integerStart = index
        while index < count, bytes[index] &- UInt8(ascii: "0") < 10 {
            accumulate(bytes[index] &- UInt8(ascii: "0"), &small, &significant, &digits)
            index += 1
        }
        guard index > integerStart else { return nil }
        var isIntegerLiteral = true
        if index < count, bytes[index] == UInt8(ascii: ".") {
            isIntegerLiteral = false
            index += 1
            let fractionStart = index
            while index < count, bytes[index] &- UInt8(ascii: "0") < 10 {
                accumulate(bytes[index] &- UInt8(ascii: "0"), &small, &significant, &digits)
                index += 1
            }
            scale = index - fractionStart
            guard scale > 0 else { return nil }
        }
        var exponent = 0
        var exponentInRange = true
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
                if exponent > exponentLimit / 10 {
                    exponentInRange = false
                } else {
                    exponent = exponent * 10 + Int(bytes[index] &- UInt8(ascii: "0"))
                }
                index += 1
            }
            guard index > exponentStart else { return nil }
            if exponent > exponentLimit { exponentInRange = false }
            if exponentNegative { exponent = -exponent }
        }
        guard index == count else { return nil }
        guard exponentInRange else {
            return Reading(value: nil, isIntegerLiteral: false, hasExponent: true)
        }
        let value = digits.isEmpty
            ? ExactDecimal(isNegative: negative, coefficient: small, exponent: exponent - scale)
            : ExactDecimal(isNegative: negative, digits: digits, exponent: exponent - scale)
        return Reading(value: value, isIntegerLiteral: isIntegerLiteral, hasExponent: hasExponent)
    }

    /// Adds one digit to the coefficient being read: inline while it has at most 19
    /// significant digits, then as a digit array.
    @inline(__always)
    private static func accumulate(_ digit: UInt8, _ small: inout UInt64, _ significant: inout Int,
                                   _ digits: inout [UInt8]) {
        if significant == 0 && digit == 0 { return }  // a leading zero
        significant += 1
        if significant <= 19 {
            small = small &* 10 &+ UInt64(digit)
            return
        }
        if significant == 20 {
            var value = small
            var head: [UInt8] = []
            head.reserveCapacity(24)
            while value != 0 {
                head.append(UInt8(value % 10))
                value /= 10
            }
            digits = head.reversed()
        }
        digits.append(digit)
    }

    /// Reads number text such as a rule file's `max: 1000.5` or `1e-400`; nil when it is not a
    /// number of the JSON grammar or its exponent is beyond ``exponentLimit``.
    public init?(_ text: String) {
        var text = text
        let reading = text.withUTF8 { ExactDecimal.read($0) }
        guard let value = reading?.value else { return nil }
        self = value
    }
}
