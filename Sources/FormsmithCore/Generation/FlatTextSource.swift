/// Where a ``TextSpec``'s candidates come from, in plain memory: drawing one from a shared
/// spec then retains nothing (the spec's `source` holds arrays and shared walkers, whose
/// reference counts both workers would write for every value). Draws exactly as
/// `TextCandidates` does from `source`.
enum FlatTextSource {
    case mask(FlatMask)
    case regex(FlatRegexEmitter)

    /// The counterpart of `source`, nil when some part of it is only drawn by walking.
    static func make(_ source: TextSpec.Source, owner: FlatRegexStorage) -> FlatTextSource? {
        switch source {
        case .mask(let steps): return FlatMask.make(steps, owner: owner).map { .mask($0) }
        case .regex(let walker): return walker.generator.flat.map { .regex($0) }
        case .constant, .format, .plain, .intersection: return nil
        }
    }
}

/// The steps of an input mask in plain memory (adjacent literals joined).
struct FlatMask: @unchecked Sendable {
    struct Step {
        enum Kind: UInt8 {
            /// `bytes[a..<b]`.
            case literal
            case digit
            /// A value of `patterns[a]`.
            case pattern
        }

        var kind: Kind
        var isOptional: Bool
        var a = 0
        var b = 0
    }

    // Immutable after `make`; owned by the spec's storage.
    private let steps: UnsafeBufferPointer<Step>
    private let bytes: UnsafeBufferPointer<UInt8>
    private let patterns: UnsafeBufferPointer<FlatRegexEmitter>

    static func make(_ maskSteps: [MaskStep], owner: FlatRegexStorage) -> FlatMask? {
        var steps: [Step] = []
        var bytes: [UInt8] = []
        var patterns: [FlatRegexEmitter] = []
        for step in maskSteps {
            switch step.kind {
            case .literal(let literal):
                if !step.isOptional, let last = steps.last, last.kind == .literal, !last.isOptional {
                    steps[steps.count - 1].b += literal.count
                } else {
                    steps.append(Step(kind: .literal, isOptional: step.isOptional, a: bytes.count,
                                      b: bytes.count + literal.count))
                }
                bytes.append(contentsOf: literal)
            case .digit:
                steps.append(Step(kind: .digit, isOptional: step.isOptional))
            case .pattern(let walker):
                guard let flat = walker.generator.flat else { return nil }
                steps.append(Step(kind: .pattern, isOptional: step.isOptional, a: patterns.count))
                patterns.append(flat)
            }
        }
        return FlatMask(steps: owner.copy(steps), bytes: owner.copy(bytes), patterns: owner.copy(patterns))
    }

    private init(steps: UnsafeBufferPointer<Step>, bytes: UnsafeBufferPointer<UInt8>,
                 patterns: UnsafeBufferPointer<FlatRegexEmitter>) {
        self.steps = steps
        self.bytes = bytes
        self.patterns = patterns
    }

    /// Appends one value, drawn as `TextCandidates` draws it from the mask's steps.
    func append(to output: inout [UInt8], random: inout SeededRandom, edge: BoundaryEdge?) {
        for step in steps {
            if step.isOptional {
                let include = edge.map { $0 == .highest } ?? random.chance(0.5)
                if !include { continue }
            }
            switch step.kind {
            case .literal: output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[step.a..<step.b]))
            case .digit: output.append(UInt8(ascii: "0") + UInt8(random.int(in: 0...9)))
            case .pattern: _ = patterns[step.a].emit(to: &output, random: &random)
            }
        }
    }
}
