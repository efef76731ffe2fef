import FormsmithValues

/// Integers and decimals drawn from the field's ``NumberDomain``, exactly: bounds of any size
/// and scale, values past 64 bits and with any number of fraction digits written as they are.
extension QuestionnaireBuilder {
    /// How wide the window of values is next to a missing bound: 1000 for integers, 10000 for
    /// decimals (the generator's windows since its first version).
    static func numberSpan(integer: Bool) -> ExactDecimal { ExactDecimal(integer ? 1000 : 10000) }

    /// The domain of the field in the current scope: its type, and the number rules of the
    /// field and of the cases that hold (range, `fractionDigits`, every ``NumberCheck``; bounds
    /// computed from fields already generated; a bound whose fields are not filled narrows
    /// nothing).
    func numberDomain(_ field: CompiledField) -> NumberDomain {
        if let fixed = plan.fixedNumberDomains[field.id] { return fixed }
        var domain = field.type == .integer ? NumberDomain.integers : NumberDomain()
        NumberChecks.narrow(&domain, by: field.checks, bound: resolved)
        if !field.cases.isEmpty {
            let mask = activeCases(of: field)
            for (index, variant) in field.cases.enumerated() where mask & (1 << min(index, 62)) != 0 {
                NumberChecks.narrow(&domain, by: variant.checks, bound: resolved)
            }
        }
        return domain
    }

    /// A value of an integer or decimal field: drawn uniformly from its domain (at an edge under
    /// `--boundaries`, at the class a covering case asks for); a decimal with no
    /// `fractionDigits` takes 0 to 2 digits after the point, or as many as its bounds need to
    /// hold a value.
    func generateNumber(_ field: CompiledField, address: FieldAddress) -> GeneratedValue {
        let integer = field.type == .integer
        let domain = numberDomain(field)
        if domain.isConstant {
            // `const`: its one value, written as it is (no draw), when every other rule allows it.
            if let problem = domain.constantProblem { return fail(address, RuleIdentifier.constant, problem) }
            return domain.constant.map { numberValue($0, scale: $0.fractionDigits, integer: integer) }
                ?? fail(address, RuleIdentifier.constant, "its const has no value")
        }
        let scale = integer ? 0
            : domain.samplingScale(preferring: domain.scale ?? (plan.options.boundaries ? 0 : random.int(in: 0...2)))
        guard let window = domain.window(scale: scale, span: Self.numberSpan(integer: integer)) else {
            return fail(address, RuleIdentifier.min, "its bounds and scale are too far apart to count the values "
                            + "between them in \(ExactDecimal.digitLimit) digits")
        }
        guard !window.isEmpty else {
            let what = integer ? "whole number" : "number with \(Counted.phrase(scale, "fraction digit"))"
            guard !domain.steps.isEmpty else { return fail(address, domain.lowerRule, "no \(what) lies within its bounds") }
            return fail(address, NumberChecks.stepRule(in: numberChecks(of: field)) ?? RuleIdentifier.min,
                        "no \(what) within its bounds is \(NumberChecks.phrase(domain.steps))")
        }
        aimAtTarget(field, item: address.item)
        if let small = window.small {
            // The 64-bit fast path: no digits built (the same values and draws as the exact one).
            let mantissa = pick(in: small)
            return integer ? .integer(mantissa) : .decimal(mantissa: mantissa, scale: Int8(small.scale))
        }
        guard let value = pick(in: window) else {
            return fail(address, RuleIdentifier.min, "its values need more than \(ExactDecimal.digitLimit) digits")
        }
        return numberValue(value, scale: scale, integer: integer)
    }

    /// The mantissa of a value of `window` (not empty), as ``pick(in:)-(NumberDomain.Window)``
    /// picks it from the same window written exactly.
    private func pick(in window: NumberDomain.Window.Small) -> Int64 {
        if targets != nil, let aimed = pendingPick(window.first, window.last) { return aimed * window.unit }
        return NumberDomain.draw(window, edge: edge(), random: &random)
    }

    /// A value of `window` (not empty): at the class a covering case asks for, else as
    /// ``NumberDomain/draw(_:edge:random:)`` draws it.
    private func pick(in window: NumberDomain.Window) -> ExactDecimal? {
        if targets != nil, pendingEdge >= 0, let count = window.last.subtracting(window.first) {
            let edge = pendingEdge
            pendingEdge = -1
            switch edge {
            case 0: return window.value(window.first)
            case 2: return window.value(window.last)
            default:
                // One strictly inside, as ``pendingPick(_:_:)`` draws it for other ranges.
                guard count > ExactDecimal(1) else { break }
                if let span = count.int64.map({ UInt64($0 - 1) }) {
                    return window.first.adding(ExactDecimal(unsigned: 1 + random.next() % span)).flatMap(window.value)
                }
                guard let inner = count.subtracting(ExactDecimal(2)),
                    let offset = NumberDomain.uniform(upTo: inner, random: &random),
                    let k = window.first.adding(offset)?.adding(ExactDecimal(1))
                else { return nil }
                return window.value(k)
            }
        }
        return NumberDomain.draw(window, edge: edge(), random: &random)
    }

