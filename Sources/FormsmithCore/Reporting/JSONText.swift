/// JSON text building without Foundation.
public enum JSONText {
    /// `text` as a quoted JSON string.
    public static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` as a quoted JSON string. Works on UTF-8 bytes: only quotes, backslashes and
    /// control characters are escaped, and they are all ASCII, which never occurs inside a
    /// multi-byte sequence; everything else is copied as is.
    static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            bytes.append(UInt8(ascii: "\""))
            var copied = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied..<index]))
                copied = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                              hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied...]))
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// Appends the decimal digits of `value`.
    static func appendInteger(_ value: Int, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: String(value).utf8)  // a small string: no allocation
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
