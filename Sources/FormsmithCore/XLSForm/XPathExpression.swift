/// An XLSForm expression (the XPath subset ODK evaluates) as a tree: what
/// ``XLSFormExpressionTranslator`` turns into Formsmith's expression language.
indirect enum XPathNode: Sendable, Equatable {
    case number(String)
    case string(String)
    /// `${name}`
    case reference(String)
    /// `.`
    case current
    /// `..`
    case parent
    /// `../name`: the question `name` in the group (or repeat item) holding `.`.
    case sibling(String)
    /// A bare name: a column of the choices sheet inside a `choice_filter`, or a path step.
    case name(String)
    case binary(String, XPathNode, XPathNode)
    case negate(XPathNode)
    case call(String, [XPathNode])
}

/// Why an expression could not be read or translated; the import lists it with its cell.
struct XPathUntranslated: Error, Sendable {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

/// Reads XLSForm expression text into an ``XPathNode`` (XPath 1.0 precedence: `or`, `and`,
/// `=` `!=`, `<` `<=` `>` `>=`, `+` `-`, `*` `div` `mod`, unary `-`, `|`).
struct XPathParser {
    private enum Token: Equatable {
        case number(String), string(String), reference(String), name(String), symbol(String), end
    }

    private var tokens: [Token] = []
    private var position = 0
    /// Parentheses and calls open now: each is a level of recursion, so past
    /// ``maxDepth`` the expression is refused rather than the stack overflowed.
    private var depth = 0
    static let maxDepth = 100

    static func parse(_ text: String) throws(XPathUntranslated) -> XPathNode {
        var parser = XPathParser()
        parser.tokens = try tokenize(text)
        let node = try parser.parseOr()
        guard parser.tokens[parser.position] == .end else {
            throw XPathUntranslated("cannot read the expression past \(parser.describe(parser.tokens[parser.position]))")
        }
        return node
    }

    private static func tokenize(_ text: String) throws(XPathUntranslated) -> [Token] {
        var tokens: [Token] = []
        let characters = Array(text)
        var index = 0
        func isNameCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" || c == "-" || c == ":" || c == "." }
        while index < characters.count {
            let c = characters[index]
            if c.isWhitespace { index += 1; continue }
            if c == "$", index + 1 < characters.count, characters[index + 1] == "{" {
                guard let close = characters[index...].firstIndex(of: "}") else {
                    throw XPathUntranslated("'${' without its closing '}'")
                }
                tokens.append(.reference(String(characters[(index + 2)..<close]).trimmingWhitespace))
                index = close + 1
                continue
            }
            if c == "'" || c == "\"" {
                guard let close = characters[(index + 1)...].firstIndex(of: c) else {
                    throw XPathUntranslated("a string opened with \(c) is not closed")
                }
                tokens.append(.string(String(characters[(index + 1)..<close])))
                index = close + 1
                continue
            }
            if c.isNumber || (c == "." && index + 1 < characters.count && characters[index + 1].isNumber) {
                var end = index
                while end < characters.count, characters[end].isNumber || characters[end] == "." { end += 1 }
                tokens.append(.number(String(characters[index..<end])))
                index = end
                continue
            }
            if c == "." {
                if index + 1 < characters.count, characters[index + 1] == "." {
                    tokens.append(.symbol("..")); index += 2
                } else {
                    tokens.append(.symbol(".")); index += 1
                }
                continue
            }
            if c.isLetter || c == "_" {
                var end = index
                while end < characters.count, isNameCharacter(characters[end]) { end += 1 }
                tokens.append(.name(String(characters[index..<end])))
                index = end
                continue
            }
            let two = index + 1 < characters.count ? String(characters[index...(index + 1)]) : ""
            if ["!=", "<=", ">="].contains(two) { tokens.append(.symbol(two)); index += 2; continue }
            if "=<>+-*()|,/[]@".contains(c) { tokens.append(.symbol(String(c))); index += 1; continue }
            throw XPathUntranslated("the character '\(c)' is not part of the expressions Formsmith reads")
        }
        tokens.append(.end)
        return tokens
    }

    private func describe(_ token: Token) -> String {
        switch token {
        case let .number(text), let .name(text), let .symbol(text): return "'\(text)'"
        case let .string(text): return "'\(text)'"
        case let .reference(name): return "'${\(name)}'"
        case .end: return "the end"
        }
    }

