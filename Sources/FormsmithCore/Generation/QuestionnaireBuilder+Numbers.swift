import FormsmithValues

/// Integers and decimals drawn from the field's ``NumberDomain``, exactly: bounds of any size
/// and scale, values past 64 bits and with any number of fraction digits written as they are.
extension QuestionnaireBuilder {
    /// How wide the window of values is next to a missing bound: 1000 for integers, 10000 for
    /// decimals (the generator's windows since its first version).
    static func numberSpan(integer: Bool) -> ExactDecimal { ExactDecimal(integer ? 1000 : 10000) }

    /// The domain of the field in the current scope: its type, and the number rules of the
    /// field and of the cases that hold (bounds computed from fields already generated; a
    /// bound whose fields are not filled narrows nothing).
    func numberDomain(_ field: CompiledField) -> NumberDomain {
        var domain = field.type == .integer ? NumberDomain.integers : NumberDomain()
        narrow(&domain, by: field.checks, decimal: field.type == .decimal)
        if !field.cases.isEmpty {
            let mask = activeCases(of: field)
            for (index, variant) in field.cases.enumerated() where mask & (1 << min(index, 62)) != 0 {
                narrow(&domain, by: variant.checks, decimal: field.type == .decimal)
            }
        }
        return domain
    }

    private func narrow(_ domain: inout NumberDomain, by checks: [ValueCheck], decimal: Bool) {
        for check in checks {
            switch check {
            case .range(let minimum, let maximum):
                if let minimum, case .number(let value)? = resolved(minimum) {
                    domain.narrow(lower: value, exclusive: minimum.exclusive)
                }
                if let maximum, case .number(let value)? = resolved(maximum) {
                    domain.narrow(upper: value, exclusive: maximum.exclusive)
                }
            case .fractionDigits(let digits) where decimal:
                domain.narrow(fractionDigits: digits)
            default:
                break
            }
        }
    }

    /// A value of an integer or decimal field: drawn uniformly from its domain (at an edge under
    /// `--boundaries`); a decimal with no `fractionDigits` takes 0 to 2 digits after the point,
    /// or as many as its bounds need to hold a value.
    func generateNumber(_ field: CompiledField, address: FieldAddress) -> GeneratedValue {
        let integer = field.type == .integer
        let domain = numberDomain(field)
        let scale = integer ? 0
            : domain.samplingScale(preferring: domain.scale ?? (plan.options.boundaries ? 0 : random.int(in: 0...2)))
        guard let window = domain.window(scale: scale, span: Self.numberSpan(integer: integer)) else {
            return fail(address, RuleIdentifier.min, "its bounds and scale are too far apart to count the values "
                            + "between them in \(ExactDecimal.digitLimit) digits")
        }
        guard !window.isEmpty else {
            let what = integer ? "whole number" : "number with \(Counted.phrase(scale, "fraction digit"))"
            return fail(address, RuleIdentifier.min, "no \(what) lies within its bounds")
        }
        guard let value = NumberDomain.draw(window, edge: edge(), random: &random) else {
            return fail(address, RuleIdentifier.min, "its values need more than \(ExactDecimal.digitLimit) digits")
        }
        return numberValue(value, scale: scale, integer: integer)
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

extension SatisfiabilityAnalysis {
    /// A number field whose own rules (bounds fixed per run, `fractionDigits`, its type) leave
    /// its domain empty can hold no value: `exclusiveMin: 1, exclusiveMax: 2` holds no whole
    /// number, `fractionDigits: 0` with `min: 0.5, max: 0.7` none either.
    static func checkNumberDomain(_ field: CompiledField) throws(GenerationError) {
        var domain = field.type == .integer ? NumberDomain.integers : NumberDomain()
        var lowest: RangeBound?
        var highest: RangeBound?
        for check in field.checks {
            switch check {
            case .range(let minimum, let maximum):
                if let minimum, case .number(let value) = minimum.value {
                    domain.narrow(lower: value, exclusive: minimum.exclusive)
                    if domain.lower?.value == value { lowest = minimum }
                }
                if let maximum, case .number(let value) = maximum.value {
                    domain.narrow(upper: value, exclusive: maximum.exclusive)
                    if domain.upper?.value == value { highest = maximum }
                }
            case .fractionDigits(let digits) where field.type == .decimal:
                domain.narrow(fractionDigits: digits)
            default:
                break
            }
        }
        guard domain.isEmpty == true, let lowest, let highest else { return }
        let what = domain.scale.map { $0 == 0 ? "whole number" : "number with at most \(Counted.phrase($0, "fraction digit"))" }
            ?? "number"
        throw GenerationError(field: field.path, rule: RuleIdentifier.min,
                              message: "no \(what) lies between \(lowest.source) and \(highest.source)")
    }
}
