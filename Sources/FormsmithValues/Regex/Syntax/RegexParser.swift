/// Inline options in force while parsing part of a pattern.
package struct RegexFlags: Sendable {
    /// `(?i)`: letters match in either case.
    package var caseless = false
    /// `(?x)`: white space and `#` comments are ignored outside classes.
    package var extended = false
    /// `(?xx)`: space and tab are also ignored inside classes.
    package var extendedMore = false
    /// `(?n)`: plain parentheses do not capture.
    package var noAutoCapture = false
}

/// One parsed item of a sequence, before it becomes nodes.
package enum RegexAtom {
    /// A literal character (runs of them become one literal node).
    case scalar(UInt32)
    /// A character drawn from `generate`; `matches` is what PCRE2 would accept, within the pool.
    case set(generate: RegexCharSet, matches: RegexCharSet)
    /// A node already added; `repeatable` says whether a quantifier may follow it.
    case node(Int, repeatable: Bool)
    /// Nothing to generate (an option setting, a comment, the start or end of a quote).
    case nothing
}

/// A quantifier's bounds (`max == nil`: unbounded) and whether it is possessive.
package struct RegexQuantifier {
    package var min: Int
    package var max: Int?
    package var possessive: Bool
}

/// A recursive-descent parser from a PCRE2 pattern (as UTF-8 bytes) to a `RegexProgram`.
///
/// Constructs the walker cannot honour by construction (lookarounds, `\b`, conditionals,
/// atomic groups, unsafe possessive quantifiers, unresolvable back references) are parsed
/// and recorded in `needsFiltering`.
package struct RegexParser {
    /// The deepest group nesting accepted.
    package static let maxDepth = 100
    /// The largest repeat count PCRE2 accepts in `{n,m}`.
    package static let maxRepeat = 65535

    package let bytes: [UInt8]
    package var position = 0
    package var program = RegexProgram()
    package var needsFiltering = false
    package var depth = 0
    package var inQuote = false
    package var groupNames: [String: [Int]] = [:]
    package var pendingNamedReferences: [(node: Int, name: String, offset: Int)] = []

    /// A parser for `pattern`.
    package init(pattern: String) {
        bytes = Array(pattern.utf8)
    }

    /// Parses the whole pattern.
    package mutating func parsePattern(caseInsensitive: Bool) throws(PatternSyntaxError) -> RegexProgram {
        var flags = RegexFlags()
        flags.caseless = caseInsensitive
        let root = try parseAlternation(flags: flags)
        if position < bytes.count {
            throw error("unmatched closing parenthesis ')': escape it as \\) or add the missing '('", at: position)
        }
        try resolveNamedReferences()
        program.root = root
        return program
    }

    /// An error about the pattern at byte `offset`.
    package func error(_ message: String, at offset: Int) -> PatternSyntaxError {
        PatternSyntaxError(.regex, message: message, offset: offset)
    }

    /// The byte at the current position plus `ahead`, or nil past the end.
    package func peek(_ ahead: Int = 0) -> UInt8? {
        position + ahead < bytes.count ? bytes[position + ahead] : nil
    }

    /// Whether the bytes at the current position spell `text`.
    package func lookingAt(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        for index in 0..<count where bytes[position + index] != text.utf8Start[index] { return false }
        return true
    }

    /// Decodes the UTF-8 scalar at the current position and moves past it.
    package mutating func readScalar() -> UInt32 {
        let lead = bytes[position]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = length == 1 ? UInt32(lead) : UInt32(lead) & (0xFF >> (length + 1))
        for index in 1..<max(length, 1) where position + index < bytes.count {
            value = (value << 6) | UInt32(bytes[position + index] & 0x3F)
        }
        position += length
        return value
    }

    /// Alternatives separated by `|` up to a `)` or the end; one node.
    package mutating func parseAlternation(flags: RegexFlags) throws(PatternSyntaxError) -> Int {
        let branches = try parseBranches(flags: flags)
        return branches.count == 1 ? branches[0] : program.add(.alternation(branches))
    }

    /// Alternatives separated by `|` up to a `)` or the end; one node per branch.
    package mutating func parseBranches(flags initial: RegexFlags) throws(PatternSyntaxError) -> [Int] {
        var flags = initial  // an inline option set in one branch carries into the next ones
        var branches = [try parseSequence(flags: &flags)]
        while peek() == UInt8(ascii: "|") {
            position += 1
            branches.append(try parseSequence(flags: &flags))
        }
        return branches
    }

    /// Skips `(?#…)` comments, empty quotes `\Q\E`, stray `\E`, and white space and `#` comments when `(?x)` is in force
    /// (so a quantifier after them applies to the item before them).
    package mutating func skipExtendedWhitespace(_ flags: RegexFlags) {
        guard !inQuote else { return }
        while let byte = peek() {
            if flags.extended && (byte == 0x20 || (0x09...0x0D).contains(byte)) {
                position += 1
            } else if flags.extended && byte == UInt8(ascii: "#") {
                while let next = peek(), next != 0x0A { position += 1 }
            } else if lookingAt("(?#"), let close = bytes[position...].firstIndex(of: UInt8(ascii: ")")) {
                position = close + 1
            } else if lookingAt("\\Q\\E") {
                position += 4
            } else if lookingAt("\\E") {
                position += 2
            } else {
                return
            }
        }
    }

    /// A quantifier at the current position, if there is one.
    package mutating func parseQuantifier() throws(PatternSyntaxError) -> RegexQuantifier? {
        guard let byte = peek() else { return nil }
        var quantifier: RegexQuantifier
        switch byte {
        case UInt8(ascii: "*"): quantifier = RegexQuantifier(min: 0, max: nil, possessive: false)
        case UInt8(ascii: "+"): quantifier = RegexQuantifier(min: 1, max: nil, possessive: false)
        case UInt8(ascii: "?"): quantifier = RegexQuantifier(min: 0, max: 1, possessive: false)
        case UInt8(ascii: "{"):
            guard let braced = try parseBraceQuantifier() else { return nil }
            quantifier = braced
        default: return nil
        }
        if byte != UInt8(ascii: "{") { position += 1 }  // parseBraceQuantifier moved past "}"
        if peek() == UInt8(ascii: "+") {
            quantifier.possessive = true
            position += 1
        } else if peek() == UInt8(ascii: "?") {
            position += 1  // lazy: the same set of whole matches
        }
        return quantifier
    }

    /// `{n}`, `{n,}` or `{n,m}` at the current position (moving past it), or nil (position
    /// unchanged) when the brace does not start a quantifier and is therefore a literal.
    package mutating func parseBraceQuantifier() throws(PatternSyntaxError) -> RegexQuantifier? {
        let start = position
        var cursor = position + 1
        func number(_ cursor: inout Int) -> Int? {
            var value = 0
            var digits = 0
            while cursor < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[cursor]) {
                value = min(value * 10 + Int(bytes[cursor] - UInt8(ascii: "0")), Int(Int32.max))
                digits += 1
                cursor += 1
            }
            return digits > 0 ? value : nil
        }
        guard let low = number(&cursor), cursor < bytes.count else { return nil }
        var high: Int? = low
        if bytes[cursor] == UInt8(ascii: ",") {
            cursor += 1
            high = number(&cursor)
        }
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "}") else { return nil }
        if low > RegexParser.maxRepeat || (high ?? 0) > RegexParser.maxRepeat {
            throw error("number too big in {} quantifier: PCRE2 allows at most \(RegexParser.maxRepeat)", at: start)
        }
        if let high, high < low {
            throw error("numbers out of order in {\(low),\(high)} quantifier: put the smaller first", at: start)
        }
        position = cursor + 1
        return RegexQuantifier(min: low, max: high, possessive: false)
    }
}
