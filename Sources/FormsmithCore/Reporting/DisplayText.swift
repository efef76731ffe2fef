/// Characters from data that act on the reader of a report instead of being read: control
/// characters (C0 such as ESC, which starts terminal sequences, DEL, and C1 such as U+009B,
/// a one-character escape sequence for many terminals), the line and paragraph separators,
/// and the bidirectional embeddings, overrides and isolates that reorder what is shown.
/// Every report writes them visibly, as `\u{1B}` (JSON as `\u001b`), wherever a string from
/// data (an id, a file name, a field name, a message quoting them) goes.
public enum DisplayText {
    /// Whether `scalar` is one of the characters reports never write as themselves.
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// The hidden character starting at `index` of `utf8`, with its width in bytes, or nil.
    /// Hidden characters are ASCII controls or start with 0xC2 or 0xE2, so a caller's scan
    /// needs to look closer only at those bytes.
    @inline(__always)
    static func hidden(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (scalar: UInt32, width: Int)? {
        let byte = utf8[index]
        if byte < 0x20 || byte == 0x7F { return (UInt32(byte), 1) }
        if byte == 0xC2, index + 1 < utf8.count, (0x80...0x9F).contains(utf8[index + 1]) {
            return (UInt32(utf8[index + 1]), 2)
        }
        if byte == 0xE2, index + 2 < utf8.count {
            let second = utf8[index + 1], third = utf8[index + 2]
            if second == 0x80, (0xA8...0xAE).contains(third) { return (0x2000 + UInt32(third & 0x3F), 3) }
            if second == 0x81, (0xA6...0xA9).contains(third) { return (0x2040 + UInt32(third & 0x3F), 3) }
        }
        return nil
    }

    /// Whether a byte may start a hidden character (see ``hidden(_:at:)``).
    @inline(__always)
    static func mayStartHidden(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2
    }

    /// `text` with every hidden character written as `\u{…}` (upper-case hex); line breaks
    /// too unless `keepingLineBreaks`.
    public static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard text.utf8.contains(where: mayStartHidden) else { return text }
        var bytes: [UInt8] = []
        appendEscaped(text, keepingLineBreaks: keepingLineBreaks, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A caret excerpt (a source line, then a line of blanks and `^` under a column, then a
    /// message) with each line escaped and the caret moved under the same character of the
    /// escaped source line; any other line is escaped as it is.
    static func escapedExcerpt(_ excerpt: String) -> String {
        guard excerpt.utf8.contains(where: { mayStartHidden($0) && $0 != UInt8(ascii: "\n") }) else { return excerpt }
        let lines = excerpt.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var shown: [String] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if index + 1 < lines.count, let column = caretColumn(of: lines[index + 1]) {
                let caretLine = lines[index + 1]
                let rest = caretLine.dropFirst(column)
                let width = escaped(String(line.prefix(column))).count
                shown.append(escaped(line))
                shown.append(String(repeating: " ", count: width) + escaped(String(rest)))
                index += 2
            } else {
                shown.append(escaped(line))
                index += 1
            }
        }
        return shown.joined(separator: "\n")
    }

    /// The column of `^` in a line holding only blanks before it.
    private static func caretColumn(of line: String) -> Int? {
        var column = 0
        for character in line {
            if character == "^" { return column }
            guard character == " " || character == "\t" else { return nil }
            column += 1
        }
        return nil
    }

    /// Appends `text` as ``escaped(_:keepingLineBreaks:)`` gives it.
    static func appendEscaped(_ text: String, keepingLineBreaks: Bool = false, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            var copied = 0
            var index = 0
            while index < utf8.count {
                guard mayStartHidden(utf8[index]), let (scalar, width) = hidden(utf8, at: index),
                      !(keepingLineBreaks && (scalar == 0x0A || scalar == 0x0D))
                else {
                    index += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied..<index]))
                appendNotation(scalar, to: &bytes)
                index += width
                copied = index
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied...]))
        }
    }

    /// Appends `\u{1B}` for the scalar 0x1B.
    static func appendNotation(_ scalar: UInt32, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "\\u{".utf8)
        var started = false
        for shift in stride(from: 12, through: 0, by: -4) {
            let digit = UInt8((scalar >> UInt32(shift)) & 0xF)
            if digit == 0, !started, shift > 0 { continue }
            started = true
            bytes.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "A") + digit - 10)
        }
        bytes.append(UInt8(ascii: "}"))
    }
}
