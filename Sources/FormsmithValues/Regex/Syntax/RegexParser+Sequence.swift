/// The items of one sequence being built, with what the possessive-quantifier check needs.
private struct SequenceBuilder {
    var items: [Int] = []
    /// Per item: the characters it may generate first, or nil if it may generate nothing first.
    var firstGenerated: [RegexCharSet?] = []
    /// Per item: whether it is an end assertion (`$`, `\z`), transparent to the possessive check.
    var isEndAssertion: [Bool] = []
    /// Possessive items still to check: their index and what their body matches.
    var possessive: [(item: Int, matches: RegexCharSet)] = []
    var literalBytes: [UInt8] = []
    var literalCount = 0
    var literalFirst: UInt32 = 0

    mutating func append(_ node: Int, first: RegexCharSet?, isEnd: Bool = false) {
        items.append(node)
        firstGenerated.append(first)
        isEndAssertion.append(isEnd)
    }
}

extension RegexParser {
    /// Items up to a `|`, a `)` or the end; one node.
    package mutating func parseSequence(flags: inout RegexFlags) throws(PatternSyntaxError) -> Int {
        var builder = SequenceBuilder()
        while true {
            skipExtendedWhitespace(flags)
            guard let byte = peek() else { break }
            if !inQuote && (byte == UInt8(ascii: "|") || byte == UInt8(ascii: ")")) { break }
            let atomStart = position
            let atom = try parseAtom(flags: &flags)
            skipExtendedWhitespace(flags)
            let quantifier = inQuote ? nil : try parseQuantifier()
            if quantifier != nil, let next = peek(), [UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?")].contains(next) {
                throw error("a quantifier follows another quantifier: group the item first, e.g. (?:a{2})+", at: position)
            }
            try add(atom, quantifier: quantifier, flags: flags, at: atomStart, to: &builder)
        }
        flushLiteral(&builder)
        checkPossessive(builder)
        if builder.items.count == 1 { return builder.items[0] }
        return program.add(.sequence(builder.items))
    }

    private mutating func add(
        _ atom: RegexAtom, quantifier: RegexQuantifier?, flags: RegexFlags, at offset: Int,
        to builder: inout SequenceBuilder
    ) throws(PatternSyntaxError) {
        var atom = atom
        if case .scalar(let value) = atom, flags.caseless {
            let variants = RegexCharSet(scalars: [value]).closedUnderCase()
            if variants.count > 1 { atom = .set(generate: variants, matches: variants) }
        }
        let body: Int
        let bodyMatches: RegexCharSet?
        let first: RegexCharSet?
        switch atom {
        case .nothing:
            if quantifier != nil { throw error("quantifier does not follow a repeatable item", at: offset) }
            return
        case .scalar(let value):
            if quantifier == nil {
                if builder.literalCount == 0 { builder.literalFirst = value }
                RegexUTF8.append(value, to: &builder.literalBytes)
                builder.literalCount += 1
                return
            }
            flushLiteral(&builder)
            var bytes: [UInt8] = []
            RegexUTF8.append(value, to: &bytes)
            body = program.add(.literal(bytes: bytes, scalarCount: 1))
            bodyMatches = RegexCharSet(scalars: [value])
            first = bodyMatches
        case .set(let generate, let matches):
            if generate.isEmpty {
                throw error("this class matches no character the value generator can produce: "
                            + "allow at least one printable character", at: offset)
            }
            flushLiteral(&builder)
            body = program.add(.charSet(generate))
            bodyMatches = matches
            first = generate
        case .node(let node, let repeatable):
            if quantifier != nil && !repeatable {
                throw error("quantifier does not follow a repeatable item (an anchor or \\b cannot be repeated)",
                            at: offset)
            }
            flushLiteral(&builder)
            body = node
            bodyMatches = nil
            first = nil
        }
        guard let quantifier else {
            let isEnd = program.nodes[body] == .assertion(.end)
            builder.append(body, first: program.minLength[body] > 0 ? first : nil, isEnd: isEnd)
            return
        }
        let repeated = program.add(.repetition(body: body, min: quantifier.min, max: quantifier.max))
        builder.append(repeated, first: quantifier.min > 0 ? first : nil)
        if quantifier.possessive {
            program.atomicNodes.insert(repeated)
            if let bodyMatches {
                // A fixed count of single characters cannot be given back anyway.
                if quantifier.min != quantifier.max {
                    builder.possessive.append((builder.items.count - 1, bodyMatches))
                }
            } else {
                needsFiltering = true
            }
        }
    }

    private mutating func flushLiteral(_ builder: inout SequenceBuilder) {
        guard builder.literalCount > 0 else { return }
        let node = program.add(.literal(bytes: builder.literalBytes, scalarCount: builder.literalCount))
        builder.append(node, first: RegexCharSet(scalars: [builder.literalFirst]))
        builder.literalBytes.removeAll(keepingCapacity: true)
        builder.literalCount = 0
    }

    /// A possessive quantifier on a single character matches the same values as a greedy one
    /// when what follows can never start with a character it would have taken. Otherwise the
    /// values must be filtered.
    private mutating func checkPossessive(_ builder: SequenceBuilder) {
        for (item, matches) in builder.possessive {
            var next = item + 1
            while next < builder.items.count && builder.isEndAssertion[next] { next += 1 }
            let safe: Bool
            if next == builder.items.count {
                safe = depth == 0  // followed by the end of the value
            } else if let following = builder.firstGenerated[next] {
                safe = following.subtracting(RegexAlphabets.pool).isEmpty && following.intersection(matches).isEmpty
            } else {
                safe = false
            }
            if !safe { needsFiltering = true }
        }
    }
}
