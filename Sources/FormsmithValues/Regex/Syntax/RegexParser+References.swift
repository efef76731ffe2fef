extension RegexParser {
    /// A back reference to group `number`.
    package mutating func backreference(number: Int) -> RegexAtom {
        program.hasBackreferences = true
        return .node(program.add(.backreference(number: number)), repeatable: true)
    }

    /// A back reference to the group called `name` (resolved at the end if defined later).
    package mutating func backreference(named name: String, at offset: Int) -> RegexAtom {
        if let numbers = groupNames[name], let last = numbers.last {
            if numbers.count > 1 { needsFiltering = true }  // duplicate names: any of them may be meant
            return backreference(number: last)
        }
        let atom = backreference(number: 0)
        if case .node(let node, _) = atom { pendingNamedReferences.append((node, name, offset)) }
        return atom
    }

    /// `\g{n}`, `\g{-n}`, `\gn`, `\g-n`, `\g{name}`, `\k<name>`, `\k'name'`, `\k{name}`
    /// (the backslash is at `start`, the position on the letter).
    package mutating func parseNamedOrRelativeReference(at start: Int) throws(PatternSyntaxError) -> RegexAtom {
        let letter = bytes[position]
        position += 1
        let opener = peek() ?? 0
        if letter == UInt8(ascii: "g") && (opener == UInt8(ascii: "<") || opener == UInt8(ascii: "'")) {
            throw error("subroutine calls such as \\g<name> are not supported by the value generator: "
                        + "repeat the group's text instead", at: start)
        }
        let terminator: UInt8
        switch opener {
        case UInt8(ascii: "{"): terminator = UInt8(ascii: "}")
        case UInt8(ascii: "<") where letter == UInt8(ascii: "k"): terminator = UInt8(ascii: ">")
        case UInt8(ascii: "'") where letter == UInt8(ascii: "k"): terminator = UInt8(ascii: "'")
        default:
            guard letter == UInt8(ascii: "g") else {
                throw error("\\k must be followed by <name>, 'name' or {name}", at: start)
            }
            terminator = 0  // \gn or \g-n
        }
        if terminator != 0 { position += 1 }
        let relative = peek() == UInt8(ascii: "-")
        let hasSign = relative || peek() == UInt8(ascii: "+")
        if letter == UInt8(ascii: "g"), let first = peek(hasSign ? 1 : 0),
           (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) {
            if hasSign { position += 1 }
            var number = 0
            while let digit = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) {
                number = min(number * 10 + Int(digit - UInt8(ascii: "0")), 100_000)
                position += 1
            }
            if terminator != 0 {
                guard peek() == terminator else { throw error("missing '}' after \\g{", at: start) }
                position += 1
            }
            if relative { number = program.captureCount + 1 - number }
            guard number > 0 else {
                throw error("\\g refers to a group before the first one: check the group number", at: start)
            }
            return backreference(number: number)
        }
        guard terminator != 0 else {
            throw error("\\g must be followed by a number or {name}", at: start)
        }
        let nameStart = position
        let name = try parseName(terminator: terminator)
        return backreference(named: name, at: nameStart)
    }

    /// Resolves references to names defined after them and checks every group number exists.
    package mutating func resolveNamedReferences() throws(PatternSyntaxError) {
        for reference in pendingNamedReferences {
            guard let number = groupNames[reference.name]?.last else {
                throw error("reference to a group named '\(reference.name)' that does not exist", at: reference.offset)
            }
            program.nodes[reference.node] = .backreference(number: number)
            needsFiltering = true  // a forward reference: its text is not known when it is generated
        }
        for node in program.nodes {
            if case .backreference(let number) = node, number > program.captureCount {
                throw error("back reference to group \(number), but the pattern has only \(program.captureCount) "
                            + "capturing groups", at: 0)
            }
        }
    }
}
