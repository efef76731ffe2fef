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

/// A number literal as written: its exact value, and its 64-bit integer value when it is an
/// integer literal that fits (the validator's fast path).
package struct NumberLiteral: Sendable, Equatable {
    /// The exact value; nil when its exponent is beyond ``ExactDecimal/exponentLimit``.
    package var value: ExactDecimal?
    /// The value as an integer, when the literal is an integer literal that fits in Int64.
    package var integer: Int64?
    /// Whether the literal has neither a fraction part nor an exponent (so it is an integer literal).
    package var isIntegerLiteral: Bool
    /// Whether the literal has an exponent (`1e3`).
    package var hasExponent: Bool

    /// Significant digits after the decimal point once any exponent is applied: trailing zeros
    /// do not count, as they do not change the value (`1.50` has 1, `1.25e1` has 1, `15e-1` has 1).
    package var fractionDigits: Int { value?.fractionDigits ?? 0 }

    /// Reads a literal that already matches the JSON number grammar, or any decimal text
    /// such as a CSV cell; nil when the text is not a number.
    @inline(__always)
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> NumberLiteral? {
        guard let reading = ExactDecimal.read(bytes) else { return nil }
        return NumberLiteral(value: reading.value, integer: reading.isIntegerLiteral ? reading.value?.int64 : nil,
                             isIntegerLiteral: reading.isIntegerLiteral, hasExponent: reading.hasExponent)
    }
}
