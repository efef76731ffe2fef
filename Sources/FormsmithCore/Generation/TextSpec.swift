import FormsmithValues

/// Everything a string or text value must satisfy at once (a field's own checks plus those of
/// the `cases` that hold), and where candidate values come from.
final class TextSpec: Sendable {
    /// Where candidates come from, in order of preference.
    enum Source: Sendable {
        /// The field's `const`.
        case constant([UInt8])
        /// The steps of an input mask.
        case mask([MaskStep])
        /// A walk of the (first) regex.
        case regex(PatternWalker)
        /// A realistic value of a named format (`format: email`), or every other time a walk
        /// of the field's regex when it has one as well (the value must pass both).
        case format(TextFormat, regex: PatternWalker?)
        /// Words of random letters (no format given).
        case plain
        /// Values every regex and mask of the field matches at once (two patterns or more, none
        /// of them filtered): drawn from their product, so no draw is thrown away.
        case intersection(PatternIntersection)
    }

    let minLength: Int?
    let maxLength: Int?
    /// Every regex the value must match.
    let regexes: [CompiledRegex]
    /// Every mask the value must fit (as compiled patterns).
    let masks: [CompiledRegex]
    let source: Source
    /// Whether candidates from `source` must be confirmed against `regexes` and `masks`
    /// (filtered patterns, several formats at once, checksums rewriting characters).
    let needsConfirmation: Bool
    let checksum: (algorithm: ChecksumAlgorithm, companion: Int?)?
    /// The named format the value must be in.
    let format: TextFormat?
    /// Seed values that pass every check above (checksums with a companion excepted).
    let seeds: [[UInt8]]
    /// The defects a value can be given, each with the text check that breaks it (the first
    /// check offering it; ``TextCheck/defects(in:)``).
    let defects: [(defect: TextDefect, check: any TextCheck)]
    /// `source` in plain memory, when it can be drawn that way.
    let flatSource: FlatTextSource?
    /// Owns the memory `flatSource` points into (shared by a ``narrowed(minLength:maxLength:)`` copy).
    private let flatStorage: FlatRegexStorage

    /// The length window to aim at, from the length checks.
    var lengthWindow: ClosedRange<Int>? {
        guard minLength != nil || maxLength != nil else { return nil }
        let low = max(0, minLength ?? 0)
        return low...max(low, maxLength ?? Int.max)
    }

    /// Builds the spec for `checks`, reading `seedList` when the field names one.
    /// `companionShape` is the shape another field's checksum needs this one to have (a BIC
    /// beside a `bank-account`), drawn when the field's own checks give it no shape.
    init(checks: [ValueCheck], seedList: [String], companionShape: String? = nil) throws(GenerationError) {
        let parts = TextRequirements(checks)
        var defects: [(defect: TextDefect, check: any TextCheck)] = []
        for case .text(let check) in checks {
            for defect in check.defects(in: parts) where !defects.contains(where: { $0.defect.rule == defect.rule }) {
                defects.append((defect, check))
            }
        }
        self.defects = defects
        flatStorage = FlatRegexStorage()
        let (minLength, maxLength, regexes, masks) = (parts.minLength, parts.maxLength, parts.regexes, parts.masks)
        let checksum = parts.checksum
        let format = parts.format
        var source = Source.plain
        var needsConfirmation = parts.needsConfirmation
        if let constant = parts.constant {
            source = .constant(constant)
            needsConfirmation = true
        } else if format == nil, let product = try TextSpec.intersection(
            regexes: parts.regexes + TextSpec.checksumShape(checksum, beside: parts.regexes), masks: parts.masks) {
            source = .intersection(product)
            needsConfirmation = checksum != nil
        } else if let maskSource = parts.maskSource, let mask = try? InputMask(maskSource) {
            source = .mask(try MaskStep.steps(for: mask))
            if parts.generatorRegex != nil { needsConfirmation = true }
        } else if let format {
            var walker: PatternWalker?
            if let generatorRegex = parts.generatorRegex { walker = PatternWalker(try TextSpec.generator(for: generatorRegex)) }
            source = .format(format, regex: walker)
        } else if let generatorRegex = parts.generatorRegex {
            let generator = try TextSpec.generator(for: generatorRegex)
            source = .regex(PatternWalker(generator))
            if generator.needsFiltering || generatorRegex.options.contains(.multiline) { needsConfirmation = true }
        } else if let checksum, let shape = try? CompiledRegex(pattern: checksum.algorithm.generationShape) {
            // A checksum alone: values of its own shape (plain words never carry check digits).
            source = .regex(PatternWalker(try TextSpec.generator(for: shape)))
            needsConfirmation = true
        } else if let companionShape, let shape = try? CompiledRegex(pattern: companionShape) {
            // A plain field another field's check digits are computed from (a BIC): a plain word
            // would leave that field no valid value, so values of the shape its checksum reads.
            source = .regex(PatternWalker(try TextSpec.generator(for: shape)))
            needsConfirmation = true
        }
        self.minLength = minLength
        self.maxLength = maxLength
        self.regexes = regexes
        self.masks = masks
        self.source = source
        flatSource = FlatTextSource.make(source, owner: flatStorage)
        self.needsConfirmation = needsConfirmation
        self.checksum = checksum
        self.format = format
        let scratch = RegexScratch()
        seeds = seedList.map { Array($0.utf8) }.filter { seed in
            TextSpec.passes(seed, minLength: minLength, maxLength: maxLength, regexes: regexes, masks: masks,
                            checksum: checksum, format: format, companion: nil, scratch: scratch)
        }
    }

