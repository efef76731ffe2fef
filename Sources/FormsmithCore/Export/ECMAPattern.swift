import FormsmithValues

/// Rewrites a PCRE2 pattern as an ECMA-262 pattern (Unicode mode), the dialect JSON Schema's
/// `pattern` uses, keeping Formsmith's semantics: the whole value must match, `\d` is `[0-9]`,
/// and `\w`, `\s`, `.`, `\p{..}` and POSIX classes are written as the code points Formsmith's
/// PCRE2 (UCP) mode gives them (``ECMACharacterClass``), so that ECMA-262 validators and
/// Python's `re` (python-jsonschema) read them alike.
///
/// Constructs that ECMA-262 lacks or reads differently (possessive quantifiers, atomic groups,
/// inline flags, `\b`, script properties, negated classes inside brackets...) make the
/// translation fail with a reason: the exported schema then leaves the pattern out and says so.
enum ECMAPattern {
    /// The anchored ECMA-262 pattern for a field's `regex` with its `regexFlags`.
    /// The flag `s` (dot matches newlines) is written into the pattern; other flags fail.
    static func fromPCRE2(_ pattern: String, flags: String = "") -> Result<String, PatternGap> {
        if let flag = flags.first(where: { $0 != "u" && $0 != "s" }) {
            return .failure(PatternGap("the regex flag '\(flag)' has no JSON Schema equivalent"))
        }
        var translator = Translator(source: Array(pattern.unicodeScalars), dotAll: flags.contains("s"))
        return translator.run().map { "^(?:" + $0 + ")$" }
    }

