import FormsmithValues

/// Static checks that find rules no value can satisfy before generation starts, so they are
/// reported with the field instead of making every questionnaire fail: a required field that
/// can never be visible, number ranges with no value at the field's precision, too few enum
/// values for `minItems`, and formats that contradict each other (a regex against a mask or
/// length bounds), found by drawing candidates.
enum SatisfiabilityAnalysis {
    /// Candidates drawn to decide that a text spec has no value.
    static let draws = 200

    /// Checks what does not depend on other fields' values.
    static func check(_ field: CompiledField, plan: GeneratorFieldTables, today: CivilDate) throws(GenerationError) {
        if let visibleIf = field.visibleIf, visibleIf.isConstant,
           visibleIf.folded(today: today).evaluateCondition(ConstantEnvironment(today: today)) == false,
           !field.isOptional, field.requiredIf == nil
        {
            throw GenerationError(field: field.path, rule: RuleIdentifier.visibility,
                                  message: "is required but its visibleIf '\(field.visibleIfSource)' is always false, "
                                      + "so it can never be filled; make it optional or fix the predicate")
        }
        switch field.type {
        case .integer, .decimal:
            try checkNumberDomain(field)
        case .multiChoice:
            try checkChoiceCount(field, values: plan.enumValues.count)
        default:
            break
        }
    }

    /// Decides whether `spec` has a value. `strict` (the field's own checks, or one case)
    /// throws; otherwise (several cases at once, which may never hold together) the problem
    /// is returned and reported only if generation meets it.
    static func analyse(_ spec: TextSpec, field: String, strict: Bool) throws(GenerationError)
        -> (rule: String, reason: String)?
    {
        guard let problem = findProblem(spec) else { return nil }
        if strict { throw GenerationError(field: field, rule: problem.rule, message: problem.reason) }
        return problem
    }

    private static func findProblem(_ spec: TextSpec) -> (rule: String, reason: String)? {
        let window = spec.lengthWindow
        if let minimum = spec.minLength, let maximum = spec.maxLength, minimum > maximum {
            return (RuleIdentifier.minLength, "minLength \(minimum) is above maxLength \(maximum)")
        }
        switch spec.source {
        case .regex(let walker):
            let generator = walker.generator
            let bounds = generator.lengthBounds
            if let window, bounds.upperBound < window.lowerBound || bounds.lowerBound > window.upperBound {
                return (RuleIdentifier.regex, "the regex \(generator.pattern) only matches values of "
                        + describe(bounds) + " characters, outside the length bounds " + describe(window))
            }
        case .mask(let steps):
            let bounds = steps.filter { !$0.isOptional }.count...steps.count
            if let window, bounds.upperBound < window.lowerBound || bounds.lowerBound > window.upperBound {
                return (RuleIdentifier.mask, "the mask only fits values of \(describe(bounds)) characters, outside "
                        + "the length bounds " + describe(window))
            }
        case .intersection(let product):
            if product.isEmpty {
                return (RuleIdentifier.regex, "no value matches all of its regex and mask patterns at once (their "
                        + "intersection is empty): they contradict each other; make them agree, or keep only one")
            }
        case .constant, .format, .plain:
            break
        }
        guard spec.needsConfirmation || spec.lengthWindow != nil else { return nil }
        var random = SeededRandom(seed: 0)
        let scratch = RegexScratch()
        var candidate: [UInt8] = []
        for draw in 0..<draws {
            candidate.removeAll(keepingCapacity: true)
            TextCandidates.append(spec, to: &candidate, random: &random, edge: nil)
            if let checksum = spec.checksum, checksum.companion == nil {
                guard let valid = checksum.algorithm.makeValid(String(decoding: candidate, as: UTF8.self)) else {
                    continue
                }
                candidate = Array(valid.utf8)
            }
            if spec.accepts(candidate, companion: nil, scratch: scratch) { return nil }
            if draw == draws - 1 {
                let rule = spec.firstBrokenRule(candidate, companion: nil, scratch: scratch) ?? RuleIdentifier.regex
                return (rule, "no value satisfies all of its checks in \(draws) draws: its regex, mask, format, "
                        + "length and checksum contradict each other (last candidate \"\(String(decoding: candidate, as: UTF8.self))\")")
            }
        }
        return nil
    }

    private static func describe(_ range: ClosedRange<Int>) -> String {
        range.upperBound == Int.max ? "\(range.lowerBound) or more" : "\(range.lowerBound)...\(range.upperBound)"
    }
}

/// The environment of expressions that read no field.
private struct ConstantEnvironment: ExpressionEnvironment {
    let today: CivilDate
    func lookup(_ field: Int) -> FieldLookup { .absent }
}