    /// This spec with the length checks `minLength` and `maxLength` instead of its own (an
    /// assertion reading the value's length, `count(owner) > 1`, narrows them), its seeds
    /// filtered to them; everything else shared.
    func narrowed(minLength: Int?, maxLength: Int?) -> TextSpec {
        TextSpec(narrowing: self, minLength: minLength, maxLength: maxLength)
    }

    private init(narrowing base: TextSpec, minLength: Int?, maxLength: Int?) {
        self.minLength = minLength
        self.maxLength = maxLength
        regexes = base.regexes
        masks = base.masks
        source = base.source
        needsConfirmation = base.needsConfirmation
        checksum = base.checksum
        format = base.format
        defects = base.defects
        flatStorage = base.flatStorage
        flatSource = base.flatSource
        seeds = base.seeds.filter { seed in
            let length = seed.withUnsafeBufferPointer { RecordValidator.scalarCount($0) }
            return length >= (minLength ?? 0) && length <= (maxLength ?? Int.max)
        }
    }

    /// The shape of an IBAN checksum, drawn together with the field's own regexes: only some
    /// lengths are registered (15 to 34, not all), so a regex such as
    /// `^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$` walked alone drew lengths no country has, and the value
    /// was drawn again (74 of 200 on a random form). Other checksums take every length their
    /// usual regexes allow, and keep the walk of the field's regex.
    private static func checksumShape(_ checksum: (algorithm: ChecksumAlgorithm, companion: Int?)?, beside regexes: [CompiledRegex]) -> [CompiledRegex] {
        guard let checksum, checksum.algorithm == .iban, !regexes.isEmpty,
              let shape = try? CompiledRegex(pattern: "^(?:" + checksum.algorithm.generationShape + ")$")
        else { return [] }
        return [shape]
    }

    /// The intersection of two patterns or more (regexes and masks), when none needs filtering and
    /// their product stays small; nil otherwise.
    private static func intersection(regexes: [CompiledRegex], masks: [CompiledRegex]) throws(GenerationError)
        -> PatternIntersection?
    {
        guard regexes.count + masks.count >= 2 else { return nil }
        var programs: [RegexProgram] = []
        for regex in regexes + masks {
            let generator = try TextSpec.generator(for: regex)
            guard !generator.needsFiltering, !regex.options.contains(.multiline) else { return nil }
            programs.append(generator.program)
        }
        return PatternIntersection.make(programs)
    }

    /// A generator for a field's regex, with the field's flags written inline.
    static func generator(for regex: CompiledRegex) throws(GenerationError) -> RegexGenerator {
        let options = regex.options
        var flags = ""
        if options.contains(.multiline) { flags += "m" }
        if options.contains(.dotAll) { flags += "s" }
        if options.contains(.extended) { flags += "x" }
        if options.contains(.noAutoCapture) { flags += "n" }
        let pattern = flags.isEmpty ? regex.pattern : "(?\(flags))" + regex.pattern
        do {
            return try RegexGenerator(pattern: pattern, caseInsensitive: options.contains(.caseInsensitive))
        } catch {
            throw GenerationError(field: nil, rule: RuleIdentifier.regex,
                                  message: "\(error.description); the pattern is \(regex.pattern)")
        }
    }

