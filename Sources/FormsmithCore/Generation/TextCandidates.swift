/// Which end of a range `--boundaries` asks for.
enum BoundaryEdge {
    case lowest, highest
}

/// Candidate string values for a ``TextSpec``: from masks, regex walks, or random words.
enum TextCandidates {
    /// Lower-case Latin letters for words of plain text.
    private static let letters = Array("abcdefghijklmnopqrstuvwxyz".utf8)
    /// How long plain text is when nothing bounds it, and how far above the minimum it goes.
    static let plainSpan = 40

    /// Appends one candidate to `output` (not yet confirmed against the spec's other checks);
    /// returns how many regex draws missed the length hint and were drawn again.
    @discardableResult
    static func append(_ spec: TextSpec, to output: inout [UInt8], random: inout SeededRandom,
                       edge: BoundaryEdge?) -> LengthRedraws {
        switch spec.flatSource {
        case .mask(let mask)?:
            mask.append(to: &output, random: &random, edge: edge)
            return LengthRedraws()
        case .regex(let emitter)?:
            let window = regexWindow(spec, bounds: emitter.lengthBounds, edge: edge)
            if window == nil || emitter.isFixedLength {
                return emitter.append(to: &output, random: &random, lengthWithin: window)
            }
        case nil:
            break
        }
        switch spec.source {
        case .constant(let bytes):
            output.append(contentsOf: bytes)
        case .mask(let steps):
            appendMask(steps, to: &output, random: &random, edge: edge)
        case .regex(let walker):
            let window = regexWindow(spec, bounds: walker.generator.lengthBounds, edge: edge)
            return walker.generator.append(to: &output, using: &random, lengthWithin: window)
        case .format(let format, let walker):
            if let walker, random.chance(0.5) {
                return walker.generator.append(to: &output, using: &random, lengthWithin: spec.lengthWindow)
            } else {
                format.append(to: &output, random: &random)
            }
        case .intersection(let product):
            var window = spec.lengthWindow
            if let edge, let current = window {
                let end = edge == .lowest ? current.lowerBound
                    : (current.upperBound == Int.max ? current.lowerBound + plainSpan : current.upperBound)
                window = end...end
            }
            product.append(to: &output, random: &random, lengthWithin: window)
        case .plain:
            appendWords(length: plainLength(spec, random: &random, edge: edge), to: &output, random: &random)
        }
        return LengthRedraws()
    }

    /// The length hint for a regex value: the length checks' window, or one end of it (or of
    /// the pattern's lengths) for `--boundaries`.
    private static func regexWindow(_ spec: TextSpec, bounds: ClosedRange<Int>, edge: BoundaryEdge?) -> ClosedRange<Int>? {
        var window = spec.lengthWindow
        if let edge, let current = window ?? (bounds.lowerBound == bounds.upperBound ? nil : bounds) {
            let end = edge == .lowest ? current.lowerBound
                : (current.upperBound == Int.max ? current.lowerBound + plainSpan : current.upperBound)
            window = end...end
        }
        return window
    }

    private static func appendMask(_ steps: [MaskStep], to output: inout [UInt8], random: inout SeededRandom,
                                   edge: BoundaryEdge?) {
        for step in steps {
            if step.isOptional {
                let include = edge.map { $0 == .highest } ?? random.chance(0.5)
                if !include { continue }
            }
            switch step.kind {
            case .literal(let bytes): output.append(contentsOf: bytes)
            case .digit: output.append(UInt8(ascii: "0") + UInt8(random.int(in: 0...9)))
            case .pattern(let walker): walker.generator.append(to: &output, using: &random)
            }
        }
    }

    /// The length of plain text: within the length checks, at most `plainSpan` above the minimum.
    static func plainLength(_ spec: TextSpec, random: inout SeededRandom, edge: BoundaryEdge?) -> Int {
        let low = max(spec.minLength ?? 1, 0)
        let high = max(low, min(spec.maxLength ?? Int.max, low + plainSpan))
        switch edge {
        case .lowest?: return low
        case .highest?: return max(low, min(spec.maxLength ?? high, 100_000))
        case nil: return random.int(in: low...high)
        }
    }

    /// Appends `length` characters of capitalised words of random letters separated by spaces.
    static func appendWords(length: Int, to output: inout [UInt8], random: inout SeededRandom) {
        var written = 0
        var wordLeft = random.int(in: 2...9)
        var first = true
        while written < length {
            if wordLeft == 0 && written < length - 1 {
                output.append(UInt8(ascii: " "))
                wordLeft = random.int(in: 2...9)
            } else {
                let letter = letters[random.int(in: 0...(letters.count - 1))]
                output.append(first ? letter - 32 : letter)
                first = false
                wordLeft = max(0, wordLeft - 1)
            }
            written += 1
        }
    }

    /// Appends `value` in decimal, zero-padded to `width` digits, without allocating.
    static func appendNumber<Sink: ByteSink & ~Copyable>(_ value: UInt64, width: Int = 1, to output: inout Sink) {
        var digits: (UInt64, Int) = (value, 0)
        var divisor: UInt64 = 1
        while digits.0 / divisor >= 10 {
            divisor *= 10
            digits.1 += 1
        }
        if digits.1 + 1 < width {
            for _ in 0..<(width - digits.1 - 1) { output.append(UInt8(ascii: "0")) }
        }
        var rest = value
        while divisor > 0 {
            output.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// Appends a signed integer in decimal.
    static func appendInteger<Sink: ByteSink & ~Copyable>(_ value: Int64, to output: inout Sink) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        appendNumber(value.magnitude, to: &output)
    }

    /// Appends `mantissa / 10^scale` in decimal notation (`-12.05`).
    static func appendDecimal<Sink: ByteSink & ~Copyable>(mantissa: Int64, scale: Int, to output: inout Sink) {
        guard scale > 0 else { return appendInteger(mantissa, to: &output) }
        if mantissa < 0 { output.append(UInt8(ascii: "-")) }
        var factor: UInt64 = 1
        for _ in 0..<scale { factor *= 10 }
        let magnitude = mantissa.magnitude
        appendNumber(magnitude / factor, to: &output)
        output.append(UInt8(ascii: "."))
        appendNumber(magnitude % factor, width: scale, to: &output)
    }
}
