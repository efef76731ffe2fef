/// Why a JSON text could not be read.
package struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, in words a user can act on.
    package let message: String
    /// Byte offset of the problem in the parsed buffer.
    package let offset: Int
    /// Whether the text stopped at a ``JSONLimits`` bound (too many values, too deep) rather
    /// than at a syntax error: a reader of whole documents says so in its own words.
    package var reachedLimit = false

    package var description: String { message }
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
package struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    private let limits: JSONLimits
    /// Where nodes are written while parsing: the tape's scratch memory (no copy-on-write check
    /// per node); the tape's `nodes` receive them in one copy when parsing stops.
    private var nodes: JSONNodeScratch
    /// `nodes.base` and `nodes.capacity`, held here so that writing a node reads no class
    /// properties (updated when `nodes` grows).
    private var nodeBase: UnsafeMutablePointer<JSONNode>
    private var nodeCapacity: Int
    private var nodeCount = 0

    private init(bytes: UnsafeBufferPointer<UInt8>, position: Int, limits: JSONLimits, tape: inout JSONTape) {
        self.bytes = bytes
        self.position = position
        self.limits = limits
        nodes = tape.scratchForParsing()
        nodeBase = nodes.base
        nodeCapacity = nodes.capacity
    }

    /// Parses exactly one JSON value filling `bytes` (surrounding whitespace allowed) into `tape`.
    package static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, into tape: inout JSONTape, limits: JSONLimits = JSONLimits()
    ) throws(JSONSyntaxError) {
        var parser = JSONParser(bytes: bytes, position: 0, limits: limits, tape: &tape)
        defer { parser.publish(into: &tape) }
        parser.skipWhitespace()
        guard parser.position < bytes.count else {
            throw JSONSyntaxError(message: "empty input: expected a JSON value", offset: 0)
        }
        try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.position < bytes.count {
            throw JSONSyntaxError(
                message: "unexpected \(describeByte(bytes[parser.position])) after the end of the JSON value",
                offset: parser.position)
        }
    }

    /// Parses one JSON value starting at `offset` and returns the offset just after it.
    /// Used to walk the elements of a top-level array one at a time.
    package static func parseValue(
        _ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, into tape: inout JSONTape,
        limits: JSONLimits = JSONLimits()
    ) throws(JSONSyntaxError) -> Int {
        var parser = JSONParser(bytes: bytes, position: offset, limits: limits, tape: &tape)
        defer { parser.publish(into: &tape) }
        try parser.parseValue(depth: 0)
        return parser.position
    }

    /// Copies the nodes written so far into the tape, replacing its previous record.
    private func publish(into tape: inout JSONTape) {
        tape.nodes.removeAll(keepingCapacity: true)
        tape.nodes.append(contentsOf: UnsafeBufferPointer(start: nodeBase, count: nodeCount))
    }

    /// Writes a node after the others.
    @inline(__always)
    mutating func append(_ node: JSONNode) {
        if nodeCount == nodeCapacity { growNodes() }
        // In bounds: `nodeCount < nodeCapacity`, the scratch's capacity, after the check above.
        nodeBase[nodeCount] = node
        nodeCount += 1
    }

    /// Doubles the scratch memory (rare: it is kept between records).
    private mutating func growNodes() {
        nodes.grow()
        nodeBase = nodes.base
        nodeCapacity = nodes.capacity
    }

    /// A leaf node from `start` to `end`, written after the others.
    @inline(__always)
    mutating func appendLeaf(_ kind: JSONKind, start: Int, end: Int, hasEscapes: Bool = false) {
        append(JSONNode(kind: kind, hasEscapes: hasEscapes, start: start, end: end, childCount: 0,
                        next: Int32(nodeCount + 1)))
    }

    // MARK: - Values

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) {
        guard position < bytes.count else { throw error("unexpected end of input: expected a value") }
        if nodeCount >= limits.maxNodes {
            var limit = error("the record has more than \(limits.maxNodes) JSON values; split it or raise the limit")
            limit.reachedLimit = true
            throw limit
        }
        switch bytes[position] {
        case UInt8(ascii: "{"): try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): if !parseShortPlainString() { try parseString() }
        case UInt8(ascii: "t"): try parseLiteral("true", kind: .boolTrue)
        case UInt8(ascii: "f"): try parseLiteral("false", kind: .boolFalse)
        case UInt8(ascii: "n"): try parseLiteral("null", kind: .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber()
        default:
            throw error("unexpected \(Self.describeByte(bytes[position])): expected a value")
        }
    }

    /// Reads an object. Its members are read over a local position `at`, written back to
    /// `position` only before a call that reads it (a name or string the short path does not
    /// take, a value of another kind, an error), so the usual member (a short plain name, ':'
    /// and a short plain string) costs no stores of the position and no `parseValue` call.
    /// The checks and the offsets of the errors are those of `parseValue` and `parseString`.
    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) {
        try checkDepth(depth)
        let index = openContainer(.object)
        position += 1
        var children: Int32 = 0
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            closeContainer(index, children: children)
            return
        }
        // The buffer holds at least the '{' just read, so it has a base address. `at` stays at most
        // `count` (each step below moves it to a byte checked to be below `count`, or one past one),
        // so `at &+ 1` cannot overflow; every `base[at]` is read after `at < count`.
        guard let base = bytes.baseAddress else { throw error("unexpected end of input inside an object") }
        let count = bytes.count
        var at = position
        while true {
            if at < count, base[at] <= 0x20 { position = at; skipWhitespaceRun(); at = position }
            guard at < count, base[at] == UInt8(ascii: "\"") else {
                position = at
                throw error(at < count
                    ? "expected a member name in double quotes, found \(Self.describeByte(base[at]))"
                    : "unexpected end of input inside an object")
            }
            let nameEnd = Self.shortPlainStringEnd(base, count, quote: at)
            if nameEnd >= 0 {
                appendLeaf(.string, start: at &+ 1, end: nameEnd)
                at = nameEnd &+ 1
            } else {
                position = at
                try parseString()
                at = position
            }
            if at < count, base[at] <= 0x20 { position = at; skipWhitespaceRun(); at = position }
            guard at < count, base[at] == UInt8(ascii: ":") else {
                position = at
                throw error("expected ':' after the member name")
            }
            at &+= 1
            if at < count, base[at] <= 0x20 { position = at; skipWhitespaceRun(); at = position }
            // Every value but `null` read here as `parseValue` would (its node limit first); `null`,
            // the end of the input and anything else by it.
            if at < count, nodeCount < limits.maxNodes {
                switch base[at] {
                case UInt8(ascii: "\""):
                    let valueEnd = Self.shortPlainStringEnd(base, count, quote: at)
                    if valueEnd >= 0 {
                        appendLeaf(.string, start: at &+ 1, end: valueEnd)
                        at = valueEnd &+ 1
                    } else {
                        position = at
                        try parseString()
                        at = position
                    }
                case UInt8(ascii: "{"): position = at; try parseObject(depth: depth + 1); at = position
                case UInt8(ascii: "["): position = at; try parseArray(depth: depth + 1); at = position
                case UInt8(ascii: "t"): position = at; try parseLiteral("true", kind: .boolTrue); at = position
                case UInt8(ascii: "f"): position = at; try parseLiteral("false", kind: .boolFalse); at = position
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    position = at
                    try parseNumber()
                    at = position
                default: position = at; try parseValue(depth: depth); at = position
                }
            } else {
                position = at
                try parseValue(depth: depth)
                at = position
            }
            children += 2
            if at < count, base[at] <= 0x20 { position = at; skipWhitespaceRun(); at = position }
            guard at < count else {
                position = at
                throw error("unexpected end of input: expected ',' or '}'")
            }
            if base[at] == UInt8(ascii: ",") { at &+= 1; continue }
            if base[at] == UInt8(ascii: "}") { at &+= 1; break }
            position = at
            throw error("expected ',' or '}' after an object member, found \(Self.describeByte(base[at]))")
        }
        position = at
        closeContainer(index, children: children)
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) {
        try checkDepth(depth)
        let index = openContainer(.array)
        position += 1
        var children: Int32 = 0
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
        } else {
            while true {
                skipWhitespace()
                try parseValue(depth: depth)
                children += 1
                skipWhitespace()
                guard position < bytes.count else { throw error("unexpected end of input: expected ',' or ']'") }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                if bytes[position] == UInt8(ascii: "]") { position += 1; break }
                throw error("expected ',' or ']' after an array element, found \(Self.describeByte(bytes[position]))")
            }
        }
        closeContainer(index, children: children)
    }

    private mutating func parseLiteral(_ word: StaticString, kind: JSONKind) throws(JSONSyntaxError) {
        let length = word.utf8CodeUnitCount
        let start = position
        guard start + length <= bytes.count else { throw error("invalid literal: expected \(word)") }
        let expected = word.utf8Start
        // The first four bytes as one word (`true`, `false` and `null` all have four), the rest one by one.
        // In bounds: `start + length <= bytes.count` is checked above and `length >= 4` before the loads,
        // so both 4-byte loads lie inside the (non-empty) buffer and inside the literal's text.
        guard length >= 4,
              UnsafeRawPointer(bytes.baseAddress! + start).loadUnaligned(as: UInt32.self)
                == UnsafeRawPointer(expected).loadUnaligned(as: UInt32.self) else {
            throw error("invalid literal: expected \(word)")
        }
        for offset in 4..<length where bytes[start + offset] != expected[offset] {
            throw error("invalid literal: expected \(word)")
        }
        position += length
        appendLeaf(kind, start: start, end: position)
    }

    private mutating func parseNumber() throws(JSONSyntaxError) {
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
        appendLeaf(.number, start: start, end: position)
    }

    // MARK: - Helpers

    /// Skips JSON whitespace; most often there is none, which one comparison tells.
    @inline(__always)
    private mutating func skipWhitespace() {
        guard position < bytes.count, bytes[position] <= 0x20 else { return }
        skipWhitespaceRun()
    }

    private mutating func skipWhitespaceRun() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// Stops at a container nested deeper than the limit; the comparison is inlined into each
    /// container's reading, the error built out of line.
    @inline(__always)
    private func checkDepth(_ depth: Int) throws(JSONSyntaxError) {
        if depth > limits.maxDepth { throw tooDeep() }
    }

    @inline(never)
    private func tooDeep() -> JSONSyntaxError {
        var limit = error("nesting deeper than \(limits.maxDepth) levels; a questionnaire is never this deep")
        limit.reachedLimit = true
        return limit
    }

    /// Writes the node of an object or array starting at `position`; returns its index.
    private mutating func openContainer(_ kind: JSONKind) -> Int {
        append(JSONNode(kind: kind, hasEscapes: false, start: position, end: position, childCount: 0, next: 0))
        return nodeCount - 1
    }

    /// Completes the node of a container once its last child is written.
    private func closeContainer(_ index: Int, children: Int32) {
        // In bounds: `index` was returned by `openContainer`, below `nodeCount`.
        nodeBase[index].end = position
        nodeBase[index].childCount = children
        nodeBase[index].next = Int32(nodeCount)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    func error(_ message: String) -> JSONSyntaxError {
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
