/// A compiled check on the files of an attachment field (`mediaTypes`, `extensions`,
/// `minSize` / `maxSize`, and `minItems` / `maxItems` with `multiple: true`), compiled as
/// ``ValueCheck/attachment(_:)``: the validator, its fast step, the generator and the defect
/// planter reach it only through this protocol, in the check's own kind file.
///
/// All of a field's attachment checks share one fast step (``AttachmentStep``), which each
/// check shapes (``add(to:)``); ``CompiledCheck/fastStep(in:)`` is not asked for them. A kind
/// whose check the step cannot say leaves ``add(to:)`` to its default, and its fields' values
/// go to the declarative checks.
protocol AttachmentCheck: CompiledCheck {
    /// Narrows `domain` to the files the check allows, for generation and defects.
    func narrow(_ domain: inout FileDomain)

    /// Adds the check's plain form to the field's (or case's) fast step; by default, marks the
    /// step as passing nothing (``AttachmentStep/leavesToChecks``), since the step does not know
    /// the check.
    func add(to step: inout AttachmentStep)

    /// Checks one readable file, reported at `path`.
    func checkFile(_ file: AttachmentReference, _ field: CompiledField, _ path: String, in validator: RecordValidator)

    /// Checks how many files a multiple attachment holds.
    func checkCount(_ count: Int, _ field: CompiledField, _ path: ConcretePath, _ raw: RawValue,
                    in validator: RecordValidator)
}

extension AttachmentCheck {
    /// No plain form: the field's values go to the declarative checks.
    func add(to step: inout AttachmentStep) { step.leavesToChecks = true }

    /// A check on the files' count: nothing to check per file.
    func checkFile(_ file: AttachmentReference, _ field: CompiledField, _ path: String,
                   in validator: RecordValidator) {}

    /// A check on each file: nothing to check of the count.
    func checkCount(_ count: Int, _ field: CompiledField, _ path: ConcretePath, _ raw: RawValue,
                    in validator: RecordValidator) {}
}

/// What the attachment checks of a field (or of its cases in force) allow, as data for
/// generation and defects: built by each ``AttachmentCheck`` narrowing it in turn.
struct FileDomain {
    /// Each `mediaTypes` list: a file's type must match a pattern of every one.
    var mediaTypes: [[MediaTypePattern]] = []
    /// Each `extensions` list (lowercased, without the dot): a file's name must end in one of every one.
    var extensions: [[String]] = []
    /// The size range in bytes.
    var minimumSize: Int64 = 0
    var maximumSize: Int64?
    /// How many files a multiple attachment holds.
    var count = ItemBounds()

    /// The domain `checks` (a field's, or its cases') allow.
    init(_ checks: [ValueCheck]) {
        for case .attachment(let check) in checks { check.narrow(&self) }
    }
}
