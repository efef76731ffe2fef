import FormsmithValues

/// Generation state for one value: the output bytes, the random source and, when the
/// pattern has back references, the byte range last captured by each group.
struct RegexWalk {
    var output: [UInt8]
    var random: SeededRandom
    /// `captures[2n]` and `captures[2n+1]`: start and end of group n's text, -1 when unset.
    var captures: [Int]
    /// The most iterations an unbounded quantifier makes beyond its minimum (free generation).
    let unboundedCap: Int
    /// How many scalars have been appended so far (lets targeted generation adapt to shortfalls).
    var produced = 0
    /// A `\b` (false) or `\B` (true) met at output offset `boundaryAt` and not yet settled by
    /// the character after it.
    var boundaryNegated: Bool?
    var boundaryAt = -1
    /// The set the last character was drawn from and where its bytes start, so that a word
    /// boundary before a literal can redraw it; nil when the last text was not drawn from a set.
    var lastSet: RegexCharSet?
    var lastSetAt = -1
    /// Where this value's bytes start in `output` (a caller may append to earlier text).
    var valueStart = 0

    /// Appends free-form text for `node`: every choice uniformly random.
    mutating func emit(_ node: Int, in program: RegexProgram) {
        switch program.nodes[node] {
        case .literal(let bytes, _):
            if let negated = pendingBoundary(), let first = String(decoding: bytes, as: UTF8.self).unicodeScalars.first {
                settleBoundary(negated: negated, nextIsWord: RegexWordBoundary.isWord(first.value))
            }
            output.append(contentsOf: bytes)
            produced += program.minLength[node]
            lastSet = nil
        case .charSet(let set):
            var value = set.pick(using: &random)
            if let negated = pendingBoundary() {
                // The character after a boundary: of the other kind (\b) or the same kind (\B)
                // as the one before, when the set has one.
                let wanted = RegexWordBoundary.isWord(lastScalar()) != !negated
                if RegexWordBoundary.isWord(value) != wanted {
                    value = RegexWordBoundary.pick(from: set, word: wanted, using: &random) ?? value
                }
                boundaryNegated = nil
            }
            lastSet = set
            lastSetAt = output.count
            RegexUTF8.append(value, to: &output)
            produced += 1
        case .sequence(let children):
            for child in children { emit(child, in: program) }
        case .alternation(let children), .conditional(let children):
            emit(children[random.int(in: 0...(children.count - 1))], in: program)
        case .repetition(let body, let low, let high):
            let count = random.int(in: low...(high ?? saturatingAdd(low, unboundedCap)))
            for _ in 0..<count { emit(body, in: program) }
        case .capture(let body, let number):
            let start = output.count
            emit(body, in: program)
            record(number, from: start)
        case .backreference(let number):
            copyCapture(number)
            lastSet = nil
        case .assertion(let kind):
            if case .wordBoundary(let negated) = kind {
                boundaryNegated = negated
                boundaryAt = output.count
            }
        }
    }

    /// Settles a boundary left pending at the end of the value (the end counts as a non-word
    /// character) and forgets the per-value state.
    mutating func finish() {
        if let negated = pendingBoundary() { settleBoundary(negated: negated, nextIsWord: false) }
        boundaryNegated = nil
        lastSet = nil
    }

    /// The pending boundary if it sits at the current end of the output.
    private mutating func pendingBoundary() -> Bool? {
        guard let negated = boundaryNegated else { return nil }
        guard boundaryAt == output.count else {
            boundaryNegated = nil
            return nil
        }
        return negated
    }

    /// Makes the character before a boundary fit the one after it (of the other kind for `\b`,
    /// the same kind for `\B`) by redrawing it from its set, when it was drawn from one that
    /// has such a character and no back reference can have copied it.
    private mutating func settleBoundary(negated: Bool, nextIsWord: Bool) {
        boundaryNegated = nil
        let wanted = nextIsWord == negated
        guard RegexWordBoundary.isWord(lastScalar()) != wanted, let set = lastSet, captures.isEmpty,
              lastSetAt >= valueStart, lastSetAt < output.count,
              let value = RegexWordBoundary.pick(from: set, word: wanted, using: &random) else { return }
        output.removeSubrange(lastSetAt...)
        RegexUTF8.append(value, to: &output)
    }

    /// The last scalar of the output, nil at the start.
    private func lastScalar() -> UInt32? {
        guard output.count > valueStart else { return nil }
        var start = output.count - 1
        while start > valueStart, output[start] & 0xC0 == 0x80 { start -= 1 }
        return String(decoding: output[start...], as: UTF8.self).unicodeScalars.first?.value
    }

    /// Appends text for `node`, aiming at `target` scalars (best effort: the text always
    /// matches, its length is as close to `target` as the choices allow).
    mutating func emit(_ node: Int, target: Int, in program: RegexProgram) {
        if program.minLength[node] == program.maxLength[node] { return emit(node, in: program) }
        switch program.nodes[node] {
        case .sequence(let children):
            emitSequence(children, target: target, in: program)
        case .alternation(let children), .conditional(let children):
            emitBranch(children, target: target, in: program)
        case .repetition(let body, let low, let high):
            emitRepetition(body, low: low, high: high ?? Int.max, target: target, in: program)
        case .capture(let body, let number):
            let start = output.count
            emit(body, target: target, in: program)
            record(number, from: start)
        default:
            emit(node, in: program)
        }
    }

