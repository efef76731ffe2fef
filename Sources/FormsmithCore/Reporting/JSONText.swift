/// JSON text building without Foundation.
public enum JSONText {
    /// `text` as a quoted JSON string.
    public static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` as a quoted JSON string.
    static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        appendEscaped(text, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends the inside of `text` as a quoted JSON string, without the quotes (so several
    /// texts can make one string).
    static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendEscaped($0, to: &bytes) }
    }

    /// Appends UTF-8 bytes escaped for the inside of a JSON string. Only quotes, backslashes
    /// and control characters are escaped, and they are all ASCII, which never occurs inside
    /// a multi-byte sequence; everything else is copied in runs.
    static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        var copied = 0
        var index = 0
        let count = utf8.count
        while index < count {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            if copied < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied..<index])) }
            index += 1
            copied = index
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case 0x0A: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "t"))
            case 0x08: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "f"))
            default:
                bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "u"))
                bytes.append(UInt8(ascii: "0")); bytes.append(UInt8(ascii: "0"))
                bytes.append(hexDigit(byte >> 4)); bytes.append(hexDigit(byte & 0xF))
            }
        }
        if copied < count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied...])) }
    }

    /// The lower-case hexadecimal digit of `value` (0 to 15).
    @inline(__always)
    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// Appends the decimal digits of `value`, without building a string.
    static func appendInteger(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        if magnitude < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        var count = 0
        // In bounds: an Int's magnitude has at most 20 digits (the sign is written apart), so `24 - count`
        // stays in the 24 bytes.
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                count += 1
                buffer[24 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
        }
    }

    /// A JSON object from ordered key/value pairs whose values are already JSON text.
    public static func object(_ pairs: [(String, String)]) -> String {
        "{" + pairs.map { quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// A JSON array of values that are already JSON text.
    public static func array(_ values: [String]) -> String {
        "[" + values.joined(separator: ",") + "]"
    }
}