    /// Whether `value` passes every check of the spec; `companion` is the checksum's companion
    /// value when it has one (nil skips companion checksums).
    func accepts(_ value: [UInt8], companion: [UInt8]?, scratch: RegexScratch) -> Bool {
        TextSpec.passes(value, minLength: minLength, maxLength: maxLength, regexes: regexes, masks: masks,
                        checksum: checksum, format: format, companion: companion, scratch: scratch)
    }

    private static func passes(_ value: [UInt8], minLength: Int?, maxLength: Int?, regexes: [CompiledRegex],
                               masks: [CompiledRegex], checksum: (algorithm: ChecksumAlgorithm, companion: Int?)?,
                               format: TextFormat?, companion: [UInt8]?, scratch: RegexScratch) -> Bool {
        value.withUnsafeBufferPointer { bytes in
            let length = RecordValidator.scalarCount(bytes)
            if let minLength, length < minLength { return false }
            if let maxLength, length > maxLength { return false }
            for regex in regexes where !regex.matches(bytes, scratch: scratch).isMatch { return false }
            for mask in masks where !mask.matches(bytes, scratch: scratch).isMatch { return false }
            if let format, format.problem(in: bytes) != nil { return false }
            guard let checksum else { return true }
            if checksum.companion == nil { return checksum.algorithm.isValid(bytes, companion: nil) }
            guard let companion else { return true }
            return companion.withUnsafeBufferPointer { checksum.algorithm.isValid(bytes, companion: $0) }
        }
    }
}

/// What a text value's checks ask of it, gathered check by check: each kind adds its part in
/// its own file (``TextCheck/require(_:)``: `LengthCheck.Window`, `RegexCheck.Pattern` ...), and
/// ``TextSpec`` then chooses where candidates come from.
struct TextRequirements {
    var minLength: Int?
    var maxLength: Int?
    /// Every regex the value must match.
    var regexes: [CompiledRegex] = []
    /// Every mask the value must fit (as compiled patterns).
    var masks: [CompiledRegex] = []
    /// Whether candidates must be confirmed against every check after they are drawn.
    var needsConfirmation = false
    var checksum: (algorithm: ChecksumAlgorithm, companion: Int?)?
    /// The standard format the value must be in, when there is one.
    var format: TextFormat?
    /// The `const` value, when there is one: the only candidate.
    var constant: [UInt8]?
    /// The regex candidates are walked from (the first one).
    var generatorRegex: CompiledRegex?
    /// The mask candidates are drawn from (the first one).
    var maskSource: String?
}

extension RegexMatchResult {
    /// Whether the value matched.
    var isMatch: Bool {
        if case .match = self { return true }
        return false
    }
}

/// One position of a mask, ready to generate a character.
struct MaskStep: Sendable {
    enum Kind: Sendable {
        case literal([UInt8])
        case digit
        /// A letter, letter-or-digit or set: a one-character pattern.
        case pattern(PatternWalker)
    }

    let kind: Kind
    let isOptional: Bool

    /// The steps of `mask`.
    static func steps(for mask: InputMask) throws(GenerationError) -> [MaskStep] {
        var steps: [MaskStep] = []
        for element in mask.elements {
            switch element {
            case .literal(let scalar):
                var bytes: [UInt8] = []
                JSONStrings.appendUTF8(scalar.value, to: &bytes)
                steps.append(MaskStep(kind: .literal(bytes), isOptional: false))
            case .digit(let optional):
                steps.append(MaskStep(kind: .digit, isOptional: optional))
            default:
                do {
                    let generator = try RegexGenerator(pattern: element.regexAtom)
                    steps.append(MaskStep(kind: .pattern(PatternWalker(generator)), isOptional: element.isOptional))
                } catch {
                    throw GenerationError(field: nil, rule: RuleIdentifier.mask,
                                          message: "cannot generate characters for the mask '\(mask.source)': \(error)")
                }
            }
        }
        return steps
    }
}

/// A regex generator shared by reference, so that choosing it per value costs one reference
/// count instead of copying the generator's arrays.
final class PatternWalker: Sendable {
    let generator: RegexGenerator

    init(_ generator: RegexGenerator) { self.generator = generator }
}