    /// `text` as a literal inside an ECMA-262 pattern.
    static func literal(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if Translator.syntax.contains(scalar) { result += "\\" }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    /// The anchored ECMA-262 pattern of an input mask.
    static func fromMask(_ mask: InputMask) -> Result<String, PatternGap> {
        var body = mask.regexPattern
        if body.hasPrefix(#"\A"#) { body.removeFirst(2) }
        if body.hasSuffix(#"\z"#) { body.removeLast(2) }
        return fromPCRE2(body)
    }
}

/// Why a pattern could not be written for JSON Schema.
struct PatternGap: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

private struct Translator {
    let source: [Unicode.Scalar]
    var position = 0
    var output = ""
    var inClass = false
    /// Whether the last output was a quantifier (a `+` after one is PCRE2's possessive form).
    var afterQuantifier = false

    /// Whether `.` matches newlines too (PCRE2's `s` flag), written as `[\s\S]`.
    let dotAll: Bool

    init(source: [Unicode.Scalar], dotAll: Bool) {
        self.source = source
        self.dotAll = dotAll
    }

    /// ECMA-262 syntax characters, which keep their backslash when escaped.
    static let syntax = Set("^$\\.*+?()[]{}|/".unicodeScalars)

    mutating func run() -> Result<String, PatternGap> {
        while position < source.count {
            let character = source[position]
            position += 1
            let quantifier = !inClass && "*+?}".unicodeScalars.contains(character)
            if quantifier && afterQuantifier && character == "+" {
                return .failure(PatternGap("possessive quantifiers (++, *+) are PCRE2-only"))
            }
            defer { afterQuantifier = quantifier && !(afterQuantifier && character == "?") }
            switch character {
            case "\\":
                guard position < source.count else { return .failure(PatternGap("the pattern ends with a backslash")) }
                let escaped = source[position]
                position += 1
                if let failure = escape(escaped) { return .failure(failure) }
            case "[" where !inClass:
                inClass = true
                output.unicodeScalars.append(character)
                if position < source.count, source[position] == "^" {
                    output += "^"
                    position += 1
                }
                if position < source.count, source[position] == "]" {
                    output += #"\]"#
                    position += 1
                }
            case "[" where inClass:
                if position < source.count, source[position] == ":" {
                    if let failure = posixClass() { return .failure(failure) }
                    continue
                }
                if position < source.count, ".=".unicodeScalars.contains(source[position]) {
                    return .failure(PatternGap("collating elements such as [[.a.]] are PCRE2-only"))
                }
                output += #"\["#
            case "]" where inClass:
                inClass = false
                output += "]"
            case "(" where !inClass:
                if let failure = group() { return .failure(failure) }
            case "." where !inClass:
                // PCRE2's dot is any character but a line feed (any at all with `s`); ECMA-262's
                // also leaves out CR, U+2028 and U+2029: written out so that both agree.
                output += dotAll ? #"[\s\S]"# : #"[^\n]"#
            default:
                output.unicodeScalars.append(character)
            }
        }
        if inClass { return .failure(PatternGap("an unclosed character class")) }
        return .success(output)
    }

    /// The group opening at `(`, with PCRE2-only group kinds refused.
    private mutating func group() -> PatternGap? {
        output += "("
        guard position < source.count, source[position] == "?" else { return nil }
        let rest = String(String.UnicodeScalarView(source[position...].prefix(4)))
        for allowed in ["?:", "?=", "?!", "?<=", "?<!"] where rest.hasPrefix(allowed) {
            output += allowed
            position += allowed.unicodeScalars.count
            return nil
        }
        if rest.hasPrefix("?<"), position + 2 < source.count,
            source[position + 2].properties.isAlphabetic
        {
            output += "?<"
            position += 2
            return nil
        }
        return PatternGap("the group '(\(rest)' (inline flags, atomic groups, recursion...) is PCRE2-only")
    }

    /// Writes the escape `\c`, or says why it cannot be written.
    private mutating func escape(_ character: Unicode.Scalar) -> PatternGap? {
        switch character {
        // Formsmith's \d is [0-9]; written out so that validators whose regexes read \d as
        // any script's digits (Python's re, behind python-jsonschema) agree.
        case "d": output += inClass ? "0-9" : "[0-9]"
        case "D":
            if inClass { return PatternGap(#"\D inside a character class cannot be written for every JSON Schema validator"#) }
            output += "[^0-9]"
        // \w, \s and Unicode properties mean different things in ECMA-262 (ASCII \w) and in
        // Python's re (no \p{...}): written out as the code points PCRE2 gives them.
        case "w", "W", "s", "S": return unicodeClass("\\" + String(character), negated: character.properties.isUppercase)
        case "n", "t", "r", "f":
            output += "\\" + String(character)
        case "A" where !inClass: output += "^"
        case "z" where !inClass: output += "$"
        case "p", "P":
            guard let name = propertyName(), name.count <= 2, name.first?.isUppercase == true else {
                return PatternGap("only general-category properties such as \\p{L} or \\p{Lu} carry over")
            }
            return unicodeClass("\\p{" + name + "}", negated: character == "P")
        case "x":
            guard position < source.count, source[position] == "{" else {
                output += #"\x"#
                return nil
            }
            output += #"\u"#
        case "1"..."9":
            output += "\\" + String(character)
        default:
            if character.properties.isAlphabetic || ("0"..."9").contains(character) {
                return PatternGap("the escape \\\(character) has no ECMA-262 equivalent with the same meaning")
            }
            if Translator.syntax.contains(character) || (inClass && character == "-") {
                output += "\\" + String(character)
            } else {
                output.unicodeScalars.append(character)
            }
        }
        return nil
    }

    /// Writes the PCRE2 class item `pattern` (`\w`, `\p{Lu}`, `[:alpha:]`) as its code points:
    /// a bracket expression, or its inside within one; negated (`\W`, `\P{L}`) only outside one.
    private mutating func unicodeClass(_ pattern: String, negated: Bool) -> PatternGap? {
        let positive = negated ? (pattern.hasPrefix("\\p") ? pattern : pattern.lowercased()) : pattern
        if negated, inClass {
            return PatternGap("\(pattern) inside a character class cannot be written for every JSON Schema validator")
        }
        guard let body = ECMACharacterClass.body(of: positive) else {
            return PatternGap("\(pattern) is not a class PCRE2 knows, or it matches nothing")
        }
        output += inClass ? body : (negated ? "[^" : "[") + body + "]"
        return nil
    }

    /// A POSIX class inside a bracket expression, `[:alpha:]` (the `[` read), as its code points.
    private mutating func posixClass() -> PatternGap? {
        guard let close = source[position...].firstIndex(of: "]"), source[close - 1] == ":", close - 1 > position else {
            return PatternGap("an unclosed POSIX class")
        }
        let name = String(String.UnicodeScalarView(source[(position + 1)..<(close - 1)]))
        position = close + 1
        if name.hasPrefix("^") {
            return PatternGap("the negated POSIX class [:\(name):] cannot be written for every JSON Schema validator")
        }
        return unicodeClass("[:\(name):]", negated: false)
    }

    /// The name of `\p{NAME}` (advancing past it), or nil for the one-letter form.
    private mutating func propertyName() -> String? {
        guard position < source.count, source[position] == "{",
            let close = source[position...].firstIndex(of: "}")
        else { return nil }
        let name = String(String.UnicodeScalarView(source[(position + 1)..<close]))
        position = close + 1
        return name
    }
}
