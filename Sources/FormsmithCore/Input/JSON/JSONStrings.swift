/// Decoding of JSON string escapes and number literals from raw bytes.
package enum JSONStrings {
    /// The value of a hexadecimal digit byte, or nil.
    @inline(__always)
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Appends the decoded UTF-8 content of an escaped string (already validated by
    /// ``JSONParser``) to `output`.
    package static func unescape(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                output.append(byte)
                index += 1
                continue
            }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(bytes, index)
                index += 4
                if (0xD800...0xDBFF).contains(scalar), index + 6 <= bytes.count {
                    let low = hex4(bytes, index + 2)
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                appendUTF8(scalar, to: &output)
            default: output.append(escape)  // \" \\ \/
            }
        }
    }

    private static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt32 {
        var value: UInt32 = 0
        for index in offset..<min(offset + 4, bytes.count) {
            value = value << 4 | UInt32(hexValue(bytes[index]) ?? 0)
        }
        return value
    }

    /// Appends the UTF-8 encoding of a Unicode scalar value.
    package static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            output.append(UInt8(scalar))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | scalar >> 6))
            output.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            output.append(UInt8(0xE0 | scalar >> 12))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        default:
            output.append(UInt8(0xF0 | scalar >> 18))
            output.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}

/// A number literal read without Foundation: its integer value when it has one, its double
/// value, and how many digits it has after the decimal point.
package struct NumberLiteral: Sendable, Equatable {
    /// The value as an integer, when the literal is an integer that fits in Int64.
    package var integer: Int64?
    /// The value as a double.
    package var double: Double
    /// Significant digits after the decimal point once any exponent is applied: trailing zeros
    /// do not count, as they do not change the value (`1.50` has 1, `1.25e1` has 1, `15e-1` has 1).
    package var fractionDigits: Int
    /// Whether the literal has a fraction part or exponent (so it is not an integer literal).
    package var isIntegerLiteral: Bool

    /// Reads a literal that already matches the JSON number grammar, or any decimal text
    /// such as a CSV cell; nil when the text is not a number.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> NumberLiteral? {
        var index = 0
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { negative = true; index += 1 }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var mantissaOverflow = false
        var digitsBeforePoint = 0
        func accumulate(_ digit: UInt8) {
            if mantissa == 0 && digit == 0 { return }
            significantDigits += 1
            let (times10, overflow1) = mantissa.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
            if overflow1 || overflow2 { mantissaOverflow = true } else { mantissa = sum }
        }
        var scale = 0  // number of fraction digits accumulated
        while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
            if !mantissaOverflow { accumulate(bytes[index] - UInt8(ascii: "0")) } else { scale -= 1 }
            digitsBeforePoint += 1
            index += 1
        }
        guard digitsBeforePoint > 0 else { return nil }
        var fraction = 0  // fraction digits as written
        var isIntegerLiteral = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isIntegerLiteral = false
            index += 1
            let fractionStart = index
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
                if !mantissaOverflow { accumulate(bytes[index] - UInt8(ascii: "0")); scale += 1 }
                index += 1
            }
            fraction = index - fractionStart
            guard fraction > 0 else { return nil }
        }
        var exponent = 0
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            isIntegerLiteral = false
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let exponentStart = index
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
                exponent = min(exponent * 10 + Int(bytes[index] - UInt8(ascii: "0")), 100_000)
                index += 1
            }
            guard index > exponentStart else { return nil }
            if exponentNegative { exponent = -exponent }
        }
        guard index == bytes.count else { return nil }
        let fractionDigits = max(0, fraction - exponent - trailingZeros(bytes))
        let power = exponent - scale
        let double: Double
        if !mantissaOverflow, mantissa < (1 << 53), abs(power) <= 22 {
            let magnitude = power >= 0 ? Double(mantissa) * exactPowers[power] : Double(mantissa) / exactPowers[-power]
            double = negative ? -magnitude : magnitude
        } else {
            double = Double(String(decoding: bytes, as: UTF8.self)) ?? .nan
        }
        var integer: Int64?
        if isIntegerLiteral, !mantissaOverflow {
            if negative {
                if mantissa <= UInt64(Int64.max) + 1 { integer = mantissa == UInt64(Int64.max) + 1 ? Int64.min : -Int64(mantissa) }
            } else if mantissa <= UInt64(Int64.max) {
                integer = Int64(mantissa)
            }
        }
        return NumberLiteral(
            integer: integer, double: double, fractionDigits: fractionDigits, isIntegerLiteral: isIntegerLiteral)
    }

    /// Zeros at the end of the literal's digits (before any exponent), across the decimal point.
    private static func trailingZeros(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var end = bytes.count
        if let exponentStart = bytes.firstIndex(where: { $0 | 0x20 == UInt8(ascii: "e") }) { end = exponentStart }
        var zeros = 0
        var index = end - 1
        while index >= 0 {
            let byte = bytes[index]
            if byte == UInt8(ascii: "0") {
                zeros += 1
            } else if byte != UInt8(ascii: ".") {
                break
            }
            index -= 1
        }
        return zeros
    }

    private static let exactPowers: [Double] = (0...22).map { power in
        var value = 1.0
        for _ in 0..<power { value *= 10 }
        return value
    }
}
