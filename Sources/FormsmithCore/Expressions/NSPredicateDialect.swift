/// The words of NSPredicate's format syntax that predicates accept, so that a visibility
/// condition written for an iOS app (`($type == 1) OR ($type == 2)`) can be pasted into a rule
/// file. Each is translated into the expression language when parsed:
///
/// | NSPredicate | expression language |
/// | --- | --- |
/// | `$field` | `field` |
/// | `AND`, `OR` (any case) | `&&`, `\|\|` |
/// | `NOT a == b` (any case) | `!(a == b)`: `NOT` negates the comparison after it |
/// | `=`, `==`, `!=`, `<>`, `=<`, `=>` | `==`, `==`, `!=`, `!=`, `<=`, `>=` |
/// | `x IN {1, 2}` | `x in [1, 2]` |
/// | `x BETWEEN {1, 5}` | `x >= 1 && x <= 5` |
/// | `BEGINSWITH`, `ENDSWITH`, `CONTAINS` | string tests (`CONTAINS` on a list: membership) |
/// | `MATCHES 're'` | the whole value matches the PCRE2 pattern `re` |
/// | `LIKE 'a*b?'` | `MATCHES` with `*` any text, `?` one character |
/// | `[c]` after a string operator or `==[c]`, `!=[c]` | the same test ignoring case |
/// | `YES`, `TRUE`, `NO`, `FALSE`, `NULL`, `NIL` | `true`, `false`, `null` |
///
/// Keywords are recognised only where an operator or a value is expected, so fields named
/// `and` or `contains` still work as values; `YES`, `NO`, `TRUE`, `FALSE`, `NULL` and `NIL` are
/// literals only in capitals, and `$NO` is always the field `NO`.
enum NSPredicateDialect {
    /// An NSPredicate operator word in operator position at precedence `level`.
    static func binaryOperator(_ word: String, level: Int) -> (BinaryOperator, tokenCount: Int)? {
        switch (level, word.uppercased()) {
        case (0, "OR"): return (.or, 1)
        case (1, "AND"): return (.and, 1)
        case (3, "IN"): return (.in, 1)
        case (3, "NOT"): return (.notIn, 2)
        case (3, "BEGINSWITH"): return (.beginsWith, 1)
        case (3, "ENDSWITH"): return (.endsWith, 1)
        case (3, "CONTAINS"): return (.contains, 1)
        // LIKE and BETWEEN are rewritten by the parser (into MATCHES and two comparisons).
        case (3, "MATCHES"), (3, "LIKE"), (3, "BETWEEN"): return (.matches, 1)
        default: return nil
        }
    }

    /// Whether a token is `in` in either spelling.
    static func isIn(_ kind: ExpressionToken.Kind) -> Bool {
        if kind == .inKeyword { return true }
        if case let .name(word) = kind { return word.uppercased() == "IN" }
        return false
    }

    /// Whether a token is a word of NSPredicate comparison options (`c`, `d`, `cd`, …).
    static func isOption(_ kind: ExpressionToken.Kind) -> Bool {
        guard case let .name(letters) = kind else { return false }
        return letters.lowercased().allSatisfy { $0 == "c" || $0 == "d" || $0 == "n" }
    }

    /// The value of an NSPredicate literal word (capitals only), nil for other words.
    static func literal(_ word: String) -> ExpressionValue? {
        switch word {
        case "YES", "TRUE": .boolean(true)
        case "NO", "FALSE": .boolean(false)
        case "NULL", "NIL": .null
        default: nil
        }
    }

    /// Why an NSPredicate word in value position cannot be translated, nil for other words.
    static func unsupportedWord(_ word: String) -> String? {
        switch word {
        case "ANY", "ALL", "NONE", "SOME":
            return "NSPredicate's \(word) (a test over every element of a collection) is not supported; "
                + "test the list with 'in', count(list) or an item field such as drivers[].age"
        case "SUBQUERY", "FUNCTION":
            return "NSPredicate's \(word) is not supported; write the condition with fields and the functions \(BuiltinFunction.namesList)"
        case "SELF":
            return "NSPredicate's SELF (the evaluated object) has no meaning in a rule file; name the field instead"
        default:
            return nil
        }
    }

    /// The PCRE2 pattern for `MATCHES`, `LIKE` or a string test with `[c]` against `text`.
    static func pattern(for word: String, text: String, ignoresCase: Bool) -> String {
        let body: String
        switch word {
        case "MATCHES": body = text
        case "LIKE": body = likePattern(text)
        case "==": body = escaped(text)
        case "BEGINSWITH": body = escaped(text) + ".*"
        case "ENDSWITH": body = ".*" + escaped(text)
        default: body = ".*" + escaped(text) + ".*"  // CONTAINS
        }
        let flags = word == "MATCHES" ? (ignoresCase ? "(?i)" : "") : (ignoresCase ? "(?is)" : "(?s)")
        return flags + body
    }

    /// `*` any text, `?` one character, `\*` and `\?` themselves; everything else literal.
    private static func likePattern(_ text: String) -> String {
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                result += escaped(String(character))
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "*" {
                result += ".*"
            } else if character == "?" {
                result += "."
            } else {
                result += escaped(String(character))
            }
        }
        return escaping ? result + "\\\\" : result
    }

    /// `text` with every ASCII punctuation character backslash-escaped (literal in PCRE2).
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, !(scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)), scalar != " " {
                result.append("\\")
            }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