    /// A number as a generated value: inline when it fits 64 bits (at most 18 digits after the
    /// point), else its plain text with exactly `scale` digits after the point.
    func numberValue(_ value: ExactDecimal, scale: Int, integer: Bool) -> GeneratedValue {
        if integer, let number = value.int64 { return .integer(number) }
        if !integer, scale <= 18, let mantissa = value.mantissa(atScale: scale) {
            return .decimal(mantissa: mantissa, scale: Int8(scale))
        }
        let text = value.plainText(scale: integer ? 0 : scale)
        return record.appendLiteral(json: text, cell: text)
    }

    /// The number a generated value holds and the digits written after its point; nil for
    /// values that are not numbers.
    func number(of value: GeneratedValue) -> (value: ExactDecimal, scale: Int)? {
        switch value {
        case .integer(let number): return (ExactDecimal(number), 0)
        case .decimal(let mantissa, let scale): return (ExactDecimal(mantissa: mantissa, scale: Int(scale)), Int(scale))
        case .literal(let json, _):
            let bytes = record.arena[Int(json.lowerBound)..<Int(json.upperBound)]
            guard let number = ExactDecimal(String(decoding: bytes, as: UTF8.self)) else { return nil }
            let scale = bytes.firstIndex(of: UInt8(ascii: ".")).map { bytes.endIndex - $0 - 1 } ?? 0
            return (number, scale)
        default: return nil
        }
    }
}

extension NumberDomain {
    /// The domain of an integer or decimal field whose number rules depend on nothing generated
    /// (every bound fixed per run, no `cases`), or nil.
    static func fixed(of field: CompiledField) -> NumberDomain? {
        guard field.type == .integer || field.type == .decimal, field.cases.isEmpty else { return nil }
        var isFixed = true
        var domain = field.type == .integer ? NumberDomain.integers : NumberDomain()
        NumberChecks.narrow(&domain, by: field.checks) { bound in
            if case .dynamic = bound.value { isFixed = false }
            return bound.value
        }
        return isFixed ? domain : nil
    }
}

extension SatisfiabilityAnalysis {
    /// A number field whose own rules (bounds fixed per run, `fractionDigits`, number kinds such
    /// as `multipleOf`, its type) leave its domain empty can hold no value: `exclusiveMin: 1,
    /// exclusiveMax: 2` holds no whole number, `fractionDigits: 0` with `min: 0.5, max: 0.7`
    /// none either, and `min: 1, max: 2, multipleOf: 5` no multiple of 5.
    static func checkNumberDomain(_ field: CompiledField) throws(GenerationError) {
        var domain = field.type == .integer ? NumberDomain.integers : NumberDomain()
        var lowest: RangeBound?
        var highest: RangeBound?
        let fixed: (RangeBound) -> BoundValue? = { bound in
            if case .dynamic = bound.value { return nil }
            return bound.value
        }
        for case .number(let check) in field.checks {
            check.narrow(&domain, bound: fixed)
            let (minimum, maximum) = check.bounds
            if let minimum, case .number(let value) = minimum.value, domain.lower?.value == value { lowest = minimum }
            if let maximum, case .number(let value) = maximum.value, domain.upper?.value == value { highest = maximum }
        }
        if let problem = domain.constantProblem {
            throw GenerationError(field: field.path, rule: RuleIdentifier.constant, message: problem)
        }
        guard domain.isEmpty == true, let lowerEnd = domain.lower, let upperEnd = domain.upper else { return }
        // An end a kind with its own rule set (`greaterThan: 4`) has no range bound: it is
        // described from the domain, and an empty range is that rule's.
        let namedLower = lowest == nil ? domain.namedBounds.first { !$0.isUpper && $0.end == lowerEnd }?.rule : nil
        let namedUpper = highest == nil ? domain.namedBounds.first { $0.isUpper && $0.end == upperEnd }?.rule : nil
        let span: String
        if let lowest, let highest {
            span = "between \(lowest.source) and \(highest.source)"
        } else {
            span = (lowerEnd.exclusive ? "above \(lowerEnd.value)" : "at least \(lowerEnd.value)") + " and "
                + (upperEnd.exclusive ? "below \(upperEnd.value)" : "at most \(upperEnd.value)")
        }
        let what = domain.scale.map { $0 == 0 ? "whole number" : "number with at most \(Counted.phrase($0, "fraction digit"))" }
            ?? "number"
        // Empty for its steps alone when the same bounds and digits without them hold a value.
        var unstepped = field.type == .integer ? NumberDomain.integers : NumberDomain()
        if let lower = domain.lower { unstepped.narrow(lower: lower.value, exclusive: lower.exclusive) }
        if let upper = domain.upper { unstepped.narrow(upper: upper.value, exclusive: upper.exclusive) }
        if let digits = domain.fractionDigits { unstepped.narrow(fractionDigits: digits) }
        if !domain.steps.isEmpty, unstepped.isEmpty == false {
            throw GenerationError(field: field.path, rule: NumberChecks.stepRule(in: NumberChecks.all(in: field.checks)) ?? RuleIdentifier.min,
                                  message: "no \(what) \(span) is "
                                      + NumberChecks.phrase(domain.steps))
        }
        throw GenerationError(field: field.path, rule: namedLower ?? namedUpper ?? RuleIdentifier.min,
                              message: "no \(what) lies \(span)")
    }
}
