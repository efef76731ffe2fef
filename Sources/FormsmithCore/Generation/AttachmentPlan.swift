/// What generating an attachment value needs of its field, worked out once per field when the
/// generation plan is built (looking the allowed media types up again for every value was
/// about a sixth of the work of building an osago-policy questionnaire): per value only the
/// random draws remain.
struct AttachmentPlan: Sendable {
    /// One media type the field allows, with the extension its files get.
    struct Kind: Sendable {
        let mediaType: String
        let fileExtension: String
        /// Whether files of this type sometimes get a camera-style name (`IMG_4821`).
        let isImage: Bool
        /// The usual sizes of files of this type, in bytes.
        let typicalSizes: (low: Int64, high: Int64)
    }

    /// The allowed media types with an extension each (empty when the allowed media types and
    /// extensions have nothing in common).
    let kinds: [Kind]
    /// The field's size bounds in bytes (`Int64.max` when it has no largest size).
    let minimumSize: Int64
    let maximumSize: Int64
    /// How many files a multiple attachment holds when no count is asked for.
    let itemCounts: ClosedRange<Int>
    /// The stem of generated file names (`registration-scan`).
    let stem: String

    /// The plan of a field's own checks, or, with `caseChecks` (the checks of the `cases:`
    /// entries in force), of those too: a file must then pass every `mediaTypes`, every
    /// `extensions` and every size range.
    init(_ field: CompiledField, caseChecks: [ValueCheck] = []) {
        let inCases = FileDomain(caseChecks)
        kinds = QuestionnaireBuilder.fileKinds(field).filter { kind in
            inCases.mediaTypes.allSatisfy { patterns in patterns.contains { $0.matches(kind.mediaType) } }
                && inCases.extensions.allSatisfy { $0.contains(kind.fileExtension) }
        }.map { kind in
            Kind(mediaType: kind.mediaType, fileExtension: kind.fileExtension,
                 isImage: kind.mediaType.hasPrefix("image/"),
                 typicalSizes: QuestionnaireBuilder.typicalSizes(kind.mediaType))
        }
        let files = FileDomain(field.checks + caseChecks)
        minimumSize = files.minimumSize
        maximumSize = files.maximumSize ?? .max
        let counts = files.count
        let low = max(counts.min ?? 1, 1)
        let top = counts.max ?? low + 2
        itemCounts = min(low, top)...max(top, low)
        stem = QuestionnaireBuilder.fileStem(field.name)
    }
}
