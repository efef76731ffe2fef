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
