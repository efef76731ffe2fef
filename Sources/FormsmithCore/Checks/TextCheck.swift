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
    /// the cases that hold): `minLength` offers ``MutationKind/minLength`` when a value one
    /// character short of it is not empty. Asked when the field's ``TextSpec`` is built.
    func defects(in requirements: TextRequirements) -> [MutationKind]

    /// `value` broken for `kind` (one of ``defects(in:)``) so that it fails this kind and keeps
    /// every other check in force where it can; nil when this value cannot be (the planter
    /// then counts the drop and tries another defect).
    func broken(_ kind: MutationKind, _ value: GeneratedValue, _ field: CompiledField, _ address: FieldAddress,
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

extension DefectPlanter {
    /// The defects a present text value can carry, from its text checks (``TextCheck/defects(in:)``)
    /// in the order the planter has always offered them (seeded output depends on that order;
    /// a kind not in it comes after), then `text-form` when a pattern or a format can catch it.
    func textDefects(_ spec: TextSpec) -> [MutationKind] {
        let offered = spec.defects.map(\.kind)
        var kinds = Self.textDefectOrder.filter(offered.contains)
        kinds += offered.filter { !Self.textDefectOrder.contains($0) }
        if !spec.regexes.isEmpty || !spec.masks.isEmpty || spec.format != nil { kinds.append(.textForm) }
        return kinds
    }

    private static let textDefectOrder: [MutationKind] = [.regex, .mask, .minLength, .maxLength, .checksum, .format,
                                                          .constant]

    /// The text check that breaks a text value for `kind`, nil when no text check of the field
    /// offers it (the defect is not a text kind's: `required`, `type`, `text-form` ...).
    func textCheck(breaking kind: MutationKind, _ field: CompiledField, _ value: GeneratedValue,
                   _ address: FieldAddress) -> (any TextCheck)? {
        guard case .text = value, field.type == .string || field.type == .text else { return nil }
        return textSpec(field, address).defects.first { $0.kind == kind }?.check
    }
}
