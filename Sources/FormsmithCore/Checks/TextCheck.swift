import FormsmithValues

/// A compiled check on the value of a string or text field whose kind owns its behaviour
/// (compiled as ``ValueCheck/text(_:)``; no `switch` lists the text kinds): `minLength` /
/// `maxLength`, `regex`, `mask`, `format`, `checksum` and `const` on a text field.
///
/// The validator runs ``check(_:_:_:_:by:)`` when the field's plain steps fail or cannot
/// decide (a field with a `format` has no step), and again on the tidied value when the
/// `text-form` review looks at a failed value. Generation gathers what the value must satisfy
/// by asking each check to ``require(_:)`` its part of ``TextRequirements``, from which
/// ``TextSpec`` (the defects' and realism's view of the field too) is built. The fast step
/// (``CompiledCheck/fastStep(in:)``) is optional: a kind without one leaves its fields to the
/// declarative check.
protocol TextCheck: CompiledCheck {
    /// Checks `text` (the value's bytes, or its tidied form under review), reporting what it
    /// breaks to `validator` (``RecordValidator/report(_:_:_:_:_:)``): the only place the kind's
    /// messages are worded. Allocates nothing for a value that passes.
    func check(_ text: UnsafeBufferPointer<UInt8>, _ field: CompiledField, _ path: ConcretePath, _ raw: RawValue,
               by validator: RecordValidator)

    /// Adds what the check asks of generated text to `requirements` (a length window, a
    /// pattern, check digits ...). Asked once per field (and set of cases) when generation is
    /// planned, never per value.
    func require(_ requirements: inout TextRequirements)

    /// The defects of the kind a generated value can be given to break this kind alone, with
    /// `requirements` holding everything in force for the field (its own checks and those of
    /// the cases that hold): `minLength` offers its ``TextDefect`` when a value one character
    /// short of it is not empty. Each defect is declared in the kind's own file (its rule and
    /// its place in the planter's order); the planter needs no case of its own for it. Asked
    /// when the field's ``TextSpec`` is built.
    func defects(in requirements: TextRequirements) -> [TextDefect]

    /// `value` broken for `defect` (one of ``defects(in:)``) so that it fails this kind and
    /// keeps every other check in force where it can; nil when this value cannot be (the
    /// planter then counts the drop and tries another defect).
    func broken(_ defect: TextDefect, _ value: GeneratedValue, _ field: CompiledField, _ address: FieldAddress,
                by planter: DefectPlanter, random: inout SeededRandom) -> GeneratedValue?
}

extension RecordValidator {
    /// Runs the text checks among `checks` on `text` (the value, or its tidied form), reporting
    /// what it breaks. Only the text kinds compile on a string or text field, so every check
    /// of the list is one.
    func checkText(_ text: UnsafeBufferPointer<UInt8>, _ field: CompiledField, _ path: ConcretePath, _ raw: RawValue,
                   _ checks: [ValueCheck]) {
        for case .text(let check) in checks { check.check(text, field, path, raw, by: self) }
    }
}

extension TextRequirements {
    /// What the text checks among `checks` ask of a value, each adding its part in order.
    init(_ checks: [ValueCheck]) {
        self.init()
        for case .text(let check) in checks { check.require(&self) }
    }
}

/// A defect a text kind offers (``TextCheck/defects(in:)``), declared in the kind's own file:
/// the rule a value broken for it must fail (and alone), and where it comes in the planter's
/// order.
///
/// The order is the one place a text kind's defect meets the planter's own kinds: the planter
/// offers a field's defects, and picks the defect to try first among those the questionnaire
/// allows, by ascending order (``MutationKind/rawValue`` for its own kinds), so seeded
/// invalid output depends on it. The shipped kinds keep the places they have always had:
/// `regex` 30, `mask` 40, `minLength` 50, `maxLength` 60 (between `type` and `min`),
/// `checksum` 130 and `format` 140 (after `const`). A new kind takes a number no kind uses
/// (the next free one after the planter's kinds is ``TextDefect/firstFree``); two defects with
/// one order are offered by rule name.
struct TextDefect: Equatable, Sendable {
    /// The rule the validator reports for a value broken this way (the label's rule).
    let rule: String
    /// Where the defect comes among the planter's defects (ascending).
    let order: Int

    /// The first order after every kind of the planter's (``MutationKind``).
    static let firstFree = 300
}

extension DefectPlanter {
    /// The defects a present text value can carry: its text checks' own (``TextCheck/defects(in:)``)
    /// by their declared order, then `const` (the planter's own kind, one rule across types)
    /// when the field has one, then `text-form` when a pattern or a format can catch it.
    func textDefects(_ spec: TextSpec, _ address: FieldAddress) -> [MutationCandidate] {
        var result = spec.defects.sorted { ($0.defect.order, $0.defect.rule) < ($1.defect.order, $1.defect.rule) }
            .map { MutationCandidate(kind: .textCheck, address: address, textDefect: $0.defect, textCheck: $0.check) }
        if case .constant = spec.source { result.append(MutationCandidate(kind: .constant, address: address)) }
        if !spec.regexes.isEmpty || !spec.masks.isEmpty || spec.format != nil {
            result.append(MutationCandidate(kind: .textForm, address: address))
        }
        return result
    }
}
