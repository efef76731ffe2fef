/// One element of a bracketed class: a single character or a set (an escape or POSIX class).
private enum ClassElement {
    case scalar(UInt32)
    case set(generate: RegexCharSet, matches: RegexCharSet)
}

extension RegexParser {
    /// A bracketed character class such as `[A-HJ-NPR-Z0-9]`, `[^,;"]` or `[[:alpha:]]`.
    package mutating func parseClass(flags: RegexFlags) throws(PatternSyntaxError) -> RegexAtom {
        let opening = position
        position += 1
        let negated = peek() == UInt8(ascii: "^")
        if negated { position += 1 }
        var generate: [ClosedRange<UInt32>] = []
        var matches: [ClosedRange<UInt32>] = []
        var isFirst = true
        var quoting = false
        while true {
            if flags.extendedMore && !quoting {
                while peek() == 0x20 || peek() == 0x09 { position += 1 }
            }
            guard let byte = peek() else {
                throw error("missing ']' for the character class opened here: add it or escape '[' as \\[", at: opening)
            }
            if quoting && lookingAt("\\E") {
                quoting = false
                position += 2
                continue
            }
            if !quoting && byte == UInt8(ascii: "]") && !isFirst { break }
            isFirst = false
            if !quoting && lookingAt("\\Q") {
                quoting = true
                position += 2
                continue
            }
            if !quoting && lookingAt("\\E") {
                position += 2
                continue
            }
            let elementStart = position
            let element = quoting ? .scalar(readScalar()) : try parseClassElement()
            switch element {
            case .set(let generateSet, let matchSet):
                if peek() == UInt8(ascii: "-"), peek(1) != UInt8(ascii: "]"), peek(1) != nil {
                    throw invalidRange(at: elementStart)
                }
                generate += generateSet.ranges
                matches += matchSet.ranges
            case .scalar(let low):
                guard peek() == UInt8(ascii: "-"), let after = peek(1), after != UInt8(ascii: "]") else {
                    generate.append(low...low)
                    matches.append(low...low)
                    continue
                }
                position += 1
                guard case .scalar(let high) = try parseClassElement() else { throw invalidRange(at: elementStart) }
                guard low <= high else {
                    throw error("range out of order in character class: write the lower character first", at: elementStart)
                }
                let range = RegexCharSet(normalizing: [low...high])
                generate += RegexParser.generationSet(for: range).ranges
                matches.append(low...high)
            }
        }
        position += 1
        var generateSet = RegexCharSet(normalizing: generate)
        var matchSet = RegexCharSet(normalizing: matches)
        if flags.caseless {
            generateSet = generateSet.closedUnderCase()
            matchSet = matchSet.closedUnderCase()
        }
        guard negated else { return .set(generate: generateSet, matches: matchSet) }
        let complement = RegexAlphabets.pool.subtracting(matchSet)
        let choices = RegexParser.generationSet(for: complement)
        if choices.isEmpty {
            throw error("the negated class excludes every character the value generator can produce: "
                        + "allow at least one printable character", at: opening)
        }
        return .set(generate: choices, matches: complement)
    }

    private func invalidRange(at offset: Int) -> PatternSyntaxError {
        error("invalid range in character class: a range cannot start or end with a class such as \\d; "
              + "escape the hyphen as \\- to match it literally", at: offset)
    }

    /// One class element at the current position (not a closing bracket).
    private mutating func parseClassElement() throws(PatternSyntaxError) -> ClassElement {
        let start = position
        if lookingAt("[:") || lookingAt("[=") || lookingAt("[.") {
            if let posix = try parsePosixClass() { return posix }
        }
        guard bytes[position] == UInt8(ascii: "\\") else { return .scalar(readScalar()) }
        position += 1
        guard let letter = peek() else { throw error("the pattern ends inside a character class", at: start) }
        if let atom = try parseSetEscape(letter, at: start), case .set(let generate, let matches) = atom {
            return .set(generate: generate, matches: matches)
        }
        switch letter {
        case UInt8(ascii: "b"):
            position += 1
            return .scalar(0x08)
        case UInt8(ascii: "1")...UInt8(ascii: "7"):
            return .scalar(readDigits(radix: 8, upTo: 3))
        case UInt8(ascii: "8"), UInt8(ascii: "9"):
            position += 1
            return .scalar(UInt32(letter))
        case UInt8(ascii: "B"), UInt8(ascii: "R"), UInt8(ascii: "X"), UInt8(ascii: "N"), UInt8(ascii: "A"),
             UInt8(ascii: "z"), UInt8(ascii: "Z"), UInt8(ascii: "G"), UInt8(ascii: "K"), UInt8(ascii: "g"),
             UInt8(ascii: "k"), UInt8(ascii: "C"):
            throw error("the escape \\\(Character(Unicode.Scalar(letter))) is not allowed in a character class",
                        at: start)
        default:
            return .scalar(try parseCharacterEscape(at: start))
        }
    }

    /// `[:name:]` or `[:^name:]` at the current position; nil (position unchanged) when the
    /// bracket does not start a POSIX class and is therefore a literal `[`.
    private mutating func parsePosixClass() throws(PatternSyntaxError) -> ClassElement? {
        let start = position
        let kind = bytes[position + 1]
        var cursor = position + 2
        let negated = kind == UInt8(ascii: ":") && cursor < bytes.count && bytes[cursor] == UInt8(ascii: "^")
        if negated { cursor += 1 }
        let nameStart = cursor
        while cursor < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[cursor]) { cursor += 1 }
        guard cursor + 1 < bytes.count, bytes[cursor] == kind, bytes[cursor + 1] == UInt8(ascii: "]") else {
            return nil
        }
        guard kind == UInt8(ascii: ":") else {
            throw error("POSIX collating elements [.x.] and [=x=] are not supported", at: start)
        }
        let name = String(decoding: bytes[nameStart..<cursor], as: UTF8.self)
        guard let members = RegexAlphabets.posixClass(named: name) else {
            throw error("unknown POSIX class [:\(name):]: use alpha, digit, alnum, upper, lower, space, blank, "
                        + "punct, graph, print, cntrl, xdigit, word or ascii", at: start)
        }
        position = cursor + 2
        guard case .set(let generate, let matches) = RegexParser.setAtom(members, negated: negated) else { return nil }
        return .set(generate: generate, matches: matches)
    }
}
