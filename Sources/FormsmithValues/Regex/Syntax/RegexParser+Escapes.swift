extension RegexParser {
    /// The characters to generate for a construct matching `matches`: preferably the universe
    /// (printable ASCII and Russian), else the pool without control characters, else anything.
    package static func generationSet(for matches: RegexCharSet) -> RegexCharSet {
        let common = matches.intersection(RegexAlphabets.universe)
        if !common.isEmpty { return common }
        let printable = matches.intersection(RegexAlphabets.pool).subtracting(RegexCharSet(normalizing: [0...0x1F]))
        if !printable.isEmpty { return printable }
        return matches.subtracting(RegexCharSet(normalizing: [0xD800...0xDFFF]))
    }

    /// A set atom for a class escape: `positive` is what the un-negated form matches (in the pool).
    package static func setAtom(_ positive: RegexCharSet, negated: Bool) -> RegexAtom {
        let matches = negated ? RegexAlphabets.pool.subtracting(positive) : positive
        return .set(generate: generationSet(for: matches), matches: matches)
    }

    /// An escape outside a class, at the backslash at the current position.
    package mutating func parseEscape(flags: RegexFlags) throws(PatternSyntaxError) -> RegexAtom {
        let start = position
        position += 1
        guard let letter = peek() else {
            throw error("the pattern ends with a lone backslash: write \\\\ for a literal backslash", at: start)
        }
        if let set = try parseSetEscape(letter, at: start) { return set }
        switch letter {
        case UInt8(ascii: "N"):
            position += 1
            if peek() == UInt8(ascii: "{") { throw unsupportedCaseEscape(at: start) }
            return .set(generate: RegexAlphabets.universe,
                        matches: RegexAlphabets.pool.subtracting(RegexCharSet(scalars: [0x0A])))
        case UInt8(ascii: "R"):
            position += 1
            return .set(generate: RegexCharSet(scalars: [0x0A]), matches: RegexAlphabets.verticalSpace)
        case UInt8(ascii: "X"):
            position += 1
            return .set(generate: RegexAlphabets.universe, matches: RegexAlphabets.pool)
        case UInt8(ascii: "C"):
            position += 1
            return .set(generate: RegexAlphabets.printableASCII, matches: RegexAlphabets.printableASCII)
        case UInt8(ascii: "A"), UInt8(ascii: "G"):
            position += 1
            return .node(program.add(.assertion(.start)), repeatable: false)
        case UInt8(ascii: "z"), UInt8(ascii: "Z"):
            position += 1
            return .node(program.add(.assertion(.end)), repeatable: false)
        case UInt8(ascii: "b"), UInt8(ascii: "B"):
            let negated = bytes[position] == UInt8(ascii: "B")
            position += 1
            needsFiltering = true
            return .node(program.add(.assertion(.wordBoundary(negated: negated))), repeatable: false)
        case UInt8(ascii: "K"):
            position += 1
            needsFiltering = true
            return .node(program.add(.assertion(.unchecked)), repeatable: false)
        case UInt8(ascii: "Q"):
            position += 1
            inQuote = true
            return .nothing
        case UInt8(ascii: "E"):
            position += 1
            return .nothing
        case UInt8(ascii: "g"), UInt8(ascii: "k"):
            return try parseNamedOrRelativeReference(at: start)
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            // PCRE2's rule: a back reference if below 10, starting with 8 or 9, or not above the
            // number of groups opened so far; otherwise up to three octal digits.
            let digitsStart = position
            var number = 0
            while let digit = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) {
                number = min(number * 10 + Int(digit - UInt8(ascii: "0")), 100_000)
                position += 1
            }
            if number < 10 || letter >= UInt8(ascii: "8") || number <= program.captureCount {
                return backreference(number: number)
            }
            position = digitsStart
            return .scalar(readDigits(radix: 8, upTo: 3))
        default:
            return .scalar(try parseCharacterEscape(at: start))
        }
    }

    /// `\d \D \w \W \s \S \h \H \v \V \p{…} \P{…}` (valid inside and outside classes), or nil.
    package mutating func parseSetEscape(_ letter: UInt8, at start: Int) throws(PatternSyntaxError) -> RegexAtom? {
        let negated = letter < UInt8(ascii: "a")
        let positive: RegexCharSet
        switch letter | 0x20 {
        case UInt8(ascii: "d"): positive = RegexAlphabets.digit
        case UInt8(ascii: "w"): positive = RegexAlphabets.word
        case UInt8(ascii: "s"): positive = RegexAlphabets.space
        case UInt8(ascii: "h"): positive = RegexAlphabets.horizontalSpace
        case UInt8(ascii: "v"): positive = RegexAlphabets.verticalSpace
        case UInt8(ascii: "p"):
            position += 1
            return try parseProperty(negated: negated, at: start)
        default: return nil
        }
        position += 1
        return RegexParser.setAtom(positive, negated: negated)
    }

    /// The property name after `\p` / `\P`: one letter or `{name}` / `{^name}`.
    private mutating func parseProperty(negated: Bool, at start: Int) throws(PatternSyntaxError) -> RegexAtom {
        var negated = negated
        let name: String
        if peek() == UInt8(ascii: "{") {
            position += 1
            if peek() == UInt8(ascii: "^") {
                negated.toggle()
                position += 1
            }
            name = try text(upTo: UInt8(ascii: "}"), missing: "missing '}' after \\p{", at: start)
        } else if let byte = peek(), byte < 0x80 {
            name = String(Character(Unicode.Scalar(byte)))
            position += 1
        } else {
            throw error("\\p must be followed by a property name such as \\p{L}", at: start)
        }
        guard let members = RegexAlphabets.property(named: name), !members.isEmpty else {
            throw error("the Unicode property '\(name)' is not supported by the value generator: use a general "
                        + "category (L, Lu, Ll, N, Nd, P, S, Z, …) or a script (Latin, Cyrillic, Greek, "
                        + "Arabic, Hebrew, Han, Hiragana)", at: start)
        }
        return RegexParser.setAtom(members, negated: negated)
    }

    /// A single-character escape (the backslash is at `start`, the position on the letter).
    package mutating func parseCharacterEscape(at start: Int) throws(PatternSyntaxError) -> UInt32 {
        let letter = bytes[position]
        position += 1
        switch letter {
        case UInt8(ascii: "t"): return 0x09
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "e"): return 0x1B
        case UInt8(ascii: "a"): return 0x07
        case UInt8(ascii: "0"):
            return readDigits(radix: 8, upTo: 2)
        case UInt8(ascii: "o"):
            guard peek() == UInt8(ascii: "{") else { throw error("\\o must be followed by {octal digits}", at: start) }
            return try parseBracedNumber(radix: 8, at: start)
        case UInt8(ascii: "x"):
            if peek() == UInt8(ascii: "{") { return try parseBracedNumber(radix: 16, at: start) }
            return readDigits(radix: 16, upTo: 2)
        case UInt8(ascii: "c"):
            guard let byte = peek(), (0x20...0x7E).contains(byte) else {
                throw error("\\c must be followed by a printable ASCII character", at: start)
            }
            position += 1
            let upper = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 0x20 : byte
            return UInt32(upper ^ 0x40)
        case UInt8(ascii: "u"), UInt8(ascii: "U"), UInt8(ascii: "l"), UInt8(ascii: "L"):
            throw unsupportedCaseEscape(at: start)
        default:
            if letter < 0x80 && (RegexParser.digitValue(letter, radix: 36) != nil) {
                throw error("unrecognized escape \\\(Character(Unicode.Scalar(letter))): remove the backslash "
                            + "or use a supported escape", at: start)
            }
            position -= 1
            return readScalar()  // an escaped punctuation or non-ASCII character stands for itself
        }
    }

    private func unsupportedCaseEscape(at start: Int) -> PatternSyntaxError {
        error("PCRE2 does not support \\u, \\U, \\l, \\L or \\N{name}: write a code point as \\x{hhhh}", at: start)
    }

    /// `{digits}` in `radix` (the position is on the brace), as a valid scalar value.
    private mutating func parseBracedNumber(radix: UInt32, at start: Int) throws(PatternSyntaxError) -> UInt32 {
        position += 1
        var value: UInt32 = 0
        var digits = 0
        while let byte = peek(), let digit = RegexParser.digitValue(byte, radix: radix) {
            value = min(value * radix + digit, 0x110000)
            digits += 1
            position += 1
        }
        guard digits > 0, peek() == UInt8(ascii: "}") else {
            throw error("a code point escape must be written \\x{hex digits} or \\o{octal digits}", at: start)
        }
        position += 1
        guard value < 0x110000, !(0xD800...0xDFFF).contains(value) else {
            throw error("the code point in this escape is not a valid Unicode character", at: start)
        }
        return value
    }

    /// The value of an ASCII digit or letter in `radix`, or nil.
    /// The text from `position` up to the next `closing` byte, stepping past it; throws `missing`
    /// (placed at `start`) when the pattern ends first.
    package mutating func text(upTo closing: UInt8, missing: String, at start: Int) throws(PatternSyntaxError) -> String {
        let textStart = position
        while let byte = peek(), byte != closing { position += 1 }
        guard peek() != nil else { throw error(missing, at: start) }
        defer { position += 1 }
        return String(decoding: bytes[textStart..<position], as: UTF8.self)
    }

    /// Reads up to `maximum` digits of `radix` at `position` (`\101`, `\x41`) and returns their
    /// value; 0 when there are none.
    package mutating func readDigits(radix: UInt32, upTo maximum: Int) -> UInt32 {
        var value: UInt32 = 0
        var digits = 0
        while digits < maximum, let byte = peek(), let digit = RegexParser.digitValue(byte, radix: radix) {
            value = value * radix + digit
            digits += 1
            position += 1
        }
        return value
    }

    package static func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
        let value: UInt32
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
        return value < radix ? value : nil
    }
}
