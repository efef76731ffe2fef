/// Why a JSON text could not be read.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, in words a user can act on.
    public let message: String
    /// Byte offset of the problem in the parsed buffer.
    public let offset: Int

    public var description: String { message }
}

/// Limits that keep hostile input from exhausting the stack or memory.
public struct JSONLimits: Sendable {
    /// Deepest allowed nesting of arrays and objects.
    public var maxDepth: Int
    /// Largest number of nodes in one record.
    public var maxNodes: Int

    /// Creates limits.
    public init(maxDepth: Int = 64, maxNodes: Int = 1_000_000) {
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
    }
}

/// A strict RFC 8259 JSON parser over raw UTF-8 bytes that fills a reusable ``JSONTape``.
///
/// It never builds Foundation objects: strings stay as byte ranges (their escapes are decoded
/// on demand by ``JSONStrings``), numbers as their literal text. It validates UTF-8 inside
/// strings, rejects lone surrogate escapes, and stops at ``JSONLimits``.
public struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position: Int
    private let limits: JSONLimits

    /// Parses exactly one JSON value filling `bytes` (surrounding whitespace allowed) into `tape`.
    public static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, into tape: inout JSONTape, limits: JSONLimits = JSONLimits()
    ) throws(JSONSyntaxError) {
        var parser = JSONParser(bytes: bytes, position: 0, limits: limits)
        tape.nodes.removeAll(keepingCapacity: true)
        parser.skipWhitespace()
        guard parser.position < bytes.count else {
            throw JSONSyntaxError(message: "empty input: expected a JSON value", offset: 0)
        }
        try parser.parseValue(into: &tape, depth: 0)
        parser.skipWhitespace()
        if parser.position < bytes.count {
            throw JSONSyntaxError(
                message: "unexpected \(describeByte(bytes[parser.position])) after the end of the JSON value",
                offset: parser.position)
        }
    }

    /// Parses one JSON value starting at `offset` and returns the offset just after it.
    /// Used to walk the elements of a top-level array one at a time.
    public static func parseValue(
        _ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, into tape: inout JSONTape,
        limits: JSONLimits = JSONLimits()
    ) throws(JSONSyntaxError) -> Int {
        var parser = JSONParser(bytes: bytes, position: offset, limits: limits)
        tape.nodes.removeAll(keepingCapacity: true)
        try parser.parseValue(into: &tape, depth: 0)
        return parser.position
    }

    // MARK: - Values

    private mutating func parseValue(into tape: inout JSONTape, depth: Int) throws(JSONSyntaxError) {
        guard position < bytes.count else { throw error("unexpected end of input: expected a value") }
        if tape.nodes.count >= limits.maxNodes {
            throw error("the record has more than \(limits.maxNodes) JSON values; split it or raise the limit")
        }
        switch bytes[position] {
        case UInt8(ascii: "{"): try parseObject(into: &tape, depth: depth + 1)
        case UInt8(ascii: "["): try parseArray(into: &tape, depth: depth + 1)
        case UInt8(ascii: "\""): try parseString(into: &tape)
        case UInt8(ascii: "t"): try parseLiteral("true", kind: .boolTrue, into: &tape)
        case UInt8(ascii: "f"): try parseLiteral("false", kind: .boolFalse, into: &tape)
        case UInt8(ascii: "n"): try parseLiteral("null", kind: .null, into: &tape)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber(into: &tape)
        default:
            throw error("unexpected \(Self.describeByte(bytes[position])): expected a value")
        }
    }

    private mutating func parseObject(into tape: inout JSONTape, depth: Int) throws(JSONSyntaxError) {
        try checkDepth(depth)
        let index = appendNode(&tape, kind: .object, start: position)
        position += 1
        var children: Int32 = 0
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
        } else {
            while true {
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                    throw error(position < bytes.count
                        ? "expected a member name in double quotes, found \(Self.describeByte(bytes[position]))"
                        : "unexpected end of input inside an object")
                }
                try parseString(into: &tape)
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                    throw error("expected ':' after the member name")
                }
                position += 1
                skipWhitespace()
                try parseValue(into: &tape, depth: depth)
                children += 2
                skipWhitespace()
                guard position < bytes.count else { throw error("unexpected end of input: expected ',' or '}'") }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                if bytes[position] == UInt8(ascii: "}") { position += 1; break }
                throw error("expected ',' or '}' after an object member, found \(Self.describeByte(bytes[position]))")
            }
        }
        close(&tape, index, children: children)
    }

    private mutating func parseArray(into tape: inout JSONTape, depth: Int) throws(JSONSyntaxError) {
        try checkDepth(depth)
        let index = appendNode(&tape, kind: .array, start: position)
        position += 1
        var children: Int32 = 0
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
        } else {
            while true {
                skipWhitespace()
                try parseValue(into: &tape, depth: depth)
                children += 1
                skipWhitespace()
                guard position < bytes.count else { throw error("unexpected end of input: expected ',' or ']'") }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                if bytes[position] == UInt8(ascii: "]") { position += 1; break }
                throw error("expected ',' or ']' after an array element, found \(Self.describeByte(bytes[position]))")
            }
        }
        close(&tape, index, children: children)
    }

    private mutating func parseLiteral(_ word: StaticString, kind: JSONKind, into tape: inout JSONTape)
        throws(JSONSyntaxError)
    {
        let length = word.utf8CodeUnitCount
        let start = position
        guard start + length <= bytes.count else { throw error("invalid literal: expected \(word)") }
        let expected = word.utf8Start
        for offset in 0..<length where bytes[start + offset] != expected[offset] {
            throw error("invalid literal: expected \(word)")
        }
        position += length
        let index = appendNode(&tape, kind: kind, start: start)
        close(&tape, index, children: 0)
    }

    private mutating func parseNumber(into tape: inout JSONTape) throws(JSONSyntaxError) {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number: expected a digit") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) {
                throw error("invalid number: leading zeros are not allowed in JSON")
            }
        } else {
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw error("invalid number: expected a digit after the decimal point")
            }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw error("invalid number: expected a digit in the exponent")
            }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        let index = appendNode(&tape, kind: .number, start: start)
        tape.nodes[index].end = position
        tape.nodes[index].next = Int32(tape.nodes.count)
    }

    // MARK: - Strings

    private mutating func parseString(into tape: inout JSONTape) throws(JSONSyntaxError) {
        let quote = position
        position += 1
        let contentStart = position
        var hasEscapes = false
        while true {
            // Fast path: plain ASCII content.
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
                position += 1
            }
            guard position < bytes.count else {
                throw JSONSyntaxError(message: "unterminated string: missing closing quote", offset: quote)
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                try skipEscape()
            } else if byte < 0x20 {
                throw error("control character \(Self.describeByte(byte)) inside a string: escape it (for example \\n)")
            } else {
                try skipUTF8Sequence()
            }
        }
        let index = appendNode(&tape, kind: .string, start: contentStart)
        tape.nodes[index].end = position
        tape.nodes[index].hasEscapes = hasEscapes
        tape.nodes[index].next = Int32(tape.nodes.count)
        position += 1
    }

    private mutating func skipEscape() throws(JSONSyntaxError) {
        guard position + 1 < bytes.count else { throw error("unterminated escape sequence") }
        switch bytes[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 2
        case UInt8(ascii: "u"):
            let unit = try hex4(at: position + 2)
            position += 6
            if (0xD800...0xDBFF).contains(unit) {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u"),
                    (0xDC00...0xDFFF).contains(try hex4(at: position + 2))
                else {
                    throw JSONSyntaxError(
                        message: "lone surrogate \\u\(String(unit, radix: 16)) is not a character; "
                            + "pair it with a low surrogate", offset: position - 6)
                }
                position += 6
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw JSONSyntaxError(
                    message: "lone low surrogate \\u\(String(unit, radix: 16)) is not a character", offset: position - 6)
            }
        default:
            throw error("invalid escape '\\\(Self.printable(bytes[position + 1]))' in a string")
        }
    }

    private func hex4(at offset: Int) throws(JSONSyntaxError) -> UInt32 {
        guard offset + 4 <= bytes.count else {
            throw JSONSyntaxError(message: "\\u escape needs four hex digits", offset: offset)
        }
        var value: UInt32 = 0
        for index in offset..<offset + 4 {
            guard let digit = JSONStrings.hexValue(bytes[index]) else {
                throw JSONSyntaxError(message: "\\u escape needs four hex digits", offset: index)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Validates one multi-byte UTF-8 sequence (rejecting overlong forms and surrogates).
    private mutating func skipUTF8Sequence() throws(JSONSyntaxError) {
        let lead = bytes[position]
        let length: Int
        let minimum: UInt32
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(lead & 0x07)
        default: throw error("invalid UTF-8: \(Self.describeByte(lead)) cannot start a character; the file must be UTF-8 encoded")
        }
        guard position + length <= bytes.count else { throw error("truncated UTF-8 sequence") }
        for offset in 1..<length {
            let byte = bytes[position + offset]
            guard byte & 0xC0 == 0x80 else { throw error("invalid UTF-8 sequence; the file must be UTF-8 encoded") }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) {
            throw error("invalid UTF-8 sequence (overlong form or surrogate); the file must be UTF-8 encoded")
        }
        position += length
    }

    // MARK: - Helpers

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private func checkDepth(_ depth: Int) throws(JSONSyntaxError) {
        if depth > limits.maxDepth {
            throw error("nesting deeper than \(limits.maxDepth) levels; a questionnaire is never this deep")
        }
    }

    private func appendNode(_ tape: inout JSONTape, kind: JSONKind, start: Int) -> Int {
        tape.nodes.append(JSONNode(kind: kind, hasEscapes: false, start: start, end: start, childCount: 0, next: 0))
        return tape.nodes.count - 1
    }

    private func close(_ tape: inout JSONTape, _ index: Int, children: Int32) {
        tape.nodes[index].end = position
        tape.nodes[index].childCount = children
        tape.nodes[index].next = Int32(tape.nodes.count)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, offset: position)
    }

    static func printable(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
    }

    static func describeByte(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(String(UnicodeScalar(byte)))'" }
        return "byte 0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }
}