    private mutating func emitSequence(_ children: [Int], target: Int, in program: RegexProgram) {
        var restLow = 0
        var restFiniteHigh = 0
        var restUnbounded = 0
        for child in children {
            restLow = saturatingAdd(restLow, program.minLength[child])
            if program.maxLength[child] == Int.max {
                restUnbounded += 1
            } else {
                restFiniteHigh = saturatingAdd(restFiniteHigh, program.maxLength[child])
            }
        }
        var remaining = target
        for child in children {
            let low = program.minLength[child]
            let high = program.maxLength[child]
            restLow -= low
            if high == Int.max { restUnbounded -= 1 } else { restFiniteHigh -= high }
            let restHigh = restUnbounded > 0 ? Int.max : restFiniteHigh
            let share = pickShare(of: remaining, low: low, high: high, restLow: restLow, restHigh: restHigh)
            let before = produced
            emit(child, target: share, in: program)
            remaining -= produced - before
        }
    }

    /// A length for one part in [low, high] that leaves the rest able to reach `total`
    /// when possible; the nearest feasible value otherwise.
    private mutating func pickShare(of total: Int, low: Int, high: Int, restLow: Int, restHigh: Int) -> Int {
        let least = max(low, restHigh == Int.max ? low : total - restHigh)
        let most = min(high, total - restLow)
        if least <= most { return random.int(in: least...most) }
        return total - restLow < low ? low : min(high, least)
    }

    private mutating func emitBranch(_ children: [Int], target: Int, in program: RegexProgram) {
        var fitting = 0
        for child in children where (program.minLength[child]...program.maxLength[child]).contains(target) {
            fitting += 1
        }
        if fitting > 0 {
            var chosen = random.int(in: 0...(fitting - 1))
            for child in children where (program.minLength[child]...program.maxLength[child]).contains(target) {
                if chosen == 0 { return emit(child, target: target, in: program) }
                chosen -= 1
            }
        }
        var best = children[0]
        var bestDistance = Int.max
        for child in children {
            let distance = max(program.minLength[child] - target, target - program.maxLength[child], 0)
            if distance < bestDistance {
                best = child
                bestDistance = distance
            }
        }
        emit(best, target: target, in: program)
    }

    private mutating func emitRepetition(_ body: Int, low: Int, high: Int, target: Int, in program: RegexProgram) {
        let bodyLow = program.minLength[body]
        let bodyHigh = program.maxLength[body]
        guard bodyHigh > 0 else {  // the body can only be empty
            for _ in 0..<low { emit(body, in: program) }
            return
        }
        let needed = bodyHigh == Int.max ? (target > 0 ? 1 : 0) : (target + bodyHigh - 1) / bodyHigh
        let fewest = max(low, needed)
        let most = min(high, bodyLow == 0 ? max(low, target) : target / bodyLow)
        let count: Int
        if fewest <= most {
            count = random.int(in: fewest...most)
        } else {  // no count fits exactly: the nearer of the two neighbours, preferring fewer
            let under = max(low, min(most, high))
            let over = min(fewest, high)
            count = target - saturatingMultiply(under, bodyHigh) <= saturatingMultiply(over, bodyLow) - target ? under : over
        }
        var remaining = target
        for index in 0..<count {
            let rest = count - index - 1
            let share = pickShare(of: remaining, low: bodyLow, high: bodyHigh, restLow: saturatingMultiply(rest, bodyLow),
                                  restHigh: saturatingMultiply(rest, bodyHigh))
            let before = produced
            emit(body, target: share, in: program)
            remaining -= produced - before
        }
    }

    private mutating func record(_ number: Int, from start: Int) {
        guard !captures.isEmpty else { return }
        captures[2 * number] = start
        captures[2 * number + 1] = output.count
    }

    private mutating func copyCapture(_ number: Int) {
        guard !captures.isEmpty, captures[2 * number] >= 0 else { return }
        for index in captures[2 * number]..<captures[2 * number + 1] {
            let byte = output[index]
            output.append(byte)
            if byte & 0xC0 != 0x80 { produced += 1 }  // a UTF-8 lead byte starts a scalar
        }
    }
}

/// Word characters as PCRE2 sees them in UCP mode (`\w`: letters, numbers, underscore), for
/// drawing the characters around `\b` and `\B`.
enum RegexWordBoundary {
    /// Whether `value` is a word character; nil (the start or end of the value) is not.
    static func isWord(_ value: UInt32?) -> Bool {
        guard let value, let scalar = Unicode.Scalar(value) else { return false }
        return scalar == "_" || "LN".contains(RegexAlphabets.categoryCode(of: scalar).first ?? " ")
    }

    /// A member of `set` that is (or is not) a word character, nil if it has none. Draws a few
    /// times at random, then takes the first fitting member in order.
    static func pick(from set: RegexCharSet, word: Bool, using random: inout SeededRandom) -> UInt32? {
        for _ in 0..<16 {
            let value = set.pick(using: &random)
            if isWord(value) == word { return value }
        }
        for range in set.ranges {
            for value in range.prefix(256) where isWord(value) == word { return value }
        }
        return nil
    }
}
