extension RegexParser {
    /// One atom at the current position: a character, class, escape, group or anchor.
    package mutating func parseAtom(flags: inout RegexFlags) throws(PatternSyntaxError) -> RegexAtom {
        if inQuote {
            if lookingAt("\\E") {
                position += 2
                inQuote = false
                return .nothing
            }
            let value = readScalar()
            if lookingAt("\\E") {  // so that a quantifier after \E applies to this character
                position += 2
                inQuote = false
            }
            return .scalar(value)
        }
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "("):
            return try parseGroup(flags: &flags)
        case UInt8(ascii: "["):
            return try parseClass(flags: flags)
        case UInt8(ascii: "\\"):
            return try parseEscape(flags: flags)
        case UInt8(ascii: "."):
            position += 1
            return .set(generate: RegexAlphabets.universe,
                        matches: RegexAlphabets.pool.subtracting(RegexCharSet(scalars: [0x0A])))
        case UInt8(ascii: "^"):
            position += 1
            return .node(program.add(.assertion(.start)), repeatable: false)
        case UInt8(ascii: "$"):
            position += 1
            return .node(program.add(.assertion(.end)), repeatable: false)
        case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"):
            throw error("quantifier does not follow a repeatable item: escape it (\\*, \\+, \\?) to match it literally",
                        at: start)
        case UInt8(ascii: "{"):
            if try parseBraceQuantifier() != nil {
                throw error("quantifier does not follow a repeatable item: escape it as \\{ to match it literally",
                            at: start)
            }
            position += 1
            return .scalar(UInt32(UInt8(ascii: "{")))
        default:
            return .scalar(readScalar())
        }
    }

    /// Parses a group's alternatives and its closing parenthesis; `opening` is where it began.
    package mutating func parseGroupBranches(flags: RegexFlags, opening: Int) throws(PatternSyntaxError) -> [Int] {
        depth += 1
        if depth > RegexParser.maxDepth {
            throw error("groups are nested more than \(RegexParser.maxDepth) deep: simplify the pattern", at: opening)
        }
        let branches = try parseBranches(flags: flags)
        guard peek() == UInt8(ascii: ")") else {
            throw error("missing ')' for the group opened here: add it or escape the '(' as \\(", at: opening)
        }
        position += 1
        depth -= 1
        return branches
    }

    /// Like `parseGroupBranches`, as one node.
    package mutating func parseGroupBody(flags: RegexFlags, opening: Int) throws(PatternSyntaxError) -> Int {
        let branches = try parseGroupBranches(flags: flags, opening: opening)
        return branches.count == 1 ? branches[0] : program.add(.alternation(branches))
    }

    /// A group starting at the `(` at the current position.
    private mutating func parseGroup(flags: inout RegexFlags) throws(PatternSyntaxError) -> RegexAtom {
        let opening = position
        position += 1
        if peek() == UInt8(ascii: "*") { return try parseVerb(opening: opening) }
        guard peek() == UInt8(ascii: "?") else {
            if flags.noAutoCapture { return .node(try parseGroupBody(flags: flags, opening: opening), repeatable: true) }
            return try parseCapture(flags: flags, opening: opening)
        }
        position += 1
        let kind = peek() ?? 0
        let next = peek(1) ?? 0
        switch kind {
        case UInt8(ascii: "#"):
            _ = try text(upTo: UInt8(ascii: ")"), missing: "missing ')' after the (?# comment", at: opening)
            return .nothing
        case UInt8(ascii: ":"), UInt8(ascii: "|"), UInt8(ascii: ">"):
            position += 1
            // Branch reset renumbers groups and an atomic group may refuse values: both are filtered.
            if kind != UInt8(ascii: ":") { needsFiltering = true }
            let body = try parseGroupBody(flags: flags, opening: opening)
            if kind == UInt8(ascii: ">") { program.atomicNodes.insert(body) }
            return .node(body, repeatable: true)
        case UInt8(ascii: "="), UInt8(ascii: "!"), UInt8(ascii: "*"):
            position += 1
            return try parseLookaround(flags: flags, opening: opening)
        case UInt8(ascii: "<") where [UInt8(ascii: "="), UInt8(ascii: "!"), UInt8(ascii: "*")].contains(next):
            position += 2
            return try parseLookaround(flags: flags, opening: opening)
        case UInt8(ascii: "<"), UInt8(ascii: "'"):
            position += 1
            let name = try parseName(terminator: kind == UInt8(ascii: "<") ? UInt8(ascii: ">") : UInt8(ascii: "'"))
            return try parseCapture(flags: flags, opening: opening, name: name)
        case UInt8(ascii: "P") where next == UInt8(ascii: "<"):
            position += 2
            return try parseCapture(flags: flags, opening: opening, name: try parseName(terminator: UInt8(ascii: ">")))
        case UInt8(ascii: "P") where next == UInt8(ascii: "="):
            position += 2
            let nameStart = position
            let name = try parseName(terminator: UInt8(ascii: ")"))
            return backreference(named: name, at: nameStart)
        case UInt8(ascii: "("):
            return try parseConditional(flags: flags, opening: opening)
        case UInt8(ascii: "&"), UInt8(ascii: "R"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "P"),
             UInt8(ascii: "+"):
            throw error("recursion and subroutine calls ((?R), (?1), (?&name)) are not supported by the "
                        + "value generator: repeat the group's text instead", at: opening)
        case UInt8(ascii: "-") where (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next):
            throw error("subroutine calls such as (?-1) are not supported by the value generator: "
                        + "repeat the group's text instead", at: opening)
        case UInt8(ascii: "C"):
            throw error("callouts (?C) are not supported by the value generator: remove them", at: opening)
        default:
            return try parseOptions(flags: &flags, opening: opening)
        }
    }

    private mutating func parseCapture(
        flags: RegexFlags, opening: Int, name: String? = nil
    ) throws(PatternSyntaxError) -> RegexAtom {
        program.captureCount += 1
        let number = program.captureCount
        program.captureNodes.append(-1)
        if let name { groupNames[name, default: []].append(number) }
        let body = try parseGroupBody(flags: flags, opening: opening)
        let node = program.add(.capture(body: body, number: number))
        program.captureNodes[number] = node
        return .node(node, repeatable: true)
    }

    private mutating func parseLookaround(flags: RegexFlags, opening: Int) throws(PatternSyntaxError) -> RegexAtom {
        _ = try parseGroupBody(flags: flags, opening: opening)
        needsFiltering = true
        return .node(program.add(.assertion(.unchecked)), repeatable: true)
    }

    /// `(?(condition)yes|no)`: generates one branch; the values are then filtered.
    private mutating func parseConditional(flags: RegexFlags, opening: Int) throws(PatternSyntaxError) -> RegexAtom {
        var conditionName = ""
        if lookingAt("(?=") || lookingAt("(?!") || lookingAt("(?<=") || lookingAt("(?<!") {
            var conditionFlags = flags
            _ = try parseGroup(flags: &conditionFlags)
        } else {
            position += 1
            conditionName = try text(upTo: UInt8(ascii: ")"), missing: "missing ')' after the condition of a (?( group",
                                     at: opening)
        }
        let branches = try parseGroupBranches(flags: flags, opening: opening)
        if branches.count > 2 {
            throw error("a conditional group has more than two alternatives: wrap them in (?: )", at: opening)
        }
        if conditionName == "DEFINE" { return .nothing }  // definitions are never matched in place
        needsFiltering = true
        let alternatives = branches.count == 2 ? branches : branches + [program.add(.sequence([]))]
        return .node(program.add(.conditional(branches: alternatives)), repeatable: true)
    }

    /// `(*UTF)`-style start-of-pattern options are accepted and ignored; other verbs are rejected.
    private mutating func parseVerb(opening: Int) throws(PatternSyntaxError) -> RegexAtom {
        let nameStart = position + 1
        while let byte = peek(), byte != UInt8(ascii: ")"), byte != UInt8(ascii: ":") { position += 1 }
        let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
        let options: Set<String> = ["UTF", "UTF8", "UCP", "NO_AUTO_POSSESS", "NO_DOTSTAR_ANCHOR", "NO_JIT",
                                    "NO_START_OPT", "NOTEMPTY", "NOTEMPTY_ATSTART", "CR", "LF", "CRLF",
                                    "ANYCRLF", "ANY", "NUL", "BSR_ANYCRLF", "BSR_UNICODE"]
        let isLimit = name.hasPrefix("LIMIT_") && name.contains("=")
        guard peek() == UInt8(ascii: ")"), options.contains(name) || isLimit else {
            throw error("the verb (*\(name)…) is not supported by the value generator: remove it", at: opening)
        }
        position += 1
        return .nothing
    }

    /// `(?imnsxJU-imnsx)` or `(?imnsx-imnsx: … )`; `(?^)` resets the options first.
    private mutating func parseOptions(flags: inout RegexFlags, opening: Int) throws(PatternSyntaxError) -> RegexAtom {
        var updated = flags
        var setting = true
        if peek() == UInt8(ascii: "^") {
            updated = RegexFlags()
            position += 1
        }
        while let byte = peek(), byte != UInt8(ascii: ")"), byte != UInt8(ascii: ":") {
            switch byte {
            case UInt8(ascii: "-"): setting = false
            case UInt8(ascii: "i"): updated.caseless = setting
            case UInt8(ascii: "n"): updated.noAutoCapture = setting
            case UInt8(ascii: "x"):
                if setting, updated.extended, peek(-1) == UInt8(ascii: "x") { updated.extendedMore = true }
                updated.extended = setting
                if !setting { updated.extendedMore = false }
            case UInt8(ascii: "m"), UInt8(ascii: "s"), UInt8(ascii: "J"), UInt8(ascii: "U"):
                break  // multiline, dot-all, duplicate names, ungreedy: no effect on the values generated
            default:
                throw error("unrecognized option letter after (? : use i, m, n, s, x, J or U", at: position)
            }
            position += 1
        }
        guard let terminator = peek() else { throw error("missing ')' after the options", at: opening) }
        position += 1
        if terminator == UInt8(ascii: ")") {
            flags = updated  // applies to the rest of the enclosing group
            return .nothing
        }
        return .node(try parseGroupBody(flags: updated, opening: opening), repeatable: true)
    }

    /// A group name up to `terminator`, which is consumed.
    package mutating func parseName(terminator: UInt8) throws(PatternSyntaxError) -> String {
        let start = position
        while let byte = peek() {
            let isLetter = byte == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            guard isLetter || (isDigit && position > start) else { break }
            position += 1
        }
        guard position > start, peek() == terminator else {
            throw error("invalid group name: use letters, digits and '_' (not starting with a digit), "
                        + "closed by '\(Character(Unicode.Scalar(terminator)))'", at: start)
        }
        position += 1
        return String(decoding: bytes[start..<(position - 1)], as: UTF8.self)
    }
}
