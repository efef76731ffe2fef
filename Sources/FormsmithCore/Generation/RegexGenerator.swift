import FormsmithValues

/// Generates strings matching a PCRE2 pattern by walking its syntax tree.
///
/// The pattern is parsed once; each value is then built by random choices (branches, repeat
/// counts, characters from sets) drawn from a `SeededRandom`, so equal seeds give equal values.
/// Values always match the WHOLE pattern (as with `^(?:…)$`) unless `needsFiltering` is true.
package struct RegexGenerator: Sendable {
    /// The longest stretch above the lower length bound that `lengthWithin` aims at when the
    /// pattern itself is unbounded (so `0...Int.max` cannot ask for gigantic values).
    package static let maxTargetSpan = 4096
    /// How many values are tried for a length hint before the last one is kept anyway (each
    /// one drawn again is counted, ``LengthRedraws``).
    static let lengthAttempts = 4

    /// The pattern the generator was built from.
    package let pattern: String
    /// Whether the pattern uses constructs the walker cannot honour by construction
    /// (lookarounds, back references it cannot reproduce, `\b`, conditionals, atomic groups,
    /// possessive quantifiers that could refuse a value, anchors in the middle): callers must
    /// then generate-then-filter with PCRE2.
    package let needsFiltering: Bool
    /// The most iterations an unbounded quantifier (`*`, `+`, `{n,}`) makes beyond its minimum.
    package let unboundedCap: Int
    /// The parsed pattern (``PatternIntersection`` builds its automaton from it).
    let program: RegexProgram
    /// The program in plain memory, for free-form values and values of a fixed length (nil:
    /// the walker draws every value).
    let flat: FlatRegexEmitter?
    private let flatStorage: FlatRegexStorage

    /// Parses `pattern`; `caseInsensitive` is the same as a leading `(?i)`.
    /// `unboundedCap` (negative values count as 0) bounds `*`, `+` and `{n,}` to `min + unboundedCap`.
    /// Throws when the pattern is malformed or uses a construct with no fallback (recursion,
    /// subroutine calls, callouts, backtracking verbs, unsupported Unicode properties).
    package init(pattern: String, caseInsensitive: Bool = false, unboundedCap: Int = 8) throws(PatternSyntaxError) {
        var parser = RegexParser(pattern: pattern)
        program = try parser.parsePattern(caseInsensitive: caseInsensitive)
        needsFiltering = parser.needsFiltering || RegexAnalysis.needsFiltering(program)
        self.pattern = pattern
        self.unboundedCap = max(0, unboundedCap)
        flatStorage = FlatRegexStorage()
        flat = FlatRegexEmitter.make(program, unboundedCap: self.unboundedCap, owner: flatStorage)
    }

    /// The fewest and most Unicode scalars a value can have (`Int.max`: unbounded).
    package var lengthBounds: ClosedRange<Int> {
        program.minLength[program.root]...program.maxLength[program.root]
    }

    /// A random string the whole pattern matches (whole-value semantics: `^` and `$` at the
    /// ends are accepted and ignored; the value must match the WHOLE pattern).
    package func generate(using random: inout SeededRandom) -> String {
        generate(using: &random, lengthWithin: nil)
    }

    /// Like `generate(using:)`, trying to produce a length (in Unicode scalars) within
    /// `lengthWithin` when the pattern allows (used for min/max length bounds); best effort:
    /// the value always matches the pattern, its length may fall outside the hint.
    package func generate(using random: inout SeededRandom, lengthWithin: ClosedRange<Int>?) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(64)
        append(to: &output, using: &random, lengthWithin: lengthWithin)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends a generated value's UTF-8 bytes to `output` (for callers that reuse a buffer);
    /// returns how many draws missed `lengthWithin` and were drawn again.
    @discardableResult
    package func append(to output: inout [UInt8], using random: inout SeededRandom,
                        lengthWithin: ClosedRange<Int>? = nil) -> LengthRedraws {
        if let flat, lengthWithin == nil || flat.isFixedLength {
            return flat.append(to: &output, random: &random, lengthWithin: lengthWithin)
        }
        return appendByWalk(to: &output, using: &random, lengthWithin: lengthWithin)
    }

    /// Whether free-form values are drawn by the flat emitter rather than the walk.
    var drawsFlat: Bool { flat != nil }

    /// `append` by walking the syntax tree (what the flat emitter must agree with, byte for byte).
    @discardableResult
    func appendByWalk(to output: inout [UInt8], using random: inout SeededRandom,
                      lengthWithin: ClosedRange<Int>?) -> LengthRedraws {
        var redraws = LengthRedraws()
        let captures = program.hasBackreferences ? [Int](repeating: -1, count: 2 * (program.captureCount + 1)) : []
        var walk = RegexWalk(output: [], random: random, captures: captures, unboundedCap: unboundedCap)
        swap(&walk.output, &output)
        walk.valueStart = walk.output.count
        if let lengthWithin {
            // Interval planning cannot see gaps in the achievable lengths (e.g. `(-[а-я]+)?` gives 0 or
            // at least 2), so a miss is retried a few times; the last attempt is kept regardless.
            let start = walk.output.count
            for attempt in 1...RegexGenerator.lengthAttempts {
                let target = Self.target(within: lengthWithin, bounds: lengthBounds, random: &walk.random)
                walk.emit(program.root, target: target, in: program)
                if lengthWithin.contains(walk.produced) || attempt == RegexGenerator.lengthAttempts { break }
                redraws.count(walk.produced, missing: lengthWithin)
                walk.output.removeSubrange(start...)
                walk.produced = 0
                walk.boundaryNegated = nil
                walk.lastSet = nil
                for index in walk.captures.indices { walk.captures[index] = -1 }
            }
        } else {
            walk.emit(program.root, in: program)
        }
        walk.finish()
        swap(&walk.output, &output)
        random = walk.random
        return redraws
    }

    /// The length to aim at: uniform over the hint intersected with what the pattern allows,
    /// or the pattern's nearest bound when they do not overlap.
    static func target(within hint: ClosedRange<Int>, bounds: ClosedRange<Int>, random: inout SeededRandom) -> Int {
        let shortest = bounds.lowerBound
        let longest = bounds.upperBound
        let low = max(hint.lowerBound, shortest)
        let high = min(hint.upperBound, longest, saturatingAdd(low, RegexGenerator.maxTargetSpan))
        if low <= high { return random.int(in: low...high) }
        return hint.upperBound < shortest ? shortest : longest
    }
}
