/// A compiled check on the value of an enum, multi-choice or boolean field (`values`, `const`,
/// and `minItems` / `maxItems` on multi-choice), compiled as ``ValueCheck/choice(_:)``: the
/// validator, the generator, the lint analysis and the defect planter reach it only through
/// this protocol, in the check's own kind file.
///
/// A choice kind narrows the field's ``ChoiceDomain`` (the listed values, the one value
/// allowed, how many choices): generation draws from it and lint's predicate analysis
/// enumerates it. Its fast step (``CompiledCheck/fastStep(in:)``) is optional: without one,
/// the validator runs the check's declarative method for the field's type on each value.
protocol ChoiceCheck: CompiledCheck {
    /// Narrows `domain` to what the check allows (`values: [a, b]`: those two).
    func narrow(_ domain: inout ChoiceDomain)

    /// Checks an enum value (`raw`), reporting what it breaks through `validator`; false when
    /// the value has the wrong type (reported), so the field's later checks are skipped.
    func checkEnumeration(_ raw: RawValue, _ field: CompiledField, _ path: ConcretePath,
                          in validator: RecordValidator) -> Bool

    /// Checks the choices of a multi-choice value (`chosen`, read from `raw`).
    func checkChoices(_ chosen: [String], _ field: CompiledField, _ path: ConcretePath, _ raw: RawValue,
                      in validator: RecordValidator)

    /// Checks a boolean value.
    func checkBoolean(_ value: Bool, _ field: CompiledField, _ path: ConcretePath, _ raw: RawValue,
                      in validator: RecordValidator)
}

extension ChoiceCheck {
    /// Not declared on enum fields (the compiler rejects it there): nothing to check.
    func checkEnumeration(_ raw: RawValue, _ field: CompiledField, _ path: ConcretePath,
                          in validator: RecordValidator) -> Bool { true }

    /// Not declared on multi-choice fields: nothing to check.
    func checkChoices(_ chosen: [String], _ field: CompiledField, _ path: ConcretePath, _ raw: RawValue,
                      in validator: RecordValidator) {}

    /// Not declared on boolean fields: nothing to check.
    func checkBoolean(_ value: Bool, _ field: CompiledField, _ path: ConcretePath, _ raw: RawValue,
                      in validator: RecordValidator) {}
}

/// What the choice checks of an enum, multi-choice or boolean field allow, as data for
/// generation and analysis: built by each ``ChoiceCheck`` narrowing it in turn.
struct ChoiceDomain {
    /// The listed values as UTF-8 (every value of a text enum or multi-choice field), nil when
    /// the checks list none.
    var strings: [[UInt8]]?
    /// The listed values of an integer enum (``CompiledField/hasIntegerValues``).
    var integers: [Int64] = []
    /// The one value allowed (`const`), nil when any is.
    var constant: EnumValue?
    /// How many choices a multi-choice value has.
    var count = ItemBounds()

    /// The domain `checks` (a field's or a case's) allow.
    init(_ checks: [ValueCheck]) {
        for case .choice(let check) in checks { check.narrow(&self) }
    }

    /// The listed values as strings (empty when none are listed).
    var stringValues: [String] { (strings ?? []).map { String(decoding: $0, as: UTF8.self) } }
}