    private var current: Token { tokens[position] }

    private mutating func take(_ symbol: String) -> Bool {
        if current == .symbol(symbol) || current == .name(symbol) { position += 1; return true }
        return false
    }

    private mutating func parseOr() throws(XPathUntranslated) -> XPathNode {
        var left = try parseAnd()
        while take("or") { left = .binary("or", left, try parseAnd()) }
        return left
    }

    private mutating func parseAnd() throws(XPathUntranslated) -> XPathNode {
        var left = try parseEquality()
        while take("and") { left = .binary("and", left, try parseEquality()) }
        return left
    }

    private mutating func parseEquality() throws(XPathUntranslated) -> XPathNode {
        var left = try parseRelational()
        while true {
            if take("=") { left = .binary("=", left, try parseRelational()) } else if take("!=") {
                left = .binary("!=", left, try parseRelational())
            } else { return left }
        }
    }

    private mutating func parseRelational() throws(XPathUntranslated) -> XPathNode {
        var left = try parseAdditive()
        while true {
            var matched = false
            for op in ["<=", ">=", "<", ">"] where current == .symbol(op) {
                position += 1
                left = .binary(op, left, try parseAdditive())
                matched = true
                break
            }
            if !matched { return left }
        }
    }

    private mutating func parseAdditive() throws(XPathUntranslated) -> XPathNode {
        var left = try parseMultiplicative()
        while true {
            if take("+") { left = .binary("+", left, try parseMultiplicative()) } else if take("-") {
                left = .binary("-", left, try parseMultiplicative())
            } else { return left }
        }
    }

    private mutating func parseMultiplicative() throws(XPathUntranslated) -> XPathNode {
        var left = try parseUnary()
        while true {
            if take("*") { left = .binary("*", left, try parseUnary()) } else if take("div") {
                left = .binary("div", left, try parseUnary())
            } else if take("mod") { left = .binary("mod", left, try parseUnary()) } else { return left }
        }
    }

    private mutating func parseUnary() throws(XPathUntranslated) -> XPathNode {
        if take("-") {
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maxDepth else { throw XPathUntranslated("the expression nests too deeply") }
            return .negate(try parseUnary())
        }
        var node = try parsePrimary()
        while take("|") { node = .binary("|", node, try parsePrimary()) }
        return node
    }

    private mutating func parsePrimary() throws(XPathUntranslated) -> XPathNode {
        let token = current
        position += 1
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else {
            throw XPathUntranslated("the expression nests more than \(Self.maxDepth) levels of parentheses and calls")
        }
        switch token {
        case let .number(text): return .number(text)
        case let .string(text): return .string(text)
        case let .reference(name):
            if current == .symbol("/") || current == .symbol("[") {
                throw XPathUntranslated("a path or predicate after ${\(name)} (XPath steps are not translated)")
            }
            return .reference(name)
        case .symbol("("):
            let inner = try parseOr()
            guard take(")") else { throw XPathUntranslated("a '(' without its ')'") }
            return inner
        case .symbol("."):
            return .current
        case .symbol(".."):
            if take("/") {
                // `../name`: a question beside this one, in the same group or repeat item.
                guard case let .name(name) = current, !name.contains("."), !name.contains(":") else {
                    throw XPathUntranslated("'../' followed by anything but a question's name (only ../name, a "
                                            + "question beside this one, is translated; write ${name})")
                }
                position += 1
                if current == .symbol("/") || current == .symbol("[") {
                    throw XPathUntranslated("the path '../\(name)/…' (only ../name is translated; write ${name})")
                }
                return .sibling(name)
            }
            return .parent
        case let .name(name):
            if take("(") {
                var arguments: [XPathNode] = []
                if !take(")") {
                    repeat { arguments.append(try parseOr()) } while take(",")
                    guard take(")") else { throw XPathUntranslated("\(name)( without its closing ')'") }
                }
                return .call(name, arguments)
            }
            if current == .symbol("/") || current == .symbol("[") {
                throw XPathUntranslated("the XPath path '\(name)/…' (absolute and relative paths are not translated; use ${name})")
            }
            return .name(name)
        default:
            throw XPathUntranslated("unexpected \(describe(token))")
        }
    }
}
